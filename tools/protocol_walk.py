"""protocol_walk.py -- what each step of vectorAdd's trace means.

The walk-through in docs/protocol.md (tools/gen-protocol-doc.py) shows
examples/vectorAdd's RPCs as a trace recorded them and explains each
procedure once, from this table: procedure -> (the program's call that sent
it, in markdown; what happens).  A procedure the table lacks is explained by the first
sentence of its comment in idl/cuda.x.  The text must hold for a trace taken
on any machine: it may name what vectorAdd does, never the values a
particular server gave out.
"""

STEPS = {
    "CU_INIT": (
        "`cuInit(0)`",
        "The first call connects. The client reads ONCUDA_SERVER, opens one TCP connection "
        "to oncudad (through rpcbind, or straight to a host:port) and makes a null call to "
        "prove that the server speaks program 0x2C0DA000 version 13000; a server built for "
        "another CUDA version would be refused here, in words. oncudad forks a session "
        "process for the connection, and CU_INIT runs cuInit in it: every later call of "
        "this program runs in that process, and what the program leaves behind is released "
        "when it ends. The time shown is the RPC alone, the driver's own start-up included; "
        "the connection was made before it."),
    "CU_DEVICE_GET": (
        "`cuDeviceGet(&dev, 0)`",
        "Plain glue: the ordinal goes out, the device number comes back as the value of a "
        "res_int. Its Glue line in idl/cuda.x is marked `cache`, so stubs/context/answer_cache.c may "
        "keep the answer and a second question costs no message."),
    "CU_CTX_CREATE": (
        "`cuCtxCreate(&ctx, NULL, 0, dev)`",
        "cuda.h 13.0 makes this cuCtxCreate_v4, whose CUctxCreateParams is not carried "
        "(vectorAdd passes NULL). The server creates the context, records the handle as "
        "this client's and leaves the context current in the session process; the client "
        "pushes it on the calling thread's context stack. The thread's context and the "
        "server's are now the same, so no CU_CTX_SET_CURRENT comes before the calls that "
        "follow. The handle is the server's own value: the client only hands it back."),
    "CU_IMAGE_STAGE": (
        "`cuModuleLoad(&module, path)`",
        "The fatbin file is on the client's machine, so the client reads it and sends its "
        "bytes. It takes the image's size from the fatbin header (16 bytes plus the size at "
        "offset 8) and stages the image with CU_IMAGE_STAGE in pieces of at most "
        "ONCUDA_CHUNK_DEFAULT bytes, offset 0 first; this one fits in a single piece."),
    "CU_MODULE_LOAD_DATA": (
        "`cuModuleLoad(&module, path)`, continued",
        "The load consumes the staged image: the server calls cuModuleLoadData on it and "
        "keeps the image as long as the module lives. The result carries the JIT option "
        "values and logs (res_loaded_image), on failure too, because they say why; here "
        "there were no options and the logs are empty."),
    "CU_MODULE_GET_FUNCTION": (
        "`cuModuleGetFunction(&kernel, module, \"vectorAdd\")`",
        "Plain glue: the module handle and the name (a cu_name string) go out, the "
        "CUfunction comes back. The server checks that the module is one it gave this "
        "client and records the new function handle as this client's."),
    "CU_MEM_ALLOC": (
        "`cuMemAlloc(&dev_a, bytes)`, then for `dev_b` and `dev_c`",
        "cuda.h makes these cuMemAlloc_v2. Each device address comes back as a cu_dptr. The "
        "client records each range `[dptr, dptr + size)`: that is how cuMemcpy, which takes "
        "bare addresses, later tells device memory from host memory."),
    "CU_MEMCPY_HTOD": (
        "`cuMemcpyHtoD(dev_a, a, bytes)`, then for `dev_b`",
        "The host data travel in the message as cu_bytes, shown by size and CRC-32. A copy "
        "of more than ONCUDA_CHUNK_DEFAULT bytes (4 MiB) would be cut into several "
        "CU_MEMCPY_HTOD messages, dst advancing by a chunk each time, sent in order under "
        "one hold of the connection; these 200000 bytes take one. Each sends 12 bytes "
        "besides the data: dst and the opaque's length."),
    "CU_PARAM_LAYOUT": (
        "`cuLaunchKernel(kernel, blocks, 1, 1, 256, 1, 1, 0, NULL, params, NULL)`",
        "Before the first launch of a function the client asks for its parameter layout: "
        "the server calls cuFuncGetParamInfo for index 0, 1, ... until the driver says "
        "CUDA_ERROR_INVALID_VALUE. `vectorAdd(const float *A, const float *B, float *C, "
        "int numElements)` has four parameters: three 8-byte pointers at offsets 0, 8 and "
        "16, and a 4-byte int at 24. The client caches the layout until the module is "
        "unloaded, so a second launch would not ask again."),
    "CU_LAUNCH_KERNEL": (
        "`cuLaunchKernel(...)`, continued",
        "`kernelParams` is an array of pointers into the program's memory, which mean nothing "
        "on the server. The client copies each argument, as many bytes as the layout says, "
        "to its offset in one buffer: 28 bytes holding the three device addresses and n "
        "(its CRC differs between servers, since the addresses do), with the offsets 0, 8, "
        "16 and 24. The server checks every (offset, size) against the layout it reported, "
        "rebuilds the `void *[]` over its copy and calls cuLaunchKernel. The launch is "
        "queued, not waited for: the reply says only that it was accepted. No mapped host "
        "memory is tracked, so no CU_MAPPED_PUSH goes before it."),
    "CU_CTX_SYNCHRONIZE": (
        "`cuCtxSynchronize()`",
        "Plain glue marked `pull`: the server waits for the kernel, and had the program "
        "handed mapped host memory to the GPU, the client would now fetch what the GPU "
        "wrote there with CU_MAPPED_PULL. vectorAdd has none, so this is the only message, "
        "with no arguments at all."),
    "CU_MEMCPY_DTOH": (
        "`cuMemcpyDtoH(c, dev_c, bytes)`",
        "The way back: the request names the source and the size (16 bytes), the result "
        "brings the data (res_data) when the copy succeeded. A larger copy would take one "
        "round trip per chunk of ONCUDA_CHUNK_DEFAULT bytes."),
    "CU_MEM_FREE": (
        "`cuMemFree(dev_a)`, then `dev_b` and `dev_c`",
        "Teardown starts. The server frees each allocation and forgets it; the client "
        "forgets its range."),
    "CU_MODULE_UNLOAD": (
        "`cuModuleUnload(module)`",
        "The server unloads the module, frees the image it kept and forgets the module's "
        "function handles; the client drops their cached parameter layouts, since a later "
        "module may be given the same handle values."),
    "CU_CTX_DESTROY": (
        "`cuCtxDestroy(ctx)`",
        "cuda.h makes this cuCtxDestroy_v2. The server destroys the context and forgets "
        "every handle made in it; the client takes it off the thread's stack. When the "
        "program exits the connection closes and the session process ends, releasing "
        "whatever a less tidy program would have left: memory, modules, contexts."),
}
