#!/bin/bash
# Copyright 2026 The Cyborg Authors
# SPDX-License-Identifier: Apache-2.0
#
# Install Cyborg and its test requirements into ./.venv and run the whole
# test suite (unit and functional) with pytest.  This is the README's test
# command, and exactly what CI (.ci/run) runs.
#
#   tools/run-tests.sh [pytest arguments]
#
# Functional tests use MariaDB/MySQL, PostgreSQL and RabbitMQ on localhost
# (tools/test-setup.sh creates the "openstack_citest" database user); a
# backend that is missing makes its tests skip, unless CYBORG_TEST_REQUIRE
# names it (CI does), which makes them fail.

set -eu
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
VENV=${CYBORG_VENV:-.venv}

if [ ! -x "$VENV/bin/python" ]; then
    "$PYTHON" -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install -q --upgrade pip
"$VENV/bin/python" -m pip install -q -c tools/upper-constraints.txt \
    -r requirements.txt -r test-requirements.txt -e .

# The opportunistic database user; harmless when it already exists, and
# only a warning where we lack the rights to create it.
if ! tools/test-setup.sh >/tmp/cyborg-test-setup.log 2>&1; then
    echo "WARNING: tools/test-setup.sh failed (see /tmp/cyborg-test-setup.log);" \
         "database tests will skip unless CYBORG_TEST_REQUIRE names them." >&2
fi

# Driver tests read fake sysfs trees through pyudev: umockdev's preload
# library must be in the process from its start, so pytest runs under
# umockdev-wrapper when it is installed (Debian package umockdev).  Without
# it those tests skip and their SysfsRoot twins still run, unless
# CYBORG_TEST_REQUIRE names umockdev (CI does).
WRAPPER=""
if command -v umockdev-wrapper >/dev/null; then
    WRAPPER=umockdev-wrapper
fi

# Tests of the same file stay in one worker (--dist loadfile): the
# functional files share a database and RabbitMQ.
exec $WRAPPER "$VENV/bin/python" -m pytest -n "${CYBORG_TEST_WORKERS:-auto}" \
    --dist loadfile cyborg/tests "$@"
