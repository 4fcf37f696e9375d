/*
 * server/svc/svc_vmm.h -- the client's virtual memory (svc_vmm.c), as the
 * session ends.
 */
#ifndef ONCUDA_SERVER_SVC_SVC_VMM_H
#define ONCUDA_SERVER_SVC_SVC_VMM_H

/*
 * The session is over: unmaps the client's mappings, releases its
 * allocation handles and frees its reservations through the driver, and
 * forgets them.
 */
void vmm_release_all(void);

#endif
