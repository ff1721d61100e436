#!/bin/bash
# Copyright 2026 The Cyborg Authors
# SPDX-License-Identifier: Apache-2.0
#
# The reference run of doc/source/admin/performance.rst, in one sitting:
# Nova's ARQ lifecycle of this checkout against 88231a8 (the commit before
# the fault and cleanup issues) and against the existing Cyborg (17.0.0,
# tools/upstream/venv.sh), the A/A self-check, concurrency 1, 4 and 16,
# and 1, 2 and 4 API workers and conductors; then a py-spy profile of
# this checkout.  Each step writes OUT/<step>.jsonl (every round and the
# summaries) and OUT/<step>.txt (the table).
#
#   tools/bench/reference.sh OUT [STEP...]
#
# STEPs (default: all, in this order): vs-88231a8 aa vs-upstream
# concurrency workers profile; and, asked for by name, the steps of the
# speed round (issue 66): vs-5881b05 (5881b05 with PyMySQL against this
# checkout with mysqlclient and with PyMySQL, and 5881b05 again: the A/A
# check), floor (floor.py three times, mysqlclient) and profile-c4
# (py-spy at concurrency 4, mysqlclient).  Run it as root on a machine with MariaDB
# (the openstack_citest account of tools/test-setup.sh) and RabbitMQ
# (rabbitmqctl: each round makes a vhost of its own), from a checkout
# whose .venv tools/run-tests.sh built, on an otherwise quiet machine.
# It makes, once: a git worktree of 88231a8 with its own .venv
# (BASELINE, default /tmp/cyborg-88231a8), the existing Cyborg's venv
# (.upstream-venv), and installs py-spy into .venv.

set -eu
cd "$(dirname "$0")/../.."

OUT=${1:?usage: tools/bench/reference.sh OUT [STEP...]}
shift
STEPS=${*:-vs-88231a8 aa vs-upstream concurrency workers profile}
BASELINE=${BASELINE:-/tmp/cyborg-88231a8}
# The tree before the speed round (vs-5881b05), a git worktree made once.
BEFORE66=${BEFORE66:-/tmp/cyborg-5881b05}
HERE=$PWD
PY=$HERE/.venv/bin/python
# The benchmarks' MariaDB account, through mysqlclient (the install
# guide's driver).
MYSQLDB_ADMIN_URL=${MYSQLDB_ADMIN_URL:-mysql+mysqldb://openstack_citest:openstack_citest@127.0.0.1/}
BENCH="$PY $HERE/tools/bench/arq_lifecycle.py --start"
mkdir -p "$OUT"

if [[ " $STEPS " == *" vs-5881b05 "* && ! -d "$BEFORE66/cyborg" ]]; then
    git worktree add --detach "$BEFORE66" 5881b05
fi
NEEDS_BASELINE=
case " $STEPS " in
*" vs-88231a8 "* | *" concurrency "*) NEEDS_BASELINE=1 ;;
esac
if [ -n "$NEEDS_BASELINE" ] && [ ! -d "$BASELINE/cyborg" ]; then
    git worktree add --detach "$BASELINE" 88231a8
fi
if [ -d "$BASELINE/cyborg" ] && [ ! -x "$BASELINE/.venv/bin/python" ]; then
    # 88231a8 needs PasteDeploy and microversion-parse, gone since.
    (
        cd "$BASELINE" && python3 -m venv .venv &&
            .venv/bin/pip install -q -c tools/upper-constraints.txt -e . \
                PyMySQL
    )
fi

for step in $STEPS; do
    echo "[reference] $step ($(date -u +%H:%M:%S))" >&2
    case $step in
    vs-88231a8)
        $BENCH --compare "$BASELINE" "$HERE" --rounds 5 \
            --iterations 300 --concurrency 1 --output "$OUT/$step" ;;
    aa)
        $BENCH --compare "$HERE" "$HERE" --rounds 5 --iterations 300 \
            --concurrency 1 --output "$OUT/$step" ;;
    vs-upstream)
        UPSTREAM=$(tools/upstream/venv.sh)
        $BENCH --compare "upstream:$UPSTREAM" "$HERE" --rounds 5 \
            --iterations 100 --concurrency 1 --output "$OUT/$step" ;;
    concurrency)
        $BENCH --compare "$BASELINE" "$HERE" --rounds 5 --iterations 50 \
            --concurrency 1,4,16 --output "$OUT/$step" ;;
    workers)
        $BENCH --workers 1,2,4 --rounds 5 --iterations 50 \
            --concurrency 1,16 --output "$OUT/$step" ;;
    profile)
        "$PY" -m pip install -q py-spy
        $BENCH --iterations 300 --concurrency 1 --py-spy "$OUT/profile" \
            > "$OUT/$step.jsonl"
        "$PY" tools/bench/cpu_profile.py "$OUT/$step.jsonl" \
            > "$OUT/$step.txt" ;;
    vs-5881b05)
        $BENCH --compare "$BEFORE66" "$HERE" "$HERE" "$BEFORE66" \
            --db-drivers pymysql,mysqldb,pymysql,pymysql --rounds 5 \
            --iterations 60 --concurrency 1,4 --client lean \
            --output "$OUT/$step" ;;
    floor)
        for run in 1 2 3; do
            $BENCH --concurrency 1 --iterations 300 --floor 500 \
                --client lean --db-admin-url "$MYSQLDB_ADMIN_URL" \
                > "$OUT/floor-$run.jsonl"
        done
        "$PY" tools/bench/floor.py "$OUT"/floor-[123].jsonl \
            > "$OUT/$step.txt" ;;
    profile-c4)
        "$PY" -m pip install -q py-spy
        $BENCH --iterations 200 --concurrency 4 --client lean \
            --db-admin-url "$MYSQLDB_ADMIN_URL" --py-spy-rate 250 \
            --py-spy "$OUT/profile-c4" > "$OUT/$step.jsonl"
        "$PY" tools/bench/cpu_profile.py "$OUT/$step.jsonl" \
            > "$OUT/$step.txt" ;;
    *)
        echo "unknown step $step" >&2
        exit 2 ;;
    esac
done
echo "[reference] done ($(date -u +%H:%M:%S)): $OUT" >&2
