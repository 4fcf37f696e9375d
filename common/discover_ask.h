/*
 * discover_ask.h -- asking one oncudad who it is (discover_ask.c); shared
 * by the parts of discover.c.  See discover.h.
 */
#ifndef ONCUDA_DISCOVER_ASK_H
#define ONCUDA_DISCOVER_ASK_H

#include "common/discover.h"

/*
 * Connects to r->addr over TCP within timeout_ms and calls
 * ONCUDA_DESCRIBE_SERVER, waiting timeout_ms or 10 s for the answer,
 * whichever is longer.  Sets r->state and, by it, r->description, r->version
 * or r->why.
 */
void discover_ask(struct discover_result *r, unsigned timeout_ms);

#endif
