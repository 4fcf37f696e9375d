/*
 * common/ptx_entries.h - the parameters that the .entry declarations of
 * PTX text state (ptx_entries.c).
 *
 * A kernel of PTX is declared
 *
 *   .visible .entry NAME ( .param .TYPE [.align N] NAME[[COUNT]], ... )
 *
 * and its parameters lie in that order in the parameter buffer, each at
 * the next multiple of its alignment (.align N, or its type's size), as
 * ptxas lays them out and cuFuncGetParamInfo reports them (for alignments
 * up to 16; a larger one depends on the GPU: ptx_placer_next).  So a client
 * that loaded PTX can hold a server's layout against the text
 * (common/image_kernels.h) as it does against a cubin's .nv.info.
 */
#ifndef ONCUDA_PTX_ENTRIES_H
#define ONCUDA_PTX_ENTRIES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/image_kernels.h"

/*
 * Called once for each well-formed .entry: its name (len bytes at name,
 * not NUL-terminated) and its count parameters, by ordinal.  Returns false
 * when memory ran out, which ends the walk.
 */
typedef bool ptx_entry_fn(void *arg, const char *name, size_t len,
			  const struct image_param *param, unsigned count);

/*
 * Walks the PTX text of size bytes at text (a NUL ends it sooner) and
 * calls each() for its kernels.  Only .entry is read (.func are device
 * functions, not launched); comments and strings are skipped.  An entry
 * whose declaration is not one this reader knows whole (a type it has no
 * size for, a malformed list, an .align that is no power of two, a name
 * past PTX_NAME_MAX, parameters past the driver's 32764 bytes) is left
 * out: not checked rather than wrongly refused.  Each parameter's offset
 * is where a GPU whose parameter base is a multiple of every alignment
 * puts it; its align says what others may do (ptx_placer_next).  False only when each() returned false or memory ran out.
 */
bool ptx_entries_read(const char *text, size_t size, ptx_entry_fn *each,
		      void *arg);

/*
 * Checks a layout against the sizes and alignments PTX declares, one
 * parameter at a time, in order: whether some GPU puts a parameter of size
 * bytes, aligned to align (a power of two, as an image_param holds it),
 * at offset after those checked already.  When not, *could is the lowest
 * offset it could have.
 */
struct ptx_placer {
	uint64_t end;		/* past the parameters so far */
	uint32_t residue;	/* the GPU's base, modulo modulus */
	uint32_t modulus;	/* a power of two, 16 or more */
};

void ptx_placer_init(struct ptx_placer *p);
bool ptx_placer_next(struct ptx_placer *p, uint32_t size, uint32_t align,
		     uint64_t offset, uint64_t *could);

/* The longest kernel name read; C++ templates make long ones. */
#define PTX_NAME_MAX 65536

#endif /* ONCUDA_PTX_ENTRIES_H */
