/*
 * server/svc/svc_stream_ops.h -- stream memory operations
 * (svc_stream_ops.c), whose check graph batch nodes share.
 */
#ifndef ONCUDA_SERVER_SVC_STREAM_OPS_H
#define ONCUDA_SERVER_SVC_STREAM_OPS_H

#include <cuda.h>

/*
 * CUDA_SUCCESS when the device word op waits on or writes lies in this
 * client's memory (or op names none); otherwise the driver's
 * CUDA_ERROR_INVALID_VALUE, logged naming call.
 */
CUresult mem_op_check(const CUstreamBatchMemOpParams *op, const char *call);

#endif
