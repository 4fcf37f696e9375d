/*
 * Every test, one line each; tests.c lists them in the order they run.
 */
#ifndef E2E_TESTS_H
#define E2E_TESTS_H

int test_before_init(void);		/* init.c */
int test_init(void);
int test_device(void);			/* device.c */
int test_device_attributes(void);
int test_device_pci(void);
int test_primary_ctx(void);		/* primary.c */
int test_context(void);			/* context.c */
int test_context_limits(void);
int test_set_current_again(void);
int test_handles(void);
int test_context_create_v4(void);	/* ctx_config.c */
int test_context_config(void);
int test_device_deprecated(void);
int test_device_limits(void);		/* device_limits.c */
int test_device_notifications(void);	/* device_notify.c */
int test_threads(void);			/* threads.c */
int test_per_thread_streams(void);	/* per_thread.c */
int test_per_thread_legacy_order(void);
int test_per_thread_proc_address(void);
int test_per_thread_arrays(void);
int test_per_thread_peer_3d(void);
int test_memory(void);			/* memory.c */
int test_copy(void);			/* copy.c */
int test_copy_async(void);
int test_copy_2d(void);
int test_memset(void);			/* memset.c */
int test_arrays(void);			/* array.c */
int test_texture_objects(void);		/* texture.c */
int test_texref_linear(void);		/* texref.c */
int test_texref_array(void);
int test_surfref(void);
int test_texref_create(void);
int test_texref_handles(void);
int test_memset_2d(void);
int test_big_copy(void);		/* bigcopy.c */
int test_stripe_copies_1(void);		/* stripes.c */
int test_stripe_copies_2(void);
int test_stripe_copies_4(void);
int test_stripe_copies_8(void);
int test_stripe_copies_min(void);
int test_dtoh_striped(void);		/* dtoh_striped.c */
int test_host_memory(void);		/* hostmem.c */
int test_host_register(void);
int test_pointer_attributes(void);
int test_pointer_attributes_kept(void);
int test_pointer_attributes_not_kept(void);
int test_pointer_set_attribute(void);
int test_capture_status_known(void);
int test_capture_unowned_memset(void);	/* capture_lenient.c */
int test_capture_thread_modes(void);	/* capture_modes.c */
int test_dtoh_async_pinned(void);	/* dtoh_async.c */
int test_dtoh_async_observed(void);
int test_dtoh_async_host_func(void);
int test_dtoh_async_host_func_large(void);
int test_dtoh_async_ordered(void);
int test_dtoh_async_then_write(void);
int test_dtoh_async_reused(void);
int test_dtoh_async_released(void);	/* dtoh_release.c */
int test_mapped_memory(void);		/* mapped.c */
int test_pinned_pointer_kernel(void);	/* mapped.c */
int test_pinned_address_taken(void);	/* pinned_moved.c */
int test_managed_memory(void);		/* managed.c */
int test_managed_pages(void);
int test_managed_read_syscall(void);
int test_managed_ctx_gone(void);
int test_managed_whole(void);
int test_managed_busy(void);
int test_managed_busy_full(void);
int test_managed_advice(void);
int test_managed_variable(void);	/* managed_var.c */
int test_module_managed_variable(void);
int test_managed_packed(void);	/* managed_packed.c */
int test_managed_one_byte(void);	/* managed_blocks.c */
int test_managed_distant_bytes(void);
int test_uva_copy(void);		/* uva_copy.c */
int test_modules(void);			/* module.c */
int test_module_globals(void);
int test_module_errors(void);
int test_libraries(void);		/* library.c */
int test_library_linked(void);
int test_launch(void);			/* launch.c */
int test_launch_extra(void);
int test_launch_ex(void);
int test_dynamic_smem(void);
int test_func_attributes(void);		/* funcattr.c */
int test_occupancy(void);
int test_cooperative_launch(void);	/* code_names.c */
int test_code_names(void);
int test_export_tools_module(void);	/* export_table.c */
int test_export_blaslt(void);
int test_kernel_printf(void);		/* kernel_printf.c */
int test_kernel_assert(void);		/* kernel_printf.c */
int test_streams(void);			/* stream.c */
int test_stream_wait_event(void);
int test_stream_attributes(void);	/* stream_ops.c */
int test_stream_mem_ops(void);
int test_events(void);			/* event.c */
int test_events_ahead(void);		/* event_ahead.c */
int test_events_ahead_primary(void);	/* event_ahead.c */
int test_graph_capture(void);		/* graph.c */
int test_graph_explicit(void);		/* graph.c */
int test_graph_mem_nodes(void);		/* graph_more.c */
int test_graph_conditional(void);	/* graph_more.c */
int test_graph_add_node(void);		/* graph_more.c */
int test_graph_node_queries(void);	/* graph_more.c */
int test_graph_bad_handles(void);	/* graph_more.c */
int test_graph_params_kept(void);	/* graph_kept.c */
int test_capture_mem_alloc(void);	/* capture_alloc.c */
int test_graph_memcpy_unified(void);	/* graph_unified.c */
int test_graph_host_memcpy(void);	/* graph_more.c */
int test_graph_pinned_memcpy(void);
int test_capture_pinned_copies(void);
int test_capture_pageable_copies(void);
int test_graph_pageable_kernel(void);	/* graph_host.c */
int test_graph_registered_memcpy(void);
int test_graph_array_memcpy(void);
int test_graph_memcpy_host_params(void);
int test_graph_pageable_ctx_death(void);
int test_capture_pageable_3d(void);
int test_graph_capture_to_graph(void);	/* graph_more.c */
int test_graph_child_move(void);	/* graph_child_move.c */
int test_graph_edge_data(void);	/* graph_edge_data.c */
int test_capture_edge_data(void);	/* capture_edge_data.c */
int test_host_func_order(void);		/* hostfn.c */
int test_host_node_replay(void);	/* hostfn.c */
int test_host_func_captured(void);	/* hostfn.c */
int test_user_objects(void);		/* hostfn.c */
int test_link(void);			/* link.c */
int test_link_errors(void);
int test_tensor_map(void);		/* tensor_map.c */
int test_aligned_params(void);	/* aligned_params.c */
int test_tensor_map_ranges(void);
int test_cooperative_multi_device(void);	/* launch_multi.c */
int test_green_ctx(void);		/* green.c */
int test_green_ctx_forged(void);
int test_profiler(void);
int test_driver_logs(void);		/* logs.c */
int test_log_callbacks(void);		/* log_callbacks.c */
int test_coredump_settings(void);	/* coredump.c */
int test_coredump_file_refused(void);		/* profiler.c */
int test_alloc_async(void);		/* mempool.c */
int test_mem_pools(void);		/* mempool.c */
int test_vmm(void);			/* vmm.c */
int test_sparse_array(void);		/* sparse.c */
int test_sparse_mipmap(void);		/* sparse.c */
int test_deferred_array(void);		/* sparse.c */
int test_ipc(void);			/* ipc.c */
int e2e_ipc_child(const char *hex);	/* ipc.c: e2e --ipc-child */
int test_peer(void);			/* peer.c */
int test_host_atomics(void);
int test_pool_location(void);		/* pool_location.c */
int test_batch_copies(void);		/* copy_batch.c */
int test_decompress(void);		/* decompress.c */
int test_attributes_truthful(void);	/* attributes.c */
int test_queued_order(void);		/* batch.c */
int test_queued_errors(void);
int test_queued_start(void);
int test_queued_threads(void);
int test_error_strings(void);		/* errors.c */
int test_proc_address(void);
int test_fault(void);			/* fault.c */
int test_deprecated_launch(void);	/* old_abi.c */
int test_ctx_attach(void);
int test_older_abis(void);
int test_abi_before_3_2(void);
int test_abi_before_3_2_copies(void);	/* old_abi_copies.c */

#endif
