/*
 * stubs/copy/mirror_fetch.c -- fetching a landed download's bytes from its
 * mirror (mirror_fetch.h).
 *
 * The mem layer lands downloads but may not reach the data connections,
 * which the copy layer binds; the copy layer hands this function down with
 * each download it queues whole (downloads_queue), and the landing calls
 * it.  Without data connections (they failed since the download was
 * queued) the bytes come on the control connection, a chunk a call.
 */
#include <string.h>

#include <cuda.h>

#include "common/xdrproc.h"
#include "gen/cuda_names.h"
#include "stubs/copy/mirror_fetch.h"
#include "stubs/copy/stripe_copy.h"

#define CHUNK ((size_t)ONCUDA_CHUNK_DEFAULT)

/* The bytes on the control connection, chunk by chunk. */
static enum clnt_stat read_pieces(CLIENT *c, uint64_t mirror,
    unsigned char *dst, size_t len, int *err)
{
	enum clnt_stat st = RPC_SUCCESS;

	for (size_t at = 0; at < len && st == RPC_SUCCESS &&
	    *err == CUDA_SUCCESS; at += CHUNK) {
		size_t n = len - at < CHUNK ? len - at : CHUNK;
		res_data r;

		memset(&r, 0, sizeof r);
		if ((st = oncuda_mirror_read(mirror + at, n, &r, c)) !=
		    RPC_SUCCESS)
			break;
		if (r.err != CUDA_SUCCESS)
			*err = r.err;
		else if (r.res_data_u.data.data_len != n)
			*err = CUDA_ERROR_UNKNOWN;	/* not what was asked */
		else
			memcpy(dst + at, r.res_data_u.data.data_val, n);
		xdr_free(XDRPROC(xdr_res_data), (char *)&r);
	}
	return st;
}

enum clnt_stat mirror_fetch(CLIENT *c, uint64_t mirror, void *dst, size_t len,
    int *err)
{
	enum clnt_stat st;
	bool done;

	st = copy_striped_mirror(c, mirror, dst, len, err, &done);
	if (st != RPC_SUCCESS || done)
		return st;
	return read_pieces(c, mirror, dst, len, err);
}
