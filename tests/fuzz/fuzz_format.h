/*
 * tests/fuzz/fuzz_format.h -- the input format of fuzz_server, shared with
 * make_seeds, which writes inputs in it (see fuzz_server.c for the whole).
 */
#ifndef ONCUDA_FUZZ_FORMAT_H
#define ONCUDA_FUZZ_FORMAT_H

/* Between two RPC call messages of one input. */
#define SEPARATOR "\n~oncuda~\n"
#define SEPARATOR_BYTES (sizeof(SEPARATOR) - 1)

/* An 8-byte value that stands for a value the server returned earlier. */
#define MARKER_BE "\xca\xfe\xf0\x0d"	/* then offset (3 bytes), index */
#define MARKER_LE "\x0d\xf0\xfe\xca"	/* after index, offset (LE) */
#define MARKER_VALUE(index, offset) \
	(0xcafef00d00000000ull | ((unsigned long long)(offset) << 8) | (index))

#endif
