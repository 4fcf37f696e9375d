/*
 * The driver's error log: an iterator at its end, a dump from it (nothing
 * logged since, so empty), and the whole log in memory and in a file of
 * the program's machine, which hold the same text.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

/* The driver keeps at most 25600 bytes of log (cuda.h). */
#define LOG_BYTES 25600

int test_driver_logs(void)
{
	char *all = e2e_malloc(LOG_BYTES + 1), *file_text;
	char path[] = "/tmp/e2e-logs-XXXXXX";
	CUlogIterator it;
	CUresult e;
	CUcontext ctx;
	CUdevice dev;
	size_t size, file_size;
	char small[64];
	int fd;

	TRY(e2e_primary_ctx(&dev, &ctx));
	CHECK_CU(cuLogsCurrent(&it, 0), CUDA_SUCCESS);
	CHECK_CU(cuLogsCurrent(NULL, 0), CUDA_ERROR_INVALID_VALUE);
	/* Nothing failed since the iterator was taken: an empty dump, or
	 * (the H200's 580, through oncuda) CUDA_ERROR_INVALID_VALUE for
	 * nothing to dump. */
	size = sizeof(small);
	memset(small, 'x', sizeof(small));
	e = cuLogsDumpToMemory(&it, small, &size, 0);
	CHECK(e == CUDA_SUCCESS || e == CUDA_ERROR_INVALID_VALUE);
	if (e == CUDA_SUCCESS) {
		CHECK_EQ(size, 0);
		CHECK_EQ(small[0], '\0');
	}

	/* The whole log, in memory and in a file: the same text. */
	size = LOG_BYTES + 1;
	CHECK_CU(cuLogsDumpToMemory(NULL, all, &size, 0), CUDA_SUCCESS);
	CHECK_EQ(strlen(all), size);
	if ((fd = mkstemp(path)) < 0)
		return e2e_fail(__FILE__, __LINE__, "mkstemp failed");
	close(fd);
	CHECK_CU(cuLogsDumpToFile(NULL, path, 0), CUDA_SUCCESS);
	file_text = e2e_read_file(path, &file_size);
	unlink(path);
	CHECK(file_text != NULL);
	/* The driver may end the file with the NUL it ends text with. */
	CHECK(file_size == size || file_size == size + 1);
	CHECK(memcmp(file_text, all, size) == 0);
	return 0;
}
