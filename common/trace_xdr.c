/*
 * trace_xdr.c -- the recording XDR stream and the checksum (trace_xdr.h).
 *
 * An XDR_ENCODE stream whose x_putlong and x_putbytes record; x_inline
 * returns NULL, so that rpcgen's inline fast paths fall back to x_putlong
 * and every word is seen.  Nothing here allocates.
 */
#include <pthread.h>
#include <string.h>

#include "common/trace_xdr.h"

static void keep(struct trace_recording *rec, const unsigned char *bytes,
    uint32_t value)
{
	if (rec->count == TRACE_TOKENS_MAX) {
		rec->cut = true;
		return;
	}
	rec->tokens[rec->count].bytes = bytes;
	rec->tokens[rec->count].value = value;
	rec->count++;
}

static bool_t put_long(XDR *xdrs, const long *value)
{
	struct trace_recording *rec = xdrs->x_private;

	keep(rec, NULL, (uint32_t)*value);
	rec->encoded_bytes += 4;
	return TRUE;
}

static bool_t put_bytes(XDR *xdrs, const char *bytes, u_int len)
{
	struct trace_recording *rec = xdrs->x_private;

	keep(rec, (const unsigned char *)bytes, len);
	rec->encoded_bytes += len;
	return TRUE;
}

/* An encoding stream is never read from. */
static bool_t get_long(XDR *xdrs, long *value)
{
	(void)xdrs;
	(void)value;
	return FALSE;
}

static bool_t get_bytes(XDR *xdrs, char *bytes, u_int len)
{
	(void)xdrs;
	(void)bytes;
	(void)len;
	return FALSE;
}

static u_int get_position(XDR *xdrs)
{
	struct trace_recording *rec = xdrs->x_private;

	return (u_int)rec->encoded_bytes;
}

static bool_t set_position(XDR *xdrs, u_int position)
{
	(void)xdrs;
	(void)position;
	return FALSE;
}

static int32_t *no_inline(XDR *xdrs, u_int len)
{
	(void)xdrs;
	(void)len;
	return NULL;
}

static void destroy(XDR *xdrs)
{
	(void)xdrs;
}

static bool_t control(XDR *xdrs, int request, void *info)
{
	(void)xdrs;
	(void)request;
	(void)info;
	return FALSE;
}

static const struct xdr_ops recording_ops = {
	.x_getlong = get_long,
	.x_putlong = put_long,
	.x_getbytes = get_bytes,
	.x_putbytes = put_bytes,
	.x_getpostn = get_position,
	.x_setpostn = set_position,
	.x_inline = no_inline,
	.x_destroy = destroy,
	.x_control = control,
};

bool trace_record(struct trace_recording *rec, xdrproc_t xdr, void *obj)
{
	XDR xdrs;

	rec->count = 0;
	rec->cut = false;
	rec->encoded_bytes = 0;
	memset(&xdrs, 0, sizeof(xdrs));
	xdrs.x_op = XDR_ENCODE;
	xdrs.x_ops = &recording_ops;
	xdrs.x_private = rec;
	return (*xdr)(&xdrs, obj) != 0;
}

static uint32_t crc_table[256];
static pthread_once_t crc_table_once = PTHREAD_ONCE_INIT;

static void make_crc_table(void)
{
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;

		for (int k = 0; k < 8; k++)
			c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
		crc_table[i] = c;
	}
}

uint32_t trace_crc32(const unsigned char *bytes, size_t len)
{
	const uint32_t *table = crc_table;
	uint32_t crc = 0xffffffffu;

	pthread_once(&crc_table_once, make_crc_table);
	for (size_t i = 0; i < len; i++)
		crc = table[(crc ^ bytes[i]) & 0xff] ^ (crc >> 8);
	return crc ^ 0xffffffffu;
}
