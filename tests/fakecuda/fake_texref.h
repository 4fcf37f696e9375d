/*
 * fake_texref.h - the stand-in's texture and surface references
 * (texref.c): their ends with a module or a context, and what the
 * kernels of kernels_texref.c read and write through them.
 */
#ifndef FAKE_TEXREF_H
#define FAKE_TEXREF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fakecuda.h"

/* Frees a module's references (at its unload), a context's created ones. */
void fc_texref_release_module(struct fc_module *mod);
void fc_texref_release_context(struct fc_context *ctx);

/*
 * Under the lock, through the reference the module declares by name
 * (false or NULL: none, or one bound in a way the stand-in cannot serve,
 * where a GPU would fault): element i of linear memory as tex.1d.u32
 * reads it (zero outside the bound bytes); the float a 2D fetch at
 * unnormalized (u, v) returns; the float of a surface at byte x of row y.
 */
bool fc_texref_fetch_1d(const struct fc_module *mod, const char *name, long i,
    uint32_t *value);
bool fc_texref_sample_2d(const struct fc_module *mod, const char *name,
    float u, float v, float *value);
float *fc_surfref_at_2d(const struct fc_module *mod, const char *name,
    size_t x_bytes, size_t y);

#endif
