/*
 * server/svc/svc_mapped.h -- mapped host memory kept coherent (svc_mapped.c).
 */
#ifndef ONCUDA_SERVER_SVC_SVC_MAPPED_H
#define ONCUDA_SERVER_SVC_SVC_MAPPED_H

/* The mirror at mirror is going away: stop keeping it coherent. */
void mapped_mirror_gone(const void *mirror);

#endif
