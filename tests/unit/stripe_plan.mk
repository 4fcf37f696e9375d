# tests/unit/stripe_plan.mk: unit test of common/stripe_plan.c, the plan
# of a striped copy (which chunk travels on which data connection, at
# which offset) and its frames' headers.  Included by the top-level
# Makefile; paths are relative to the repository root.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror

all: tests/unit/test_stripe_plan

tests/unit/test_stripe_plan: tests/unit/test_stripe_plan.c common/stripe_plan.c \
		common/stripe_plan.h gen/cuda_rpc.h tests/unit/unit_check.c \
		tests/unit/unit_check.h
	$(CC) -std=c11 -D_GNU_SOURCE -I. -Itests/unit -I/usr/include/tirpc $(CFLAGS) $(WARN) -o $@ \
		tests/unit/test_stripe_plan.c common/stripe_plan.c tests/unit/unit_check.c
