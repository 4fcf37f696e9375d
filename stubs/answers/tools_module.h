/*
 * tools_module.h -- the export table cuFFT asks for (tools_module.c), for
 * cuGetExportTable.
 */
#ifndef ONCUDA_TOOLS_MODULE_H
#define ONCUDA_TOOLS_MODULE_H

extern const void *const tools_module_table[];

#endif
