/*
 * The tests, in the order a full run takes them.  Tests that need a process
 * of their own are forked before the runner calls cuInit, whatever their
 * place here, since a process that has called cuInit cannot fork a child
 * that uses CUDA.
 */
#include "runner.h"
#include "tests.h"

const struct e2e_test e2e_tests[] = {
	{ "before_init",	"init",		test_before_init,
	  E2E_OWN_PROCESS | E2E_NO_INIT },
	{ "init",		"init",		test_init,		0 },
	{ "device",		"device",	test_device,		0 },
	{ "device_attributes",	"device",	test_device_attributes,	0 },
	{ "device_pci",		"device",	test_device_pci,	0 },
	{ "primary_ctx",	"primary",	test_primary_ctx,	0 },
	{ "context",		"context",	test_context,		0 },
	{ "context_limits",	"context",	test_context_limits,	0 },
	{ "handles",		"context",	test_handles,
	  E2E_REMOTE_ONLY },
	{ "context_create_v4",	"context",	test_context_create_v4,	0 },
	{ "context_config",	"context",	test_context_config,	0 },
	{ "device_deprecated",	"device",	test_device_deprecated,	0 },
	{ "threads",		"threads",	test_threads,		0 },
	{ "memory",		"memory",	test_memory,		0 },
	{ "copy",		"memory",	test_copy,		0 },
	{ "copy_async",		"memory",	test_copy_async,	0 },
	{ "copy_2d",		"memory",	test_copy_2d,		0 },
	{ "memset",		"memory",	test_memset,		0 },
	{ "big_copy",		"bigcopy",	test_big_copy,		0 },
	{ "host_memory",	"hostmem",	test_host_memory,	0 },
	{ "host_register",	"hostmem",	test_host_register,	0 },
	{ "pointer_attributes",	"hostmem",	test_pointer_attributes, 0 },
	{ "mapped_memory",	"hostmem",	test_mapped_memory,	0 },
	{ "modules",		"modules",	test_modules,		0 },
	{ "module_globals",	"modules",	test_module_globals,	0 },
	{ "module_errors",	"modules",	test_module_errors,	0 },
	{ "libraries",		"modules",	test_libraries,		0 },
	{ "launch",		"launch",	test_launch,		0 },
	{ "launch_extra",	"launch",	test_launch_extra,	0 },
	{ "launch_ex",		"launch",	test_launch_ex,		0 },
	{ "dynamic_smem",	"launch",	test_dynamic_smem,	0 },
	{ "func_attributes",	"launch",	test_func_attributes,	0 },
	{ "occupancy",		"launch",	test_occupancy,		0 },
	{ "cooperative_launch",	"launch",	test_cooperative_launch, 0 },
	{ "code_names",		"modules",	test_code_names,	0 },
	{ "streams",		"stream",	test_streams,		0 },
	{ "stream_wait_event",	"stream",	test_stream_wait_event,	0 },
	{ "stream_attributes",	"stream",	test_stream_attributes,	0 },
	{ "stream_mem_ops",	"stream",	test_stream_mem_ops,	0 },
	{ "events",		"stream",	test_events,		0 },
	{ "graph_capture",	"graph",	test_graph_capture,	0 },
	{ "graph_explicit",	"graph",	test_graph_explicit,	0 },
	{ "queued_order",	"queued",	test_queued_order,	0 },
	{ "queued_errors",	"queued",	test_queued_errors,	0 },
	{ "queued_start",	"queued",	test_queued_start,	0 },
	{ "queued_threads",	"queued",	test_queued_threads,	0 },
	{ "error_strings",	"errors",	test_error_strings,	0 },
	{ "profiler",		"errors",	test_profiler,		0 },
	{ "proc_address",	"errors",	test_proc_address,	0 },
	{ "fault",		"fault",	test_fault,
	  E2E_OWN_PROCESS },
};

const int e2e_test_count = sizeof(e2e_tests) / sizeof(e2e_tests[0]);
