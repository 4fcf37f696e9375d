# tests/netns/build.mk: the helper of the network namespace test
# (tests/netns/check.sh).  Included by the top-level Makefile.

all: tests/netns/fakereg

tests/netns/fakereg: tests/netns/fakereg.c
	$(CC) -std=c11 -D_GNU_SOURCE -I/usr/include/tirpc $(CFLAGS) $(WARN) -o $@ $< -ltirpc
