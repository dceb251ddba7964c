#!/usr/bin/env python3
"""`balance serve` under load, beside a sweep writing the database it serves.

Not in CI (it plays games for minutes). One sweep (the internal engine against the greedy
baseline in chess, many short games) plays throughout; `balance serve` serves its database from
the start (a server no client asks reads nothing). Phases of --seconds each:

  alone     the sweep with nobody watching: its games per minute
  watched   --watchers clients that do what an open page does (live.json?since=<stamp>, again
            as soon as answered): the sweep's games per minute beside them
            (alone and watched alternate --alternations times: the machine's other load drifts,
            and alternating spreads it over both; the ratio is of the sums)
  load      --clients clients asking as fast as they can, in turn for the page, live.json,
            report.json and the index (each request a new connection): requests, errors
            (anything but 200, a refused or reset connection, no answer within --timeout s),
            the answers' p50 / p99 / slowest times

Throughout, a probe writes one row into a table of its own in the database every 100 ms
(BEGIN IMMEDIATE ... COMMIT, as the sweep commits its games) and records how long each commit
took, lock wait included: a reader that kept a writer waiting would show here. Every second it
samples the server's resident memory (VmRSS). Prints one line per phase and a summary (also as
serve_load.json in --out); exit 1 when any request failed.

Usage: bench/serve_load.py [--balance build/app/balance] [--seconds 30] [--watchers 10]
                           [--alternations 3] [--clients 100] [--threads 1] [--timeout 30]
                           [--out DIR]
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


class Tally:
    def __init__(self):
        self.lock = threading.Lock()
        self.requests = 0
        self.errors = {}
        self.slowest = 0.0
        self.times = []

    def add(self, seconds, error=None):
        with self.lock:
            self.requests += 1
            self.slowest = max(self.slowest, seconds)
            self.times.append(seconds)
            if error:
                self.errors[error] = self.errors.get(error, 0) + 1

    def percentile(self, p):
        with self.lock:
            times = sorted(self.times)
        return times[min(len(times) - 1, int(p / 100 * len(times)))] if times else 0.0


class CommitProbe(threading.Thread):
    """Commits one row every 100 ms into a table of its own; keeps each commit's duration."""

    def __init__(self, db):
        super().__init__(daemon=True)
        self.db, self.stop, self.lock = db, threading.Event(), threading.Lock()
        self.phase, self.longest = "start", {}

    def set_phase(self, phase):
        with self.lock:
            self.phase = phase

    def run(self):
        conn = sqlite3.connect(self.db, timeout=60, isolation_level=None)
        conn.execute("CREATE TABLE IF NOT EXISTS serve_load_probe (at REAL)")
        while not self.stop.is_set():
            t0 = time.monotonic()
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("INSERT INTO serve_load_probe VALUES (?)", (time.time(),))
            conn.execute("COMMIT")
            took = time.monotonic() - t0
            with self.lock:
                self.longest[self.phase] = max(self.longest.get(self.phase, 0.0), took)
            time.sleep(0.1)
        conn.close()


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
    parser.add_argument("--alternations", type=int, default=3)
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
        server = subprocess.Popen([args.balance, "serve", db, "--port", "0"],
                                  stdout=subprocess.PIPE, text=True)
        line = server.stdout.readline()  # "serving 1 database at http://127.0.0.1:PORT/ ..."
        port = int(line.split("http://127.0.0.1:")[1].split("/")[0])
        rss_before = rss_kb(server.pid)
        probe = CommitProbe(db)
        probe.start()
        samples, alone_games, watched_games, alone_s, watched_s = [], 0, 0, 0.0, 0.0
        watch = Tally()
        for i in range(args.alternations):
            probe.set_phase("alone")
            before, t0 = stored(db), time.monotonic()
            time.sleep(args.seconds)
            games, took = stored(db) - before, time.monotonic() - t0
            alone_games, alone_s = alone_games + games, alone_s + took
            print(f"alone {i + 1}:   {60 * games / took:.0f} games/min", flush=True)
            probe.set_phase("watched")
            before, t0 = stored(db), time.monotonic()
            tally = run_clients(watcher, args.watchers, port, args.timeout, args.seconds,
                                server.pid, samples)
            games, took = stored(db) - before, time.monotonic() - t0
            watched_games, watched_s = watched_games + games, watched_s + took
            watch.requests += tally.requests
            for k, v in tally.errors.items():
                watch.errors[k] = watch.errors.get(k, 0) + v
            print(f"watched {i + 1}: {60 * games / took:.0f} games/min beside {args.watchers} "
                  f"open pages; {tally.requests} requests, {sum(tally.errors.values())} errors",
                  flush=True)
        alone = 60.0 * alone_games / alone_s
        watched = 60.0 * watched_games / watched_s
        print(f"ratio:   watched / alone = {watched:.0f} / {alone:.0f} games/min = "
              f"{watched / alone:.3f}", flush=True)
        probe.set_phase("load")
        load = run_clients(hammer, args.clients, port, args.timeout, args.seconds, server.pid,
                           samples)
        probe.set_phase("after")
        rss_after = rss_kb(server.pid)
        probe.stop.set()
        probe.join()
        print(f"load:    {args.clients} clients, {load.requests} requests "
              f"({load.requests / args.seconds:.0f}/s), {sum(load.errors.values())} errors "
              f"{load.errors or ''}; p50 {load.percentile(50):.3f} s, p99 "
              f"{load.percentile(99):.3f} s, slowest {load.slowest:.2f} s")
        print("commits: the probe's longest commit " +
              ", ".join(f"{k} {v * 1000:.0f} ms" for k, v in probe.longest.items()))
        print(f"memory:  the server's VmRSS {rss_before} kB before any client, {rss_after} kB "
              f"after the load; {min(samples)} to {max(samples)} kB while clients asked")
        summary = {"alone_games_per_minute": alone, "watched_games_per_minute": watched,
                   "watched_ratio": watched / alone, "watch_requests": watch.requests,
                   "watch_errors": watch.errors, "load_requests": load.requests,
                   "load_errors": load.errors, "load_p50_s": load.percentile(50),
                   "load_p99_s": load.percentile(99), "load_slowest_s": load.slowest,
                   "longest_commit_s": probe.longest, "rss_before_kb": rss_before,
                   "rss_after_kb": rss_after, "rss_kb": samples}
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
