# tests/unit/frame_seal.mk: unit test of common/frame_seal.c, the frames of
# a data connection inside TLS sealed with keys its TLS session exports.
# Included by the top-level Makefile; paths are relative to the repository
# root.
#
#   test_frame_seal   over socketpairs: both ends of one TLS session open
#                     each other's frames, the first right behind the
#                     handshake; a changed or cut frame fails, its bytes
#                     zeroed; keys change in step (every 64 KiB here, by
#                     FRAME_SEAL_REKEY_BYTES, 16 GiB in oncuda)

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror

all: tests/unit/test_frame_seal

tests/unit/test_frame_seal: tests/unit/test_frame_seal.c common/frame_seal.c \
		common/frame_seal.h common/fd_io.c common/fd_io.h \
		common/tls_channel.c common/tls_channel.h \
		common/stripe_plan.c common/stripe_plan.h gen/cuda_rpc.h \
		tests/unit/tls_pair.c tests/unit/tls_pair.h \
		tests/unit/unit_check.c tests/unit/unit_check.h
	$(CC) -std=c11 -D_GNU_SOURCE -I. -I/usr/include/tirpc \
		-DFRAME_SEAL_REKEY_BYTES=65536 $(CFLAGS) $(WARN) -o $@ \
		$(filter %.c,$^) -lssl -lcrypto -lpthread
