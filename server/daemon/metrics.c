/*
 * server/daemon/metrics.c -- the metrics file (metrics.h).
 *
 * The daemon serves no HTTP: node_exporter's textfile collector reads the
 * file and serves it with the machine's other figures.  The file is
 * written to a temporary name in the same directory and renamed over the
 * old one, as the collector's documentation asks, so that a scrape never
 * reads a file half written.  The figures are those of oncuda-ls -v
 * (session_table.h, nvml.h), and the totals of every session since the
 * daemon started (session_totals.h): a session's own series go with it,
 * and a sum over them would go down when one ends, which a counter must
 * not.  Names and units follow Prometheus's conventions (bytes, seconds,
 * _total for counters).
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gen/cuda_names.h"
#include "server/daemon/metrics.h"
#include "server/daemon/session_totals.h"
#include "server/session/log.h"
#include "server/session/nvml.h"
#include "server/session/session_table.h"

#define MAX_GPUS 64	/* ONCUDA_DEVICES_MAX */

static bool failing;	/* the last writing failed, and said so */

/* A label value as the exposition format wants it (\\, \" and \n escaped). */
static void put_label(FILE *f, const char *name, const char *value)
{
	fprintf(f, "%s=\"", name);
	for (; *value != '\0'; value++) {
		if (*value == '\\' || *value == '"')
			fprintf(f, "\\%c", *value);
		else if (*value == '\n')
			fputs("\\n", f);
		else
			fputc(*value, f);
	}
	fputc('"', f);
}

static void header(FILE *f, const char *name, const char *type, const char *help)
{
	fprintf(f, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

/* One session's sample of metric name. */
static void session_sample(FILE *f, const char *name,
    const struct session_figures *s, uint64_t value)
{
	fprintf(f, "%s{pid=\"%ld\",", name, (long)s->pid);
	put_label(f, "peer", s->peer);
	fputc(',', f);
	put_label(f, "identity", s->identity);
	fprintf(f, "} %llu\n", (unsigned long long)value);
}

/* The figures of struct session_figures that are a metric each. */
static const struct {
	const char *name, *type, *help;
	size_t field;		/* of a uint64_t or int64_t */
} session_metrics[] = {
	{ "oncuda_session_start_time_seconds", "gauge",
	    "When the session began, seconds since 1970.",
	    offsetof(struct session_figures, since) },
	{ "oncuda_session_device_memory_bytes", "gauge",
	    "Device memory the session holds.",
	    offsetof(struct session_figures, device_memory) },
	{ "oncuda_session_page_locked_memory_bytes", "gauge",
	    "Page-locked host memory the session holds.",
	    offsetof(struct session_figures, page_locked) },
	{ "oncuda_session_contexts", "gauge", "Contexts the session holds.",
	    offsetof(struct session_figures, contexts) },
	{ "oncuda_session_calls_total", "counter",
	    "Requests the session has served.",
	    offsetof(struct session_figures, calls) },
	{ "oncuda_session_received_bytes_total", "counter",
	    "Bytes of RPC records the session has read.",
	    offsetof(struct session_figures, bytes_in) },
	{ "oncuda_session_sent_bytes_total", "counter",
	    "Bytes of RPC records the session has sent.",
	    offsetof(struct session_figures, bytes_out) },
};

static void write_sessions(FILE *f, const struct session_figures *s, size_t n)
{
	header(f, "oncuda_sessions", "gauge", "Sessions open now.");
	fprintf(f, "oncuda_sessions %zu\n", n);
	for (size_t m = 0; m < sizeof session_metrics / sizeof session_metrics[0]; m++) {
		header(f, session_metrics[m].name, session_metrics[m].type,
		    session_metrics[m].help);
		for (size_t i = 0; i < n; i++) {
			uint64_t value;

			memcpy(&value, (const char *)&s[i] + session_metrics[m].field,
			    sizeof value);
			session_sample(f, session_metrics[m].name, &s[i], value);
		}
	}
	header(f, "oncuda_session_key_proved", "gauge",
	    "1 when the session's client proved the server's key.");
	for (size_t i = 0; i < n; i++)
		session_sample(f, "oncuda_session_key_proved", &s[i],
		    s[i].key_proved ? 1 : 0);
}

/* A figure of the whole daemon: no labels. */
static void daemon_metric(FILE *f, const char *name, const char *type,
    const char *help, uint64_t value)
{
	header(f, name, type, help);
	fprintf(f, "%s %llu\n", name, (unsigned long long)value);
}

/* The totals of every session since the daemon started, n of them open. */
static void write_totals(FILE *f, const struct session_figures *s, size_t n)
{
	static const char *const how_label[SESSION_END_HOWS] = {
		[SESSION_EXITED] = "exited",
		[SESSION_FAILED] = "failed",
		[SESSION_KILLED] = "killed",
	};
	struct session_totals t;
	struct timespec now;

	clock_gettime(CLOCK_REALTIME, &now);
	session_totals_read(s, n, (int64_t)now.tv_sec, &t);
	daemon_metric(f, "oncuda_sessions_started_total", "counter",
	    "Sessions started since oncudad started.", t.started);
	header(f, "oncuda_sessions_ended_total", "counter",
	    "Sessions ended since oncudad started, by how their process ended "
	    "(exited: status 0, failed: another status, killed: a signal).");
	for (int how = 0; how < SESSION_END_HOWS; how++)
		fprintf(f, "oncuda_sessions_ended_total{how=\"%s\"} %llu\n",
		    how_label[how], (unsigned long long)t.ended[how]);
	daemon_metric(f, "oncuda_sessions_uncounted_total", "counter",
	    "Sessions ended without a slot in the session table, whose figures "
	    "are in no total.", t.uncounted);
	daemon_metric(f, "oncuda_sessions_key_proved_total", "counter",
	    "Sessions ended whose client had proved the server's key.",
	    t.key_proved);
	daemon_metric(f, "oncuda_calls_total", "counter",
	    "Requests served by every session since oncudad started, ended "
	    "and open.", t.calls);
	daemon_metric(f, "oncuda_received_bytes_total", "counter",
	    "Bytes of RPC records read by every session since oncudad started, "
	    "ended and open.", t.bytes_in);
	daemon_metric(f, "oncuda_sent_bytes_total", "counter",
	    "Bytes of RPC records sent by every session since oncudad started, "
	    "ended and open.", t.bytes_out);
	daemon_metric(f, "oncuda_sessions_seconds_total", "counter",
	    "How long every session since oncudad started has lasted, ended "
	    "and open, added up.", t.seconds);
	daemon_metric(f, "oncuda_sessions_device_memory_peak_bytes", "gauge",
	    "The most device memory one session has held at once, of every "
	    "session since oncudad started.", t.device_peak);
	daemon_metric(f, "oncuda_sessions_page_locked_memory_peak_bytes", "gauge",
	    "The most page-locked host memory one session has held at once, of "
	    "every session since oncudad started.", t.page_locked_peak);
}

static void gpu_line(FILE *f, const char *name, const struct gpu_figures *g,
    const char *format, ...) __attribute__((format(printf, 4, 5)));

static void gpu_line(FILE *f, const char *name, const struct gpu_figures *g,
    const char *format, ...)
{
	va_list ap;

	fprintf(f, "%s{gpu=\"%u\",", name, g->index);
	put_label(f, "pci_bus_id", g->pci_bus_id);
	fputs("} ", f);
	va_start(ap, format);
	vfprintf(f, format, ap);
	va_end(ap);
	fputc('\n', f);
}

static void write_gpus(FILE *f)
{
	struct gpu_figures g[MAX_GPUS];
	char why[128];
	size_t n = nvml_read(g, MAX_GPUS, why, sizeof why);

	header(f, "oncuda_nvml_available", "gauge",
	    "1 when NVML gave the GPUs' figures below.");
	fprintf(f, "oncuda_nvml_available %d\n", why[0] == '\0' ? 1 : 0);
	if (n == 0)
		return;
	header(f, "oncuda_gpu_utilization_ratio", "gauge",
	    "Time the GPU was busy over NVML's last sample period (0 to 1).");
	for (size_t i = 0; i < n; i++)
		gpu_line(f, "oncuda_gpu_utilization_ratio", &g[i], "%.2f",
		    g[i].utilization_gpu / 100.0);
	header(f, "oncuda_gpu_memory_utilization_ratio", "gauge",
	    "Time the GPU's memory was read or written over NVML's last "
	    "sample period (0 to 1).");
	for (size_t i = 0; i < n; i++)
		gpu_line(f, "oncuda_gpu_memory_utilization_ratio", &g[i], "%.2f",
		    g[i].utilization_memory / 100.0);
	header(f, "oncuda_gpu_memory_used_bytes", "gauge",
	    "GPU memory in use, by every process.");
	for (size_t i = 0; i < n; i++)
		gpu_line(f, "oncuda_gpu_memory_used_bytes", &g[i], "%llu",
		    (unsigned long long)g[i].memory_used);
	header(f, "oncuda_gpu_memory_total_bytes", "gauge", "GPU memory in all.");
	for (size_t i = 0; i < n; i++)
		gpu_line(f, "oncuda_gpu_memory_total_bytes", &g[i], "%llu",
		    (unsigned long long)g[i].memory_total);
}

static bool failed(const char *what, const char *path, char *tmp)
{
	if (!failing)
		log_msg(LOG_WARN, "cannot write the metrics file %s: %s: %s",
		    path, what, strerror(errno));
	failing = true;
	if (tmp != NULL)
		unlink(tmp);
	free(tmp);
	return false;
}

bool metrics_write(const char *path, bool up)
{
	static struct session_figures sessions[ONCUDA_SESSIONS_MAX];
	size_t n = up ? session_table_read(sessions, ONCUDA_SESSIONS_MAX) : 0;
	char *tmp;
	FILE *f;

	if (asprintf(&tmp, "%s.tmp", path) < 0)
		return failed("out of memory", path, NULL);
	if ((f = fopen(tmp, "we")) == NULL)
		return failed("fopen", path, tmp);
	header(f, "oncuda_up", "gauge", "1 while oncudad serves.");
	fprintf(f, "oncuda_up %d\n", up ? 1 : 0);
	write_sessions(f, sessions, n);
	write_totals(f, sessions, n);
	if (up)
		write_gpus(f);
	if (fflush(f) != 0 || ferror(f)) {
		fclose(f);
		return failed("write", path, tmp);
	}
	if (fclose(f) != 0)
		return failed("close", path, tmp);
	if (rename(tmp, path) < 0)
		return failed("rename", path, tmp);
	free(tmp);
	if (failing)
		log_msg(LOG_INFO, "the metrics file %s is written again", path);
	failing = false;
	return true;
}
