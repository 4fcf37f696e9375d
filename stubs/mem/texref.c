/*
 * texref.c -- texture references: binding pitched memory and the
 * sampling state (idl/cuda.x, CU_TEX_REF_SET_ADDRESS_2D, CU_TEX_REF_SET,
 * CU_TEX_REF_GET).  The other texture and surface reference calls are
 * plain (gen/glue_client.c).
 *
 * A CUtexref is a tagged handle like any other: each call goes to the
 * server of its reference, without the tag.  Each setter sends its
 * field's arm of texref_setting, each getter asks for one and stores
 * what the arm holds.
 */
#include <stdint.h>
#include <string.h>

/* Texture references are deprecated, not gone. */
#define CUDA_ENABLE_DEPRECATED 1
#include <cuda.h>

#include "gen/cuda_names.h"
#include "stubs/route/call.h"
#include "stubs/route/route.h"

#undef cuTexRefSetAddress2D
ONCUDA_API CUresult cuTexRefSetAddress2D_v2(CUtexref hTexRef,
    const CUDA_ARRAY_DESCRIPTOR *desc, CUdeviceptr dptr, size_t Pitch);
ONCUDA_API CUresult cuTexRefSetAddress2D_v3(CUtexref hTexRef,
    const CUDA_ARRAY_DESCRIPTOR *desc, CUdeviceptr dptr, size_t Pitch);

ONCUDA_API CUresult cuTexRefSetAddress2D_v3(CUtexref hTexRef,
    const CUDA_ARRAY_DESCRIPTOR *desc, CUdeviceptr dptr, size_t Pitch)
{
	array_desc d;
	res_none r;
	struct call k;
	CUresult e;

	if (desc == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&d, 0, sizeof d);
	d.width = desc->Width;
	d.height = desc->Height;
	d.format = (int)desc->Format;
	d.num_channels = desc->NumChannels;
	if ((e = route_call_handles(&k, hTexRef, ROUTE_HANDLE, NULL,
	    ROUTE_HANDLE, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	return call_done(&k, cu_tex_ref_set_address_2d(route_strip(hTexRef), d,
	    dptr, Pitch, &r, k.c), &r.err);
}

/* The form of CUDA 4.0 has the parameters of _v3, and is answered by it. */
ONCUDA_API CUresult cuTexRefSetAddress2D_v2(CUtexref hTexRef,
    const CUDA_ARRAY_DESCRIPTOR *desc, CUdeviceptr dptr, size_t Pitch)
{
	return cuTexRefSetAddress2D_v3(hTexRef, desc, dptr, Pitch);
}

static CUresult set(CUtexref t, const texref_setting *s)
{
	res_none r;
	struct call k;
	CUresult e;

	if ((e = route_call_handles(&k, t, ROUTE_HANDLE, NULL, ROUTE_HANDLE,
	    CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	return call_done(&k, cu_tex_ref_set(route_strip(t), *s, &r, k.c),
	    &r.err);
}

/* Asks for field (dim: the address mode's); *v holds the answer. */
static CUresult get(CUtexref t, texref_field field, int dim, texref_setting *v)
{
	res_texref_setting r;
	struct call k;
	CUresult e;

	if ((e = route_call_handles(&k, t, ROUTE_HANDLE, NULL, ROUTE_HANDLE,
	    CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	e = call_done(&k, cu_tex_ref_get(route_strip(t), field, dim, &r, k.c),
	    &r.err);
	if (e == CUDA_SUCCESS && r.res_texref_setting_u.value.field != field)
		e = CUDA_ERROR_INVALID_VALUE;	/* a server answering another field */
	if (e == CUDA_SUCCESS)
		*v = r.res_texref_setting_u.value;
	return e;
}

ONCUDA_API CUresult cuTexRefSetAddressMode(CUtexref hTexRef, int dim,
    CUaddress_mode am)
{
	texref_setting s = { .field = TEXREF_ADDRESS_MODE };

	s.texref_setting_u.address_mode.dim = dim;
	s.texref_setting_u.address_mode.mode = (int)am;
	return set(hTexRef, &s);
}

ONCUDA_API CUresult cuTexRefSetFilterMode(CUtexref hTexRef, CUfilter_mode fm)
{
	texref_setting s = { .field = TEXREF_FILTER_MODE };

	s.texref_setting_u.filter_mode = (int)fm;
	return set(hTexRef, &s);
}

ONCUDA_API CUresult cuTexRefSetMipmapFilterMode(CUtexref hTexRef,
    CUfilter_mode fm)
{
	texref_setting s = { .field = TEXREF_MIPMAP_FILTER_MODE };

	s.texref_setting_u.mipmap_filter_mode = (int)fm;
	return set(hTexRef, &s);
}

ONCUDA_API CUresult cuTexRefSetMipmapLevelBias(CUtexref hTexRef, float bias)
{
	texref_setting s = { .field = TEXREF_MIPMAP_LEVEL_BIAS };

	s.texref_setting_u.mipmap_level_bias = bias;
	return set(hTexRef, &s);
}

ONCUDA_API CUresult cuTexRefSetMipmapLevelClamp(CUtexref hTexRef,
    float minMipmapLevelClamp, float maxMipmapLevelClamp)
{
	texref_setting s = { .field = TEXREF_MIPMAP_LEVEL_CLAMP };

	s.texref_setting_u.mipmap_level_clamp.min_level = minMipmapLevelClamp;
	s.texref_setting_u.mipmap_level_clamp.max_level = maxMipmapLevelClamp;
	return set(hTexRef, &s);
}

ONCUDA_API CUresult cuTexRefSetMaxAnisotropy(CUtexref hTexRef,
    unsigned int maxAniso)
{
	texref_setting s = { .field = TEXREF_MAX_ANISOTROPY };

	s.texref_setting_u.max_anisotropy = (int)maxAniso;
	return set(hTexRef, &s);
}

ONCUDA_API CUresult cuTexRefSetBorderColor(CUtexref hTexRef,
    float *pBorderColor)
{
	texref_setting s = { .field = TEXREF_BORDER_COLOR };

	if (pBorderColor == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memcpy(s.texref_setting_u.border_color, pBorderColor,
	    sizeof s.texref_setting_u.border_color);
	return set(hTexRef, &s);
}

ONCUDA_API CUresult cuTexRefSetFlags(CUtexref hTexRef, unsigned int Flags)
{
	texref_setting s = { .field = TEXREF_FLAGS };

	s.texref_setting_u.flags = Flags;
	return set(hTexRef, &s);
}

ONCUDA_API CUresult cuTexRefSetFormat(CUtexref hTexRef, CUarray_format fmt,
    int NumPackedComponents)
{
	texref_setting s = { .field = TEXREF_FORMAT };

	s.texref_setting_u.format.format = (int)fmt;
	s.texref_setting_u.format.num_channels = NumPackedComponents;
	return set(hTexRef, &s);
}

ONCUDA_API CUresult cuTexRefGetAddressMode(CUaddress_mode *pam,
    CUtexref hTexRef, int dim)
{
	texref_setting v;
	CUresult e;

	if (pam == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = get(hTexRef, TEXREF_ADDRESS_MODE, dim, &v)) == CUDA_SUCCESS)
		*pam = (CUaddress_mode)v.texref_setting_u.address_mode.mode;
	return e;
}

ONCUDA_API CUresult cuTexRefGetFilterMode(CUfilter_mode *pfm, CUtexref hTexRef)
{
	texref_setting v;
	CUresult e;

	if (pfm == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = get(hTexRef, TEXREF_FILTER_MODE, 0, &v)) == CUDA_SUCCESS)
		*pfm = (CUfilter_mode)v.texref_setting_u.filter_mode;
	return e;
}

ONCUDA_API CUresult cuTexRefGetMipmapFilterMode(CUfilter_mode *pfm,
    CUtexref hTexRef)
{
	texref_setting v;
	CUresult e;

	if (pfm == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = get(hTexRef, TEXREF_MIPMAP_FILTER_MODE, 0, &v)) == CUDA_SUCCESS)
		*pfm = (CUfilter_mode)v.texref_setting_u.mipmap_filter_mode;
	return e;
}

ONCUDA_API CUresult cuTexRefGetMipmapLevelBias(float *pbias, CUtexref hTexRef)
{
	texref_setting v;
	CUresult e;

	if (pbias == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = get(hTexRef, TEXREF_MIPMAP_LEVEL_BIAS, 0, &v)) == CUDA_SUCCESS)
		*pbias = v.texref_setting_u.mipmap_level_bias;
	return e;
}

ONCUDA_API CUresult cuTexRefGetMipmapLevelClamp(float *pminMipmapLevelClamp,
    float *pmaxMipmapLevelClamp, CUtexref hTexRef)
{
	texref_setting v;
	CUresult e;

	if (pminMipmapLevelClamp == NULL || pmaxMipmapLevelClamp == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = get(hTexRef, TEXREF_MIPMAP_LEVEL_CLAMP, 0, &v)) ==
	    CUDA_SUCCESS) {
		*pminMipmapLevelClamp =
		    v.texref_setting_u.mipmap_level_clamp.min_level;
		*pmaxMipmapLevelClamp =
		    v.texref_setting_u.mipmap_level_clamp.max_level;
	}
	return e;
}

ONCUDA_API CUresult cuTexRefGetMaxAnisotropy(int *pmaxAniso, CUtexref hTexRef)
{
	texref_setting v;
	CUresult e;

	if (pmaxAniso == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = get(hTexRef, TEXREF_MAX_ANISOTROPY, 0, &v)) == CUDA_SUCCESS)
		*pmaxAniso = v.texref_setting_u.max_anisotropy;
	return e;
}

ONCUDA_API CUresult cuTexRefGetBorderColor(float *pBorderColor,
    CUtexref hTexRef)
{
	texref_setting v;
	CUresult e;

	if (pBorderColor == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = get(hTexRef, TEXREF_BORDER_COLOR, 0, &v)) == CUDA_SUCCESS)
		memcpy(pBorderColor, v.texref_setting_u.border_color,
		    sizeof v.texref_setting_u.border_color);
	return e;
}

ONCUDA_API CUresult cuTexRefGetFlags(unsigned int *pFlags, CUtexref hTexRef)
{
	texref_setting v;
	CUresult e;

	if (pFlags == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = get(hTexRef, TEXREF_FLAGS, 0, &v)) == CUDA_SUCCESS)
		*pFlags = v.texref_setting_u.flags;
	return e;
}

ONCUDA_API CUresult cuTexRefGetFormat(CUarray_format *pFormat, int *pNumChannels,
    CUtexref hTexRef)
{
	texref_setting v;
	CUresult e;

	if (pFormat == NULL || pNumChannels == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = get(hTexRef, TEXREF_FORMAT, 0, &v)) == CUDA_SUCCESS) {
		*pFormat = (CUarray_format)v.texref_setting_u.format.format;
		*pNumChannels = v.texref_setting_u.format.num_channels;
	}
	return e;
}
