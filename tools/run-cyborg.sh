#!/bin/bash
# Copyright 2026 The Cyborg Authors
# SPDX-License-Identifier: Apache-2.0
#
# Install Cyborg into ./.venv and run it with its embedded defaults:
# cyborg-all-in-one, one process serving the API (without authentication,
# on 127.0.0.1:6666), a conductor and an agent for this host, the real
# Placement and a recorder of Nova's events, over oslo.messaging's
# in-memory transport, with SQLite databases under ./.state.  Nothing else
# needs to be installed or running.  Ctrl-C stops it.
#
#   tools/run-cyborg.sh [cyborg-all-in-one options]
#
# for example "tools/run-cyborg.sh --simulate fpga=2,qat=1,gpu=1" (types:
# fpga, qat, gpu, vgpu, nic, ssd, npu, nvme; see "cyborg-all-in-one
# --help").

set -eu
cd "$(dirname "$0")/.."

# The port first (--port, else cyborg-all-in-one's default): a taken one
# stops here, before the install, not after it.
port=6666
previous=""
for arg in "$@"; do
    case "$previous" in --port) port=$arg;; esac
    case "$arg" in --port=*) port=${arg#--port=};; esac
    previous=$arg
done
if ! python3 -c 'import socket, sys
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", int(sys.argv[1])))' "$port" 2>/dev/null; then
    echo "port $port is taken (or not a port): choose another with" \
        "--port (the README's API_PORT)" >&2
    exit 1
fi

# Installed once per change of the requirements (tools/venv.sh); a change
# of Cyborg's code needs no reinstall.
# shellcheck source=tools/venv.sh
. tools/venv.sh
ensure_venv run -c tools/upper-constraints.txt -e '.[all-in-one]' \
    python-openstackclient python-cyborgclient osc-placement

exec "$VENV/bin/cyborg-all-in-one" --state-dir .state "$@"
