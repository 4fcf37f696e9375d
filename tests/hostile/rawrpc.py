#!/usr/bin/env python3
"""tests/hostile/rawrpc.py -- what an attacker does to oncudad and to the
client library, in raw ONC RPC bytes (issue 17's reproductions).

    rawrpc.py partial PORT SECONDS    a request begun and never finished is
                                      cut off within SECONDS (+2)
    rawrpc.py too-large PORT          a record larger than any client sends
                                      is refused before it is read
    rawrpc.py idle PORT SECONDS       a session holding nothing ends after
                                      SECONDS without a request
    rawrpc.py full PORT N             with N sessions open the next
                                      connection is closed unanswered
    rawrpc.py flood PORT CALLS        pipelines CALLS null calls (a trace
                                      that must stay capped)
    rawrpc.py after-oneway PORT       RPC's own error replies come after a
                                      one-way call
    rawrpc.py revision PORT           a client of another protocol revision,
                                      and one from before revisions, are
                                      refused; the same revision is served
    rawrpc.py stripes PORT SECONDS    data connections: a wrong or spent
                                      token is refused, a garbage frame and
                                      a stalled one (within SECONDS, the
                                      --request-timeout) lose the data
                                      connections; the session serves on
    rawrpc.py stale-server PORTFILE   a server that answers every call with
                                      replies to other calls (stale xids)
    rawrpc.py trickle-server PORTFILE a server that sends its replies a byte
                                      every half second
    rawrpc.py bad-result-server PORTFILE  a server whose every reply carries
                                      a CUresult no driver has
Exit status 0 when the behaviour is the one wanted; one line says what was
seen.
"""
import socket
import struct
import sys
import time

PROG, VERS = 739090432, 13000
CALL, REPLY = 0, 1
ONCUDA_FLUSH = 220
ONCUDA_HELLO = 202
ONCUDA_AUTH_CHALLENGE = 200
CUDA_ERROR_NOT_SUPPORTED = 801
CUDA_ERROR_NOT_PERMITTED = 800
ONCUDA_STRIPE_OFFER, ONCUDA_STRIPE_ATTACH, ONCUDA_STRIPE_BIND = 912, 913, 914
ONCUDA_STRIPE_HTOD = 915
STRIPE_CHUNK = 4 << 20


def wire_revision():
    """ONCUDA_WIRE_REVISION of this tree (gen/wire_revision.h)."""
    import os
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "..", "..", "gen", "wire_revision.h")) as f:
        for line in f:
            if line.startswith("#define ONCUDA_WIRE_REVISION "):
                return int(line.split()[2].rstrip("u"), 16)
    raise SystemExit("no ONCUDA_WIRE_REVISION in gen/wire_revision.h")


def hello_args(revision, software=b"rawrpc"):
    pad = (4 - len(software) % 4) % 4
    return struct.pack(">II", revision, len(software)) + software + b"\0" * pad


def hello(s, xid, revision):
    """ONCUDA_HELLO's reply: (err, revision), or None."""
    s.sendall(call(xid, ONCUDA_HELLO, args=hello_args(revision)))
    reply = read_record(s)
    if reply is None or len(reply) < 32:
        return None
    return struct.unpack(">iI", reply[24:32])


def record(body):
    return struct.pack(">I", 0x80000000 | len(body)) + body


def call(xid, proc, prog=PROG, vers=VERS, args=b""):
    return record(struct.pack(">10I", xid, CALL, 2, prog, vers, proc,
                              0, 0, 0, 0) + args)


def connect(port):
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


def read_record(s):
    """The next record's body, or None at the end of the connection."""
    body = b""
    while True:
        head = read_exactly(s, 4)
        if head is None:
            return None
        mark, = struct.unpack(">I", head)
        part = read_exactly(s, mark & 0x7fffffff)
        if part is None:
            return None
        body += part
        if mark & 0x80000000:
            return body


def read_exactly(s, n):
    data = b""
    while len(data) < n:
        try:
            got = s.recv(n - len(data))
        except (ConnectionResetError, socket.timeout):
            return None
        if not got:
            return None
        data += got
    return data


def closed_within(s, seconds):
    """Whether the peer closes s within seconds (anything sent is read)."""
    s.settimeout(seconds)
    end = time.monotonic() + seconds
    try:
        while time.monotonic() < end:
            if not s.recv(4096):
                return True
    except ConnectionResetError:
        return True
    except socket.timeout:
        return False
    return False


def null_ok(s, xid=1):
    s.sendall(call(xid, 0))
    reply = read_record(s)
    return reply is not None and struct.unpack(">I", reply[:4])[0] == xid


def partial(port, seconds):
    s = connect(port)
    s.sendall(struct.pack(">I", 0x80000000 | 400) + b"\0\0\0\1")
    start = time.monotonic()
    if closed_within(s, seconds + 2):
        print("a request begun and left unfinished was cut off after "
              "%.1f s" % (time.monotonic() - start))
        return 0
    print("a request begun and left unfinished still holds its session "
          "after %d s" % (seconds + 2))
    return 1


def too_large(port):
    """A record header announcing 1 GiB: refused before it is read."""
    s = connect(port)
    s.sendall(struct.pack(">I", 0x80000000 | (1 << 30)) +
              struct.pack(">10I", 1, CALL, 2, PROG, VERS, 191, 0, 0, 0, 0))
    start = time.monotonic()
    if closed_within(s, 5):
        print("a request announcing 1 GiB was refused unread after %.1f s"
              % (time.monotonic() - start))
        return 0
    print("a request announcing 1 GiB is still being read")
    return 1


def idle(port, seconds):
    s = connect(port)
    if not null_ok(s):
        print("no answer to the null call")
        return 1
    start = time.monotonic()
    if closed_within(s, seconds + 3):
        print("an idle session holding nothing ended after %.1f s"
              % (time.monotonic() - start))
        return 0
    print("an idle session holding nothing is still open after %d s"
          % (seconds + 3))
    return 1


def full(port, n):
    held = []
    for i in range(n):
        s = connect(port)
        if not null_ok(s, i + 1):
            print("session %d of %d was not served" % (i + 1, n))
            return 1
        held.append(s)
    extra = connect(port)
    try:
        extra.sendall(call(99, 0))
    except OSError:
        pass
    if read_record(extra) is not None:
        print("connection %d was served past the cap of %d" % (n + 1, n))
        return 1
    for s in held:
        s.close()
    # The daemon reaps the sessions, then serves again.
    for _ in range(50):
        time.sleep(0.1)
        again = connect(port)
        if null_ok(again, 7):
            print("past the cap the connection was closed unanswered; "
                  "after the others left, a new one was served")
            return 0
    print("no connection was served again after the others left")
    return 1


def flood(port, calls):
    s = connect(port)
    batch = b"".join(call(i + 1, 0) for i in range(1000))
    for _ in range(calls // 1000):
        s.sendall(batch)
        for _ in range(1000):
            if read_record(s) is None:
                print("the server stopped answering")
                return 1
    print("%d null calls answered" % calls)
    return 0


def after_oneway(port):
    s = connect(port)
    if hello(s, 100, wire_revision()) != (0, wire_revision()):
        print("ONCUDA_HELLO with this tree's revision was refused")
        return 1
    # One-way: no reply is sent to ONCUDA_FLUSH.
    s.sendall(call(1, ONCUDA_FLUSH))
    verdict = 0
    for xid, prog, vers, want, name in (
            (2, PROG + 1, VERS, 1, "another program: PROG_UNAVAIL"),
            (3, PROG, VERS + 1, 2, "another version: PROG_MISMATCH")):
        s.sendall(call(1, ONCUDA_FLUSH) + call(xid, 0, prog, vers))
        s.settimeout(5)
        reply = read_record(s)
        if reply is None:
            print("no reply after a one-way call to a call of " + name)
            verdict = 1
            continue
        rxid, rtype, rstat, _, _, astat = struct.unpack(">6I", reply[:24])
        if rxid != xid or rtype != REPLY or rstat != 0 or astat != want:
            print("a call of %s got xid %d status %d/%d" %
                  (name, rxid, rstat, astat))
            verdict = 1
        else:
            print("after a one-way call, a call of %s was answered" % name)
    return verdict


def revision(port):
    ours = wire_revision()
    verdict = 0
    s = connect(port)
    got = hello(s, 1, ours ^ 1)
    if got != (CUDA_ERROR_NOT_SUPPORTED, ours):
        print("ONCUDA_HELLO of another revision got %r" % (got,))
        verdict = 1
    else:
        print("another protocol revision: CUDA_ERROR_NOT_SUPPORTED and "
              "the server's revision %08x" % ours)
    s.close()
    # A client from before revisions starts with the key exchange.
    s = connect(port)
    s.sendall(call(2, ONCUDA_AUTH_CHALLENGE, args=struct.pack(">I", 0)))
    reply = read_record(s)
    if reply is None or struct.unpack(">II", reply[4:12]) != (REPLY, 1):
        print("a client that gave no revision was not refused: %r" % reply)
        verdict = 1
    elif not closed_within(s, 5):
        print("the session of a client that gave no revision stays open")
        verdict = 1
    else:
        print("a client that gave no revision: refused, session closed")
    s = connect(port)
    if hello(s, 3, ours) != (0, ours):
        print("ONCUDA_HELLO of this revision was refused")
        verdict = 1
    else:
        print("the same protocol revision is served")
    return verdict


def rpc(s, xid, proc, args=b""):
    """The results of an accepted reply to proc, or None."""
    s.sendall(call(xid, proc, args=args))
    reply = read_record(s)
    if reply is None or len(reply) < 28:
        return None
    return reply[24:]


def session(port):
    """A connection past the null call and ONCUDA_HELLO."""
    s = connect(port)
    if not null_ok(s) or hello(s, 2, wire_revision()) is None:
        raise SystemExit("no session on port %d" % port)
    return s


def offer(s, xid):
    """ONCUDA_STRIPE_OFFER: (pid, token), or None when refused."""
    r = rpc(s, xid, ONCUDA_STRIPE_OFFER)
    if r is None or struct.unpack(">i", r[:4])[0] != 0:
        return None
    return struct.unpack(">I", r[4:8])[0], r[8:24]


def attach(port, pid, token, index):
    """A new connection handed over with this ticket: its socket."""
    s = session(port)
    r = rpc(s, 3, ONCUDA_STRIPE_ATTACH,
            struct.pack(">I", pid) + token + struct.pack(">I", index))
    if r is None or struct.unpack(">i", r[:4])[0] != 0:
        raise SystemExit("ONCUDA_STRIPE_ATTACH was not handed over")
    return s


def bind(s, xid, count):
    r = rpc(s, xid, ONCUDA_STRIPE_BIND, struct.pack(">I", count))
    return None if r is None else struct.unpack(">i", r[:4])[0]


def frame(serial, offset, length):
    return struct.pack(">IiQQ", serial, 0, offset, length)


def stripes(port, seconds):
    verdict = 0
    a = session(port)
    pid, token = offer(a, 10)
    # A wrong token: the connection is refused, the bind fails, the
    # session goes on (a new offer is answered).
    b = attach(port, pid, bytes(x ^ 0x5a for x in token), 0)
    err = bind(a, 11, 1)
    if err != CUDA_ERROR_NOT_PERMITTED or not closed_within(b, 5):
        print("a wrong token: bind answered %r, connection %s" %
              (err, "closed" if b.fileno() < 0 else "checked"))
        verdict = 1
    else:
        print("a wrong token: the connection closed, "
              "CUDA_ERROR_NOT_PERMITTED, the session serves on")
    # The spent token, shown again after the next offer.
    got = offer(a, 12)
    if got is None:
        print("the session no longer answers after a wrong token")
        return 1
    pid, fresh = got
    b = attach(port, pid, token, 0)
    err = bind(a, 13, 1)
    if err != CUDA_ERROR_NOT_PERMITTED or not closed_within(b, 5):
        print("a spent token: bind answered %r" % err)
        verdict = 1
    else:
        print("a spent token: refused the same way")
    # The right one: bound; a refused copy still reads its frames.
    pid, token = offer(a, 14)
    c = attach(port, pid, token, 0)
    if bind(a, 15, 1) != 0:
        print("a right token was not bound")
        return 1
    # Five frames on the one connection: more than its two buffers.
    size = 4 * STRIPE_CHUNK + 12345
    a.sendall(call(16, ONCUDA_STRIPE_HTOD,
                   args=struct.pack(">QQQiI", 0, size, 0, 0, 1)))
    for k in range(5):
        length = min(STRIPE_CHUNK, size - k * STRIPE_CHUNK)
        c.sendall(frame(1, k * STRIPE_CHUNK, length) + b"\1" * length)
    reply = read_record(a)
    got = None if reply is None else struct.unpack(">ii", reply[24:32])
    if got is None or got[0] == 0 or got[1] != 0:
        print("a refused striped copy answered %r" % (got,))
        verdict = 1
    elif offer(a, 22) is not None:
        print("a second offer while bound was answered")
        verdict = 1
    else:
        print("a striped copy to memory the client does not own: error "
              "%d, its frames read, the data connection kept" % got[0])
    # Garbage on the data connection: the data connections are lost,
    # closed, and the session goes on.
    a.sendall(call(17, ONCUDA_STRIPE_HTOD,
                   args=struct.pack(">QQQiI", 0, size, 0, 0, 2)))
    c.sendall(b"\xff" * 64)
    reply = read_record(a)
    got = None if reply is None else struct.unpack(">ii", reply[24:32])
    if got is None or got[1] != 1 or not closed_within(c, 5):
        print("a garbage frame answered %r" % (got,))
        verdict = 1
    else:
        print("a garbage frame: data connections lost and closed")
    # A data connection that stalls: the copy ends at the request
    # timeout, lost; then the session still serves.
    pid, token = offer(a, 18)
    c = attach(port, pid, token, 0)
    if bind(a, 19, 1) != 0:
        print("a second binding was refused")
        return 1
    start = time.monotonic()
    a.sendall(call(20, ONCUDA_STRIPE_HTOD,
                   args=struct.pack(">QQQiI", 0, size, 0, 0, 3)))
    c.sendall(frame(3, 0, STRIPE_CHUNK) + b"\3" * 1000)
    a.settimeout(seconds + 10)
    reply = read_record(a)
    took = time.monotonic() - start
    got = None if reply is None else struct.unpack(">ii", reply[24:32])
    if got is None or got[1] != 1 or took > seconds + 3:
        print("a stalled frame answered %r after %.1f s" % (got, took))
        verdict = 1
    elif offer(a, 21) is None:
        print("the session no longer answers after a stalled frame")
        verdict = 1
    else:
        print("a stalled frame: lost after %.1f s (request timeout %d s), "
              "the session serves on" % (took, seconds))
    return verdict


def serve_one(portfile, answer):
    """Listens on a free port (written to portfile), serves one client
    connection at a time with answer(sock, xid) for each call."""
    ls = socket.socket()
    ls.bind(("127.0.0.1", 0))
    ls.listen(4)
    with open(portfile + ".tmp", "w") as f:
        f.write("%d\n" % ls.getsockname()[1])
    import os
    os.rename(portfile + ".tmp", portfile)
    ls.settimeout(60)
    while True:
        try:
            c, _ = ls.accept()
        except socket.timeout:
            return 0
        c.settimeout(60)
        while True:
            body = read_record(c)
            if body is None:
                break
            xid, = struct.unpack(">I", body[:4])
            proc, = struct.unpack(">I", body[20:24])
            try:
                if not answer(c, xid, proc):
                    break
            except OSError:
                break
        c.close()


def accepted(xid, results=b""):
    return record(struct.pack(">6I", xid, REPLY, 0, 0, 0, 0) + results)


def stale_answer(c, xid, proc):
    for i in range(1000):
        c.sendall(accepted(xid + 1000 + i))
        time.sleep(0.5)
    return False


def trickle_answer(c, xid, proc):
    for b in accepted(xid, struct.pack(">i", 0)):
        c.sendall(bytes([b]))
        time.sleep(0.5)
    return True


def bad_result_answer(c, xid, proc):
    """The null call and the key exchange (no key) as oncudad answers
    them; every other call with a CUresult no driver has."""
    if proc == 0:
        c.sendall(accepted(xid))
    elif proc == ONCUDA_HELLO:
        c.sendall(accepted(xid, struct.pack(">iI", 0, wire_revision()) +
                           struct.pack(">I", 0)))
    elif proc == ONCUDA_AUTH_CHALLENGE:
        c.sendall(accepted(xid, struct.pack(">ii", 0, 0) + b"\0" * 32))
    else:
        c.sendall(accepted(xid, struct.pack(">i", -207539913) + b"\0" * 64))
    return True


def main(argv):
    what = argv[1]
    if what == "partial":
        return partial(int(argv[2]), int(argv[3]))
    if what == "too-large":
        return too_large(int(argv[2]))
    if what == "idle":
        return idle(int(argv[2]), int(argv[3]))
    if what == "full":
        return full(int(argv[2]), int(argv[3]))
    if what == "flood":
        return flood(int(argv[2]), int(argv[3]))
    if what == "after-oneway":
        return after_oneway(int(argv[2]))
    if what == "revision":
        return revision(int(argv[2]))
    if what == "stripes":
        return stripes(int(argv[2]), int(argv[3]))
    servers = {"stale-server": stale_answer, "trickle-server": trickle_answer,
               "bad-result-server": bad_result_answer}
    if what in servers:
        return serve_one(argv[2], servers[what])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
