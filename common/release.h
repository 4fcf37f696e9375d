/*
 * common/release.h -- which oncuda this is: the release it was built from
 * and the protocol revision it speaks (ONCUDA_HELLO, idl/cuda.x).
 */
#ifndef ONCUDA_RELEASE_H
#define ONCUDA_RELEASE_H

#include "gen/wire_revision.h"

/* `git describe --always --dirty` of the tree when this file was compiled,
 * or "unknown" outside a git checkout. */
const char *release_software(void);

#endif
