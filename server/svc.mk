# server/svc.mk -- the hand-written server procedures and per-client state.
# Included by server/build.mk, which compiles and links these objects into
# server/oncudad together with the daemon and the generated glue.
SVC_OBJS := \
	server/session.o \
	server/svc_context.o \
	server/svc_copy.o \
	server/svc_copy2d.o \
	server/svc_device.o \
	server/svc_hostmem.o \
	server/svc_image.o \
	server/svc_jit.o \
	server/svc_launch.o \
	server/svc_memory.o \
	server/svc_module.o \
	server/svc_occupancy.o \
	server/svc_params.o \
	server/svc_pointer.o \
	server/svc_runtime.o
