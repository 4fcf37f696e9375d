/*
 * server/session/nvml.h -- the GPUs' utilization and memory as nvidia-smi
 * shows them, from NVML when the machine has it (nvml.c).
 */
#ifndef ONCUDA_SERVER_NVML_H
#define ONCUDA_SERVER_NVML_H

#include <stddef.h>
#include <stdint.h>

struct gpu_figures {
	unsigned index;			/* NVML's */
	char pci_bus_id[32];
	unsigned utilization_gpu;	/* percent */
	unsigned utilization_memory;	/* percent */
	uint64_t memory_used, memory_total;
};

/*
 * The figures of at most max GPUs into out; how many.  0 with why set
 * ("no NVML" where libnvidia-ml.so.1 is not there, else what failed) when
 * there are none to give; why is "" otherwise.
 */
size_t nvml_read(struct gpu_figures *out, size_t max, char *why,
    size_t why_len);

#endif
