/*
 * fake_conn.h - the client's connection, faked for the unit tests of
 * stubs/: rpc_begin/rpc_end/rpc_unavailable and oncuda_unsupported as
 * stubs/wire/rpc.h declares them, context_deaths of stubs/context/context.h,
 * and CU_PARAM_LAYOUT answered from a table of
 * the test kernels' layouts (/work/notes/kernels.md) under made-up handles.
 *
 * Like the real one, rpc_begin() takes a lock that rpc_end() releases, so
 * threads' sections never overlap; the fake counts the sections so a test
 * can tell which calls shared one.
 */
#ifndef FAKE_CONN_H
#define FAKE_CONN_H

#include <stdint.h>

#include "stubs/wire/rpc.h"

/* The fake connection's begin, which call.h's begins are made of here:
 * the connection, NULL when it cannot begin; rpc_end ends it. */
CLIENT *rpc_begin(void);

/* Handles, and the layouts the fake server reports for them. */
#define FAKE_VEC_ADD    0x7f0000001000ull	/* vec_add */
#define FAKE_MIXED_ARGS 0x7f0000002000ull	/* mixed_args */
#define FAKE_NO_PARAMS  0x7f0000003000ull	/* none */
#define FAKE_KERNEL     0x7f0000004000ull	/* CUkernel, scale_dyn_smem */
#define FAKE_TOO_BIG    0x7f0000005000ull	/* one ends past 32768 bytes */
#define FAKE_OVERLAP    0x7f0000006000ull	/* the second starts inside the first */
#define FAKE_EMPTY_PARAM 0x7f0000007000ull	/* a parameter of 0 bytes */
#define FAKE_HUGE_PARAM 0x7f0000008000ull	/* one of 32744 bytes: fits */
#define FAKE_UNKNOWN    0x7f0000009000ull	/* INVALID_HANDLE */
/* vec_add's layout but its last parameter (an int) said to be 8 bytes:
 * plausible, and wrong by the image (stubs/code/declared.h). */
#define FAKE_TAMPERED   0x7f000000a000ull

extern CLIENT fake_client;

/* rpc_begin/rpc_end pairs begun so far, and the one in progress (0: none);
 * read them between calls, from one thread. */
extern int fake_sections;
extern int fake_open_section;

/* The last name given to oncuda_unsupported(), or NULL. */
extern const char *fake_unsupported;

/* How many times oncuda_say() was called. */
extern int fake_said;

/* CU_PARAM_LAYOUT: what the connection answers (RPC_SUCCESS, or a failure
 * such as RPC_TIMEDOUT), and a hook run while the question is out. */
extern enum clnt_stat fake_layout_status;
extern void (*fake_during_layout)(void);

/* What context_deaths() answers: a test raises it to kill a context. */
extern uint64_t fake_context_deaths;

/* How many CU_PARAM_LAYOUT calls were made. */
unsigned int fake_layout_calls(void);

#endif
