/*
 * common/fatbin_inflate.h - the payload of a compressed fatbin entry,
 * inflated (fatbin_inflate.c).
 *
 * nvcc compresses fatbin entries: PTX by default, everything with
 * -rdc=true or -Xfatbin -compress-all.  What the entry header says, as
 * nvcc 13 writes it (no document of NVIDIA describes it; seen in the
 * fatbins of tests/kernels and checked against the same entries written
 * plain):
 *
 *   offset  8   the payload's size, padded to 8 bytes
 *   offset 16   32 bits: the compressed bytes of the payload
 *   offset 40   the flags: 0x8000 a Zstandard frame (nvcc 13's default),
 *               0x2000 one LZ4 block (nvcc 13 with -compress-mode=speed,
 *               and the scheme of the CUDA releases before Zstandard)
 *   offset 56   64 bits: the payload's size once inflated
 *
 * Zstandard comes from libzstd, which libcuda.so.1 links: dpkg itself
 * depends on it, so every Debian and Ubuntu system has it.  LZ4 comes from
 * liblz4.so.1, opened on first use: where it is missing, such entries stay
 * compressed (FATBIN_INFLATE_NO_LZ4) and their kernels unchecked.
 */
#ifndef ONCUDA_FATBIN_INFLATE_H
#define ONCUDA_FATBIN_INFLATE_H

#include <stddef.h>
#include <stdint.h>

#define FATBIN_FLAG_LZ4         0x2000u
#define FATBIN_FLAG_ZSTD        0x8000u
#define FATBIN_FLAGS_COMPRESSED (FATBIN_FLAG_LZ4 | FATBIN_FLAG_ZSTD)
/* The entry header's bytes through the inflated size. */
#define FATBIN_INFLATE_HEADER   64u
/* The most one entry may inflate to: beyond it, it stays compressed. */
#define FATBIN_INFLATED_MAX     (256u << 20)

enum fatbin_inflate_result {
	FATBIN_INFLATE_OK,
	FATBIN_INFLATE_BAD,		/* the header or the payload is damaged */
	FATBIN_INFLATE_TOO_BIG,		/* past FATBIN_INFLATED_MAX */
	FATBIN_INFLATE_NO_LZ4,		/* liblz4.so.1 could not be opened */
	FATBIN_INFLATE_NO_MEMORY,
};

/*
 * Inflates the compressed entry whose header (header_len bytes) and payload
 * (payload_len bytes) are given into *out, from malloc, of exactly the size
 * the header states, in *out_len, plus a NUL after it (never counted) so
 * that PTX reads as text.  Nothing is read beyond the two ranges, and
 * nothing written beyond the stated size.
 */
enum fatbin_inflate_result fatbin_inflate(const unsigned char *header,
					  size_t header_len,
					  const unsigned char *payload,
					  size_t payload_len,
					  unsigned char **out, size_t *out_len);

#endif /* ONCUDA_FATBIN_INFLATE_H */
