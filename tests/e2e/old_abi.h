/*
 * The entry points of older CUDA versions, as cuGetProcAddress hands them
 * to a program that asks for such a version (old_abi.c and the tests of
 * the older ABIs).
 */
#ifndef E2E_OLD_ABI_H
#define E2E_OLD_ABI_H

/* The entry point name is at CUDA version, or NULL. */
void *e2e_old_entry(const char *name, int version);

/* Stores it into the function pointer var, or fails the test. */
#define ENTRY(var, name, version) do {					\
	if ((*(void **)&(var) = e2e_old_entry(name, version)) == NULL)	\
		return e2e_fail(__FILE__, __LINE__, "no %s at %d",	\
				name, version);				\
} while (0)

#endif
