/*
 * texref.c - texture and surface references: a module's (the names the
 * PTX of tests/e2e/texref.c declares, made at their first lookup and
 * freed with the module) and cuTexRefCreate's (freed with their
 * context), each a record of its binding and sampling state for the
 * kernels of kernels_texref.c to read through.
 *
 * What the driver checks and the tests can tell is checked: the memory
 * bound lies in one allocation, an array exists (and was made for
 * surface loads and stores, for a surface reference), a format has 1, 2
 * or 4 channels.  Sampling does what the H200 does for the cases the
 * tests use: element fetches from linear memory, 2D point and linear
 * filtering of one float channel with clamp or border addressing
 * (unnormalized coordinates clamp in the other modes too).
 */
#include <stdlib.h>
#include <string.h>

/* Texture references are deprecated, not gone. */
#define CUDA_ENABLE_DEPRECATED 1
#include "fakecuda.h"
#include "fake_array.h"
#include "fake_texref.h"

/* The texture unit binds linear memory at this alignment (the H200's). */
#define TEXTURE_ALIGNMENT 512

enum binding { BOUND_NONE, BOUND_LINEAR, BOUND_PITCH2D, BOUND_ARRAY,
	BOUND_MIPMAPPED };

struct fc_texref {
	uintptr_t handle;
	bool surface;
	struct fc_module *module;	/* NULL: cuTexRefCreate's */
	struct fc_context *ctx;
	const char *name;
	enum binding bound;
	uintptr_t base;			/* linear, pitch2D: the aligned start */
	size_t bytes;			/* linear */
	size_t width, height, pitch;	/* pitch2D */
	CUarray array;
	CUmipmappedArray mipmapped;
	CUarray_format format;
	int channels;
	CUaddress_mode address_mode[3];
	CUfilter_mode filter, mipmap_filter;
	float bias, min_clamp, max_clamp;
	unsigned int max_anisotropy;
	float border[4];
	unsigned int flags;
	struct fc_texref *next;
};

/* The references the test kernels declare. */
static const struct {
	const char *name;
	bool surface;
} declared[] = {
	{ "texref_lin", false },
	{ "texref_2d", false },
	{ "surfref_2d", true },
};

static struct fc_texref *refs;

static struct fc_texref *
make(struct fc_module *mod, struct fc_context *ctx, const char *name,
    bool surface)
{
	struct fc_texref *t = calloc(1, sizeof(*t));

	if (t == NULL)
		return NULL;
	t->handle = fc_handle_new(FC_KIND_TEXREF, t);
	if (t->handle == 0) {
		free(t);
		return NULL;
	}
	t->surface = surface;
	t->module = mod;
	t->ctx = ctx;
	t->name = name;
	t->format = CU_AD_FORMAT_FLOAT;
	t->channels = 1;
	t->next = refs;
	refs = t;
	return t;
}

static void
drop_where(bool (*match)(const struct fc_texref *, const void *),
    const void *what)
{
	struct fc_texref **p = &refs;

	while (*p != NULL) {
		struct fc_texref *t = *p;

		if (match(t, what)) {
			*p = t->next;
			fc_handle_drop(t->handle);
			free(t);
		} else {
			p = &t->next;
		}
	}
}

static bool
is(const struct fc_texref *t, const void *which)
{
	return t == which;
}

static bool
of_module(const struct fc_texref *t, const void *mod)
{
	return t->module == mod;
}

static bool
created_in(const struct fc_texref *t, const void *ctx)
{
	return t->module == NULL && t->ctx == ctx;
}

void
fc_texref_release_module(struct fc_module *mod)
{
	drop_where(of_module, mod);
}

void
fc_texref_release_context(struct fc_context *ctx)
{
	drop_where(created_in, ctx);
}

static CUresult
module_ref(void **out, CUmodule hmod, const char *name, bool surface)
{
	struct fc_context *ctx;
	struct fc_module *mod;
	struct fc_texref *t;
	CUresult rc;

	if (out == NULL || name == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	fc_lock();
	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS &&
	    (mod = fc_handle_lookup((uintptr_t)hmod, FC_KIND_MODULE)) == NULL)
		rc = CUDA_ERROR_INVALID_HANDLE;
	for (t = refs; rc == CUDA_SUCCESS && t != NULL; t = t->next)
		if (t->module == mod && strcmp(t->name, name) == 0 &&
		    t->surface == surface)
			break;
	for (size_t i = 0; rc == CUDA_SUCCESS && t == NULL &&
	    i < sizeof(declared) / sizeof(declared[0]); i++)
		if (strcmp(declared[i].name, name) == 0 &&
		    declared[i].surface == surface &&
		    (t = make(mod, mod->ctx, declared[i].name, surface)) == NULL)
			rc = CUDA_ERROR_OUT_OF_MEMORY;
	if (rc == CUDA_SUCCESS && t == NULL)
		rc = CUDA_ERROR_NOT_FOUND;
	if (rc == CUDA_SUCCESS)
		*out = (void *)t->handle;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuModuleGetTexRef(CUtexref *pTexRef, CUmodule hmod, const char *name)
{
	return module_ref((void **)pTexRef, hmod, name, false);
}

FC_API CUresult
cuModuleGetSurfRef(CUsurfref *pSurfRef, CUmodule hmod, const char *name)
{
	return module_ref((void **)pSurfRef, hmod, name, true);
}

FC_API CUresult
cuTexRefCreate(CUtexref *pTexRef)
{
	struct fc_context *ctx;
	struct fc_texref *t;
	CUresult rc;

	if (pTexRef == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	fc_lock();
	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS && (t = make(NULL, ctx, "", false)) == NULL)
		rc = CUDA_ERROR_OUT_OF_MEMORY;
	if (rc == CUDA_SUCCESS)
		*pTexRef = (CUtexref)t->handle;
	fc_unlock();
	return rc;
}

/* The reference of a call, under the lock. */
static CUresult
find(const void *handle, bool surface, struct fc_texref **out)
{
	CUresult rc = fc_check_init();

	if (rc != CUDA_SUCCESS)
		return rc;
	*out = fc_handle_lookup((uintptr_t)handle, FC_KIND_TEXREF);
	if (*out == NULL || (*out)->surface != surface)
		return CUDA_ERROR_INVALID_HANDLE;
	return CUDA_SUCCESS;
}

FC_API CUresult
cuTexRefDestroy(CUtexref hTexRef)
{
	struct fc_texref *t;
	CUresult rc;

	fc_lock();
	rc = find(hTexRef, false, &t);
	if (rc == CUDA_SUCCESS && t->module != NULL)
		rc = CUDA_ERROR_INVALID_HANDLE;	/* the module's to free */
	if (rc == CUDA_SUCCESS)
		drop_where(is, t);
	fc_unlock();
	return rc;
}

/*
 * Begins a call on a reference, taking the lock (end() drops it):
 * CUDA_ERROR_INVALID_VALUE when args_ok is false (a NULL output, a value
 * out of range), after the reference itself is checked.
 */
static CUresult
begin(const void *handle, bool surface, bool args_ok, struct fc_texref **t)
{
	CUresult rc;

	fc_lock();
	rc = find(handle, surface, t);
	if (rc == CUDA_SUCCESS && !args_ok)
		rc = CUDA_ERROR_INVALID_VALUE;
	return rc;
}

static CUresult
end(CUresult rc)
{
	fc_unlock();
	return rc;
}

static void
unbind(struct fc_texref *t)
{
	t->bound = BOUND_NONE;
	t->base = 0;
	t->bytes = t->width = t->height = t->pitch = 0;
	t->array = NULL;
	t->mipmapped = NULL;
}

FC_API CUresult
cuTexRefSetAddress(size_t *ByteOffset, CUtexref hTexRef, CUdeviceptr dptr,
    size_t bytes)
{
	struct fc_texref *t;
	CUresult rc = begin(hTexRef, false, ByteOffset != NULL, &t);

	if (rc == CUDA_SUCCESS && dptr != 0 && !fc_alloc_covers(dptr, bytes))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS) {
		unbind(t);		/* and dptr 0 binds nothing */
		*ByteOffset = dptr % TEXTURE_ALIGNMENT;
	}
	if (rc == CUDA_SUCCESS && dptr != 0) {
		t->bound = BOUND_LINEAR;
		t->base = dptr - *ByteOffset;
		t->bytes = bytes + *ByteOffset;
	}
	return end(rc);
}

FC_API CUresult
cuTexRefSetAddress2D(CUtexref hTexRef, const CUDA_ARRAY_DESCRIPTOR *desc,
    CUdeviceptr dptr, size_t Pitch)
{
	struct fc_texref *t;
	CUresult rc = begin(hTexRef, false, desc != NULL, &t);
	size_t elem;

	if (rc != CUDA_SUCCESS)
		return end(rc);
	elem = fc_format_bytes(desc->Format) * desc->NumChannels;
	if (elem == 0 || desc->Width == 0 || desc->Height == 0 ||
	    dptr % TEXTURE_ALIGNMENT != 0 || Pitch < desc->Width * elem ||
	    !fc_alloc_covers(dptr, (desc->Height - 1) * Pitch +
	    desc->Width * elem))
		return end(CUDA_ERROR_INVALID_VALUE);
	unbind(t);
	t->bound = BOUND_PITCH2D;
	t->base = dptr;
	t->width = desc->Width;
	t->height = desc->Height;
	t->pitch = Pitch;
	t->format = desc->Format;
	t->channels = (int)desc->NumChannels;
	return end(CUDA_SUCCESS);
}

FC_API CUresult
cuTexRefSetArray(CUtexref hTexRef, CUarray hArray, unsigned int Flags)
{
	struct fc_texref *t;
	struct fc_array *a = NULL;
	CUresult rc = begin(hTexRef, false, Flags == CU_TRSA_OVERRIDE_FORMAT,
	    &t);

	if (rc == CUDA_SUCCESS && (a = fc_array_lookup(hArray)) == NULL)
		rc = CUDA_ERROR_INVALID_HANDLE;
	if (rc == CUDA_SUCCESS) {
		unbind(t);
		t->bound = BOUND_ARRAY;
		t->array = hArray;
		t->format = a->desc.Format;
		t->channels = (int)a->desc.NumChannels;
	}
	return end(rc);
}

FC_API CUresult
cuTexRefSetMipmappedArray(CUtexref hTexRef, CUmipmappedArray hMipmappedArray,
    unsigned int Flags)
{
	struct fc_texref *t;
	CUresult rc = begin(hTexRef, false, Flags == CU_TRSA_OVERRIDE_FORMAT,
	    &t);

	if (rc == CUDA_SUCCESS && fc_handle_lookup((uintptr_t)hMipmappedArray,
	    FC_KIND_MIPMAPPED_ARRAY) == NULL)
		rc = CUDA_ERROR_INVALID_HANDLE;
	if (rc == CUDA_SUCCESS) {
		unbind(t);
		t->bound = BOUND_MIPMAPPED;
		t->mipmapped = hMipmappedArray;
	}
	return end(rc);
}

FC_API CUresult
cuTexRefSetFormat(CUtexref hTexRef, CUarray_format fmt, int NumPackedComponents)
{
	struct fc_texref *t;
	CUresult rc = begin(hTexRef, false, fc_format_bytes(fmt) != 0 &&
	    (NumPackedComponents == 1 || NumPackedComponents == 2 ||
	    NumPackedComponents == 4), &t);

	if (rc == CUDA_SUCCESS) {
		t->format = fmt;
		t->channels = NumPackedComponents;
	}
	return end(rc);
}

FC_API CUresult
cuTexRefSetAddressMode(CUtexref hTexRef, int dim, CUaddress_mode am)
{
	struct fc_texref *t;
	CUresult rc = begin(hTexRef, false, dim >= 0 && dim <= 2 &&
	    am >= CU_TR_ADDRESS_MODE_WRAP && am <= CU_TR_ADDRESS_MODE_BORDER, &t);

	if (rc == CUDA_SUCCESS)
		t->address_mode[dim] = am;
	return end(rc);
}

static bool
filter_ok(CUfilter_mode fm)
{
	return fm == CU_TR_FILTER_MODE_POINT || fm == CU_TR_FILTER_MODE_LINEAR;
}

FC_API CUresult
cuTexRefSetFilterMode(CUtexref hTexRef, CUfilter_mode fm)
{
	struct fc_texref *t;
	CUresult rc = begin(hTexRef, false, filter_ok(fm), &t);

	if (rc == CUDA_SUCCESS)
		t->filter = fm;
	return end(rc);
}

FC_API CUresult
cuTexRefSetMipmapFilterMode(CUtexref hTexRef, CUfilter_mode fm)
{
	struct fc_texref *t;
	CUresult rc = begin(hTexRef, false, filter_ok(fm), &t);

	if (rc == CUDA_SUCCESS)
		t->mipmap_filter = fm;
	return end(rc);
}

FC_API CUresult
cuTexRefSetMipmapLevelBias(CUtexref hTexRef, float bias)
{
	struct fc_texref *t;
	CUresult rc = begin(hTexRef, false, true, &t);

	if (rc == CUDA_SUCCESS)
		t->bias = bias;
	return end(rc);
}

FC_API CUresult
cuTexRefSetMipmapLevelClamp(CUtexref hTexRef, float minMipmapLevelClamp,
    float maxMipmapLevelClamp)
{
	struct fc_texref *t;
	CUresult rc = begin(hTexRef, false, true, &t);

	if (rc == CUDA_SUCCESS) {
		t->min_clamp = minMipmapLevelClamp;
		t->max_clamp = maxMipmapLevelClamp;
	}
	return end(rc);
}

FC_API CUresult
cuTexRefSetMaxAnisotropy(CUtexref hTexRef, unsigned int maxAniso)
{
	struct fc_texref *t;
	CUresult rc = begin(hTexRef, false, true, &t);

	if (rc == CUDA_SUCCESS)
		t->max_anisotropy = maxAniso;
	return end(rc);
}

FC_API CUresult
cuTexRefSetBorderColor(CUtexref hTexRef, float *pBorderColor)
{
	struct fc_texref *t;
	CUresult rc = begin(hTexRef, false, pBorderColor != NULL, &t);

	if (rc == CUDA_SUCCESS)
		memcpy(t->border, pBorderColor, sizeof(t->border));
	return end(rc);
}

FC_API CUresult
cuTexRefSetFlags(CUtexref hTexRef, unsigned int Flags)
{
	struct fc_texref *t;
	CUresult rc = begin(hTexRef, false, true, &t);

	if (rc == CUDA_SUCCESS)
		t->flags = Flags;
	return end(rc);
}

FC_API CUresult
cuTexRefGetAddress(CUdeviceptr *pdptr, CUtexref hTexRef)
{
	struct fc_texref *t;
	CUresult rc = begin(hTexRef, false, pdptr != NULL, &t);

	if (rc == CUDA_SUCCESS && t->bound != BOUND_LINEAR &&
	    t->bound != BOUND_PITCH2D)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*pdptr = t->base;
	return end(rc);
}

FC_API CUresult
cuTexRefGetArray(CUarray *phArray, CUtexref hTexRef)
{
	struct fc_texref *t;
	CUresult rc = begin(hTexRef, false, phArray != NULL, &t);

	if (rc == CUDA_SUCCESS && t->bound != BOUND_ARRAY)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*phArray = t->array;
	return end(rc);
}

FC_API CUresult
cuTexRefGetMipmappedArray(CUmipmappedArray *phMipmappedArray, CUtexref hTexRef)
{
	struct fc_texref *t;
	CUresult rc = begin(hTexRef, false, phMipmappedArray != NULL, &t);

	if (rc == CUDA_SUCCESS && t->bound != BOUND_MIPMAPPED)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*phMipmappedArray = t->mipmapped;
	return end(rc);
}

FC_API CUresult
cuTexRefGetAddressMode(CUaddress_mode *pam, CUtexref hTexRef, int dim)
{
	struct fc_texref *t;
	CUresult rc = begin(hTexRef, false, pam != NULL && dim >= 0 && dim <= 2,
	    &t);

	if (rc == CUDA_SUCCESS)
		*pam = t->address_mode[dim];
	return end(rc);
}

FC_API CUresult
cuTexRefGetFilterMode(CUfilter_mode *pfm, CUtexref hTexRef)
{
	struct fc_texref *t;
	CUresult rc = begin(hTexRef, false, pfm != NULL, &t);

	if (rc == CUDA_SUCCESS)
		*pfm = t->filter;
	return end(rc);
}

FC_API CUresult
cuTexRefGetMipmapFilterMode(CUfilter_mode *pfm, CUtexref hTexRef)
{
	struct fc_texref *t;
	CUresult rc = begin(hTexRef, false, pfm != NULL, &t);

	if (rc == CUDA_SUCCESS)
		*pfm = t->mipmap_filter;
	return end(rc);
}

FC_API CUresult
cuTexRefGetMipmapLevelBias(float *pbias, CUtexref hTexRef)
{
	struct fc_texref *t;
	CUresult rc = begin(hTexRef, false, pbias != NULL, &t);

	if (rc == CUDA_SUCCESS)
		*pbias = t->bias;
	return end(rc);
}

FC_API CUresult
cuTexRefGetMipmapLevelClamp(float *pminMipmapLevelClamp,
    float *pmaxMipmapLevelClamp, CUtexref hTexRef)
{
	struct fc_texref *t;
	CUresult rc = begin(hTexRef, false, pminMipmapLevelClamp != NULL &&
	    pmaxMipmapLevelClamp != NULL, &t);

	if (rc == CUDA_SUCCESS) {
		*pminMipmapLevelClamp = t->min_clamp;
		*pmaxMipmapLevelClamp = t->max_clamp;
	}
	return end(rc);
}

FC_API CUresult
cuTexRefGetMaxAnisotropy(int *pmaxAniso, CUtexref hTexRef)
{
	struct fc_texref *t;
	CUresult rc = begin(hTexRef, false, pmaxAniso != NULL, &t);

	if (rc == CUDA_SUCCESS)
		*pmaxAniso = (int)t->max_anisotropy;
	return end(rc);
}

FC_API CUresult
cuTexRefGetBorderColor(float *pBorderColor, CUtexref hTexRef)
{
	struct fc_texref *t;
	CUresult rc = begin(hTexRef, false, pBorderColor != NULL, &t);

	if (rc == CUDA_SUCCESS)
		memcpy(pBorderColor, t->border, sizeof(t->border));
	return end(rc);
}

FC_API CUresult
cuTexRefGetFlags(unsigned int *pFlags, CUtexref hTexRef)
{
	struct fc_texref *t;
	CUresult rc = begin(hTexRef, false, pFlags != NULL, &t);

	if (rc == CUDA_SUCCESS)
		*pFlags = t->flags;
	return end(rc);
}

FC_API CUresult
cuTexRefGetFormat(CUarray_format *pFormat, int *pNumChannels, CUtexref hTexRef)
{
	struct fc_texref *t;
	CUresult rc = begin(hTexRef, false, pFormat != NULL &&
	    pNumChannels != NULL, &t);

	if (rc == CUDA_SUCCESS) {
		*pFormat = t->format;
		*pNumChannels = t->channels;
	}
	return end(rc);
}

FC_API CUresult
cuSurfRefSetArray(CUsurfref hSurfRef, CUarray hArray, unsigned int Flags)
{
	struct fc_texref *t;
	struct fc_array *a = NULL;
	CUresult rc = begin(hSurfRef, true, Flags == 0, &t);

	if (rc == CUDA_SUCCESS && (a = fc_array_lookup(hArray)) == NULL)
		rc = CUDA_ERROR_INVALID_HANDLE;
	if (rc == CUDA_SUCCESS && !(a->desc.Flags & CUDA_ARRAY3D_SURFACE_LDST))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS) {
		unbind(t);
		t->bound = BOUND_ARRAY;
		t->array = hArray;
	}
	return end(rc);
}

FC_API CUresult
cuSurfRefGetArray(CUarray *phArray, CUsurfref hSurfRef)
{
	struct fc_texref *t;
	CUresult rc = begin(hSurfRef, true, phArray != NULL, &t);

	if (rc == CUDA_SUCCESS && t->bound != BOUND_ARRAY)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*phArray = t->array;
	return end(rc);
}

FC_API CUresult
cuParamSetTexRef(CUfunction hfunc, int texunit, CUtexref hTexRef)
{
	struct fc_context *ctx;
	struct fc_function *fn;
	struct fc_texref *t;
	CUresult rc = begin(hTexRef, false, texunit == CU_PARAM_TR_DEFAULT, &t);

	if (rc == CUDA_SUCCESS)
		rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS)
		rc = fc_function_resolve(hfunc, ctx, &fn);
	return end(rc);
}

/* ---- for the kernels, which run under the lock (launch.c) ---- */

static struct fc_texref *
declared_by(const struct fc_module *mod, const char *name)
{
	for (struct fc_texref *t = refs; t != NULL; t = t->next)
		if (t->module == mod && strcmp(t->name, name) == 0)
			return t;
	return NULL;
}

bool
fc_texref_fetch_1d(const struct fc_module *mod, const char *name, long i,
    uint32_t *value)
{
	const struct fc_texref *t = declared_by(mod, name);
	size_t elem, at;
	uint16_t u16;
	uint8_t u8;

	if (t == NULL || t->bound != BOUND_LINEAR)
		return false;
	elem = fc_format_bytes(t->format) * (size_t)t->channels;
	/* Outside the bound bytes a fetch reads zeros. */
	if (i < 0 || (size_t)i >= t->bytes / elem) {
		*value = 0;
		return true;
	}
	at = t->base + (size_t)i * elem;
	switch (t->format) {
	case CU_AD_FORMAT_UNSIGNED_INT8:
		memcpy(&u8, (const void *)at, 1);
		*value = u8;
		break;
	case CU_AD_FORMAT_UNSIGNED_INT16:
		memcpy(&u16, (const void *)at, 2);
		*value = u16;
		break;
	case CU_AD_FORMAT_UNSIGNED_INT32:
	case CU_AD_FORMAT_FLOAT:
		memcpy(value, (const void *)at, 4);
		return true;
	default:
		return false;
	}
	if (!(t->flags & CU_TRSF_READ_AS_INTEGER)) {
		/* 8- and 16-bit integers are read as floats in [0, 1]. */
		float f = (float)*value / (t->format ==
		    CU_AD_FORMAT_UNSIGNED_INT8 ? 255.0f : 65535.0f);

		memcpy(value, &f, sizeof(f));
	}
	return true;
}

/* Texel (x, y) of a 2D float reference, addressed by its mode. */
static bool
texel(const struct fc_texref *t, long x, long y, float *v)
{
	size_t w, h, pitch;
	const unsigned char *base;
	struct fc_array *a;

	if (t->bound == BOUND_ARRAY) {
		if ((a = fc_array_lookup(t->array)) == NULL)
			return false;
		w = a->desc.Width;
		h = a->rows;
		pitch = a->row_bytes;
		base = a->data;
	} else if (t->bound == BOUND_PITCH2D) {
		w = t->width;
		h = t->height;
		pitch = t->pitch;
		base = (const unsigned char *)t->base;
	} else {
		return false;
	}
	if (t->format != CU_AD_FORMAT_FLOAT || t->channels != 1)
		return false;
	if (x < 0 || y < 0 || (size_t)x >= w || (size_t)y >= h) {
		if (t->address_mode[0] == CU_TR_ADDRESS_MODE_BORDER ||
		    t->address_mode[1] == CU_TR_ADDRESS_MODE_BORDER) {
			*v = t->border[0];
			return true;
		}
		x = x < 0 ? 0 : ((size_t)x >= w ? (long)w - 1 : x);
		y = y < 0 ? 0 : ((size_t)y >= h ? (long)h - 1 : y);
	}
	memcpy(v, base + (size_t)y * pitch + (size_t)x * sizeof(float),
	    sizeof(float));
	return true;
}

/* floor(f) for the coordinates of a texture (the stand-in has no -lm). */
static long
floor_of(float f)
{
	long i = (long)f;

	return (float)i > f ? i - 1 : i;
}

bool
fc_texref_sample_2d(const struct fc_module *mod, const char *name, float u,
    float v, float *value)
{
	const struct fc_texref *t = declared_by(mod, name);
	float a, b, t00, t10, t01, t11;
	long x, y;

	if (t == NULL || (t->flags & CU_TRSF_NORMALIZED_COORDINATES))
		return false;	/* not a case the tests use */
	if (t->filter == CU_TR_FILTER_MODE_POINT)
		return texel(t, floor_of(u), floor_of(v), value);
	x = floor_of(u - 0.5f);
	y = floor_of(v - 0.5f);
	a = u - 0.5f - (float)x;
	b = v - 0.5f - (float)y;
	if (!texel(t, x, y, &t00) || !texel(t, x + 1, y, &t10) ||
	    !texel(t, x, y + 1, &t01) || !texel(t, x + 1, y + 1, &t11))
		return false;
	*value = (1 - a) * (1 - b) * t00 + a * (1 - b) * t10 +
	    (1 - a) * b * t01 + a * b * t11;
	return true;
}

float *
fc_surfref_at_2d(const struct fc_module *mod, const char *name,
    size_t x_bytes, size_t y)
{
	const struct fc_texref *t = declared_by(mod, name);
	struct fc_array *a;

	if (t == NULL || !t->surface || t->bound != BOUND_ARRAY ||
	    (a = fc_array_lookup(t->array)) == NULL ||
	    x_bytes % sizeof(float) != 0 ||
	    x_bytes + sizeof(float) > a->row_bytes || y >= a->rows)
		return NULL;
	return (float *)(void *)(a->data + y * a->row_bytes + x_bytes);
}
