#!/usr/bin/env bash
# End-to-end test of `balance slurm` on a real Slurm cluster: starts a one-node cluster from
# Debian's packages (munged, slurmctld, slurmd; no systemd, everything under one temp directory),
# then
#   1. submits a sweep as a 4-task array through `balance slurm --submit`, waits for the merge
#      job and checks the merged database holds exactly the games of a single-machine run of the
#      same sweep (per game: key, moves, result);
#   2. a fault: cancels one task mid-run (scancel), checks the merge job says what is missing,
#      re-submits (only that shard must be submitted), runs a duplicate of the same task at the
#      same time (a task run twice, two writers of one shard on the shared disk), and checks the
#      result is again identical, with no conflicting copies.
# Every daemon is started here and stopped by its pid; the temp directory is removed.
# Needs root (the daemons) and the packages of ./setup.sh; skips (exit 77) saying why otherwise.
#
# Usage: cluster_test.sh <balance binary> <sweep file> [--clean-only]
# (--clean-only: step 1 alone, to measure the cost of going through Slurm on a bigger sweep:
# bench/slurm-2000.toml)
set -uo pipefail

balance=$(realpath "$1")
sweep=$(realpath "$2")
clean_only=${3:-}
skip() {
    echo "SKIPPED: $*"
    exit 77
}
fail() {
    echo "FAILED: $*"
    exit 1
}
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

[ "$(id -u)" -eq 0 ] || skip "the Slurm cluster test starts munged, slurmctld and slurmd, which needs root"
for tool in munged mungekey slurmctld slurmd sbatch squeue scancel scontrol sqlite3; do
    command -v "$tool" >/dev/null || skip "$tool is not installed (./setup.sh installs munge, slurmctld, slurmd, slurm-client)"
done

root=$(mktemp -d "${TMPDIR:-/tmp}/balance-slurm-test.XXXXXX")
chmod 755 "$root"
mkdir -p "$root/munge" "$root/state" "$root/spool" "$root/log" "$root/scratch" "$root/shared"
chmod 711 "$root/munge"
pids=()

free_port() {
    local port
    while :; do
        port=$((20000 + RANDOM % 30000))
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "$port"; return; }
    done
}

# The processes left with a working directory or a file open under $root (job steps of a
# slurmd that went away): killed by pid.
leftovers() {
    local p
    for p in /proc/[0-9]*; do
        [ "${p#/proc/}" = "$$" ] && continue
        if [[ "$(readlink "$p/cwd" 2>/dev/null)" == "$root"* ]]; then echo "${p#/proc/}"; fi
    done
}

cleanup() {
    local status=$?
    cd / || exit 1
    if [ -n "${SLURM_CONF:-}" ] && [ -S "$root/munge/munge.socket" ]; then
        scancel --full --quiet --user=root 2>/dev/null
        for _ in $(seq 1 100); do
            [ -z "$(squeue -h 2>/dev/null)" ] && break
            sleep 0.3
        done
    fi
    # Daemons in reverse order of start, each by its pid.
    for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
        kill "${pids[i]}" 2>/dev/null
        wait "${pids[i]}" 2>/dev/null
    done
    local left
    left=$(leftovers)
    if [ -n "$left" ]; then
        echo "killing processes left under $root: $left"
        kill -9 $left 2>/dev/null
        [ "$status" -eq 0 ] && status=1
    fi
    rm -rf "$root"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

show_logs() {
    echo "--- slurmctld.log (end)"
    tail -20 "$root/log/slurmctld.log" 2>/dev/null
    echo "--- slurmd.log (end)"
    tail -20 "$root/log/slurmd.log" 2>/dev/null
    local f
    for f in "$root"/shared/*/logs/*.out; do
        echo "--- $f"
        cat "$f"
    done
}

# --- the cluster ------------------------------------------------------------------------------
mungekey --create --keyfile="$root/munge/munge.key" || fail "mungekey"
chmod 600 "$root/munge/munge.key"
munged --foreground --force --socket="$root/munge/munge.socket" \
    --key-file="$root/munge/munge.key" --pid-file="$root/munge/munged.pid" \
    --log-file="$root/munge/munged.log" --seed-file="$root/munge/munged.seed" \
    >"$root/log/munged.out" 2>&1 &
pids+=($!)
for _ in $(seq 1 50); do [ -S "$root/munge/munge.socket" ] && break; sleep 0.1; done
[ -S "$root/munge/munge.socket" ] || fail "munged did not start: $(cat "$root/munge/munged.log")"

host=$(hostname -s)
export SLURM_CONF="$root/slurm.conf"
cat >"$SLURM_CONF" <<EOF
ClusterName=balancetest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$root/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$root/state
SlurmdSpoolDir=$root/spool
SlurmctldPidFile=$root/slurmctld.pid
SlurmdPidFile=$root/slurmd.pid
SlurmctldLogFile=$root/log/slurmctld.log
SlurmdLogFile=$root/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
# Four CPUs on whatever the machine has, so the four tasks run at once.
SlurmdParameters=config_overrides
KillWait=30
MinJobAge=600
NodeName=$host NodeAddr=127.0.0.1 CPUs=4 State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
slurmctld -D -f "$SLURM_CONF" >"$root/log/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" -N "$host" >"$root/log/slurmd.out" 2>&1 &
pids+=($!)
for _ in $(seq 1 100); do
    sinfo -h -o %t 2>/dev/null | grep -q idle && break
    sleep 0.2
done
sinfo -h -o %t 2>/dev/null | grep -q idle || { show_logs; fail "the Slurm node did not come up"; }
echo "cluster up: $(sinfo -V), node $host, 4 CPUs, state in $root"

# Jobs inherit this environment: their local scratch goes under $root too.
export TMPDIR="$root/scratch"
cd "$root/shared" || fail "cd"

# Waits until none of the jobs is queued or running.
wait_jobs() {
    local deadline=$(($(date +%s) + 150))
    while [ -n "$(squeue -h -j "$1" 2>/dev/null)" ]; do
        [ "$(date +%s)" -lt "$deadline" ] || { show_logs; fail "jobs $1 still running after 150 s"; }
        sleep 0.2
    done
}
job_state() { scontrol show job "$1" | grep -o 'JobState=[A-Z_]*' | head -1 | cut -d= -f2; }
submitted() { grep -o "$1 [0-9]*" "$2" | head -1 | awk '{ print $NF }'; }
games() { sqlite3 "$1" "SELECT game_key, moves, result FROM games ORDER BY game_key"; }

# --- the reference: the same sweep on one machine --------------------------------------------
start=$(now)
"$balance" sweep "$sweep" --db "$root/single.db" --threads 2 --quiet >"$root/single.out" ||
    fail "the single-machine sweep: $(cat "$root/single.out")"
planned=$(sqlite3 "$root/single.db" "SELECT count(*) FROM games")
echo "one machine: $planned games in $(since "$start") s"
games "$root/single.db" >"$root/single.games"

# --- 1. a clean run through Slurm -------------------------------------------------------------
start=$(now)
"$balance" slurm "$sweep" --tasks 4 --dir clean --db clean.db --submit >"$root/clean.out" ||
    fail "balance slurm --submit: $(cat "$root/clean.out")"
cat "$root/clean.out"
array=$(submitted "job array" "$root/clean.out")
merge=$(submitted "merge job" "$root/clean.out")
[ -n "$array" ] && [ -n "$merge" ] || fail "no job ids in the output of balance slurm"
grep -q "merged database: $root/shared/clean.db" "$root/clean.out" || fail "the merged database is not announced"
wait_jobs "$array,$merge"
elapsed=$(since "$start")
[ "$(job_state "$merge")" = COMPLETED ] || { show_logs; fail "merge job $merge: $(job_state "$merge")"; }
# The cost of Slurm: submission to the first task's start, the last task's end to the merge
# job's start, and the merge (with the report) itself.
stamp() { date -d "$1" +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
first=$(stamp "$(grep -h " started " clean/logs/task-*.out | awk '{ print $NF }' | sort | head -1)")
last=$(stamp "$(grep -h " finished " clean/logs/task-*.out | awk '{ print $4 }' | tr -d , | sort | tail -1)")
merge_start=$(stamp "$(grep -h "merge started" clean/logs/merge-*.out | awk '{ print $NF }')")
merge_end=$(stamp "$(grep -h "merge finished" clean/logs/merge-*.out | awk '{ print $3 }' | tr -d ,)")
echo "through Slurm: $planned games in $elapsed s (array $array, merge $merge): submission to" \
    "first task $(seconds "$start" "$first") s, tasks $(seconds "$first" "$last") s, last task" \
    "to merge start $(seconds "$last" "$merge_start") s, merge and report" \
    "$(seconds "$merge_start" "$merge_end") s"
[ -s clean/report.md ] || fail "no report at clean/report.md"
games clean.db >"$root/clean.games"
cmp -s "$root/single.games" "$root/clean.games" || {
    diff "$root/single.games" "$root/clean.games" | head -5
    fail "the merged database differs from the single-machine run"
}
echo "ok: the merged database holds exactly the $planned games of the single-machine run"

[ "$clean_only" = --clean-only ] && exit 0

# --- 2. a fault: one task cancelled mid-run, then re-submitted --------------------------------
"$balance" slurm "$sweep" --tasks 4 --dir fault --db fault.db --submit >"$root/fault.out" ||
    fail "balance slurm --submit: $(cat "$root/fault.out")"
array=$(submitted "job array" "$root/fault.out")
merge=$(submitted "merge job" "$root/fault.out")
# Cancel task 3 once it has stored a few games on its local scratch.
deadline=$(($(date +%s) + 120))
while :; do
    db=$(ls "$TMPDIR"/balance-shard-3.*/shard.db 2>/dev/null | head -1)
    if [ -n "$db" ]; then
        n=$(sqlite3 "$db" "SELECT count(*) FROM games" 2>/dev/null || echo 0)
        [ "${n:-0}" -ge 3 ] && break
    fi
    [ "$(date +%s)" -lt "$deadline" ] || { show_logs; fail "task 3 never got going"; }
    sleep 0.1
done
scancel "${array}_3"
echo "cancelled task ${array}_3 with $n games on its scratch"
wait_jobs "$array,$merge"
[ "$(job_state "${array}_3")" = CANCELLED ] || fail "task 3: $(job_state "${array}_3"), expected CANCELLED"
grep -q "misses" fault/logs/merge-*.out || { show_logs; fail "the merge job did not say what is missing"; }
grep -h "misses" fault/logs/merge-*.out
copied=$(sqlite3 fault/shards/shard-3-of-4.*.db "SELECT count(*) FROM games" 2>/dev/null || echo 0)
echo "task 3 copied back $copied games when cancelled"
[ "$copied" -ge 3 ] || fail "task 3 did not copy back the games it played before the cancel"

"$balance" slurm "$sweep" --tasks 4 --dir fault --db fault.db --submit >"$root/again.out" ||
    fail "balance slurm --submit again: $(cat "$root/again.out")"
cat "$root/again.out"
grep -q "submitted job array [0-9]* (tasks 3)" "$root/again.out" ||
    fail "the re-submission should play shard 3 only"
array=$(submitted "job array" "$root/again.out")
merge=$(submitted "merge job" "$root/again.out")
# The same task once more, at the same time, writing to the same shared directory.
twin=$(sbatch --parsable --array=3 fault/task.sh) || fail "sbatch of the duplicate task"
wait_jobs "$array,$merge,$twin"
[ "$(job_state "$merge")" = COMPLETED ] || { show_logs; fail "merge job $merge: $(job_state "$merge")"; }
[ "$(job_state "$twin")" = COMPLETED ] || { show_logs; fail "duplicate task $twin: $(job_state "$twin")"; }
grep -h "games played in this run" fault/logs/task-"${array}"_3.out fault/logs/task-"${twin}"_3.out
ls fault/shards
[ "$(ls fault/shards/shard-3-of-4.*.db | wc -l)" -eq 3 ] || fail "expected three copies of shard 3"
[ -z "$(ls -A fault/shards | grep '^\.')" ] || fail "temporary copies left in fault/shards"
if grep -q "different moves" fault/logs/merge-*.out; then fail "conflicting copies of a game"; fi
games fault.db >"$root/fault.games"
cmp -s "$root/single.games" "$root/fault.games" || {
    diff "$root/single.games" "$root/fault.games" | head -5
    fail "after the re-submission the merged database differs from the single-machine run"
}
echo "ok: after the cancel and the re-submission the merged database again holds exactly the $planned games"
