#!/usr/bin/env python3
"""Hostile clients against the shipped `tengen serve` on loopback, with ordinary requests
measured meanwhile (issue 10; figures and how to read them in bench/attack/README.md).

    bench/attack/run.py [--seconds 60] [--hostile 64] [--binary target/release/tengen]
                        [--attacks huge,unread,slowloris,idle,flood,engine,junk]

Starts `tengen serve` on 127.0.0.1 (a fresh SQLite file), then for --seconds runs --hostile
clients, dealt round robin over seven attacks (the ones issue 10 found):

  huge      long TimeGo records (25x25, 1,000 actions: the limit) to /api/evaluate and
            /api/timego/targets, and records over the limit (1,600 actions), as fast as answered;
  unread    the same long records, the answers never read (a small receive buffer);
  slowloris request headers, or a body, trickled one byte every 2 s;
  idle      connections opened and left silent;
  flood     50 connections per client held open with an unfinished request line, reopened as
            the server closes them (file descriptors and the connection cap);
  engine    new 19x19 positions every time, so no cache helps: in score review to
            /api/evaluate (the dead-stone suggestion), to /api/estimate, and /api/genmove at a
            random level (free thinking for the server);
  junk      a wrong content type, malformed JSON, size 256, komi 7.25, Z99 on 9x9, 300 KB.

Hostile clients connect from 127.0.0.2 (--hostile-from), as one attacking host would. One
ordinary client, in a process of its own (so that the hostile threads do not delay its
measurements), sends a small /api/evaluate request (a 30-move 9x9 game) every 10 ms from
127.0.0.1, on a keep-alive connection with a new connection every 10th request, as browsers do.

Prints the load average, the server's peak memory (VmHWM) and CPU time, the largest answer
seen, the ordinary requests' p50 / p99 / max latency, and how every hostile request ended,
each outcome marked against what a public server must do: a clear 4xx or 503, an answer within
the limits of docs/API.md, or a close by one of the connection timeouts. Exit status 0 when
peak memory < 200 MB, ordinary p99 < 50 ms and no hostile request ended otherwise. Loopback
only; every loop is bounded in time and in count.
"""
import argparse
import http.client
import json
import multiprocessing
import os
import random
import select
import socket
import subprocess
import sys
import tempfile
import threading
import time

ap = argparse.ArgumentParser()
ap.add_argument("--seconds", type=float, default=60)
ap.add_argument("--hostile", type=int, default=64)
ap.add_argument("--binary", default="target/release/tengen")
ap.add_argument("--port", type=int, default=18199)
ap.add_argument("--hostile-from", default="127.0.0.2")
ap.add_argument("--attacks", default="huge,unread,slowloris,idle,flood,engine,junk",
                help="the attacks to deal the hostile clients over (comma-separated)")
args = ap.parse_args()
os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

# The server's bounds (docs/API.md, "Connections"), with a margin for a loaded machine.
HEADER_READ_S = 10
REQUEST_DEADLINE_S = 30
WRITE_STALL_S = 30
MARGIN_S = 5

COLS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def timego_record(actions):
    """A 25x25 TimeGo record: Black fills rows 1-12, White rows 14-25 (no captures), then time
    moves of the last stones to index 0, alternating colors. Legal up to 1,200 actions (the
    over-limit record repeats time moves: it is refused for its length before any replay)."""
    acts, black, white = [], [], []
    for r in range(12):
        for c in range(25):
            black.append(f"{COLS[c]}{r + 1}")
            white.append(f"{COLS[c]}{25 - r}")
    for b, w in zip(black, white):
        acts += [{"place": b}, {"place": w}]
    placed_b, placed_w = list(black), list(white)
    while len(acts) < actions:
        if not placed_b:
            placed_b, placed_w = list(black), list(white)
        stone = placed_b.pop() if len(acts) % 2 == 0 else placed_w.pop()
        acts.append({"time": {"stone": stone, "to": 0}})
    return {"rules": {"variant": "timego", "size": 25}, "actions": acts[:actions]}


def go_position(rng, size=19):
    """A random legal 19x19 position: Black on distinct random points of the lower half, White
    of the upper half (the middle row stays empty, so nothing is ever captured)."""
    half = size // 2
    lower = [f"{COLS[c]}{r + 1}" for r in range(half) for c in range(size)]
    upper = [f"{COLS[c]}{size - r}" for r in range(half) for c in range(size)]
    n = rng.randint(20, 70)
    acts = []
    for b, w in zip(rng.sample(lower, n), rng.sample(upper, n)):
        acts += [{"place": b}, {"place": w}]
    return {"rules": {"size": size}, "actions": acts}


HUGE = json.dumps(timego_record(1000)).encode()
OVER = json.dumps(timego_record(1600)).encode()
TARGETS = json.dumps({"record": timego_record(1000), "stone": "A1"}).encode()
# A legal 30-move 9x9 game: Black on rows 1-4, White on rows 6-9, in a scattered order.
ORDINARY = json.dumps({"rules": {"size": 9}, "actions": [
    {"place": f"{COLS[(i * 7) % 36 % 9]}{(i * 7) % 36 // 9 + (1 if j == 0 else 6)}"}
    for i in range(15) for j in range(2)]}).encode()

lock = threading.Lock()
outcomes = {}  # kind -> outcome -> [count, acceptable]
worst_answer = [0, ""]
stop_at = 0.0


def note(kind, outcome, ok, size=0, what=""):
    with lock:
        entry = outcomes.setdefault(kind, {}).setdefault(outcome, [0, ok])
        entry[0] += 1
        if size > worst_answer[0]:
            worst_answer[0], worst_answer[1] = size, what


def request(path, body, ctype="application/json"):
    head = (f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: {ctype}\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode()
    return head + body


def read_answer(sock):
    chunks = []
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def status_of(data):
    return data[9:12].decode() if data.startswith(b"HTTP/1.1 ") else "closed"


def connect(timeout=60):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind((args.hostile_from, 0))
    s.settimeout(timeout)
    s.connect(("127.0.0.1", args.port))
    return s


def ask(kind, path, body, expect, ctype="application/json"):
    """One request on its own connection; the answer read in full."""
    try:
        s = connect()
        s.sendall(request(path, body, ctype))
        data = read_answer(s)
        s.close()
        status = status_of(data)
        note(kind, f"{path} {status}", status in expect, len(data), path)
    except OSError as e:
        note(kind, f"{path} error {type(e).__name__}", False)


def huge(i):
    payloads = [("/api/evaluate", HUGE, {"200", "503"}),
                ("/api/timego/targets", TARGETS, {"200", "503"}),
                ("/api/evaluate", OVER, {"413"})]
    k = i
    while time.time() < stop_at:
        path, body, expect = payloads[k % 3]
        k += 1
        ask("huge", path, body, expect)


def unread(i):
    held = []
    while time.time() < stop_at and len(held) < 50:
        try:
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.bind((args.hostile_from, 0))
            s.settimeout(10)
            s.connect(("127.0.0.1", args.port))
            s.sendall(request("/api/evaluate", HUGE))
            held.append((s, time.time()))
        except OSError as e:
            note("unread", "error " + type(e).__name__, False)
        time.sleep(0.5)
    while time.time() < stop_at:
        time.sleep(0.2)
    # Now read what is left: a connection the server gave up on ends early.
    for s, sent in held:
        age = time.time() - sent
        try:
            s.settimeout(2)
            data = read_answer(s)
            ended = "answered in full" if data.endswith(b"}") else "cut off by the server"
            note("unread", ended, True, len(data), "/api/evaluate (unread)")
        except socket.timeout:
            note("unread", f"still open (sent {'over' if age > WRITE_STALL_S + MARGIN_S else 'under'}"
                 f" {WRITE_STALL_S + MARGIN_S} s ago)", age <= WRITE_STALL_S + MARGIN_S)
        except OSError as e:
            note("unread", "closed: " + type(e).__name__, True)
        s.close()


def slowloris(i):
    body_phase = i % 2 == 1
    kind = "slowloris-body" if body_phase else "slowloris-headers"
    # Headers: hyper's header timeout; a body: the request deadline (a byte every 2 s keeps
    # the body's own timeout from firing).
    limit = (REQUEST_DEADLINE_S if body_phase else HEADER_READ_S) + MARGIN_S
    while time.time() < stop_at:
        msg = request("/api/evaluate", ORDINARY)
        try:
            s = connect()
            if body_phase:
                cut = msg.index(b"\r\n\r\n") + 4
                s.sendall(msg[:cut])
                msg = msg[cut:]
            start = time.time()
            ended = None
            for b in msg:
                if time.time() >= stop_at:
                    break
                try:
                    s.sendall(bytes([b]))
                    s.settimeout(2.0)
                    got = s.recv(65536)
                    ended = status_of(got) if got else "closed"
                    break
                except socket.timeout:
                    pass
                except OSError:
                    ended = "closed"
                    break
            waited = time.time() - start
            if ended is not None:
                note(kind, f"{ended} within {limit} s" if waited <= limit else f"{ended} after {waited:.0f} s",
                     waited <= limit and ended in ("closed", "408", "400", "503"))
            else:
                note(kind, "still open at the end", waited <= limit)
            s.close()
        except OSError as e:
            note(kind, "error " + type(e).__name__, False)


def idle(i):
    limit = HEADER_READ_S + MARGIN_S
    while time.time() < stop_at:
        try:
            s = connect()
            s.settimeout(max(0.1, stop_at - time.time()))
            start = time.time()
            try:
                got = s.recv(65536)
                waited = time.time() - start
                ended = status_of(got) if got else "closed"
                note("idle", f"{ended} within {limit} s" if waited <= limit else f"{ended} after {waited:.0f} s",
                     waited <= limit)
            except socket.timeout:
                note("idle", "still open at the end", time.time() - start <= limit)
            s.close()
        except OSError as e:
            note("idle", "error " + type(e).__name__, False)


def flood(i):
    limit = HEADER_READ_S + MARGIN_S
    open_socks = {}
    while time.time() < stop_at:
        while len(open_socks) < 50 and time.time() < stop_at:
            try:
                s = connect(timeout=5)
                s.sendall(b"GET / HTTP/1.1\r\n")
                open_socks[s] = time.time()
            except OSError as e:
                note("flood", "connect error " + type(e).__name__, False)
                break
        ready, _, _ = select.select(list(open_socks), [], [], 0.5)
        for s in ready:
            waited = time.time() - open_socks.pop(s)
            try:
                got = s.recv(65536)
                ended = status_of(got) if got else "closed"
            except OSError:
                ended = "closed"
            note("flood", f"{ended} within {limit} s" if waited <= limit else f"{ended} after {waited:.0f} s",
                 waited <= limit)
            s.close()
    for s, opened in open_socks.items():
        note("flood", "still open at the end", time.time() - opened <= limit)
        s.close()


def engine(i):
    rng = random.Random(i)
    k = i
    while time.time() < stop_at:
        record = go_position(rng)
        what = k % 3
        k += 1
        if what == 0:
            record["actions"] += [{"pass": {}}, {"pass": {}}]
            ask("engine", "/api/evaluate", json.dumps(record).encode(), {"200", "503"})
        elif what == 1:
            ask("engine", "/api/estimate", json.dumps(record).encode(), {"200", "503"})
        else:
            body = json.dumps({"record": record, "level": rng.randint(1, 10)}).encode()
            ask("engine", "/api/genmove", body, {"200", "503"})


def junk(i):
    bodies = [("/api/evaluate", ORDINARY, "text/plain", "415"),
              ("/api/evaluate", b"{\"rules\":", "application/json", "400"),
              ("/api/evaluate", b'{"rules": {"size": 256}, "actions": []}', "application/json", "400"),
              ("/api/apply", b'{"record": {"rules": {"size": 9, "komi": 7.25}, "actions": []}, '
                             b'"action": {"pass": {}}}', "application/json", "400"),
              ("/api/evaluate", b'{"rules": {"size": 9}, "actions": [{"place": "Z99"}]}',
               "application/json", "422"),
              ("/api/evaluate", b"x" * (300 * 1024), "application/json", "413")]
    k = i
    while time.time() < stop_at:
        path, body, ct, expect = bodies[k % len(bodies)]
        k += 1
        ask("junk", path, body, {expect}, ct)
        time.sleep(0.05)


ATTACKS = [globals()[name] for name in args.attacks.split(",")]


def ordinary(until, port, out):
    """The ordinary client (its own process): latencies in ms and statuses, sent back on `out`."""
    latencies, statuses = [], {}
    conn = None
    n = 0
    while time.time() < until:
        if conn is None or n % 10 == 0:
            if conn is not None:
                conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        n += 1
        start = time.perf_counter()
        try:
            conn.request("POST", "/api/evaluate", ORDINARY, {"Content-Type": "application/json"})
            r = conn.getresponse()
            r.read()
            statuses[r.status] = statuses.get(r.status, 0) + 1
        except (OSError, http.client.HTTPException):
            statuses["error"] = statuses.get("error", 0) + 1
            conn = None
        latencies.append((time.perf_counter() - start) * 1000)
        time.sleep(0.01)
    out.send((latencies, statuses))


def proc_status(pid, field):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main():
    global stop_at
    db = tempfile.mkdtemp(prefix="tengen-attack-")
    server = subprocess.Popen([args.binary, "serve", "--addr", f"127.0.0.1:{args.port}",
                               "--database", f"sqlite://{db}/attack.db"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              env=dict(os.environ, RUST_LOG="warn"))
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", args.port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        rss_before = proc_status(server.pid, "VmHWM") / 1024
        load_before = os.getloadavg()
        cpu_before = cpu_seconds(server.pid)
        stop_at = time.time() + args.seconds
        receiver, sender = multiprocessing.Pipe(duplex=False)
        measured = multiprocessing.Process(target=ordinary, args=(stop_at, args.port, sender))
        measured.start()
        threads = [threading.Thread(target=ATTACKS[i % len(ATTACKS)], args=(i,), daemon=True)
                   for i in range(args.hostile)]
        for t in threads:
            t.start()
        latencies, statuses = receiver.recv()
        measured.join()
        cpu_used = cpu_seconds(server.pid) - cpu_before
        load_after = os.getloadavg()
        for t in threads:
            t.join(timeout=max(1.0, stop_at + 20 - time.time()))
        peak = proc_status(server.pid, "VmHWM") / 1024
        fds = len(os.listdir(f"/proc/{server.pid}/fd"))
    finally:
        server.terminate()
        try:
            server.wait(timeout=40)
        except subprocess.TimeoutExpired:
            server.kill()
    latencies.sort()
    q = lambda p: latencies[min(len(latencies) - 1, int(p * len(latencies)))]
    print(f"hostile clients: {args.hostile} for {args.seconds:.0f} s from {args.hostile_from}; "
          f"server {args.binary}; {os.cpu_count()} cores")
    print(f"load average (1, 5, 15 min): before {load_before[0]:.2f} {load_before[1]:.2f} "
          f"{load_before[2]:.2f}, after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}")
    print(f"peak server memory (VmHWM): {peak:.1f} MB (at start {rss_before:.1f} MB); server CPU "
          f"{cpu_used:.1f} s during the attack; {fds} file descriptors open at the end")
    print(f"largest answer: {worst_answer[0]} bytes ({worst_answer[1]})")
    print(f"ordinary requests: {len(latencies)}, statuses {statuses}, p50 {q(0.5):.1f} ms, "
          f"p99 {q(0.99):.1f} ms, max {latencies[-1]:.1f} ms")
    bad = 0
    for kind in sorted(outcomes):
        parts = []
        for outcome, (count, ok) in sorted(outcomes[kind].items()):
            parts.append(f"{outcome}: {count}" + ("" if ok else " (NOT OK)"))
            bad += 0 if ok else count
        print(f"  {kind}: " + "; ".join(parts))
    ok_status = set(statuses) <= {200}
    met = peak < 200 and q(0.99) < 50 and bad == 0 and ok_status
    print(f"hostile requests ended otherwise than a clear 4xx/503, a bounded answer or a timeout: "
          f"{bad}")
    print("targets (peak < 200 MB, ordinary p99 < 50 ms, every hostile request handled):",
          "met" if met else "NOT met")
    sys.exit(0 if met else 1)


main()
