/*
 * integrity.h -- the INTEGRITY_CHECK export table (integrity.c), for
 * cuGetExportTable.  The check hashes this table's address and that of
 * CUDART_INTERFACE: the CUDA runtime verifies it against the tables it
 * was given, so they are hashed where they are.
 */
#ifndef ONCUDA_INTEGRITY_H
#define ONCUDA_INTEGRITY_H

extern const void *const integrity_check_table[];

#endif
