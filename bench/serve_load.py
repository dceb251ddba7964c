#!/usr/bin/env python3
"""`balance serve` under load, beside a sweep writing the database it serves.

Not in CI (it plays games for minutes). Three phases of --seconds each, one sweep (the internal
engine against the greedy baseline in chess, many short games) playing throughout:

  alone     the sweep alone: its games per minute
  watched   `balance serve` on the database and --watchers clients that do what an open page
            does (live.json?since=<stamp>, again as soon as answered): the sweep's games per
            minute beside them
  load      --clients clients asking as fast as they can, in turn for the page, live.json and
            report.json (each request a new connection): requests, errors (anything but 200, a
            refused or reset connection, no answer within --timeout s), the slowest answer

Every second it samples the server's resident memory (VmRSS). Prints one line per phase and a
summary; exit 1 when any request failed.

Usage: bench/serve_load.py [--balance build/app/balance] [--seconds 30] [--watchers 10]
                           [--clients 100] [--threads 1] [--timeout 30] [--out DIR]
"""

import argparse
import http.client
import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

SWEEP = """name = "serve-load"
variant = "chess"
seed = 11
games_per_cell = 100000
matchups = [["tiny", "greedy"], ["greedy", "tiny"]]
[players.tiny]
type = "engine"
nodes = 500
hash_mb = 1
[players.greedy]
type = "greedy"
[openings]
type = "random-plies"
plies = 2
[adjudication]
max_plies = 60
"""


def stored(db):
    """Games stored so far (a read-only connection, as a report makes)."""
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=10) as conn:
            return conn.execute("SELECT count(*) FROM games").fetchone()[0]
    except sqlite3.Error:
        return 0


def rss_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def games_per_minute(db, seconds):
    start, t0 = stored(db), time.monotonic()
    time.sleep(seconds)
    return 60.0 * (stored(db) - start) / (time.monotonic() - t0)


class Tally:
    def __init__(self):
        self.lock = threading.Lock()
        self.requests = 0
        self.errors = {}
        self.slowest = 0.0

    def add(self, seconds, error=None):
        with self.lock:
            self.requests += 1
            self.slowest = max(self.slowest, seconds)
            if error:
                self.errors[error] = self.errors.get(error, 0) + 1


def request(port, path, timeout, tally):
    t0 = time.monotonic()
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        conn.request("GET", path)
        response = conn.getresponse()
        body = response.read()
        conn.close()
        tally.add(time.monotonic() - t0, None if response.status == 200 else f"HTTP {response.status}")
        return body if response.status == 200 else None
    except (OSError, http.client.HTTPException) as e:
        tally.add(time.monotonic() - t0, type(e).__name__)
        return None


def watcher(port, timeout, tally, stop):
    stamp = ""
    while not stop.is_set():
        body = request(port, f"/run/1/live.json?since={stamp}", timeout, tally)
        if body:
            stamp = json.loads(body)["stamp"]
        else:
            time.sleep(1)


def hammer(port, timeout, tally, stop):
    paths = ["/run/1", "/run/1/live.json", "/run/1/report.json", "/"]
    i = 0
    while not stop.is_set():
        request(port, paths[i % len(paths)], timeout, tally)
        i += 1


def run_clients(target, count, port, timeout, seconds, server_pid, samples):
    tally, stop = Tally(), threading.Event()
    threads = [threading.Thread(target=target, args=(port, timeout, tally, stop)) for _ in range(count)]
    for t in threads:
        t.start()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        samples.append(rss_kb(server_pid))
        time.sleep(1)
    stop.set()
    for t in threads:
        t.join()
    return tally


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--balance", default="build/app/balance")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--watchers", type=int, default=10)
    parser.add_argument("--clients", type=int, default=100)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=30)
    parser.add_argument("--out", default="")
    args = parser.parse_args()
    out = args.out or tempfile.mkdtemp(prefix="balance-serve-load.")
    os.makedirs(out, exist_ok=True)
    sweep_file, db = os.path.join(out, "serve-load.toml"), os.path.join(out, "serve-load.db")
    with open(sweep_file, "w") as f:
        f.write(SWEEP)
    sweep = subprocess.Popen([args.balance, "sweep", sweep_file, "--db", db, "--threads",
                              str(args.threads), "--quiet"], stdout=subprocess.DEVNULL)
    server = None
    try:
        while stored(db) < 10:  # the sweep has started and written its first games
            if sweep.poll() is not None:
                sys.exit(f"serve_load: the sweep ended (exit {sweep.returncode})")
            time.sleep(0.5)
        alone = games_per_minute(db, args.seconds)
        print(f"alone:   the sweep plays {alone:.0f} games/min")
        server = subprocess.Popen([args.balance, "serve", db, "--port", "0"],
                                  stdout=subprocess.PIPE, text=True)
        line = server.stdout.readline()  # "serving 1 database at http://127.0.0.1:PORT/ ..."
        port = int(line.split("http://127.0.0.1:")[1].split("/")[0])
        samples = []
        before = stored(db)
        t0 = time.monotonic()
        watch = run_clients(watcher, args.watchers, port, args.timeout, args.seconds, server.pid,
                            samples)
        watched = 60.0 * (stored(db) - before) / (time.monotonic() - t0)
        print(f"watched: the sweep plays {watched:.0f} games/min beside {args.watchers} open pages "
              f"({watched / alone:.2f} of alone); {watch.requests} requests, "
              f"{sum(watch.errors.values())} errors, slowest {watch.slowest:.2f} s")
        load = run_clients(hammer, args.clients, port, args.timeout, args.seconds, server.pid,
                           samples)
        print(f"load:    {args.clients} clients, {load.requests} requests "
              f"({load.requests / args.seconds:.0f}/s), {sum(load.errors.values())} errors "
              f"{load.errors or ''}, slowest {load.slowest:.2f} s")
        print(f"memory:  the server's VmRSS {min(samples)} to {max(samples)} kB "
              f"(first {samples[0]} kB, last {samples[-1]} kB)")
        summary = {"alone_games_per_minute": alone, "watched_games_per_minute": watched,
                   "watched_ratio": watched / alone, "watch_requests": watch.requests,
                   "watch_errors": watch.errors, "load_requests": load.requests,
                   "load_errors": load.errors, "load_slowest_s": load.slowest,
                   "rss_kb": samples}
        with open(os.path.join(out, "serve_load.json"), "w") as f:
            json.dump(summary, f, indent=2)
        print(f"written: {out}/serve_load.json")
        return 1 if watch.errors or load.errors else 0
    finally:
        for p in (server, sweep):
            if p and p.poll() is None:
                p.send_signal(signal.SIGINT)
                p.wait()


if __name__ == "__main__":
    sys.exit(main())
