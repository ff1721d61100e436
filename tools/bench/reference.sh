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
# concurrency workers profile.  Run it as root on a machine with MariaDB
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
HERE=$PWD
PY=$HERE/.venv/bin/python
BENCH="$PY $HERE/tools/bench/arq_lifecycle.py --start"
mkdir -p "$OUT"

if [ ! -d "$BASELINE/cyborg" ]; then
    git worktree add --detach "$BASELINE" 88231a8
fi
if [ ! -x "$BASELINE/.venv/bin/python" ]; then
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
    *)
        echo "unknown step $step" >&2
        exit 2 ;;
    esac
done
echo "[reference] done ($(date -u +%H:%M:%S)): $OUT" >&2
