#!/usr/bin/env python3
"""A hostile user's probe of `balance`: bad inputs and kills, counted.

Not in CI (it plays real games for many minutes). Two parts:

1. Hostile inputs (--inputs N): mutations of the shipped sweep, fix and variant files (lines
   deleted, values made nan, inf, negative, huge or of the wrong type, files truncated or given
   NUL bytes, unknown keys, missing files), bad FENs and bad flags (--db on a directory, a FIFO
   or a missing folder; --threads, --shard, --max-games out of range; outputs onto a directory).
   Each runs `balance check` and, when check accepts it, the command that plays it for a few
   games. Every run is classified:
     crash     a signal, a sanitizer report, "internal error" or an uncaught exception
     hang      no answer within --timeout seconds
     disagree  `check` said ok and the run refused the same file as a bad configuration
     unnamed   refused without naming the file, flag, database or engine
     refused   refused with a message that names what was wrong
     accepted  played (or checked) as a valid input
2. Kills (--kills N): a sweep, a fix search and a calibration are played once to the end, then
   again from scratch while being killed with SIGKILL at random moments and resumed, until each
   finishes; the killed runs must store exactly the games of the unkilled ones (key, moves,
   result) and, for fix and calibrate, end with the same verdict.

Usage: bench/probe.py --balance build/app/balance [--inputs 160] [--kills 60] [--seed 1]
                      [--out DIR] [--timeout 60]
Prints one line per finding and a summary; writes DIR/probe.json. Exit 1 when anything was a
crash, hang, disagreement or lost/duplicated game.
"""

import argparse
import json
import os
import random
import re
import shutil
import signal
import sqlite3
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

CRASH_MARKERS = ("internal error", "AddressSanitizer", "runtime error:", "terminate called",
                 "Segmentation fault", "UndefinedBehaviorSanitizer", "LeakSanitizer")

# Small, fast configurations the probe mutates and kills: every long-running command.
SWEEP = """description = "probe sweep"
variant = "chess"
seed = 7
games_per_cell = 6

[players.balance]
type = "engine"
nodes = 300

[openings]
type = "random-plies"
plies = 4
max_imbalance_cp = 200

[adjudication]
max_plies = 120
"""

FIX = """description = "probe fix search"
variant = "uneven"
seed = 9
pairings = [["white", "black"]]

[players.balance]
type = "engine"
nodes = 300

[openings]
type = "random-plies"
plies = 4

[adjudication]
max_plies = 120

[fix]
target = 0.5
margin = 0.05
budget = 160
round_games = 8
max_candidate_games = 32
edits = ["options"]
"""

CALIBRATE = """description = "probe calibration"
variant = "chess"
seed = 11
games_per_cell = 24

[players.balance]
type = "engine"
nodes = 300

[openings]
type = "random-plies"
plies = 4

[adjudication]
max_plies = 120

[calibrate]
player = "balance"
max_rounds = 2
match_games = 8
method = "regression"
"""

BAD_VALUES = ["nan", "inf", "-inf", "-1", "0", "1e15", "99999999999999999999", "\"\"",
              "\"x\"", "[]", "{}", "true", "-0.5", "1.5", "\"" + "a" * 5000 + "\"",
              "\"../../etc/passwd\"", "\"\u00e9\u00e8\u2603\"", "0x10", "1_000_000_000_000"]


def run(argv, cwd, timeout, stdin=subprocess.DEVNULL):
    start = time.monotonic()
    try:
        p = subprocess.run(argv, cwd=cwd, stdin=stdin, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=timeout)
        out = p.stdout.decode("utf-8", "replace") + p.stderr.decode("utf-8", "replace")
        return p.returncode, out, time.monotonic() - start
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode("utf-8", "replace") + (e.stderr or b"").decode(
            "utf-8", "replace")
        return None, out, time.monotonic() - start


def crashed(code, out):
    return (code is not None and (code < 0 or code >= 128)) or any(m in out for m in CRASH_MARKERS)


# ----- mutations --------------------------------------------------------------------------------

def mutate_toml(text, rng):
    """One hostile edit of a TOML text; returns (description, new text)."""
    lines = text.split("\n")
    value_lines = [i for i, l in enumerate(lines) if re.match(r"^\s*[A-Za-z_0-9.\-]+\s*=", l)]
    kind = rng.choice(["value", "value", "value", "delete", "truncate", "nul", "unknown-key",
                       "duplicate", "section", "garbage", "missing-variant", "empty"])
    if kind == "value" and value_lines:
        i = rng.choice(value_lines)
        key = lines[i].split("=")[0].strip()
        bad = rng.choice(BAD_VALUES)
        lines[i] = f"{key} = {bad}"
        return f"{key} = {bad[:40]}", "\n".join(lines)
    if kind == "delete" and value_lines:
        i = rng.choice(value_lines)
        return f"deleted line '{lines[i].strip()[:50]}'", "\n".join(lines[:i] + lines[i + 1:])
    if kind == "truncate":
        cut = rng.randrange(1, max(2, len(text)))
        return f"truncated at byte {cut}", text[:cut]
    if kind == "nul":
        at = rng.randrange(0, len(text))
        return f"NUL byte at {at}", text[:at] + "\x00" + text[at:]
    if kind == "unknown-key" and value_lines:
        i = rng.choice(value_lines)
        return "unknown key", "\n".join(lines[:i + 1] + ["frobnicate = 3"] + lines[i + 1:])
    if kind == "duplicate" and value_lines:
        i = rng.choice(value_lines)
        return f"duplicated '{lines[i].strip()[:40]}'", "\n".join(lines[:i + 1] + [lines[i]] +
                                                                  lines[i + 1:])
    if kind == "section":
        sections = [i for i, l in enumerate(lines) if l.startswith("[")]
        if sections:
            i = rng.choice(sections)
            name = lines[i]
            lines[i] = rng.choice(["[" + name.strip("[]") + "x]", "[[" + name.strip("[]") + "]]",
                                   name + "\n" + name])
            return f"section {name} mangled", "\n".join(lines)
    if kind == "garbage":
        at = rng.randrange(0, len(lines))
        junk = rng.choice(["= 3", "[[[", "key = ", "\"unterminated", "a.b.c = [1, \"x\", {}]",
                           "\u202e = 1", "x = 1979-05-27T07:32:00Z"])
        return f"garbage line '{junk}'", "\n".join(lines[:at] + [junk] + lines[at:])
    if kind == "missing-variant":
        return "variant that does not exist", re.sub(r'variant = "[^"]*"',
                                                    'variant = "no-such-variant"', text, count=1)
    if kind == "empty":
        return "empty file", ""
    return "unchanged", text


BAD_FENS = [
    "", "8/8/8/8/8/8/8/8 w - - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -5 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999999999999",
    "kkkkkkkk/8/8/8/8/8/8/KKKKKKKK w - - 0 1", "rnbqkbnr/ppppzppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    "4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1", "4k3/8/8/8/8/8/4q3/4K3 b - - 0 1 extra",
    "/" * 200, "1" * 300, "p7/8/8/8/8/8/8/4K2k w - - 0 1",
]


def fifo_path(work):
    p = work / "fifo"
    if not p.exists():
        os.mkfifo(p)
    return p


def flag_cases(work, sweep_file, fix_file, calibrate_file):
    (work / "adir").mkdir(exist_ok=True)
    fifo = fifo_path(work)
    dev = "/dev/null"
    cases = []
    for db in [work / "adir", work / "missing" / "x.db", fifo, Path(dev)]:
        cases.append(("sweep --db " + db.name, ["sweep", sweep_file, "--db", str(db), "--max-games", "2"]))
        cases.append(("fix --db " + db.name, ["fix", fix_file, "--db", str(db), "--max-games", "2"]))
        cases.append(("calibrate --db " + db.name, ["calibrate", calibrate_file, "--db", str(db)]))
        cases.append(("report --db " + db.name, ["report", "--db", str(db)]))
    for value in ["0", "-1", "100000", "x", ""]:
        cases.append((f"--threads {value}", ["sweep", sweep_file, "--db", str(work / "t.db"),
                                             "--threads", value, "--max-games", "2"]))
    for shard in ["0/2", "3/2", "1/0", "a/b", "1/1000000", "-1/2"]:
        cases.append((f"--shard {shard}", ["sweep", sweep_file, "--db", str(work / "s.db"),
                                           "--shard", shard, "--max-games", "2"]))
    for n in ["-5", "0", "x", "1e99"]:
        cases.append((f"--max-games {n}", ["sweep", sweep_file, "--db", str(work / "m.db"),
                                           "--max-games", n]))
    for out in [work / "adir", fifo, work / "missing" / "r.html"]:
        cases.append((f"report --out {out.name}", ["report", "--db", str(work / "played.db"),
                                                   "--format", "html", "--out", str(out)]))
        cases.append((f"fix --html {out.name}", ["fix", fix_file, "--db", str(work / "f.db"),
                                                 "--html", str(out)]))
    for fen in BAD_FENS:
        cases.append((f"perft --fen {fen[:30]!r}", ["perft", "--variant", "chess", "--fen", fen,
                                                    "--depth", "2"]))
    cases.append(("merge fix db into itself", ["merge", "--into", str(work / "f.db"),
                                               str(work / "f.db")]))
    cases.append(("sprt on a missing database", ["sprt", "--db", str(work / "empty.db"),
                                                 "--margin", "0.05"]))
    cases.append(("values unknown player", ["values", "--db", str(work / "played.db"),
                                            "--player", "nobody"]))
    return cases


def named(out, names):
    return any(n and n in out for n in names)


def probe_inputs(balance, work, count, rng, timeout, findings):
    counts = {"crash": 0, "hang": 0, "disagree": 0, "unnamed": 0, "refused": 0, "accepted": 0}
    outcomes = []
    sources = {"sweep": SWEEP, "fix": FIX, "calibrate": CALIBRATE}
    for name, text in sources.items():
        (work / f"{name}.toml").write_text(text)
    # A database with games for the report/values/merge cases.
    run([balance, "sweep", str(work / "sweep.toml"), "--db", str(work / "played.db"),
         "--max-games", "4", "--quiet"], work, timeout)
    shipped = sorted((REPO / "configs" / "variants").glob("*.toml"))

    def record(label, code, out, names, check_ok=None):
        if code is None:
            kind = "hang"
        elif crashed(code, out):
            kind = "crash"
        elif code == 0:
            kind = "accepted"
        elif check_ok and re.search(r"(error|invalid|must|expected|unknown)", out, re.I) and \
                "database" not in out and not out.startswith("interrupted"):
            kind = "disagree"
        elif named(out, names):
            kind = "refused"
        else:
            kind = "unnamed"
        counts[kind] += 1
        outcomes.append({"input": label, "outcome": kind})
        if kind not in ("accepted", "refused"):
            findings.append({"kind": kind, "input": label, "exit": code,
                             "output": out.strip()[-600:]})
            print(f"{kind}: {label}: exit {code}: {out.strip()[-300:]}", flush=True)

    n = 0
    cases = flag_cases(work, str(work / "sweep.toml"), str(work / "fix.toml"),
                       str(work / "calibrate.toml"))
    for label, argv in cases:
        code, out, _ = run([balance] + argv, work, timeout)
        flag_names = [a for a in argv if a.startswith("--")] + [Path(a).name for a in argv
                                                                 if len(a) < 200]
        flag_names += ["FEN '" + a[:20] for a in argv]
        record(label, code, out, flag_names)
        n += 1
    while n < count:
        which = rng.choice(["sweep", "sweep", "fix", "calibrate", "variant"])
        if which == "variant":
            src = rng.choice(shipped)
            desc, text = mutate_toml(src.read_text(), rng)
            target = work / f"v{n}" / src.name
            target.parent.mkdir(exist_ok=True)
            target.write_bytes(text.encode("utf-8", "surrogatepass"))
            sweep_text = SWEEP.replace('variant = "chess"', f'variant = "{target}"')
            sweep_file = work / f"v{n}" / "sweep.toml"
            sweep_file.write_text(sweep_text)
            label = f"variant {src.name}: {desc}"
            file_for_check, names = sweep_file, [src.name, target.name, "sweep.toml"]
            command = ["sweep", str(sweep_file), "--db", str(work / f"v{n}.db"), "--max-games",
                       "2", "--quiet"]
        else:
            desc, text = mutate_toml(sources[which], rng)
            f = work / f"m{n}-{which}.toml"
            f.write_bytes(text.encode("utf-8", "surrogatepass"))
            label = f"{which} file: {desc}"
            file_for_check, names = f, [f.name]
            db = str(work / f"m{n}.db")
            command = {"sweep": ["sweep", str(f), "--db", db, "--max-games", "2", "--quiet"],
                       "fix": ["fix", str(f), "--db", db, "--max-games", "8"],
                       "calibrate": ["calibrate", str(f), "--db", db, "--max-games", "8"]}[which]
        code, out, _ = run([balance, "check", str(file_for_check)], work, timeout)
        if code != 0 or crashed(code, out):
            record(label + " (check)", code, out, names)
        else:
            code2, out2, _ = run([balance] + command, work, timeout)
            if code2 == 0 or crashed(code2, out2) or code2 is None:
                record(label, code2, out2, names, check_ok=True)
            else:
                record(label, code2, out2, names, check_ok=True)
        n += 1
    (work / "outcomes.json").write_text(json.dumps(outcomes, indent=1))
    return counts, n


# ----- kills ------------------------------------------------------------------------------------

def games_of(db):
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return con.execute("SELECT game_key, moves, result FROM games ORDER BY game_key").fetchall()
    finally:
        con.close()


def finish_with_kills(balance, argv_for, work, rng, max_kills, delays):
    """Runs argv until it exits 0, killing it with SIGKILL after random delays (at most
    max_kills times). Returns (kills, exit output)."""
    kills = 0
    while True:
        p = subprocess.Popen([balance] + argv_for(), cwd=work, stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             start_new_session=True)
        if kills < max_kills:
            try:
                out, _ = p.communicate(timeout=rng.uniform(*delays))
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.communicate()
                kills += 1
                continue
        else:
            out, _ = p.communicate(timeout=1800)
        text = out.decode("utf-8", "replace")
        if p.returncode != 0:
            return kills, p.returncode, text
        return kills, 0, text


def probe_kills(balance, work, total, rng, findings):
    # Long enough that every kill lands mid-run: more games and nodes than the input cases.
    (work / "ksweep.toml").write_text(
        SWEEP.replace("games_per_cell = 6", "games_per_cell = 300").replace("nodes = 300",
                                                                          "nodes = 2000"))
    (work / "kfix.toml").write_text(FIX.replace("nodes = 300", "nodes = 2000").replace(
        "budget = 160", "budget = 480").replace("max_candidate_games = 32", "max_candidate_games = 96"))
    (work / "kcal.toml").write_text(
        CALIBRATE.replace("nodes = 300", "nodes = 1000").replace("games_per_cell = 24",
                                                                 "games_per_cell = 200"))
    plans = [
        ("sweep", lambda db: ["sweep", str(work / "ksweep.toml"), "--db", db, "--threads", "2",
                              "--quiet"], (0.1, 1.0)),
        ("fix", lambda db: ["fix", str(work / "kfix.toml"), "--db", db, "--threads", "2",
                            "--json"], (0.1, 1.5)),
        ("calibrate", lambda db: ["calibrate", str(work / "kcal.toml"), "--db", db,
                                  "--threads", "2"], (0.1, 1.5)),
    ]
    results = {}
    per = max(1, total // len(plans))
    for name, argv, delays in plans:
        ref_db = str(work / f"ref-{name}.db")
        code, out, _ = run([balance] + argv(ref_db), work, 1800)
        if code != 0:
            findings.append({"kind": "kill-reference-failed", "input": name, "exit": code,
                             "output": out[-600:]})
            print(f"kill reference {name} failed: {out[-300:]}", flush=True)
            continue
        killed_db = str(work / f"killed-{name}.db")
        kills, code, out_killed = finish_with_kills(balance, lambda: argv(killed_db), work, rng,
                                                    per, delays)
        same = games_of(ref_db) == games_of(killed_db)
        # fix and calibrate end with a verdict: compare the last lines (the outcome).
        verdict_same = True
        if name != "sweep":
            ref_tail = [l for l in out.splitlines() if l.strip()][-3:]
            code3, again, _ = run([balance] + argv(killed_db), work, 1800)
            kill_tail = [l for l in again.splitlines() if l.strip()][-3:]
            verdict_same = code3 == 0 and strip_counts(ref_tail) == strip_counts(kill_tail)
        results[name] = {"kills": kills, "games": len(games_of(ref_db)), "identical": same,
                         "verdict_identical": verdict_same, "exit": code}
        print(f"kills {name}: {kills} SIGKILLs, {len(games_of(ref_db))} games, identical games "
              f"{same}, same verdict {verdict_same}", flush=True)
        if not same or not verdict_same or code != 0:
            findings.append({"kind": "kill", "input": name, "exit": code,
                             "output": out_killed[-600:]})
    return results


def strip_counts(lines):
    # "played in this run" counts differ between a resumed and a fresh run; the verdict does not.
    return [re.sub(r"\d+ (games? )?(played|already stored|in this run)[^;.]*", "", l)
            for l in lines]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--balance", default=str(REPO / "build" / "app" / "balance"))
    ap.add_argument("--inputs", type=int, default=160)
    ap.add_argument("--kills", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--out", default="")
    a = ap.parse_args()
    balance = str(Path(a.balance).resolve())
    work = Path(a.out or tempfile.mkdtemp(prefix="balance-probe."))
    work.mkdir(parents=True, exist_ok=True)
    rng = random.Random(a.seed)
    findings = []
    start = time.monotonic()
    counts, n = {"crash": 0, "hang": 0, "disagree": 0, "unnamed": 0, "refused": 0,
                 "accepted": 0}, 0
    if a.inputs > 0:
        counts, n = probe_inputs(balance, work, a.inputs, rng, a.timeout, findings)
    print(f"hostile inputs: {n}: " + ", ".join(f"{v} {k}" for k, v in counts.items()), flush=True)
    kills = probe_kills(balance, work, a.kills, rng, findings) if a.kills > 0 else {}
    total_kills = sum(r["kills"] for r in kills.values())
    summary = {"inputs": n, "input_outcomes": counts, "kills": total_kills, "kill_runs": kills,
               "findings": findings, "seconds": round(time.monotonic() - start)}
    (work / "probe.json").write_text(json.dumps(summary, indent=2))
    print(f"kills: {total_kills} SIGKILLs over " + ", ".join(kills) + f"; {len(findings)} findings;"
          f" {summary['seconds']} s; details in {work / 'probe.json'}")
    bad = counts["crash"] + counts["hang"] + counts["disagree"] + sum(
        1 for f in findings if f["kind"].startswith("kill"))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
