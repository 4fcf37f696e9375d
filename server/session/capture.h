/*
 * server/session/capture.h -- whether a copy may use a host buffer of the
 * server on a stream that may be capturing (capture.c).
 */
#ifndef ONCUDA_SERVER_CAPTURE_H
#define ONCUDA_SERVER_CAPTURE_H

#include <stdint.h>

#include <cuda.h>

#include "gen/cuda_names.h"

/* The session is about to begin a capture (cuStreamBeginCapture). */
void capture_note_begun(void);

/*
 * CUDA_SUCCESS unless stream is being captured, in which case a copy
 * between device memory and one of the server's host buffers must not be
 * queued on it: the capture is invalidated (as an illegal call during a
 * capture invalidates it natively) and the answer is
 * CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED.  call names the entry point for
 * the log.
 */
CUresult capture_refuse_host_copy(cu_handle stream, const char *call);

/*
 * range_check (ranges.h) of count elements of elem bytes at addr, for work
 * queued on stream; except that a range this client does not own passes
 * when stream is capturing into a graph that is not a node's body: the
 * driver then only records the work, as it does natively (cuDNN captures
 * memsets of a workspace it has not allocated and reads the graph back,
 * or sets the workspace later), and the graph is checked when it is
 * instantiated (capture_graph_check).
 */
CUresult capture_range_check(cu_handle stream, uint64_t addr, uint64_t count,
    uint64_t elem, const char *call);

/*
 * Before graph is instantiated, updates an executable graph, or is taken
 * into another graph: once a capture has let a range through, every memset
 * node of graph and of the graphs of its child graph nodes must lie inside
 * memory this client owns, else CUDA_ERROR_INVALID_VALUE (logged), what
 * the driver answers for memory that is not allocated.
 */
CUresult capture_graph_check(cu_handle graph);

#endif
