/*
 * tools_context.h -- cuBLAS's ToolsContext export table (tools_context.c),
 * for cuGetExportTable.
 */
#ifndef ONCUDA_TOOLS_CONTEXT_H
#define ONCUDA_TOOLS_CONTEXT_H

extern const void *const tools_context_table[];

#endif
