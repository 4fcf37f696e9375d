/*
 * IPC between two client processes: this process allocates and fills
 * memory, exports it and an interprocess event, and starts a second
 * process (this program again, `e2e --ipc-child HEX`), which opens both,
 * checks the bytes, writes some of its own, waits on the event and closes
 * the memory; this process then sees the second one's bytes.  Through
 * oncuda the two are two sessions of one oncudad, and the handle passes
 * the server's rule (idl/cuda.x, "Interprocess communication").
 *
 * Through oncuda only (ONCUDA_TEST_REMOTE): a forged handle is refused
 * with CUDA_ERROR_INVALID_VALUE before the driver sees it, and, when this
 * process came over TCP (ONCUDA_TRANSPORT=tcp), a second process on the
 * same-host socket, another identity, is refused the real handle, and so
 * is a process of another oncudad with another key where the environment
 * names one (ONCUDA_TEST_IPC_OTHER_SERVER, tests/auth/check.sh).  After
 * the close the second process may no longer copy from the address.
 */
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "runner.h"
#include "tests.h"

extern char **environ;

enum { WORDS = 65536, CHILD_WORDS = 1024, CHILD_VALUE = 0xABCD1234u };
/* The second process's exit statuses beside 0 (passed). */
enum { CHILD_FAILED = 1, CHILD_NO_SERVER = 3 };

static unsigned pattern(size_t i)
{
	return (unsigned)(i * 2654435761u) ^ 0x5EEDu;
}

static void to_hex(const void *bytes, size_t n, char *out)
{
	const unsigned char *b = bytes;

	for (size_t i = 0; i < n; i++)
		sprintf(out + 2 * i, "%02x", b[i]);
}

static int from_hex(const char *hex, void *bytes, size_t n)
{
	unsigned char *b = bytes;

	if (strlen(hex) < 2 * n)
		return -1;
	for (size_t i = 0; i < n; i++) {
		unsigned v;

		if (sscanf(hex + 2 * i, "%2x", &v) != 1)
			return -1;
		b[i] = (unsigned char)v;
	}
	return 0;
}

/* The second process's work; its failures print as the test's. */
static int child_work(const char *hex, int refuse)
{
	CUipcMemHandle mh;
	CUipcEventHandle eh;
	CUdeviceptr p;
	CUcontext ctx;
	CUdevice dev;
	CUevent ev;
	unsigned *host = e2e_malloc(WORDS * sizeof(unsigned));

	CHECK(from_hex(hex, &mh, sizeof mh) == 0);
	CHECK(from_hex(hex + 2 * sizeof mh, &eh, sizeof eh) == 0);
	TRY(e2e_primary_ctx(&dev, &ctx));
	if (refuse) {
		CHECK_CU(cuIpcOpenMemHandle(&p, mh,
			 CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS),
			 CUDA_ERROR_INVALID_VALUE);
		CHECK_CU(cuIpcOpenEventHandle(&ev, eh), CUDA_ERROR_INVALID_VALUE);
		return 0;
	}
	CHECK_CU(cuIpcOpenMemHandle(&p, mh, CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS),
		 CUDA_SUCCESS);
	CHECK_CU(cuIpcOpenEventHandle(&ev, eh), CUDA_SUCCESS);
	CHECK_CU(cuStreamWaitEvent(NULL, ev, 0), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(host, p, WORDS * sizeof(unsigned)), CUDA_SUCCESS);
	for (size_t i = 0; i < WORDS; i++)
		if (host[i] != pattern(i))
			return e2e_fail(__FILE__, __LINE__, "word %zu is 0x%x "
					"in the second process, not 0x%x", i,
					host[i], pattern(i));
	CHECK_CU(cuMemsetD32(p, CHILD_VALUE, CHILD_WORDS), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	CHECK_CU(cuEventDestroy(ev), CUDA_SUCCESS);
	CHECK_CU(cuIpcCloseMemHandle(p), CUDA_SUCCESS);
	if (getenv("ONCUDA_TEST_REMOTE") != NULL) {
		CHECK_CU(cuMemcpyDtoH(host, p, 4), CUDA_ERROR_INVALID_VALUE);
		CHECK_CU(cuIpcCloseMemHandle(p), CUDA_ERROR_INVALID_VALUE);
	}
	return 0;
}

int e2e_ipc_child(const char *hex)
{
	int refuse = getenv("ONCUDA_TEST_IPC_REFUSE") != NULL;
	const char *why;
	CUresult r;

	e2e_current_test = "ipc (second process)";
	if ((r = cuInit(0)) != CUDA_SUCCESS) {
		printf("ipc child: cuInit returned %s\n", e2e_cu_name(r));
		return refuse ? CHILD_NO_SERVER : CHILD_FAILED;
	}
	if (child_work(hex, refuse) != 0 || (why = e2e_failure()) != NULL) {
		why = e2e_failure();
		printf("ipc child: %s\n", why != NULL ? why : "failed");
		e2e_cleanup();
		return CHILD_FAILED;
	}
	e2e_cleanup();
	return 0;
}

/* Whether environment entry e sets a variable one of extra sets. */
static int replaced(const char *e, const char *const *extra)
{
	for (; *extra != NULL; extra++)
		if (strncmp(e, *extra, strcspn(*extra, "=") + 1) == 0)
			return 1;
	return 0;
}

/* Runs `e2e --ipc-child hex` with the environment's variables that extra
 * ("VAR=VALUE"..., NULL-terminated) sets set so; its exit status, or -1. */
static int run_child(const char *hex, const char *const *extra)
{
	char self[4096];
	char *argv[4];
	char **env;
	size_t n = 0, k = 0;
	ssize_t len;
	pid_t pid;
	int status;

	if ((len = readlink("/proc/self/exe", self, sizeof self - 1)) < 0)
		return -1;
	self[len] = '\0';
	while (environ[n] != NULL)
		n++;
	while (extra[k] != NULL)
		k++;
	env = e2e_malloc((n + k + 1) * sizeof *env);
	n = 0;
	for (char **e = environ; *e != NULL; e++)
		if (!replaced(*e, extra))
			env[n++] = *e;
	for (k = 0; extra[k] != NULL; k++)
		env[n++] = (char *)extra[k];
	env[n] = NULL;
	argv[0] = self;
	argv[1] = "--ipc-child";
	argv[2] = (char *)hex;
	argv[3] = NULL;
	fflush(stdout);
	if (posix_spawn(&pid, self, NULL, NULL, argv, env) != 0)
		return -1;
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/*
 * ONCUDA_TEST_IPC_OTHER_SERVER (host:port) and ONCUDA_TEST_IPC_OTHER_KEY
 * (a key file) name another oncudad, of another key: a process of its
 * must be refused the handles (tests/auth/check.sh sets them).
 */
static int refused_elsewhere(const char *hex)
{
	const char *server = getenv("ONCUDA_TEST_IPC_OTHER_SERVER");
	const char *key = getenv("ONCUDA_TEST_IPC_OTHER_KEY");
	char *s, *k;
	int status;

	if (server == NULL)
		return 0;
	s = e2e_malloc(strlen(server) + sizeof "ONCUDA_SERVER=");
	k = e2e_malloc((key != NULL ? strlen(key) : 0) +
		       sizeof "ONCUDA_KEY_FILE=");
	sprintf(s, "ONCUDA_SERVER=%s", server);
	sprintf(k, "ONCUDA_KEY_FILE=%s", key != NULL ? key : "");
	status = run_child(hex, (const char *const[]){ s, k,
			   "ONCUDA_TEST_IPC_REFUSE=1", NULL });
	if (status != 0)
		return e2e_fail(__FILE__, __LINE__, "a process of the other "
				"server %s was not refused the handle (status "
				"%d)", server, status);
	return 0;
}

int test_ipc(void)
{
	CUipcMemHandle mh, forged;
	CUipcEventHandle eh;
	char hex[2 * (sizeof mh + sizeof eh) + 1];
	const char *transport = getenv("ONCUDA_TRANSPORT");
	int remote = getenv("ONCUDA_TEST_REMOTE") != NULL;
	unsigned *host = e2e_malloc(WORDS * sizeof(unsigned));
	CUdeviceptr p, q;
	CUcontext ctx;
	CUdevice dev;
	CUevent ev;
	int status;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_dalloc(&p, WORDS * sizeof(unsigned)));
	for (size_t i = 0; i < WORDS; i++)
		host[i] = pattern(i);
	CHECK_CU(cuMemcpyHtoD(p, host, WORDS * sizeof(unsigned)), CUDA_SUCCESS);
	CHECK_CU(cuEventCreate(&ev, CU_EVENT_INTERPROCESS |
		 CU_EVENT_DISABLE_TIMING), CUDA_SUCCESS);
	e2e_defer_event(ev);
	CHECK_CU(cuIpcGetMemHandle(NULL, p), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuIpcGetMemHandle(&mh, p), CUDA_SUCCESS);
	CHECK_CU(cuIpcGetEventHandle(&eh, ev), CUDA_SUCCESS);
	CHECK_CU(cuEventRecord(ev, NULL), CUDA_SUCCESS);
	to_hex(&mh, sizeof mh, hex);
	to_hex(&eh, sizeof eh, hex + 2 * sizeof mh);

	status = run_child(hex, (const char *const[]){ NULL });
	if (status != 0)
		return e2e_fail(__FILE__, __LINE__, "the second process "
				"exited with status %d", status);
	memset(host, 0, WORDS * sizeof(unsigned));
	CHECK_CU(cuMemcpyDtoH(host, p, WORDS * sizeof(unsigned)), CUDA_SUCCESS);
	for (size_t i = 0; i < WORDS; i++) {
		unsigned want = i < CHILD_WORDS ? CHILD_VALUE : pattern(i);

		if (host[i] != want)
			return e2e_fail(__FILE__, __LINE__, "word %zu is 0x%x "
					"after the second process, not 0x%x",
					i, host[i], want);
	}
	if (!remote)
		return 0;

	/* Bytes no client of this server exported. */
	memset(&forged, 0x5A, sizeof forged);
	CHECK_CU(cuIpcOpenMemHandle(&q, forged,
		 CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS), CUDA_ERROR_INVALID_VALUE);
	if (transport != NULL && strcmp(transport, "tcp") == 0) {
		status = run_child(hex, (const char *const[]){
				   "ONCUDA_TRANSPORT=local",
				   "ONCUDA_TEST_IPC_REFUSE=1", NULL });
		if (status == CHILD_NO_SERVER)
			e2e_skip_note("no same-host socket: the refusal of "
				      "another identity was not tried");
		else if (status != 0)
			return e2e_fail(__FILE__, __LINE__, "the second process "
					"on the same-host socket was not refused "
					"the handle (status %d)", status);
	}
	return refused_elsewhere(hex);
}
