#!/usr/bin/env python3
"""tests/tls/tlsprobe.py: RPC-with-TLS (RFC 9289) from outside oncuda.

An ONC RPC client and fake server written from RFC 5531 (messages, record
marking) and RFC 9289 (the AUTH_TLS probe), sharing no code with oncuda,
to check its probe and reply as another implementation reads them, and to
play the peers that misbehave:

  probe HOST PORT starttls|badcred   the NULL call with AUTH_TLS; the reply
                                     must carry the STARTTLS verifier, or be
                                     AUTH_ERROR/AUTH_BADCRED (no TLS offered)
  inside HOST PORT CA CERT KEY       probe, TLS 1.3 (Python's ssl), a NULL
                                     call inside TLS, then a record of
                                     garbage on the raw socket: the server
                                     must close the connection
  stall HOST PORT SECONDS            probe, then no handshake: the server
                                     must close within SECONDS
  relay PORTFILE PORT CAPTURE        a TCP relay to 127.0.0.1:PORT that
                                     appends every byte both ways to CAPTURE
  fake stall|garbage PORTFILE CERT KEY
                                     an oncudad that answers the probe, then
                                     stalls the handshake, or completes it
                                     and answers the next record with garbage
  find CAPTURE FILE OFFSET LENGTH present|absent
                                     whether FILE's bytes are in CAPTURE
  mixed HOST PORT CA REVISION plain-data|tls-data
                                     a session (inside TLS, or plain) offers
                                     data connections; one made the other
                                     way (plain, or inside TLS) shows its
                                     ticket: the bind must refuse it
Exits 0 when what it checks holds, 1 otherwise, saying which in its last line.
"""
import os
import select
import socket
import ssl
import struct
import sys
import threading
import time

PROG, VERS = 0x2C0DA000, 13000
AUTH_NONE, AUTH_TLS = 0, 7
CALL, REPLY = 0, 1
MSG_ACCEPTED, MSG_DENIED = 0, 1
AUTH_ERROR, AUTH_BADCRED = 1, 1


def fail(msg):
    print("FAILED: " + msg)
    sys.exit(1)


def record(body):
    return struct.pack(">I", 0x80000000 | len(body)) + body


def read_exact(sock, n):
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            raise EOFError("connection closed")
        data += chunk
    return data


def read_record(sock):
    body = b""
    while True:
        (mark,) = struct.unpack(">I", read_exact(sock, 4))
        body += read_exact(sock, mark & 0x7FFFFFFF)
        if mark & 0x80000000:
            return body


def call(xid, proc, flavor):
    # RFC 5531 section 9: xid, CALL, rpcvers 2, prog, vers, proc, cred, verf.
    return struct.pack(">IIIIIIIIII", xid, CALL, 2, PROG, VERS, proc,
                       flavor, 0, AUTH_NONE, 0)


def decode_reply(body, xid):
    """(kind, detail): ('accepted', (verifier flavor, body, accept_stat))
    or ('denied', (reject_stat, auth_stat))."""
    rxid, mtype, stat = struct.unpack(">III", body[:12])
    if rxid != xid or mtype != REPLY:
        fail("reply xid %#x type %d, expected %#x REPLY" % (rxid, mtype, xid))
    if stat == MSG_ACCEPTED:
        flavor, length = struct.unpack(">II", body[12:20])
        verf = body[20:20 + length]
        pad = (4 - length % 4) % 4
        (accept,) = struct.unpack(">I", body[20 + length + pad:24 + length + pad])
        return "accepted", (flavor, verf, accept)
    reject, why = struct.unpack(">II", body[12:20])
    return "denied", (reject, why)


def probe(sock, xid=0x1234):
    sock.sendall(record(call(xid, 0, AUTH_TLS)))
    return decode_reply(read_record(sock), xid)


def expect_starttls(kind, detail):
    if kind != "accepted" or detail != (AUTH_NONE, b"STARTTLS", 0):
        fail("the probe's reply is %s %r, not accepted with the verifier "
             "AUTH_NONE \"STARTTLS\" and SUCCESS" % (kind, detail))


def cmd_probe(host, port, want):
    sock = socket.create_connection((host, int(port)), timeout=10)
    kind, detail = probe(sock)
    if want == "starttls":
        expect_starttls(kind, detail)
        print("ok: the AUTH_TLS probe got MSG_ACCEPTED, verifier AUTH_NONE "
              "\"STARTTLS\", SUCCESS (RFC 9289 section 4.1)")
    elif kind == "denied" and detail == (AUTH_ERROR, AUTH_BADCRED):
        print("ok: a server without TLS answers the probe MSG_DENIED, "
              "AUTH_ERROR, AUTH_BADCRED")
    else:
        fail("the probe's reply is %s %r, not AUTH_ERROR/AUTH_BADCRED"
             % (kind, detail))


def closed_within(sock, seconds):
    """Whether the peer closes (or resets) within seconds."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ready, _, _ = select.select([sock], [], [], deadline - time.monotonic())
        if not ready:
            break
        try:
            if not sock.recv(4096):
                return True
        except (ConnectionResetError, ssl.SSLError, OSError):
            return True
    return False


def cmd_inside(host, port, ca, cert, key):
    raw = socket.create_connection((host, int(port)), timeout=10)
    expect_starttls(*probe(raw))
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_3
    ctx.load_verify_locations(ca)
    ctx.load_cert_chain(cert, key)
    tls = ctx.wrap_socket(raw, server_hostname="localhost")
    kind, detail = (None, None)
    tls.sendall(record(call(0x99, 0, AUTH_NONE)))
    kind, detail = decode_reply(read_record(tls), 0x99)
    if kind != "accepted" or detail[2] != 0:
        fail("the NULL call inside TLS got %s %r" % (kind, detail))
    print("ok: %s, a NULL call inside it answered" % tls.version())
    # A TLS record header (application data, TLS 1.2 on the wire) and
    # bytes no key made, on the socket under TLS.
    os.write(tls.fileno(), b"\x17\x03\x03\x00\x20" + os.urandom(32))
    if not closed_within(tls, 10):
        fail("the server kept the connection after a garbage TLS record")
    print("ok: the server closed the connection after a garbage TLS record")


# oncuda's own procedures and XDR (idl/cuda.x), for cmd_mixed.
ONCUDA_HELLO, STRIPE_OFFER, STRIPE_ATTACH, STRIPE_BIND = 202, 912, 913, 914
CUDA_ERROR_NOT_PERMITTED = 800


def xdr_string(text):
    data = text.encode()
    return struct.pack(">I", len(data)) + data + b"\0" * ((4 - len(data) % 4) % 4)


def oncuda_call(sock, xid, proc, args=b""):
    """The reply's body after accept_stat SUCCESS (its results)."""
    sock.sendall(record(call(xid, proc, AUTH_NONE) + args))
    body = read_record(sock)
    kind, detail = decode_reply(body, xid)
    if kind != "accepted" or detail[2] != 0:
        fail("procedure %d got %s %r" % (proc, kind, detail))
    return body[24 + len(detail[1]) + (4 - len(detail[1]) % 4) % 4:]


def connect_as(host, port, ca, tls, revision):
    """A connection, inside TLS (checking the server by CA) or plain, that
    has said its protocol revision."""
    sock = socket.create_connection((host, int(port)), timeout=10)
    if tls:
        expect_starttls(*probe(sock))
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        ctx.minimum_version = ssl.TLSVersion.TLSv1_3
        ctx.load_verify_locations(ca)
        sock = ctx.wrap_socket(sock, server_hostname="localhost")
    res = oncuda_call(sock, 0x10, ONCUDA_HELLO,
                      struct.pack(">I", int(revision, 0)) + xdr_string("tlsprobe"))
    (err,) = struct.unpack(">i", res[:4])
    if err != 0:
        fail("ONCUDA_HELLO refused the revision %s (error %d)" % (revision, err))
    return sock


def cmd_mixed(host, port, ca, revision, way):
    session_tls = way == "plain-data"
    control = connect_as(host, port, ca, session_tls, revision)
    res = oncuda_call(control, 0x20, STRIPE_OFFER)
    (err,) = struct.unpack(">i", res[:4])
    if err != 0:
        fail("ONCUDA_STRIPE_OFFER refused (error %d)" % err)
    pid, token = struct.unpack(">I", res[4:8])[0], res[8:24]
    data = connect_as(host, port, ca, not session_tls, revision)
    res = oncuda_call(data, 0x30, STRIPE_ATTACH,
                      struct.pack(">I", pid) + token + struct.pack(">I", 0))
    (err,) = struct.unpack(">i", res[:4])
    if err != 0:
        fail("ONCUDA_STRIPE_ATTACH refused (error %d)" % err)
    res = oncuda_call(control, 0x40, STRIPE_BIND, struct.pack(">I", 1))
    (err,) = struct.unpack(">i", res[:4])
    if err != CUDA_ERROR_NOT_PERMITTED:
        fail("ONCUDA_STRIPE_BIND of a %s data connection to a %s session "
             "returned %d, not CUDA_ERROR_NOT_PERMITTED" %
             ("plain" if session_tls else "TLS",
              "TLS" if session_tls else "plain", err))
    print("ok: a %s data connection to a %s session refused "
          "(CUDA_ERROR_NOT_PERMITTED)" % ("plain" if session_tls else "TLS",
                                         "TLS" if session_tls else "plain"))


def cmd_stall(host, port, seconds):
    sock = socket.create_connection((host, int(port)), timeout=10)
    expect_starttls(*probe(sock))
    start = time.monotonic()
    if not closed_within(sock, float(seconds) + 5):
        fail("the server still waits for the handshake after %s s" % seconds)
    print("ok: the server gave up the stalled handshake after %.1f s"
          % (time.monotonic() - start))


def pump(src, dst, capture, lock):
    try:
        while True:
            data = src.recv(65536)
            if not data:
                break
            with lock:
                capture.write(data)
            dst.sendall(data)
    except OSError:
        pass
    for s in (src, dst):
        try:
            s.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


def cmd_relay(portfile, port, capture_path):
    lsock = socket.socket()
    lsock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    lsock.bind(("127.0.0.1", 0))
    lsock.listen(16)
    capture = open(capture_path, "ab", buffering=0)
    lock = threading.Lock()
    with open(portfile + ".tmp", "w") as f:
        f.write("%d\n" % lsock.getsockname()[1])
    os.rename(portfile + ".tmp", portfile)
    while True:
        client, _ = lsock.accept()
        server = socket.create_connection(("127.0.0.1", int(port)))
        for a, b in ((client, server), (server, client)):
            threading.Thread(target=pump, args=(a, b, capture, lock),
                             daemon=True).start()


def serve_fake(conn, mode, cert, key):
    # The client's plain NULL call, then its probe.
    body = read_record(conn)
    xid = struct.unpack(">I", body[:4])[0]
    conn.sendall(record(struct.pack(">IIIIII", xid, REPLY, MSG_ACCEPTED,
                                    AUTH_NONE, 0, 0)))
    body = read_record(conn)
    xid = struct.unpack(">I", body[:4])[0]
    conn.sendall(record(struct.pack(">IIIII", xid, REPLY, MSG_ACCEPTED,
                                    AUTH_NONE, 8) + b"STARTTLS" +
                        struct.pack(">I", 0)))
    if mode == "stall":
        time.sleep(120)
        return
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_3
    ctx.load_cert_chain(cert, key)
    tls = ctx.wrap_socket(conn, server_side=True)
    read_record(tls)            # the client's first call inside TLS
    os.write(tls.fileno(), b"\x17\x03\x03\x00\x40" + os.urandom(64))
    time.sleep(30)


def cmd_fake(mode, portfile, cert, key):
    lsock = socket.socket()
    lsock.bind(("127.0.0.1", 0))
    lsock.listen(4)
    with open(portfile + ".tmp", "w") as f:
        f.write("%d\n" % lsock.getsockname()[1])
    os.rename(portfile + ".tmp", portfile)
    while True:
        conn, _ = lsock.accept()
        threading.Thread(target=serve_fake, args=(conn, mode, cert, key),
                         daemon=True).start()


def cmd_find(capture, path, offset, length, want):
    with open(path, "rb") as f:
        f.seek(int(offset))
        needle = f.read(int(length))
    with open(capture, "rb") as f:
        hay = f.read()
    found = needle in hay
    what = "%d bytes of %s at %s" % (len(needle), path, offset)
    if len(hay) == 0:
        fail("nothing was captured")
    if found != (want == "present"):
        fail("%s %s the %d captured bytes" %
             (what, "found in" if found else "not found in", len(hay)))
    print("ok: %s %s the %d captured bytes" %
          (what, "found in" if found else "absent from", len(hay)))


def main():
    args = sys.argv[1:]
    cmds = {"probe": cmd_probe, "inside": cmd_inside, "stall": cmd_stall,
            "relay": cmd_relay, "fake": cmd_fake, "find": cmd_find,
            "mixed": cmd_mixed}
    if not args or args[0] not in cmds:
        print(__doc__)
        sys.exit(2)
    try:
        cmds[args[0]](*args[1:])
    except (OSError, EOFError, ssl.SSLError) as e:
        fail("%s: %s" % (args[0], e))


if __name__ == "__main__":
    main()
