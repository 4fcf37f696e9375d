/*
 * graph_compat.c - the older ABI names of graph and capture calls.
 *
 * cuda.h maps each of these names to a newer entry point by a macro, but
 * the driver still exports the old ones, with the old signatures, for
 * programs built against older headers (nm -D libcuda.so).  They are
 * defined here, with the macros undone, in terms of the new ones: no edge
 * data, the global capture mode, the smaller kernel node parameters.
 */
#include <string.h>

#include "graph.h"

#undef cuStreamBeginCapture
#undef cuStreamGetCaptureInfo
#undef cuStreamUpdateCaptureDependencies
#undef cuGraphInstantiate
#undef cuGraphExecUpdate
#undef cuGraphAddKernelNode
#undef cuGraphKernelNodeGetParams
#undef cuGraphKernelNodeSetParams
#undef cuGraphExecKernelNodeSetParams
#undef cuGraphGetEdges
#undef cuGraphNodeGetDependencies
#undef cuGraphNodeGetDependentNodes
#undef cuGraphAddDependencies
#undef cuGraphRemoveDependencies

/* The prototypes cuda.h keeps for the driver's own build only. */
FC_API CUresult cuStreamBeginCapture(CUstream hStream);
FC_API CUresult cuStreamGetCaptureInfo(CUstream hStream,
    CUstreamCaptureStatus *captureStatus_out, cuuint64_t *id_out);
FC_API CUresult cuStreamUpdateCaptureDependencies(CUstream hStream,
    CUgraphNode *dependencies, size_t numDependencies, unsigned int flags);
FC_API CUresult cuGraphInstantiate(CUgraphExec *phGraphExec, CUgraph hGraph,
    CUgraphNode *phErrorNode, char *logBuffer, size_t bufferSize);
FC_API CUresult cuGraphInstantiate_v2(CUgraphExec *phGraphExec,
    CUgraph hGraph, CUgraphNode *phErrorNode, char *logBuffer,
    size_t bufferSize);
FC_API CUresult cuGraphExecUpdate(CUgraphExec hGraphExec, CUgraph hGraph,
    CUgraphNode *hErrorNode_out, CUgraphExecUpdateResult *updateResult_out);
FC_API CUresult cuGraphAddKernelNode(CUgraphNode *phGraphNode,
    CUgraph hGraph, const CUgraphNode *dependencies, size_t numDependencies,
    const CUDA_KERNEL_NODE_PARAMS_v1 *nodeParams);
FC_API CUresult cuGraphKernelNodeGetParams(CUgraphNode hNode,
    CUDA_KERNEL_NODE_PARAMS_v1 *nodeParams);
FC_API CUresult cuGraphKernelNodeSetParams(CUgraphNode hNode,
    const CUDA_KERNEL_NODE_PARAMS_v1 *nodeParams);
FC_API CUresult cuGraphExecKernelNodeSetParams(CUgraphExec hGraphExec,
    CUgraphNode hNode, const CUDA_KERNEL_NODE_PARAMS_v1 *nodeParams);
FC_API CUresult cuGraphGetEdges(CUgraph hGraph, CUgraphNode *from,
    CUgraphNode *to, size_t *numEdges);
FC_API CUresult cuGraphNodeGetDependencies(CUgraphNode hNode,
    CUgraphNode *dependencies, size_t *numDependencies);
FC_API CUresult cuGraphNodeGetDependentNodes(CUgraphNode hNode,
    CUgraphNode *dependentNodes, size_t *numDependentNodes);
FC_API CUresult cuGraphAddDependencies(CUgraph hGraph,
    const CUgraphNode *from, const CUgraphNode *to, size_t numDependencies);
FC_API CUresult cuGraphRemoveDependencies(CUgraph hGraph,
    const CUgraphNode *from, const CUgraphNode *to, size_t numDependencies);

FC_API CUresult
cuStreamBeginCapture(CUstream hStream)
{
	return cuStreamBeginCapture_v2(hStream, CU_STREAM_CAPTURE_MODE_GLOBAL);
}

FC_API CUresult
cuStreamGetCaptureInfo(CUstream hStream,
    CUstreamCaptureStatus *captureStatus_out, cuuint64_t *id_out)
{
	return cuStreamGetCaptureInfo_v3(hStream, captureStatus_out, id_out,
	    NULL, NULL, NULL, NULL);
}

FC_API CUresult
cuStreamUpdateCaptureDependencies(CUstream hStream, CUgraphNode *dependencies,
    size_t numDependencies, unsigned int flags)
{
	return cuStreamUpdateCaptureDependencies_v2(hStream, dependencies,
	    NULL, numDependencies, flags);
}

/* The log stays empty: instantiation fails only on a cycle. */
FC_API CUresult
cuGraphInstantiate_v2(CUgraphExec *phGraphExec, CUgraph hGraph,
    CUgraphNode *phErrorNode, char *logBuffer, size_t bufferSize)
{
	if (phErrorNode != NULL)
		*phErrorNode = NULL;
	if (logBuffer != NULL && bufferSize > 0)
		logBuffer[0] = '\0';
	return cuGraphInstantiateWithFlags(phGraphExec, hGraph, 0);
}

FC_API CUresult
cuGraphInstantiate(CUgraphExec *phGraphExec, CUgraph hGraph,
    CUgraphNode *phErrorNode, char *logBuffer, size_t bufferSize)
{
	return cuGraphInstantiate_v2(phGraphExec, hGraph, phErrorNode,
	    logBuffer, bufferSize);
}

FC_API CUresult
cuGraphExecUpdate(CUgraphExec hGraphExec, CUgraph hGraph,
    CUgraphNode *hErrorNode_out, CUgraphExecUpdateResult *updateResult_out)
{
	CUgraphExecUpdateResultInfo info;
	CUresult rc;

	if (hErrorNode_out == NULL || updateResult_out == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	rc = cuGraphExecUpdate_v2(hGraphExec, hGraph, &info);
	*hErrorNode_out = info.errorNode;
	*updateResult_out = info.result;
	return rc;
}

static const CUDA_KERNEL_NODE_PARAMS *
widen(const CUDA_KERNEL_NODE_PARAMS_v1 *p, CUDA_KERNEL_NODE_PARAMS *wide)
{
	if (p == NULL)
		return NULL;
	memset(wide, 0, sizeof(*wide));
	memcpy(wide, p, sizeof(*p));	/* v2 begins with v1's fields */
	return wide;
}

FC_API CUresult
cuGraphAddKernelNode(CUgraphNode *phGraphNode, CUgraph hGraph,
    const CUgraphNode *dependencies, size_t numDependencies,
    const CUDA_KERNEL_NODE_PARAMS_v1 *nodeParams)
{
	CUDA_KERNEL_NODE_PARAMS wide;

	return cuGraphAddKernelNode_v2(phGraphNode, hGraph, dependencies,
	    numDependencies, widen(nodeParams, &wide));
}

FC_API CUresult
cuGraphKernelNodeGetParams(CUgraphNode hNode,
    CUDA_KERNEL_NODE_PARAMS_v1 *nodeParams)
{
	CUDA_KERNEL_NODE_PARAMS wide;
	CUresult rc;

	if (nodeParams == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	rc = cuGraphKernelNodeGetParams_v2(hNode, &wide);
	if (rc == CUDA_SUCCESS)
		memcpy(nodeParams, &wide, sizeof(*nodeParams));
	return rc;
}

FC_API CUresult
cuGraphKernelNodeSetParams(CUgraphNode hNode,
    const CUDA_KERNEL_NODE_PARAMS_v1 *nodeParams)
{
	CUDA_KERNEL_NODE_PARAMS wide;

	return cuGraphKernelNodeSetParams_v2(hNode,
	    widen(nodeParams, &wide));
}

FC_API CUresult
cuGraphExecKernelNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode,
    const CUDA_KERNEL_NODE_PARAMS_v1 *nodeParams)
{
	CUDA_KERNEL_NODE_PARAMS wide;

	return cuGraphExecKernelNodeSetParams_v2(hGraphExec, hNode,
	    widen(nodeParams, &wide));
}

FC_API CUresult
cuGraphGetEdges(CUgraph hGraph, CUgraphNode *from, CUgraphNode *to,
    size_t *numEdges)
{
	return cuGraphGetEdges_v2(hGraph, from, to, NULL, numEdges);
}

FC_API CUresult
cuGraphNodeGetDependencies(CUgraphNode hNode, CUgraphNode *dependencies,
    size_t *numDependencies)
{
	return cuGraphNodeGetDependencies_v2(hNode, dependencies, NULL,
	    numDependencies);
}

FC_API CUresult
cuGraphNodeGetDependentNodes(CUgraphNode hNode, CUgraphNode *dependentNodes,
    size_t *numDependentNodes)
{
	return cuGraphNodeGetDependentNodes_v2(hNode, dependentNodes, NULL,
	    numDependentNodes);
}

FC_API CUresult
cuGraphAddDependencies(CUgraph hGraph, const CUgraphNode *from,
    const CUgraphNode *to, size_t numDependencies)
{
	return cuGraphAddDependencies_v2(hGraph, from, to, NULL,
	    numDependencies);
}

FC_API CUresult
cuGraphRemoveDependencies(CUgraph hGraph, const CUgraphNode *from,
    const CUgraphNode *to, size_t numDependencies)
{
	return cuGraphRemoveDependencies_v2(hGraph, from, to, NULL,
	    numDependencies);
}
