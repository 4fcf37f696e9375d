/*
 * tools/ls_sessions.h -- oncuda-ls -v: a server's sessions and GPU figures
 * (ONCUDA_LIST_SESSIONS), asked after the hello and, with a key, the key
 * exchange that every client makes (ls_sessions.c).
 */
#ifndef ONCUDA_TOOLS_LS_SESSIONS_H
#define ONCUDA_TOOLS_LS_SESSIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "common/discover.h"
#include "gen/cuda_names.h"
#include "tools/ls_connection.h"

/*
 * Asks server (found by common/discover.h) for its sessions into *list
 * (free it with xdr_free(xdr_session_list)).  key_path: the key file to
 * prove, or NULL to ask without one (a server with --key-file then
 * refuses).  *how: how the connection was protected (how->text "" when
 * none was made).  false with why, a sentence, when there is no answer.
 */
bool sessions_ask(const struct discover_result *server, const char *key_path,
    unsigned timeout_ms, session_list *list, struct ls_protection *how,
    char *why, size_t why_len);

/* The sessions and GPUs under a server's line of oncuda-ls's table. */
void sessions_print_table(const session_list *list);

/* The same as JSON members: , "sessions": [...], "gpus": [...], "nvml": "". */
void sessions_print_json(const session_list *list);

#endif
