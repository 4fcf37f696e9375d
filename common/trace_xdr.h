/*
 * trace_xdr.h -- what an xdr routine writes, recorded for the tracer.
 *
 * The tracer shows the values of a call as the protocol carries them, so
 * it runs the call's own rpcgen-generated xdr_* routine over a stream of
 * its own (an XDR whose operations record instead of encode): every
 * 32-bit word is kept, every run of bytes is kept by address and length,
 * not copied.  trace_format.c then reads the recording with the IDL's
 * type tables.  The object encoded must outlive the recording.
 */
#ifndef ONCUDA_TRACE_XDR_H
#define ONCUDA_TRACE_XDR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <rpc/rpc.h>

/* Words and byte runs kept per recording; beyond, only the size counts. */
#define TRACE_TOKENS_MAX 1024

struct trace_token {
	const unsigned char *bytes;	/* NULL: a 32-bit word */
	uint32_t value;			/* the word, or the number of bytes */
};

struct trace_recording {
	struct trace_token tokens[TRACE_TOKENS_MAX];
	size_t count;
	bool cut;			/* more was written than kept */
	uint64_t encoded_bytes;		/* what the encoding takes on the wire */
};

/*
 * Runs xdr over obj, recording what it writes; false when the routine
 * failed (the recording holds what came before).
 */
bool trace_record(struct trace_recording *rec, xdrproc_t xdr, void *obj);

/* CRC-32 as zlib, gzip and PNG compute it (IEEE 802.3, reflected). */
uint32_t trace_crc32(const unsigned char *bytes, size_t len);

#endif
