#!/bin/bash
# Copyright 2026 The Cyborg Authors
# SPDX-License-Identifier: Apache-2.0
#
# Sourced by tools/run-tests.sh and tools/run-cyborg.sh: the virtual
# environment, installed once per change of what it installs.
#
#   ensure_venv NAME PIP_INSTALL_ARGUMENTS...
#
# creates $VENV (default ./.venv) with $PYTHON (default python3) when it is
# missing, and runs "pip install -q ARGUMENTS" unless the last successful
# install under the same NAME saw the same Python, the same arguments and
# the same requirements, constraints and packaging files (their hashes are
# kept in $VENV/.cyborg-NAME-installed).  The constraints are among the
# arguments ("-c tools/upper-constraints.txt" for what OpenStack installs).
# Cyborg itself is installed in development mode ("-e ."): a change of its
# code needs no reinstall.

PYTHON=${PYTHON:-python3}
VENV=${CYBORG_VENV:-.venv}

VENV_STAMP_FILES="requirements.txt test-requirements.txt
umockdev-requirements.txt doc/requirements.txt tools/upper-constraints.txt
lower-constraints.txt setup.cfg setup.py pyproject.toml"

ensure_venv() {
    local name=$1 stamp wanted
    shift
    stamp="$VENV/.cyborg-$name-installed"
    if [ ! -x "$VENV/bin/python" ]; then
        echo "creating $VENV" >&2
        "$PYTHON" -m venv "$VENV"
    fi
    # shellcheck disable=SC2086
    wanted=$({
        "$VENV/bin/python" --version
        echo "$*"
        cat $VENV_STAMP_FILES 2>/dev/null
    } | sha256sum)
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then
        return 0
    fi
    echo "installing into $VENV (once per change of the requirements)" >&2
    rm -f "$stamp"
    # Each step returns on failure, so that a caller without "set -e"
    # never gets a stamp over a half-installed environment.
    "$VENV/bin/python" -m pip install -q --upgrade pip || return
    "$VENV/bin/python" -m pip install -q "$@" || return
    echo "$wanted" > "$stamp"
}
