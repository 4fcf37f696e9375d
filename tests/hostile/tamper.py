#!/usr/bin/env python3
"""tests/hostile/tamper.py -- an attacker on the path between the client
library and oncudad (issue 17, finding 3).

    tamper.py SERVER_PORT SIZE CLIENT ARGS...

Listens on a port of 127.0.0.1, runs CLIENT ARGS (tests/hostile/tamperclient)
with ONCUDA_SERVER pointing there, and relays every connection it makes to
oncudad at SERVER_PORT.  It reads the ONC RPC records both ways: the xid of
each CU_PARAM_LAYOUT call the client sends, and in the server's reply to it
the layout, whose last parameter's size it sets to SIZE (0: relays the
reply as it came).  It then judges what it saw:

  SIZE 0     each launch returned CUDA_SUCCESS with the right sums, and
             every layout passed through (the proxy and the client work);
  SIZE > 0   each launch, of the kernel loaded as a cubin, of the one
             loaded as PTX, of the one loaded as a fatbin whose every
             entry is compressed, and of the one of the cubin that a
             cuLink* of that PTX made, returned CUDA_ERROR_INVALID_VALUE, with a line
             on the client's stderr for each; every layout reply was
             rewritten; the client exited by itself, not by a signal;

and in every case none of the client's records carried the marker that
tamperclient keeps in its memory just past the kernel's last argument (what
a client copying SIZE bytes of that argument would send).  Exit status 0
when all held; the last line says what was seen.
"""
import os
import socket
import struct
import subprocess
import sys
import threading

PROG = 739090432
CU_PARAM_LAYOUT = 105
CALL, REPLY = 0, 1
MARKER = b"oncuda-tamper-marker:the-program's-own-memory;"
IMAGES = ("kernels.cubin", "kernels.ptx", "kernels_zstd.fatbin", "linked")


class Records:
    """Reassembles ONC RPC records (RFC 5531's record marking) from a
    stream fed in pieces."""

    def __init__(self):
        self.buf = bytearray()
        self.record = bytearray()

    def feed(self, data):
        """The records that data completes."""
        self.buf += data
        done = []
        while len(self.buf) >= 4:
            (mark,) = struct.unpack(">I", self.buf[:4])
            length = mark & 0x7FFFFFFF
            if len(self.buf) < 4 + length:
                break
            self.record += self.buf[4:4 + length]
            del self.buf[:4 + length]
            if mark & 0x80000000:
                done.append(bytes(self.record))
                self.record = bytearray()
        return done


def receive(sock):
    """The next bytes from sock; b"" at its end or on an error."""
    try:
        return sock.recv(65536)
    except OSError:
        return b""


def shut(*socks):
    for s in socks:
        try:
            s.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


class Proxy:
    def __init__(self, server_port, size):
        self.server_port = server_port
        self.size = size
        self.lock = threading.Lock()
        self.layout_xids = set()
        self.layouts = 0          # layout replies seen
        self.rewritten = 0        # of them rewritten
        self.sent = bytearray()   # everything the client sent
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(16)
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(("127.0.0.1", self.server_port))
            threading.Thread(target=self.up, args=(client, server),
                             daemon=True).start()
            threading.Thread(target=self.down, args=(server, client),
                             daemon=True).start()

    def up(self, client, server):
        """Client to server: relayed as it comes, each call noted first
        (so that its reply cannot arrive before its xid is known)."""
        records = Records()
        while True:
            data = receive(client)
            if not data:
                break
            with self.lock:
                self.sent += data
                for r in records.feed(data):
                    if len(r) >= 24:
                        xid, kind, _, prog, _, proc = struct.unpack(
                            ">6I", r[:24])
                        if kind == CALL and prog == PROG and \
                                proc == CU_PARAM_LAYOUT:
                            self.layout_xids.add(xid)
            try:
                server.sendall(data)
            except OSError:
                break
        shut(server, client)

    def down(self, server, client):
        """Server to client: record by record, layouts rewritten."""
        records = Records()
        while True:
            data = receive(server)
            if not data:
                break
            for r in records.feed(data):
                r = self.rewrite(r)
                try:
                    client.sendall(struct.pack(">I", 0x80000000 | len(r)) + r)
                except OSError:
                    return
        shut(client)

    def rewrite(self, r):
        """The reply r, its layout's last size set to self.size if it is
        a reply to CU_PARAM_LAYOUT that succeeded."""
        if len(r) < 20:
            return r
        xid, kind, stat = struct.unpack(">3I", r[:12])
        with self.lock:
            if kind != REPLY or stat != 0 or xid not in self.layout_xids:
                return r
            self.layout_xids.discard(xid)
            self.layouts += 1
        (verifier,) = struct.unpack(">I", r[16:20])
        at = 20 + (verifier + 3) // 4 * 4
        if len(r) < at + 12:
            return r
        accept, err, count = struct.unpack(">IiI", r[at:at + 12])
        at += 12
        if accept != 0 or err != 0 or count == 0 or \
                len(r) < at + count * 16 or self.size == 0:
            return r
        last = at + (count - 1) * 16
        with self.lock:
            self.rewritten += 1
        return r[:last + 8] + struct.pack(">Q", self.size) + r[last + 16:]


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    server_port, size = int(sys.argv[1]), int(sys.argv[2])
    proxy = Proxy(server_port, size)
    env = dict(os.environ, ONCUDA_SERVER="127.0.0.1:%d" % proxy.port,
               ONCUDA_TRANSPORT="tcp")
    try:
        run = subprocess.run(sys.argv[3:], env=env, capture_output=True,
                             timeout=120)
    except subprocess.TimeoutExpired:
        print("FAIL: the client did not finish within 120 s")
        return 1
    proxy.listener.close()
    out = run.stdout.decode(errors="replace")
    err = run.stderr.decode(errors="replace")
    sys.stdout.write(out)
    sys.stdout.write(err)
    results = dict(line.split(" ", 1) for line in out.splitlines()
                   if " " in line)
    want = "CUDA_SUCCESS" if size == 0 else "CUDA_ERROR_INVALID_VALUE"
    with proxy.lock:
        sent = bytes(proxy.sent)
        layouts, rewritten = proxy.layouts, proxy.rewritten
    problems = []
    if run.returncode != 0:
        problems.append("the client exited with status %d" % run.returncode)
    for image in IMAGES:
        if results.get(image) != want:
            problems.append("%s: the launch returned %s, not %s" %
                            (image, results.get(image, "nothing"), want))
    if layouts < len(IMAGES):
        problems.append("only %d layout replies seen" % layouts)
    if size != 0 and rewritten != layouts:
        problems.append("%d of %d layouts rewritten" % (rewritten, layouts))
    if size != 0:
        refused = err.count("no kernel can have") + err.count(
            "disagrees with its image")
        if refused < len(IMAGES):
            problems.append("%d lines on stderr say why a launch was "
                            "refused, not %d" % (refused, len(IMAGES)))
    if MARKER in sent:
        problems.append("the client sent the memory past its kernel's "
                        "last argument (%d times the marker)" %
                        sent.count(MARKER))
    if problems:
        print("FAIL: last size %d: %s" % (size, "; ".join(problems)))
        return 1
    print("last parameter's size %s in %d layouts: cubin %s, PTX %s, "
          "compressed fatbin %s, linked %s, no byte past the arguments "
          "sent" % (size if size else "as the server said", layouts,
                    results[IMAGES[0]], results[IMAGES[1]],
                    results[IMAGES[2]], results[IMAGES[3]]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
