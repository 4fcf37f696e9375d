/*
 * function.c - function attributes and parameter layouts.
 *
 * Attributes start at values a compiled kernel of this size would have on
 * the GPU and remember what the caller sets, within the driver's bounds.
 */
#include "fakecuda.h"

#define PTX_AND_BINARY_VERSION 90

void
fc_func_attrs_init(struct fc_func_attrs *attrs, const struct fc_kernel_def *def)
{
	int *v = attrs->values;

	for (int i = 0; i < CU_FUNC_ATTRIBUTE_MAX; i++)
		v[i] = 0;
	v[CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK] = FC_MAX_THREADS_PER_BLOCK;
	v[CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES] = (int)def->static_shared_bytes;
	v[CU_FUNC_ATTRIBUTE_NUM_REGS] = FC_KERNEL_REGS;
	v[CU_FUNC_ATTRIBUTE_PTX_VERSION] = PTX_AND_BINARY_VERSION;
	v[CU_FUNC_ATTRIBUTE_BINARY_VERSION] = PTX_AND_BINARY_VERSION;
	/* Without opt-in, static and dynamic shared memory share 48 KiB. */
	v[CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES] =
	    FC_SMEM_PER_BLOCK - (int)def->static_shared_bytes;
	v[CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT] = -1;
	attrs->cache_config = CU_FUNC_CACHE_PREFER_NONE;
}

CUresult
fc_func_attr_get(const struct fc_func_attrs *attrs, CUfunction_attribute attrib,
    int *value)
{
	if (value == NULL || (int)attrib < 0 || attrib >= CU_FUNC_ATTRIBUTE_MAX)
		return CUDA_ERROR_INVALID_VALUE;
	*value = attrs->values[attrib];
	return CUDA_SUCCESS;
}

/* Only the attributes the driver lets a caller change are settable. */
CUresult
fc_func_attr_set(struct fc_func_attrs *attrs, const struct fc_kernel_def *def,
    CUfunction_attribute attrib, int value)
{
	int low, high;

	switch (attrib) {
	case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES:
		low = 0;
		high = FC_SMEM_PER_BLOCK_OPTIN - (int)def->static_shared_bytes;
		break;
	case CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT:
		low = -1;
		high = 100;
		break;
	case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH:
	case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT:
	case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH:
		low = 0;
		high = FC_MAX_CLUSTER_SIZE;
		break;
	case CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED:
		low = 0;
		high = 1;
		break;
	case CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE:
		low = CU_CLUSTER_SCHEDULING_POLICY_DEFAULT;
		high = CU_CLUSTER_SCHEDULING_POLICY_LOAD_BALANCING;
		break;
	default:
		return CUDA_ERROR_INVALID_VALUE;
	}
	if (value < low || value > high)
		return CUDA_ERROR_INVALID_VALUE;
	attrs->values[attrib] = value;
	return CUDA_SUCCESS;
}

CUresult
fc_param_info(const struct fc_kernel_def *def, size_t index, size_t *offset,
    size_t *size)
{
	if (index >= def->param_count)
		return CUDA_ERROR_INVALID_VALUE;
	if (offset != NULL)
		*offset = def->params[index].offset;
	if (size != NULL)
		*size = def->params[index].size;
	return CUDA_SUCCESS;
}

/*
 * A CUfunction, or a CUkernel passed where a CUfunction is expected (which
 * the driver allows): the kernel then stands for its function in ctx.
 */
CUresult
fc_function_resolve(CUfunction handle, struct fc_context *ctx,
    struct fc_function **out)
{
	struct fc_kernel *k;
	struct fc_module *mod;
	CUresult rc;

	*out = fc_handle_lookup((uintptr_t)handle, FC_KIND_FUNCTION);
	if (*out != NULL)
		return CUDA_SUCCESS;
	k = fc_handle_lookup((uintptr_t)handle, FC_KIND_KERNEL);
	if (k == NULL)
		return CUDA_ERROR_INVALID_HANDLE;
	rc = fc_library_module(k->library, ctx, &mod);
	if (rc == CUDA_SUCCESS)
		*out = &mod->functions[k - k->library->kernels];
	return rc;
}

static CUresult
lookup(CUfunction handle, struct fc_function **fn)
{
	struct fc_context *ctx;
	CUresult rc;

	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS)
		rc = fc_function_resolve(handle, ctx, fn);
	return rc;
}

FC_API CUresult
cuFuncGetAttribute(int *pi, CUfunction_attribute attrib, CUfunction hfunc)
{
	struct fc_function *fn;
	CUresult rc;

	fc_lock();
	rc = lookup(hfunc, &fn);
	if (rc == CUDA_SUCCESS)
		rc = fc_func_attr_get(fn->attrs, attrib, pi);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuFuncSetAttribute(CUfunction hfunc, CUfunction_attribute attrib, int value)
{
	struct fc_function *fn;
	CUresult rc;

	fc_lock();
	rc = lookup(hfunc, &fn);
	if (rc == CUDA_SUCCESS)
		rc = fc_func_attr_set(fn->attrs, fn->def, attrib, value);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuFuncSetCacheConfig(CUfunction hfunc, CUfunc_cache config)
{
	struct fc_function *fn;
	CUresult rc;

	fc_lock();
	rc = lookup(hfunc, &fn);
	if (rc == CUDA_SUCCESS && ((int)config < CU_FUNC_CACHE_PREFER_NONE ||
	    config > CU_FUNC_CACHE_PREFER_EQUAL))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		fn->attrs->cache_config = config;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuFuncGetParamInfo(CUfunction func, size_t paramIndex, size_t *paramOffset,
    size_t *paramSize)
{
	struct fc_function *fn;
	CUresult rc;

	fc_lock();
	rc = lookup(func, &fn);
	if (rc == CUDA_SUCCESS)
		rc = fc_param_info(fn->def, paramIndex, paramOffset, paramSize);
	fc_unlock();
	return rc;
}
