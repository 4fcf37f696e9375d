/*
 * cudart_interface.h -- the CUDART_INTERFACE export table
 * (cudart_interface.c), for cuGetExportTable and the integrity check.
 */
#ifndef ONCUDA_CUDART_INTERFACE_H
#define ONCUDA_CUDART_INTERFACE_H

extern const void *const cudart_interface_table[];

#endif
