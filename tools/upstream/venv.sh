#!/bin/bash
# Copyright 2026 The Cyborg Authors
# SPDX-License-Identifier: Apache-2.0
#
# Install the existing OpenStack Cyborg (openstack-cyborg 17.0.0, from
# PyPI) into a virtualenv of its own and print its path.  Its package name
# is ours too, so it never goes into the project's .venv.
#
#   tools/upstream/venv.sh            # ./.upstream-venv (UPSTREAM_VENV)
#
# The other scripts of this folder run the real thing from there: its own
# oslo-config-generator (make-config.sh) and its own cyborg-dbsync and
# objects (make-dumps.sh); tools/bench/arq_lifecycle.py --compare runs its
# services (its API under gunicorn, which is installed too).

set -eu
cd "$(dirname "$0")/../.."

UPSTREAM_VERSION=${UPSTREAM_VERSION:-17.0.0}
VENV=${UPSTREAM_VENV:-$PWD/.upstream-venv}
PYTHON=${PYTHON:-python3}

if [ ! -x "$VENV/bin/cyborg-dbsync" ] || [ ! -x "$VENV/bin/gunicorn" ] || \
        ! "$VENV/bin/python" -m pip show openstack-cyborg 2>/dev/null |
        grep -qx "Version: $UPSTREAM_VERSION"; then
    "$PYTHON" -m venv "$VENV"
    "$VENV/bin/python" -m pip install -q --upgrade pip >&2
    "$VENV/bin/python" -m pip install -q \
        "openstack-cyborg==$UPSTREAM_VERSION" PyMySQL psycopg2-binary \
        gunicorn >&2
fi
echo "$VENV"
