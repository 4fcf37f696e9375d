/*
 * common/fatbin_inflate.c - inflating compressed fatbin entries
 * (fatbin_inflate.h).
 *
 * The decoders are the libraries', never ours: ZSTD_decompress and
 * LZ4_decompress_safe, each told the one size the header states, so a
 * damaged payload is an error of theirs and never a write past *out.
 * LZ4 is opened by dlopen, once; its one entry point is declared here as
 * liblz4's stable API (lz4.h, since r131) has it.
 */
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <zstd.h>

#include "common/fatbin_inflate.h"

typedef int lz4_decompress_fn(const char *src, char *dst, int src_size,
			      int dst_capacity);

static pthread_once_t lz4_once = PTHREAD_ONCE_INIT;
static lz4_decompress_fn *lz4_decompress;

static void lz4_open(void)
{
	void *lib = dlopen("liblz4.so.1", RTLD_NOW | RTLD_LOCAL);

	if (lib != NULL)
		*(void **)&lz4_decompress = dlsym(lib, "LZ4_decompress_safe");
}

static uint32_t le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

static uint64_t le64(const unsigned char *p)
{
	return (uint64_t)le32(p) | (uint64_t)le32(p + 4) << 32;
}

enum fatbin_inflate_result fatbin_inflate(const unsigned char *header,
					  size_t header_len,
					  const unsigned char *payload,
					  size_t payload_len,
					  unsigned char **out, size_t *out_len)
{
	uint64_t flags, size;
	uint32_t packed;
	unsigned char *buf;
	bool ok;

	*out = NULL;
	*out_len = 0;
	if (header_len < FATBIN_INFLATE_HEADER)
		return FATBIN_INFLATE_BAD;
	flags = le64(header + 40) & FATBIN_FLAGS_COMPRESSED;
	packed = le32(header + 16);
	size = le64(header + 56);
	if ((flags != FATBIN_FLAG_ZSTD && flags != FATBIN_FLAG_LZ4) ||
	    packed == 0 || packed > payload_len || size == 0)
		return FATBIN_INFLATE_BAD;
	if (size > FATBIN_INFLATED_MAX || packed > INT_MAX)
		return FATBIN_INFLATE_TOO_BIG;
	if (flags == FATBIN_FLAG_LZ4) {
		pthread_once(&lz4_once, lz4_open);
		if (lz4_decompress == NULL)
			return FATBIN_INFLATE_NO_LZ4;
	}
	if ((buf = malloc(size + 1)) == NULL)
		return FATBIN_INFLATE_NO_MEMORY;
	_Static_assert(FATBIN_INFLATED_MAX < INT_MAX, "LZ4 sizes are ints");
	if (flags == FATBIN_FLAG_ZSTD)
		ok = ZSTD_decompress(buf, size, payload, packed) == size;
	else
		ok = lz4_decompress((const char *)payload, (char *)buf,
				    (int)packed, (int)size) == (int)size;
	if (!ok) {
		free(buf);
		return FATBIN_INFLATE_BAD;
	}
	buf[size] = '\0';
	*out = buf;
	*out_len = size;
	return FATBIN_INFLATE_OK;
}
