/*
 * server_list.h -- the servers ONCUDA_SERVER names, a list or "*".
 */
#ifndef ONCUDA_SERVER_LIST_H
#define ONCUDA_SERVER_LIST_H

#include <stdbool.h>

#include "common/rpcaddr.h"

/*
 * Fills out with at most max servers from ONCUDA_SERVER: its list, or for
 * "*" (*discovered then true) every oncudad a broadcast finds.  Returns
 * NULL, or why there is no usable list.
 */
const char *server_list_from_environment(struct server_address *out,
    unsigned max, unsigned *count, bool *discovered);

#endif
