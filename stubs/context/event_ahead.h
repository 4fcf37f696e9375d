/*
 * event_ahead.h -- events the server made ahead of the program's
 * cuEventCreate (CU_EVENT_CREATE_AHEAD, idl/cuda.x).
 *
 * cuEventCreate with flags of CU_EVENT_BLOCKING_SYNC and
 * CU_EVENT_DISABLE_TIMING only, in a thread with a current context, hands
 * out an event the server made earlier in that context with those flags,
 * and asks for ONCUDA_EVENTS_AHEAD more (default 8; 0: every cuEventCreate
 * asks the server, as before) when none is left.  Such an event is what
 * the driver's cuEventCreate returns: a new event in the current context
 * that nothing has recorded.  cuEventDestroy is one-way.  The events kept
 * for a server are destroyed before any call that may destroy a context
 * there (event_ahead_release), while their contexts still live.
 */
#ifndef ONCUDA_EVENT_AHEAD_H
#define ONCUDA_EVENT_AHEAD_H

#include <rpc/rpc.h>

/*
 * With the connection to server held (call.h), before a call that may
 * destroy a context there: queues a one-way CU_EVENT_DESTROY on c for
 * each event kept for that server, and forgets them.  Not RPC_SUCCESS:
 * the connection failed (the events went with the session).
 */
enum clnt_stat event_ahead_release(unsigned server, CLIENT *c);

#endif
