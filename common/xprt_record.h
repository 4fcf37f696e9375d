/*
 * xprt_record.h -- ONC RPC record marking (RFC 5531, section 11) over a
 * connected stream socket, as an XDR stream (used by xprt.c).
 *
 * Sending: a record is encoded into the stream's buffer, except opaque
 * data of XPRT_DIRECT_MIN bytes or more, which is only pointed to; the
 * record goes out as one fragment with one sendmsg(MSG_NOSIGNAL) of the
 * buffer's pieces and the program's own memory.  A record may instead be
 * queued (record_end with ship false): it stays in the buffer, and goes
 * out ahead of the next record shipped.  A queued record never points
 * into the program's memory, which the program may reuse as soon as the
 * call returns: its pieces are copied into the buffer, or, when the queue
 * would pass XPRT_QUEUE_MAX, everything is shipped at once.
 *
 * Receiving: reads fill a buffer of XPRT_READ_BUFFER bytes, and opaque
 * data of XPRT_DIRECT_MIN bytes or more that is not buffered yet is read
 * straight into its destination, never past the end of its fragment.  A
 * read into the buffer may take in bytes past the end of the record if
 * the peer sent them (oncudad sends nothing unasked; a reply that came
 * too late is one); they stay in the buffer as the start of the next
 * record, never lost.
 *
 * Inside TLS (RFC 9289, after the AUTH_TLS probe): the owner sets tls,
 * and every byte goes through the channel (tls_channel.h) instead of the
 * socket, deadlines and polling included; the records are the same.  Each
 * write through the channel is a TLS record (or several, of 16 KiB) and a
 * write(2) of its own, so the pieces that sendmsg would gather are
 * copied together first, up to a TLS record's 16 KiB: a call and the
 * records queued ahead of it, or a call's header and its first data, go
 * as one TLS record.
 *
 * On the same host (ONCUDA_LOCAL_RING): the owner sets ring, and every
 * byte goes through the rings in shared memory (ring_channel.h) instead
 * of the unix-domain socket, waits and polling included; the socket then
 * carries only the descriptors that travel in the protocol's pauses, and
 * its end is the peer's.  record_free closes the rings.
 *
 * Not thread-safe: one user at a time (xprt.h), with one exception: a
 * stream given a wire (record_wire_init) lets one other thread send the
 * records queued so far while the owner goes on encoding (see
 * record_detach).
 */
#ifndef ONCUDA_XPRT_RECORD_H
#define ONCUDA_XPRT_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include <rpc/rpc.h>

/* Opaque data at least this long is sent from, and read into, its own
 * memory rather than copied through the buffers. */
#define XPRT_DIRECT_MIN 4096u

/* The receive buffer: a reply of this size or less takes one read. */
#define XPRT_READ_BUFFER (64u << 10)

/* Queued records ship once they fill this much of the send buffer. */
#define XPRT_QUEUE_MAX (256u << 10)

/* The largest record sent: the protocol's 16 MiB of opaque data, plus
 * headers and arguments. */
#define XPRT_RECORD_MAX ((16u << 20) + (64u << 10))

/* A piece of the record being encoded: in the buffer, or the program's. */
struct record_piece {
	const char *outside;	/* NULL: out + offset */
	size_t offset;
	size_t len;
};

#define XPRT_PIECES_MAX 16

struct tls_channel;
struct ring_channel;

/*
 * A bound on the waits of a stream's reads and writes: ms milliseconds
 * from the first that found the socket not ready (at, CLOCK_MONOTONIC,
 * read then: a peer that keeps up costs no clock reading).
 */
struct record_deadline {
	bool set;
	bool running;		/* at holds the end */
	long ms;
	struct timespec at;
};

/* The socket's writer, when another thread sends detached records. */
struct record_wire;

struct record_stream {
	int fd;
	struct tls_channel *tls;	/* NULL: plain; the owner's */
	struct ring_channel *ring;	/* NULL: the socket; the stream's */
	struct record_wire *wire;	/* NULL: the owner alone writes */
	XDR xdr;		/* x_private points back here */

	/* Sending: out[0, record_start) holds queued records, ready to go. */
	char *out;
	size_t out_len, out_cap;
	size_t record_start;		/* the mark of the record encoded now */
	size_t record_len;		/* its bytes after the mark */
	struct record_piece pieces[XPRT_PIECES_MAX];
	unsigned piece_count;
	bool points_outside;		/* a piece is the program's memory */
	char *gather;			/* TLS: pieces joined into one record */

	/* Receiving: in[in_pos, in_end) is read and not yet consumed. */
	char *in;
	size_t in_pos, in_end;
	uint32_t fragment_left;		/* bytes of the fragment not consumed */
	bool last_fragment;		/* the fragment is the record's last */
	bool in_record;			/* a record is being read */
	uint64_t record_total;		/* its fragments' lengths so far */
	size_t in_max;			/* records longer fail; 0: no bound */
	size_t record_read;		/* bytes of it consumed (x_getpostn) */

	/* Why the last operation failed: an errno, and whether that was the
	 * socket's timeout (SO_RCVTIMEO, SO_SNDTIMEO). */
	int error;
	bool timed_out;

	/* How long a read that finds nothing polls before it sleeps
	 * (record_poll); 0: it sleeps at once.  Set by the owner. */
	long poll_ns;

	/* When set, no read or write waits past its milliseconds after the
	 * first that found the socket not ready: a peer that sends or takes
	 * bytes slowly, a few at a time, cannot hold the stream longer than
	 * that.  See record_set_deadline. */
	struct record_deadline deadline;

	/* The socket's own receive timeout (SO_RCVTIMEO) in milliseconds,
	 * when the owner gave it one; 0: none.  While it is no longer than
	 * the deadline, the read that starts the deadline's clock can wait
	 * in recv(2) itself (outlasting the deadline by a clock tick of the
	 * kernel's at most), one system call rather than a recv that finds
	 * nothing, a poll and a recv. */
	long socket_timeout_ms;
};

/* Sets up the stream on fd; false when out of memory. */
bool record_init(struct record_stream *rs, int fd);
void record_free(struct record_stream *rs);

/*
 * Bounds every read and write from now on to end within ms milliseconds,
 * however the peer trickles its bytes; ms <= 0 lifts the bound.  The
 * milliseconds count from the first read or write that finds the socket
 * not ready: until then nothing has waited (bar record_poll's polling, at
 * most poll_ns), and a call whose peer keeps up pays no clock reading.  A
 * read or write that runs out of time fails with rs->timed_out set and
 * rs->error ETIMEDOUT.  (The socket's own SO_RCVTIMEO bounds each recv(),
 * which a peer sending a byte at a time never lets expire.)
 */
void record_set_deadline(struct record_stream *rs, long ms);

/* Starts encoding a record (rs->xdr is then XDR_ENCODE). */
bool record_begin(struct record_stream *rs);

/* Drops the record being encoded; queued records stay. */
void record_abandon(struct record_stream *rs);

/*
 * Ends the record being encoded.  ship: sends the queued records and this
 * one.  Otherwise queues it, unless the queue would pass XPRT_QUEUE_MAX,
 * when everything is sent now.  false: the send
 * failed (rs->error, rs->timed_out); what was not sent is dropped.
 */
bool record_end(struct record_stream *rs, bool ship);

/*
 * A record read that is longer than max bytes (0: no bound) fails with
 * EMSGSIZE before its bytes are decoded: a peer that sends a record larger
 * than any it has reason to send cannot make the reader decode it into
 * memory.
 */
void record_limit_in(struct record_stream *rs, size_t max);

/*
 * Starts reading the next record, after skipping what is left of the one
 * being read (rs->xdr is then XDR_DECODE).  false: the socket failed,
 * timed out or was closed (rs->error is ECONNRESET then).
 */
bool record_next(struct record_stream *rs);

/* Whether bytes of the next record are read already, in the stream or in
 * its TLS channel (waiting for the socket would then wait wrongly). */
bool record_buffered(const struct record_stream *rs);

/* Whether a decoding failure was the socket's rather than the data's. */
bool record_failed(const struct record_stream *rs);

/*
 * Looks for bytes for up to ns nanoseconds without sleeping: the socket is
 * asked again and again without blocking.  A thread that sleeps in recv()
 * or poll() pays a wakeup when the bytes come, which on a virtual machine
 * is much of a round trip on loopback; a reply or request that comes
 * within ns is taken without one, for at most ns of CPU time.  true: bytes
 * are buffered.  false: none came in time, or the socket has reached its
 * end or failed, which the next blocking read reports.
 */
bool record_poll(struct record_stream *rs, long ns);

/*
 * Detached sends.  A program that queues a launch must not wait while
 * another thread (the client's flusher, batch.h) writes earlier records to
 * the socket: a write may take the kernel's whole loopback path, or
 * stall for want of room, or the writer be preempted, and the queuing
 * thread, blocked on the owner's lock meanwhile, pays all of it.  So:
 *
 *  - record_detach, under the owner's lock and between records, hands the
 *    queued records over (the buffer that holds them is swapped for a
 *    spare) and takes the stream's wire, the lock of the socket's writes;
 *  - record_send_detached, without the owner's lock, writes them and
 *    gives the wire back; the owner meanwhile encodes into the spare;
 *  - every write of the owner's (record_end that ships) takes the wire
 *    first, so bytes reach the socket in the order they were encoded, and
 *    fails with the error of a detached send that failed.
 *
 * The detached send is bounded by its deadline_ms (the call's wait),
 * counted from the start of the send (fd_io.h).  Not inside TLS, whose channel
 * has one user at a time: record_detach refuses, and the records go the
 * usual way.
 */
struct record_detached {
	char *buf;
	size_t len;
	size_t cap;
	long deadline_ms;		/* <= 0: none */
};

/* Gives the stream a wire; false: out of memory.  record_free waits for a
 * detached send in flight. */
bool record_wire_init(struct record_stream *rs);

/*
 * Under the owner's lock, with no record being encoded: hands the queued
 * records to d and takes the wire.  false: nothing is queued, the stream
 * is inside TLS, has no wire, a detached send failed before
 * (record_wire_error), or no spare buffer can be had.
 */
bool record_detach(struct record_stream *rs, long deadline_ms,
    struct record_detached *d);

/* Without the owner's lock: sends what record_detach handed over, and gives
 * the wire back.  false: the send failed (record_wire_error says how). */
bool record_send_detached(struct record_stream *rs, struct record_detached *d);

/* The errno of a detached send that failed (ETIMEDOUT past its deadline),
 * or 0; the stream is of no use once it is not 0. */
int record_wire_error(struct record_stream *rs);

/* Around fork(): the wire held, so that no detached send is half done in
 * the child, and then given back in both processes. */
void record_wire_hold(struct record_stream *rs);
void record_wire_release(struct record_stream *rs);

#endif /* ONCUDA_XPRT_RECORD_H */
