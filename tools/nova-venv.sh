#!/bin/bash
# Copyright 2026 The Cyborg Authors
# SPDX-License-Identifier: Apache-2.0
#
# Install the real Nova (the "nova" package from PyPI, at the release this
# project supports) into a virtualenv of its own and print its path.  The
# real-Nova suite (cyborg/tests/nova/, tools/run-nova-tests.sh) runs
# nova-api, -conductor, -scheduler and -compute from there; Nova never
# goes into the project's .venv (its dependencies are its own).
#
#   tools/nova-venv.sh                   # ./.nova-venv (NOVA_VENV)
#   NOVA_VERSION=33.0.0 NOVA_CONSTRAINTS= tools/nova-venv.sh
#
# NOVA_VERSION (default 34.0.0) is the release; NOVA_CONSTRAINTS (default
# tools/nova-constraints.txt, the versions 34.0.0 was tested with; empty:
# none) constrains its dependencies.  A failure to install is fatal: the
# suite never skips for want of Nova.

set -eu
cd "$(dirname "$0")/.."

NOVA_VERSION=${NOVA_VERSION:-34.0.0}
NOVA_CONSTRAINTS=${NOVA_CONSTRAINTS-tools/nova-constraints.txt}
VENV=${NOVA_VENV:-$PWD/.nova-venv}
PYTHON=${PYTHON:-python3}

wanted=$({
    echo "$NOVA_VERSION"
    "$PYTHON" --version
    if [ -n "$NOVA_CONSTRAINTS" ]; then
        cat "$NOVA_CONSTRAINTS"
    fi
} | sha256sum)
stamp="$VENV/.cyborg-nova-installed"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$wanted" ] || \
        [ ! -x "$VENV/bin/nova-compute" ]; then
    echo "installing nova==$NOVA_VERSION into $VENV" >&2
    rm -f "$stamp"
    "$PYTHON" -m venv "$VENV"
    "$VENV/bin/python" -m pip install -q --upgrade pip >&2
    constraints=()
    if [ -n "$NOVA_CONSTRAINTS" ]; then
        constraints=(-c "$NOVA_CONSTRAINTS")
    fi
    "$VENV/bin/python" -m pip install -q "${constraints[@]}" \
        "nova==$NOVA_VERSION" PyMySQL >&2
    echo "$wanted" > "$stamp"
fi
echo "$VENV"
