/*
 * transport: the ceilings of this machine's transports, against which
 * oncuda's figures are judged (issue 4): an 8-byte ping-pong and one
 * stream, over TCP on loopback and over a unix socket.
 *
 *   transport [-q]
 *
 * A forked child is the other end of each connection.  A ping-pong round
 * trip is an 8-byte write answered by an 8-byte write, the shape of the
 * smallest RPC; the stream is the child reading stream_bytes written in
 * 1 MiB writes, then answering one byte, so the time covers delivery.
 * Both ends set TCP_NODELAY, as oncuda does.  Output as in measure.h; -q
 * shrinks the counts for a test of the program itself.
 */
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
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

struct plan {
	long round_trips;	/* per ping-pong run */
	int pingpong_runs;
	size_t stream_bytes;	/* per stream run */
	int stream_runs;
};

static const struct plan full_plan = { 10000, 11, (size_t)1 << 30, 5 };
static const struct plan quick_plan = { 1000, 5, (size_t)64 << 20, 3 };

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

/* Reads exactly LEN bytes (into BUF, reused if LEN is larger). */
static void read_all(int fd, void *buf, size_t buf_len, size_t len)
{
	while (len > 0) {
		size_t want = len < buf_len ? len : buf_len;
		ssize_t n = read(fd, buf, want);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			die("read from the socket");
		if (n == 0) {
			errno = ECONNRESET;
			die("the other end closed the socket early");
		}
		len -= (size_t)n;
	}
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
	for (int run = 0; run < plan->stream_runs; run++) {
		read_all(fd, chunk, sizeof(chunk), plan->stream_bytes);
		write_all(fd, &ack, 1);
	}
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

	tcp_pair(fds);
	run_pair(fds, plan, "tcp");
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds) < 0)
		die("socketpair(AF_UNIX)");
	run_pair(fds, plan, "unix");
	return EXIT_SUCCESS;
}
