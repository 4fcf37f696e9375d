/*
 * transport: the ceilings of this machine's transports, against which
 * oncuda's figures are judged (issue 4): an 8-byte ping-pong and two kinds
 * of stream, over TCP on loopback and over a unix socket.
 *
 *   transport [-q]
 *
 * A forked child is the other end of each connection.  A ping-pong round
 * trip is an 8-byte write answered by an 8-byte write, the shape of the
 * smallest RPC.  It is measured twice: with both ends sleeping in read()
 * until the bytes come ("pingpong"), and with both ends polling, spinning
 * on non-blocking reads ("pingpong_polling"), which takes the scheduler's
 * wake-up out of each round trip: the ceiling of a call whose client and
 * server both poll (oncudad --poll-us).  A stream is the child reading stream_bytes, then
 * answering one byte, so the time covers delivery.  Both ends set
 * TCP_NODELAY, as oncuda does.  Output as in measure.h; -q shrinks the
 * counts and the buffers for a test of the program itself.
 *
 * Why two streams.  "tcp_stream" and "unix_stream" write from one 1 MiB
 * buffer and read into one 1 MiB buffer: both stay in the CPU's cache, so
 * they measure the socket path alone, the most any transfer can get.  A
 * 256 MiB copy cannot get that: oncuda's client sends from 256 MiB of the
 * program's memory (HtoD) or receives into as much (DtoH), memory that is
 * not in the cache, a cost the cache-hot stream never pays.
 * "tcp_stream_memory" and "unix_stream_memory" move bytes that way: the
 * writer sends from its own copy_bytes buffer in 4 MiB writes (oncuda's
 * chunk size), and the reader receives each piece into its place in its
 * own copy_bytes buffer.  Both buffers are touched before the timing, so
 * no page faults are counted.  A run moves stream_bytes like the cache-hot
 * stream, cycling over the buffers (4 passes over 256 MiB in the full
 * plan), since one pass would be a short, noisy sample; 256 MiB is larger
 * than the CPU's caches, so each pass is as cold as the first (-q's 16 MiB
 * is not, which a test of the program does not mind).
 * oncuda's 256 MiB copies over TCP are judged against this stream.
 *
 * Several streams at once ("tcp_streams_N_memory", N = 2, 4, 8): N TCP
 * connections on loopback move a memory stream's bytes together, piece i
 * of a run on connection i mod N, each connection written by a thread of
 * its own from the piece's place in one buffer and read by a thread of the
 * child's into its place in another: what a copy striped over N
 * connections does (ONCUDA_STREAMS=N), and its ceiling.
 */
#include <errno.h>
#include <pthread.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <arpa/inet.h>

#include "measure.h"

#define PING_BYTES 8
#define CHUNK_BYTES ((size_t)1 << 20)
#define PIECE_BYTES ((size_t)4 << 20)	/* oncuda's copy chunk */

struct plan {
	long round_trips;	/* per ping-pong run */
	int pingpong_runs;
	size_t stream_bytes;	/* per stream run, of either kind */
	int stream_runs;
	size_t copy_bytes;	/* each end's buffer in the memory stream */
};

static const struct plan full_plan = {
	10000, 11, (size_t)1 << 30, 5, (size_t)256 << 20
};
static const struct plan quick_plan = {
	1000, 5, (size_t)64 << 20, 3, (size_t)16 << 20
};

static char chunk[CHUNK_BYTES];

static void die(const char *what)
{
	fprintf(stderr, "transport: %s: %s\n", what, strerror(errno));
	exit(EXIT_FAILURE);
}

static void write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len > 0) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			die("write to the socket");
		p += n;
		len -= (size_t)n;
	}
}

/* One read of at most WANT bytes (all of them with MSG_WAITALL); dies on
 * an error or an early end. */
static size_t read_some(int fd, void *buf, size_t want, int flags)
{
	for (;;) {
		ssize_t n = recv(fd, buf, want, flags);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			die("read from the socket");
		if (n == 0) {
			errno = ECONNRESET;
			die("the other end closed the socket early");
		}
		return (size_t)n;
	}
}

/* Reads exactly LEN bytes (into BUF, reused if LEN is larger). */
static void read_all(int fd, void *buf, size_t buf_len, size_t len)
{
	while (len > 0)
		len -= read_some(fd, buf, len < buf_len ? len : buf_len, 0);
}

/* Reads exactly LEN bytes into BUF, spinning on non-blocking reads. */
static void read_polling(int fd, char *buf, size_t len)
{
	while (len > 0) {
		ssize_t n = recv(fd, buf, len, MSG_DONTWAIT);

		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK ||
			      errno == EINTR))
			continue;
		if (n < 0)
			die("read from the socket");
		if (n == 0) {
			errno = ECONNRESET;
			die("the other end closed the socket early");
		}
		buf += n;
		len -= (size_t)n;
	}
}

/* Reads exactly LEN bytes into BUF, in order: a copy's receiving end. */
static void read_into(int fd, char *buf, size_t len)
{
	while (len > 0) {
		size_t n = read_some(fd, buf, len, MSG_WAITALL);

		buf += n;
		len -= n;
	}
}

/* A buffer of BYTES whose pages exist before any timing starts. */
static char *touched_buffer(size_t bytes)
{
	char *buf = malloc(bytes);

	if (buf == NULL)
		die("allocate the memory stream's buffer");
	memset(buf, 0x5a, bytes);
	return buf;
}

/*
 * The piece of a memory stream run that starts DONE bytes into it: its
 * offset in the buffer (*AT) and its length, at most PIECE_BYTES and never
 * past the end of the run or of the buffer.
 */
static size_t piece_at(const struct plan *plan, size_t done, size_t *at)
{
	size_t len = PIECE_BYTES;

	*at = done % plan->copy_bytes;
	if (len > plan->copy_bytes - *at)
		len = plan->copy_bytes - *at;
	if (len > plan->stream_bytes - done)
		len = plan->stream_bytes - done;
	return len;
}

/* The child's side of the memory stream: receive each piece in place. */
static void serve_memory_stream(int fd, const struct plan *plan)
{
	char *into = touched_buffer(plan->copy_bytes);
	char ack = 1;

	/* Ready: the parent's clock must not run while we touch the pages. */
	write_all(fd, &ack, 1);
	for (int run = 0; run < plan->stream_runs; run++) {
		size_t done = 0, at;

		while (done < plan->stream_bytes) {
			size_t len = piece_at(plan, done, &at);

			read_into(fd, into + at, len);
			done += len;
		}
		write_all(fd, &ack, 1);
	}
	free(into);
}

/* The child's side: the mirror image of measure() below. */
static void serve(int fd, const struct plan *plan)
{
	char ping[PING_BYTES];
	char ack = 1;

	for (int run = 0; run < plan->pingpong_runs; run++) {
		for (long i = 0; i < plan->round_trips; i++) {
			read_all(fd, ping, sizeof(ping), sizeof(ping));
			write_all(fd, ping, sizeof(ping));
		}
	}
	for (int run = 0; run < plan->pingpong_runs; run++) {
		for (long i = 0; i < plan->round_trips; i++) {
			read_polling(fd, ping, sizeof(ping));
			write_all(fd, ping, sizeof(ping));
		}
	}
	for (int run = 0; run < plan->stream_runs; run++) {
		read_all(fd, chunk, sizeof(chunk), plan->stream_bytes);
		write_all(fd, &ack, 1);
	}
	serve_memory_stream(fd, plan);
}

/* The writer's side of the memory stream: send each piece from its place. */
static void measure_memory_stream(int fd, const struct plan *plan,
				  const char *kind)
{
	struct samples stream = { .count = 0 };
	char *from = touched_buffer(plan->copy_bytes);
	char name[64];
	char ack;

	read_all(fd, &ack, 1, 1);	/* the child's buffer is touched too */
	for (int run = 0; run < plan->stream_runs; run++) {
		double start = now_seconds();
		size_t done = 0, at;

		while (done < plan->stream_bytes) {
			size_t len = piece_at(plan, done, &at);

			write_all(fd, from + at, len);
			done += len;
		}
		read_all(fd, &ack, 1, 1);
		samples_add(&stream, gigabytes_per_second(plan->stream_bytes, 1,
							  now_seconds() - start));
	}
	snprintf(name, sizeof(name), "%s_stream_memory", kind);
	samples_report(&stream, name, plan->stream_bytes, "GB/s", 1);
	free(from);
}

/* The ping-pong with both ends polling (the child's side is in serve()). */
static void measure_polling(int fd, const struct plan *plan, const char *kind)
{
	struct samples pings = { .count = 0 };
	char ping[PING_BYTES] = "pingpong";
	char name[64];

	for (int run = 0; run < plan->pingpong_runs; run++) {
		double start = now_seconds();

		for (long i = 0; i < plan->round_trips; i++) {
			write_all(fd, ping, sizeof(ping));
			read_polling(fd, ping, sizeof(ping));
		}
		samples_add(&pings, micros_each(now_seconds() - start,
						plan->round_trips));
	}
	snprintf(name, sizeof(name), "%s_pingpong_polling", kind);
	samples_report(&pings, name, PING_BYTES, "us", plan->round_trips);
}

static void measure(int fd, const struct plan *plan, const char *kind)
{
	struct samples pings = { .count = 0 }, stream = { .count = 0 };
	char name[64];
	char ping[PING_BYTES] = "pingpong";
	char ack;

	for (int run = 0; run < plan->pingpong_runs; run++) {
		double start = now_seconds();

		for (long i = 0; i < plan->round_trips; i++) {
			write_all(fd, ping, sizeof(ping));
			read_all(fd, ping, sizeof(ping), sizeof(ping));
		}
		samples_add(&pings, micros_each(now_seconds() - start,
						plan->round_trips));
	}
	snprintf(name, sizeof(name), "%s_pingpong", kind);
	samples_report(&pings, name, PING_BYTES, "us", plan->round_trips);
	measure_polling(fd, plan, kind);

	for (int run = 0; run < plan->stream_runs; run++) {
		double start = now_seconds();

		for (size_t sent = 0; sent < plan->stream_bytes; sent += CHUNK_BYTES) {
			size_t left = plan->stream_bytes - sent;

			write_all(fd, chunk, left < CHUNK_BYTES ? left : CHUNK_BYTES);
		}
		read_all(fd, &ack, 1, 1);
		samples_add(&stream, gigabytes_per_second(plan->stream_bytes, 1,
							  now_seconds() - start));
	}
	snprintf(name, sizeof(name), "%s_stream", kind);
	samples_report(&stream, name, plan->stream_bytes, "GB/s", 1);
	measure_memory_stream(fd, plan, kind);
}

/* Several streams: one connection's share of a run. */
struct lane {
	int fd;
	unsigned index, count;
	char *buf;
	const struct plan *plan;
};

static const unsigned stream_counts[] = { 2, 4, 8 };
#define MAX_STREAMS 8

/* Sends (or with receive, reads) the lane's pieces of one run. */
static void lane_run(struct lane *l, bool receive)
{
	size_t done = 0, at;

	for (size_t i = 0; done < l->plan->stream_bytes; i++) {
		size_t len = piece_at(l->plan, done, &at);

		if (i % l->count == l->index) {
			if (receive)
				read_into(l->fd, l->buf + at, len);
			else
				write_all(l->fd, l->buf + at, len);
		}
		done += len;
	}
}

static void *lane_send(void *arg)
{
	lane_run(arg, false);
	return NULL;
}

static void *lane_receive(void *arg)
{
	lane_run(arg, true);
	return NULL;
}

/* One run over count lanes, each on a thread of its own. */
static void lanes_run(struct lane *lanes, unsigned count, bool receive)
{
	pthread_t threads[MAX_STREAMS];

	for (unsigned i = 0; i < count; i++)
		if (pthread_create(&threads[i], NULL, receive ? lane_receive :
				   lane_send, &lanes[i]) != 0)
			die("pthread_create");
	for (unsigned i = 0; i < count; i++)
		pthread_join(threads[i], NULL);
}

/* The child's side: each run received in place, then acknowledged on
 * every connection. */
static void serve_streams(const int *fds, unsigned count,
			  const struct plan *plan)
{
	struct lane lanes[MAX_STREAMS];
	char *into = touched_buffer(plan->copy_bytes);
	char ack = 1;

	for (unsigned i = 0; i < count; i++)
		lanes[i] = (struct lane){ fds[i], i, count, into, plan };
	write_all(fds[0], &ack, 1);
	for (int run = 0; run < plan->stream_runs; run++) {
		lanes_run(lanes, count, true);
		for (unsigned i = 0; i < count; i++)
			write_all(fds[i], &ack, 1);
	}
	free(into);
}

static void measure_streams(const int *fds, unsigned count,
			    const struct plan *plan)
{
	struct samples stream = { .count = 0 };
	struct lane lanes[MAX_STREAMS];
	char *from = touched_buffer(plan->copy_bytes);
	char name[64], ack;

	for (unsigned i = 0; i < count; i++)
		lanes[i] = (struct lane){ fds[i], i, count, from, plan };
	read_all(fds[0], &ack, 1, 1);
	for (int run = 0; run < plan->stream_runs; run++) {
		double start = now_seconds();

		lanes_run(lanes, count, false);
		for (unsigned i = 0; i < count; i++)
			read_all(fds[i], &ack, 1, 1);
		samples_add(&stream, gigabytes_per_second(plan->stream_bytes, 1,
							  now_seconds() - start));
	}
	snprintf(name, sizeof(name), "tcp_streams_%u_memory", count);
	samples_report(&stream, name, plan->stream_bytes, "GB/s", 1);
	free(from);
}

static void no_delay(int fd)
{
	int on = 1;

	if (setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof(on)) < 0)
		die("setsockopt TCP_NODELAY");
}

/* A connected pair of TCP sockets on loopback, through a listener. */
static void tcp_pair(int fds[2])
{
	struct sockaddr_in addr;
	socklen_t len = sizeof(addr);
	int listener = socket(AF_INET, SOCK_STREAM, 0);

	if (listener < 0)
		die("socket(AF_INET)");
	memset(&addr, 0, sizeof(addr));
	addr.sin_family = AF_INET;
	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(listener, (struct sockaddr *)&addr, sizeof(addr)) < 0 ||
	    listen(listener, 1) < 0 ||
	    getsockname(listener, (struct sockaddr *)&addr, &len) < 0)
		die("listen on 127.0.0.1");
	fds[0] = socket(AF_INET, SOCK_STREAM, 0);
	if (fds[0] < 0 ||
	    connect(fds[0], (struct sockaddr *)&addr, sizeof(addr)) < 0)
		die("connect to 127.0.0.1");
	fds[1] = accept(listener, NULL, NULL);
	if (fds[1] < 0)
		die("accept on 127.0.0.1");
	close(listener);
	no_delay(fds[0]);
	no_delay(fds[1]);
}

static void run_pair(int fds[2], const struct plan *plan, const char *kind)
{
	int status;
	pid_t child;

	fflush(stdout);		/* or the child would inherit pending output */
	child = fork();

	if (child < 0)
		die("fork");
	if (child == 0) {
		close(fds[0]);
		serve(fds[1], plan);
		_exit(EXIT_SUCCESS);
	}
	close(fds[1]);
	measure(fds[0], plan, kind);
	close(fds[0]);
	if (waitpid(child, &status, 0) < 0)
		die("waitpid");
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "transport: the %s child failed (status %d)\n",
			kind, status);
		exit(EXIT_FAILURE);
	}
}

/* count TCP connections on loopback moving memory streams together. */
static void run_streams(unsigned count, const struct plan *plan)
{
	int parent[MAX_STREAMS], child_end[MAX_STREAMS], fds[2], status;
	pid_t child;

	for (unsigned i = 0; i < count; i++) {
		tcp_pair(fds);
		parent[i] = fds[0];
		child_end[i] = fds[1];
	}
	fflush(stdout);
	child = fork();
	if (child < 0)
		die("fork");
	if (child == 0) {
		for (unsigned i = 0; i < count; i++)
			close(parent[i]);
		serve_streams(child_end, count, plan);
		_exit(EXIT_SUCCESS);
	}
	for (unsigned i = 0; i < count; i++)
		close(child_end[i]);
	measure_streams(parent, count, plan);
	for (unsigned i = 0; i < count; i++)
		close(parent[i]);
	if (waitpid(child, &status, 0) < 0)
		die("waitpid");
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "transport: the child of %u streams failed "
			"(status %d)\n", count, status);
		exit(EXIT_FAILURE);
	}
}

int main(int argc, char **argv)
{
	const struct plan *plan = &full_plan;
	int fds[2];

	if (argc == 2 && strcmp(argv[1], "-q") == 0) {
		plan = &quick_plan;
	} else if (argc != 1) {
		fputs("usage: transport [-q]\n", stderr);
		return 2;
	}
	/* A child that dies must fail a write, not kill the parent. */
	signal(SIGPIPE, SIG_IGN);
	printf("info\ttransport\tping-pong of %d bytes; stream in writes of %zu bytes\n",
	       PING_BYTES, CHUNK_BYTES);
	printf("info\tmemory_stream\tfrom and into buffers of %zu MiB, "
	       "in writes of %zu MiB\n", plan->copy_bytes >> 20, PIECE_BYTES >> 20);

	tcp_pair(fds);
	run_pair(fds, plan, "tcp");
	for (size_t i = 0; i < sizeof(stream_counts) / sizeof(stream_counts[0]); i++)
		run_streams(stream_counts[i], plan);
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds) < 0)
		die("socketpair(AF_UNIX)");
	run_pair(fds, plan, "unix");
	return EXIT_SUCCESS;
}
