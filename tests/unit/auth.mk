# tests/unit/auth.mk: unit tests of oncudad's authentication.
#
# Included by the top-level Makefile (which adds them to `all`); paths are
# relative to the repository root.
#
#   test_sha256    common/sha256.c: SHA-256 (FIPS 180-4) and HMAC-SHA256
#                  (RFC 4231's test cases)
#   test_auth_key  common/auth_key.c: key files refused and why; the proofs
#   test_allow     server/daemon/allow.c: oncudad --allow's networks

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror

UNIT_AUTH_CPPFLAGS := -std=c11 -D_GNU_SOURCE -I. -I/usr/include/tirpc -I$(CUDA_HOME)/include
UNIT_AUTH_CHECK := tests/unit/unit_check.c tests/unit/unit_check.h

all: tests/unit/test_sha256 tests/unit/test_auth_key tests/unit/test_allow

tests/unit/test_sha256: tests/unit/test_sha256.c common/sha256.c \
		common/sha256.h $(UNIT_AUTH_CHECK)
	$(CC) $(UNIT_AUTH_CPPFLAGS) $(CFLAGS) $(WARN) -o $@ \
		$(filter %.c,$^)

tests/unit/test_auth_key: tests/unit/test_auth_key.c common/auth_key.c \
		common/auth_key.h common/sha256.c common/sha256.h $(UNIT_AUTH_CHECK)
	$(CC) $(UNIT_AUTH_CPPFLAGS) $(CFLAGS) $(WARN) -o $@ \
		$(filter %.c,$^)

tests/unit/test_allow: tests/unit/test_allow.c server/daemon/allow.c \
		server/daemon/allow.h $(UNIT_AUTH_CHECK)
	$(CC) $(UNIT_AUTH_CPPFLAGS) $(CFLAGS) $(WARN) -o $@ \
		$(filter %.c,$^)
