/*
 * node_copy.c - 3D copies with CUDA array sides: cuMemcpy3D's (memcpy.c)
 * and a memcpy node's (graph_nodes.c, graph_exec.c).  An array side
 * becomes the pitched host memory it is (fake_array.h).  A node keeps the
 * copy as the program gave it, so that GetParams gives it back, and its
 * arrays are found when it is checked and again at each run, since an
 * array may be destroyed in between (the run then faults, as on a GPU).
 */
#include "fakecuda.h"
#include "fake_array.h"
#include "graph.h"

static CUresult
resolve_side(CUmemorytype *type, const void **host, CUarray array,
    size_t x, size_t y, size_t z, size_t *pitch, size_t *height,
    const CUDA_MEMCPY3D *c)
{
	unsigned char *base;
	CUresult rc;

	if (*type != CU_MEMORYTYPE_ARRAY)
		return CUDA_SUCCESS;
	rc = fc_array_locate(array, x, y, z, c->WidthInBytes, c->Height,
	    c->Depth, &base, pitch, height);
	if (rc == CUDA_SUCCESS) {
		*type = CU_MEMORYTYPE_HOST;
		*host = base;
	}
	return rc;
}

CUresult
fc_memcpy3d_resolve(const CUDA_MEMCPY3D *in, CUDA_MEMCPY3D *out)
{
	CUresult rc;

	*out = *in;
	rc = resolve_side(&out->srcMemoryType, &out->srcHost, out->srcArray,
	    out->srcXInBytes, out->srcY, out->srcZ, &out->srcPitch,
	    &out->srcHeight, out);
	if (rc == CUDA_SUCCESS)
		rc = resolve_side(&out->dstMemoryType,
		    (const void **)&out->dstHost, out->dstArray,
		    out->dstXInBytes, out->dstY, out->dstZ, &out->dstPitch,
		    &out->dstHeight, out);
	return rc;
}

CUresult
fc_node_copy_check(const CUDA_MEMCPY3D *c)
{
	CUDA_MEMCPY3D r;

	if (c == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if (fc_memcpy3d_resolve(c, &r) != CUDA_SUCCESS)
		return CUDA_ERROR_INVALID_VALUE;
	return fc_memcpy3d_check(&r);
}

bool
fc_node_copy_run(const CUDA_MEMCPY3D *c)
{
	CUDA_MEMCPY3D r;

	if (fc_memcpy3d_resolve(c, &r) != CUDA_SUCCESS ||
	    fc_memcpy3d_check(&r) != CUDA_SUCCESS)
		return false;
	fc_memcpy3d_run(&r);
	return true;
}
