# tests/unit/session_table.mk: the unit test of the table of sessions
# (server/session/session_table.c, with usage.c that counts into it): what
# a session can reach of it, and the figures the daemon reads.
#
# Included by the top-level Makefile (which adds it to `all`); paths are
# relative to the repository root.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror

UNIT_SESSION_TABLE_CPPFLAGS := -std=c11 -D_GNU_SOURCE -I.

all: tests/unit/test_session_table

tests/unit/test_session_table: tests/unit/test_session_table.c \
		server/session/session_table.c server/session/session_table.h \
		server/session/usage.c server/session/usage.h \
		server/session/log.c server/session/log.h \
		tests/unit/unit_check.c tests/unit/unit_check.h
	$(CC) $(UNIT_SESSION_TABLE_CPPFLAGS) $(CFLAGS) $(WARN) -o $@ \
		$(filter %.c,$^)
