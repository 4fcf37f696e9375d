/*
 * server/session/stripes.h -- a session's data connections: binding them
 * (ONCUDA_STRIPE_OFFER, _ATTACH, _BIND: idl/cuda.x, "Striped bulk data"),
 * holding them and closing them.  What travels on them is
 * server/copy/stripe_copy.h's.
 *
 * Session thread only.
 */
#ifndef ONCUDA_SERVER_SESSION_STRIPES_H
#define ONCUDA_SERVER_SESSION_STRIPES_H

#include <cuda.h>

#include "gen/cuda_names.h"

struct stripe_crew;
struct frame_seal;

/* The three steps of binding (idl/cuda.x). */
CUresult stripes_open_offer(stripe_offer *out);
CUresult stripes_hand_over(const stripe_ticket *ticket, int connection);
CUresult stripes_take_over(unsigned count);

/*
 * After each reply: inside TLS, once ONCUDA_STRIPE_BIND's reply is out,
 * each data connection in turn starts a TLS session of its own within ms
 * (0: a default bound); one that fails closes them all (logged).
 */
void stripes_after_reply(long ms);

/* Why the session ends after this reply (it handed its connection to
 * another session as a data connection), or NULL. */
const char *stripes_session_over(void);

/* The data connections bound (0: none), the socket of each, and the seal
 * of its frames (common/frame_seal.h; NULL: a plain session's). */
unsigned stripes_count(void);
int stripes_fd(unsigned index);
struct frame_seal *stripes_seal(unsigned index);

/* The threads of the data connections (common/stripe_crew.h), one per
 * connection, started at the first copy and ended with the connections;
 * NULL when none are bound or the threads cannot be started. */
struct stripe_crew *stripes_crew(void);

/* A data connection failed: every one is closed (the streams can no
 * longer be trusted to be at a frame's start), said in the log. */
void stripes_lost(const char *why);

/* The session ends (session_teardown): the data connections and the
 * offer's socket close. */
void stripes_session_end(void);

#endif
