/*
 * linked.h -- what the inputs of the program's links (cuLink*) declare of
 * their kernels, for the cubin that the server's driver links of them
 * (linked.c).
 *
 * The linked cubin comes from the server, and so do the layouts the
 * client holds against an image's kernels (declared.h): a server, or
 * anyone on the path, that rewrote both alike could make the client read
 * past a kernel's arguments.  The inputs are the program's own, so the
 * kernels that they state (a cubin's .nv.info, PTX .entry declarations,
 * a fatbin's entries, plain or compressed, the fatbins inside host objects
 * and archives) are kept with the link and, once it completes, with a
 * digest of its cubin: an image loaded later with the same bytes,
 * wherever the program copied them, is held against what its inputs
 * stated, and against the cubin only for kernels no input states (those
 * of LTO IR, which is not read).
 *
 * Links are the program's CUlinkState records (link.c); their outputs
 * are remembered after cuLinkDestroy (the program may load its copy of
 * the cubin later), the last LINKED_OUTPUTS_MAX of them.
 */
#ifndef ONCUDA_LINKED_H
#define ONCUDA_LINKED_H

#include <stdbool.h>
#include <stddef.h>

#include <cuda.h>

#include "common/image_kernels.h"

#define LINKED_OUTPUTS_MAX 64

/* The size bytes at image were added to link as an input of type. */
void linked_input(const void *link, CUjitInputType type, const void *image,
		  size_t size);

/* link completed into the cubin of size bytes at cubin. */
void linked_output(const void *link, const void *cubin, size_t size);

/* link was destroyed: its inputs are forgotten (its outputs are not). */
void linked_forget(const void *link);

/*
 * When the image of size bytes at image is the output of a link, puts
 * what its inputs state of their kernels over *k (image_kernels_overlay).
 * False only when memory ran out.
 */
bool linked_overlay(const void *image, size_t size, struct image_kernels *k);

#endif /* ONCUDA_LINKED_H */
