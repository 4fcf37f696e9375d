/*
 * common/release.c -- which oncuda this is (release.h).
 *
 * The text comes from the build (common/build.mk passes it); a tree
 * without git says "unknown".
 */
#include "common/release.h"

#ifndef ONCUDA_SOFTWARE_VERSION
#define ONCUDA_SOFTWARE_VERSION "unknown"
#endif

const char *release_software(void)
{
	return ONCUDA_SOFTWARE_VERSION;
}
