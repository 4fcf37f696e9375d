# tests/unit/session_totals.mk: the unit test of the totals of every
# session (server/daemon/session_totals.c): what a session's own figures
# can do to them.
#
# Included by the top-level Makefile (which adds it to `all`); paths are
# relative to the repository root.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror

UNIT_SESSION_TOTALS_CPPFLAGS := -std=c11 -D_GNU_SOURCE -I.

all: tests/unit/test_session_totals

tests/unit/test_session_totals: tests/unit/test_session_totals.c \
		server/daemon/session_totals.c server/daemon/session_totals.h \
		server/session/session_table.h \
		tests/unit/unit_check.c tests/unit/unit_check.h
	$(CC) $(UNIT_SESSION_TOTALS_CPPFLAGS) $(CFLAGS) $(WARN) -o $@ \
		$(filter %.c,$^)
