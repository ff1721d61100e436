#!/bin/bash
# Copyright 2026 The Cyborg Authors
# SPDX-License-Identifier: Apache-2.0
#
# Set up everything the test suite needs and run it with pytest.  This is
# the README's test command, and exactly what CI (.ci/run) runs.
#
#   tools/run-tests.sh [pytest arguments]
#
# With no file or directory among the arguments, the whole suite runs
# (cyborg/tests, the testpaths of tox.ini); "tools/run-tests.sh
# cyborg/tests/unit" runs the unit tests only.  The tests run in a random
# order; the seed is printed first and last ("--randomly-seed=N" replays
# it, "-p no:randomly" keeps the order of the files).
#
# Set-up, each step only when something is missing or changed:
# 1. the Debian packages the tests need: as root they are installed
#    (apt-get update once, then apt-get install); otherwise the script
#    names them and stops;
# 2. ./.venv with Cyborg and the test requirements (pip runs again only
#    when a requirements or packaging file, or Python, changed);
# 3. the "openstack_citest" database user of the opportunistic database
#    tests (tools/test-setup.sh), when it cannot log in yet;
# 4. with CYBORG_TEST_LINT=1 (.ci/run sets it), the lint of tox -e pep8
#    (tools/tox-env.sh pep8): a lint error stops the run before the tests.
#
# Functional tests use MariaDB/MySQL, PostgreSQL and RabbitMQ on localhost;
# a backend that is missing makes its tests skip, unless
# CYBORG_TEST_REQUIRE names it (CI does), which makes them fail.

set -eu
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}

log() { echo "[run-tests] $*" >&2; }

# --- 1. Debian packages ------------------------------------------------------
# libudev1: pyudev's library.  umockdev: fake sysfs trees for the driver
# tests (umockdev-wrapper).  gir1.2-umockdev-1.0: UMockdev.Testbed
# (hotplug uevents) through PyGObject, which pip builds from source with
# libgirepository1.0-dev, libcairo2-dev (for pycairo), pkg-config and gcc.
# prometheus: promtool, which checks the alerting rules of etc/prometheus.
PACKAGES="libudev1 umockdev gir1.2-umockdev-1.0 libgirepository1.0-dev
libcairo2-dev pkg-config gcc prometheus"

missing_packages() {
    local pkg missing=""
    for pkg in $PACKAGES; do
        dpkg-query -W -f '${Status}' "$pkg" 2>/dev/null |
            grep -q 'ok installed' || missing="$missing $pkg"
    done
    # Debian's own Python needs two more packages for a venv and for
    # building PyGObject; a Python built from source has both already.
    "$PYTHON" -c 'import ensurepip' 2>/dev/null ||
        missing="$missing python3-venv"
    "$PYTHON" -c 'import os, sys, sysconfig
sys.exit(not os.path.exists(os.path.join(
    sysconfig.get_paths()["include"], "Python.h")))' ||
        missing="$missing python3-dev"
    echo "$missing"
}

if command -v dpkg-query >/dev/null; then
    missing=$(missing_packages)
    if [ -n "$missing" ]; then
        if [ "$(id -u)" != 0 ]; then
            log "the tests need these Debian packages; install them with:"
            log "  sudo apt-get install$missing"
            exit 1
        fi
        log "installing Debian packages:$missing"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        # shellcheck disable=SC2086
        apt-get install -y -qq --no-install-recommends $missing >/dev/null
    fi
else
    log "not a Debian system: make sure these (or your distribution's" \
        "equivalents) are installed: $PACKAGES"
fi

# --- 2. the virtual environment ---------------------------------------------
# shellcheck source=tools/venv.sh
. tools/venv.sh
ensure_venv tests -r requirements.txt -r test-requirements.txt \
    -r umockdev-requirements.txt -e .

# --- 3. the opportunistic database user --------------------------------------
# Only what is missing is created; a failure is fatal where
# CYBORG_TEST_REQUIRE names that database (CI), a warning elsewhere.  The
# log is a file of this run's own (two runs at once keep theirs apart),
# removed when the step succeeds.
setup_log=$(mktemp "${TMPDIR:-/tmp}/cyborg-test-setup.XXXXXX.log")
if tools/test-setup.sh --missing-only >"$setup_log" 2>&1; then
    rm -f "$setup_log"
else
    case ",${CYBORG_TEST_REQUIRE:-}," in
        *,mysql,*|*,postgresql,*)
            cat "$setup_log" >&2
            log "FATAL: tools/test-setup.sh failed (log: $setup_log)"
            exit 1;;
    esac
    log "WARNING: tools/test-setup.sh failed (see $setup_log);" \
        "database tests will skip."
fi

# --- 4. the lint, where CYBORG_TEST_LINT=1 (CI sets it) ---------------------
# tox -e pep8's commands (ruff, flake8 with hacking, bashate), run by
# tools/tox-env.sh from the same virtual environment, before any test.
if [ "${CYBORG_TEST_LINT:-0}" = 1 ]; then
    log "lint: tox -e pep8 (tools/tox-env.sh pep8)"
    if ! tools/tox-env.sh pep8; then
        log "FATAL: the lint failed (the errors are above; run" \
            "tools/tox-env.sh pep8 to check a fix); no test was run."
        exit 1
    fi
fi

# --- run ----------------------------------------------------------------------
# Driver tests read fake sysfs trees through pyudev: umockdev's preload
# library must be in the process from its start, so pytest runs under
# umockdev-wrapper when it is installed.
WRAPPER=""
if command -v umockdev-wrapper >/dev/null; then
    WRAPPER=umockdev-wrapper
fi

# Tests of the same file stay in one worker (--dist loadfile): a gabbi
# file is a sequence of requests, and the functional files share a
# database and RabbitMQ.  The random order is cyborg/tests/conftest.py's,
# with the files marked slow first; --no-loadscope-reorder keeps it
# (pytest-xdist would hand out the files with the most tests first, and
# leave the long single-test ones to the end, one worker running them
# while the other idles).
#
# Two workers more than the machine has CPUs: a worker spends much of
# its time waiting (for service processes to start and stop, for
# RabbitMQ, for the databases, for a timeout a test provokes), and the
# extra workers fill it.  On 2 cores, 3 workers ran the suite in 9:54
# where 2 took 12:26; later, with 3 the CPUs were 72 % busy on average
# and the suite took 11:43, with 4 they were 80 % busy and it took 10:26
# (cyborg/tests/README.rst, "The suite's time").  CYBORG_TEST_WORKERS
# overrides it.
WORKERS=${CYBORG_TEST_WORKERS:-$(($(nproc) + 2))}
exec $WRAPPER "$VENV/bin/python" -m pytest -n "$WORKERS" \
    --no-loadscope-reorder --dist loadfile "$@"
