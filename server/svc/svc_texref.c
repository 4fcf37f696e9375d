/*
 * svc_texref.c -- texture references: destroying one, binding pitched
 * memory, and their sampling state (idl/cuda.x, CU_TEX_REF_DESTROY,
 * CU_TEX_REF_SET_ADDRESS_2D, CU_TEX_REF_SET, CU_TEX_REF_GET).
 *
 * A CUtexref is a handle of this client (a module's, or a context's from
 * cuTexRefCreate) and is checked before the driver sees it; what a
 * binding names is checked as copies are.  The sampling state's values
 * are the driver's to judge.
 */
#include <stdint.h>
#include <string.h>

/* Texture references are deprecated, not gone. */
#define CUDA_ENABLE_DEPRECATED 1
#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/handles.h"
#include "server/session/ranges.h"

bool_t cu_tex_ref_destroy_svc(cu_handle texref, res_none *r,
    struct svc_req *rq)
{
	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = handle_check(HANDLE_TEXREF, texref, false)) != CUDA_SUCCESS)
		return TRUE;
	/* A module's reference lives in the module's memory. */
	if (handle_owner(HANDLE_TEXREF, texref, HANDLE_MODULE) != 0) {
		r->err = CUDA_ERROR_INVALID_HANDLE;
		return TRUE;
	}
	r->err = cuTexRefDestroy((CUtexref)(uintptr_t)texref);
	if (r->err == CUDA_SUCCESS)
		handle_forget(HANDLE_TEXREF, texref);
	return TRUE;
}

bool_t cu_tex_ref_set_address_2d_svc(cu_handle texref, array_desc desc,
    cu_dptr dptr, cu_size pitch, res_none *r, struct svc_req *rq)
{
	CUDA_ARRAY_DESCRIPTOR d;
	cu_size bytes;

	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = handle_check(HANDLE_TEXREF, texref, false)) != CUDA_SUCCESS)
		return TRUE;
	/* A 2D descriptor has no depth or flags; the client sends 0. */
	if (desc.depth != 0 || desc.flags != 0 ||
	    __builtin_mul_overflow(desc.height, pitch, &bytes)) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	if ((r->err = range_check(dptr, bytes, 1, "cuTexRefSetAddress2D")) !=
	    CUDA_SUCCESS)
		return TRUE;
	memset(&d, 0, sizeof d);
	d.Width = (size_t)desc.width;
	d.Height = (size_t)desc.height;
	d.Format = (CUarray_format)desc.format;
	d.NumChannels = desc.num_channels;
	r->err = cuTexRefSetAddress2D((CUtexref)(uintptr_t)texref, &d,
	    (CUdeviceptr)dptr, (size_t)pitch);
	return TRUE;
}

bool_t cu_tex_ref_set_svc(cu_handle texref, texref_setting s, res_none *r,
    struct svc_req *rq)
{
	CUtexref t = (CUtexref)(uintptr_t)texref;
	const texref_address_mode *am = &s.texref_setting_u.address_mode;
	const texref_clamp *clamp = &s.texref_setting_u.mipmap_level_clamp;
	const texref_format *fmt = &s.texref_setting_u.format;
	float border[4];

	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = handle_check(HANDLE_TEXREF, texref, false)) != CUDA_SUCCESS)
		return TRUE;
	switch (s.field) {
	case TEXREF_ADDRESS_MODE:
		r->err = cuTexRefSetAddressMode(t, am->dim,
		    (CUaddress_mode)am->mode);
		break;
	case TEXREF_FILTER_MODE:
		r->err = cuTexRefSetFilterMode(t,
		    (CUfilter_mode)s.texref_setting_u.filter_mode);
		break;
	case TEXREF_MIPMAP_FILTER_MODE:
		r->err = cuTexRefSetMipmapFilterMode(t,
		    (CUfilter_mode)s.texref_setting_u.mipmap_filter_mode);
		break;
	case TEXREF_MIPMAP_LEVEL_BIAS:
		r->err = cuTexRefSetMipmapLevelBias(t,
		    s.texref_setting_u.mipmap_level_bias);
		break;
	case TEXREF_MIPMAP_LEVEL_CLAMP:
		r->err = cuTexRefSetMipmapLevelClamp(t, clamp->min_level,
		    clamp->max_level);
		break;
	case TEXREF_MAX_ANISOTROPY:
		r->err = cuTexRefSetMaxAnisotropy(t,
		    (unsigned int)s.texref_setting_u.max_anisotropy);
		break;
	case TEXREF_BORDER_COLOR:
		memcpy(border, s.texref_setting_u.border_color, sizeof border);
		r->err = cuTexRefSetBorderColor(t, border);
		break;
	case TEXREF_FLAGS:
		r->err = cuTexRefSetFlags(t, s.texref_setting_u.flags);
		break;
	case TEXREF_FORMAT:
		r->err = cuTexRefSetFormat(t, (CUarray_format)fmt->format,
		    fmt->num_channels);
		break;
	default:
		/* XDR decodes only the arms above. */
		r->err = CUDA_ERROR_INVALID_VALUE;
		break;
	}
	return TRUE;
}

bool_t cu_tex_ref_get_svc(cu_handle texref, texref_field field, int dim,
    res_texref_setting *r, struct svc_req *rq)
{
	CUtexref t = (CUtexref)(uintptr_t)texref;
	texref_setting *v = &r->res_texref_setting_u.value;
	CUaddress_mode mode = CU_TR_ADDRESS_MODE_WRAP;
	CUfilter_mode filter = CU_TR_FILTER_MODE_POINT;
	CUarray_format format = (CUarray_format)0;

	(void)rq;
	memset(r, 0, sizeof *r);
	v->field = field;
	if ((r->err = handle_check(HANDLE_TEXREF, texref, false)) != CUDA_SUCCESS)
		return TRUE;
	switch (field) {
	case TEXREF_ADDRESS_MODE:
		r->err = cuTexRefGetAddressMode(&mode, t, dim);
		v->texref_setting_u.address_mode.dim = dim;
		v->texref_setting_u.address_mode.mode = (int)mode;
		break;
	case TEXREF_FILTER_MODE:
		r->err = cuTexRefGetFilterMode(&filter, t);
		v->texref_setting_u.filter_mode = (int)filter;
		break;
	case TEXREF_MIPMAP_FILTER_MODE:
		r->err = cuTexRefGetMipmapFilterMode(&filter, t);
		v->texref_setting_u.mipmap_filter_mode = (int)filter;
		break;
	case TEXREF_MIPMAP_LEVEL_BIAS:
		r->err = cuTexRefGetMipmapLevelBias(
		    &v->texref_setting_u.mipmap_level_bias, t);
		break;
	case TEXREF_MIPMAP_LEVEL_CLAMP:
		r->err = cuTexRefGetMipmapLevelClamp(
		    &v->texref_setting_u.mipmap_level_clamp.min_level,
		    &v->texref_setting_u.mipmap_level_clamp.max_level, t);
		break;
	case TEXREF_MAX_ANISOTROPY:
		r->err = cuTexRefGetMaxAnisotropy(
		    &v->texref_setting_u.max_anisotropy, t);
		break;
	case TEXREF_BORDER_COLOR:
		r->err = cuTexRefGetBorderColor(v->texref_setting_u.border_color,
		    t);
		break;
	case TEXREF_FLAGS:
		r->err = cuTexRefGetFlags(&v->texref_setting_u.flags, t);
		break;
	case TEXREF_FORMAT:
		r->err = cuTexRefGetFormat(&format,
		    &v->texref_setting_u.format.num_channels, t);
		v->texref_setting_u.format.format = (int)format;
		break;
	default:
		r->err = CUDA_ERROR_INVALID_VALUE;
		break;
	}
	return TRUE;
}
