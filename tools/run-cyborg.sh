#!/bin/bash
# Copyright 2026 The Cyborg Authors
# SPDX-License-Identifier: Apache-2.0
#
# Install Cyborg into ./.venv and run it with its embedded defaults: the
# API (without authentication, on 127.0.0.1:6666), a conductor and an agent
# for this host, on a SQLite database under ./.state, over the RabbitMQ of
# this machine (oslo.messaging's default,
# rabbit://guest:guest@localhost:5672/).  Ctrl-C stops them.
#
#   tools/run-cyborg.sh [STATE_DIR]
#
# This is the README's first command until the one-process embedded mode
# (cyborg-all-in-one) exists.

set -eu
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
VENV=${CYBORG_VENV:-.venv}
STATE=$(realpath -m "${1:-.state}")

if [ ! -x "$VENV/bin/python" ]; then
    "$PYTHON" -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install -q --upgrade pip
"$VENV/bin/python" -m pip install -q -c tools/upper-constraints.txt -e . \
    python-openstackclient python-cyborgclient

mkdir -p "$STATE"
CONF=$STATE/cyborg.conf
if [ ! -f "$CONF" ]; then
    cat > "$CONF" <<CONFIG
[DEFAULT]
# Everything else keeps its default; see "tox -e genconfig".
state_path = $STATE
# Standalone: no Keystone.  Never expose such an API to untrusted clients.
auth_strategy = noauth
[api]
api_workers = 1
CONFIG
fi

"$VENV/bin/cyborg-dbsync" --config-file "$CONF" upgrade

pids=()
stop() {
    trap - INT TERM EXIT
    echo "Stopping Cyborg..."
    kill -TERM "${pids[@]}" 2>/dev/null || true
    wait "${pids[@]}" 2>/dev/null || true
}
trap stop INT TERM EXIT

"$VENV/bin/cyborg-conductor" --config-file "$CONF" \
    --log-file "$STATE/cyborg-conductor.log" &
pids+=($!)
"$VENV/bin/cyborg-agent" --config-file "$CONF" \
    --log-file "$STATE/cyborg-agent.log" &
pids+=($!)
"$VENV/bin/cyborg-api" --config-file "$CONF" \
    --log-file "$STATE/cyborg-api.log" &
pids+=($!)

sleep 5
"$VENV/bin/cyborg-manage" --config-file "$CONF" service list
cat <<TEXT

Cyborg is running (logs in $STATE); the API is http://127.0.0.1:6666/v2.
Try:
    curl -s http://127.0.0.1:6666/v2/device_profiles
    OS_AUTH_TYPE=none OS_ENDPOINT=http://127.0.0.1:6666/v2 \\
        $VENV/bin/openstack accelerator device list
    $VENV/bin/cyborg-manage --config-file $CONF service list
Press Ctrl-C to stop.
TEXT
wait "${pids[@]}"
