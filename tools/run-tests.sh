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
# It first says what it installs and creates on the machine; then the
# set-up, each step only when something is missing or changed:
# 1. the Debian packages the tests need (bindep.txt): as root they are
#    installed (apt-get update once, then apt-get install); otherwise the
#    script names them and stops;
# 2. ./.venv with Cyborg and the test requirements (pip runs again only
#    when a requirements or packaging file, or Python, changed);
# 3. the "openstack_citest" database user of the opportunistic database
#    tests (tools/test-setup.sh), when it cannot log in yet.
#
# Functional tests use MariaDB/MySQL, PostgreSQL and RabbitMQ on localhost;
# a backend that is missing makes its tests skip, unless
# CYBORG_TEST_REQUIRE names it (CI does), which makes them fail.

set -eu
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}

log() { echo "[run-tests] $*" >&2; }

# --- 1. Debian packages ------------------------------------------------------
# bindep.txt's "test" profile for the dpkg platform (the subset of bindep's
# format that file uses: a package, then platform:X and profile selectors).
PACKAGES=$(awk '!/^#/ && NF {
    platform = 0; profile = 0
    for (i = 2; i <= NF; i++) {
        s = $i; gsub(/[][]/, "", s)
        if (s == "") continue
        if (s ~ /^platform:/) { platform++; if (s == "platform:dpkg") p = 1 }
        else { profile++; if (s == "test") t = 1 }
    }
    if ((platform == 0 || p) && (profile == 0 || t)) print $1
    p = 0; t = 0
}' bindep.txt)

missing_packages() {
    local pkg missing=""
    for pkg in $PACKAGES; do
        dpkg-query -W -f '${Status}' "$pkg" 2>/dev/null |
            grep -q 'ok installed' || missing="$missing $pkg"
    done
    echo "$missing"
}

# --- 0. what it does to this machine, said before it starts ---------------
# The machine's temporary directory, which the run shares with what runs
# beside it (see "the tests' files in memory" below).
SHARED_TMP=${CYBORG_TEST_SHARED_TMPDIR:-${TMPDIR:-/tmp}}
missing=""
if command -v dpkg-query >/dev/null; then
    missing=$(missing_packages)
fi
log "what this script installs and creates on this machine, each only" \
    "where missing:"
if [ -n "$missing" ] && [ "$(id -u)" = 0 ]; then
    log "  Debian packages (apt-get install):$missing"
fi
log "  ./.venv: Cyborg and the test requirements (pip, from PyPI)"
log "  MariaDB and PostgreSQL on 127.0.0.1: the user openstack_citest" \
    "(password openstack_citest, all privileges; OpenStack's" \
    "convention) and its database (tools/test-setup.sh)"
log "  while the tests run: databases of their own (dropped at the end)," \
    "RabbitMQ vhosts (as root; deleted at the end), temporary files (as" \
    "root: on a tmpfs on .venv/tmp that only the tests' processes see;" \
    "otherwise under ${TMPDIR:-/tmp}), and a file per port they serve on" \
    "in $SHARED_TMP/cyborg-test-ports (left: a lease that a later run" \
    "takes over after an hour)"

if command -v dpkg-query >/dev/null; then
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
ensure_venv tests -c tools/upper-constraints.txt -r requirements.txt \
    -r test-requirements.txt -r umockdev-requirements.txt -e .

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
# Three workers more than the machine has CPUs: a worker spends much of
# its time waiting (for service processes to start and stop, for
# RabbitMQ, for the databases, for a timeout a test provokes), and the
# extra workers fill it.  On a quiet 2-core machine, a fresh clone's
# 7248 tests took 10:07 with 4 workers (the CPUs 71 % busy) and 9:50
# with 5 (84 %), one run each; on 2026-11-27 one tree's 7639 tests took
# 10:52 with 5 and 10:24 with 6, the next tree's 10:57 with 6: no
# difference (doc/source/admin/performance.rst, "The test suite").
# CYBORG_TEST_WORKERS overrides it.
WORKERS=${CYBORG_TEST_WORKERS:-$(($(nproc) + 3))}
# Each worker, and each of the few hundred services and commands the
# tests start, would compile Cyborg's modules again (an editable install
# has no bytecode of its own) where the environment says not to keep
# bytecode: here Python keeps it (__pycache__ is ignored by git).
unset PYTHONDONTWRITEBYTECODE
PYTEST=($WRAPPER "$VENV/bin/python" -m pytest -n "$WORKERS"
        --no-loadscope-reorder --dist loadfile "$@")

# The tests' files in memory: as root, pytest runs in a mount namespace
# of its own with TMPDIR on a tmpfs mounted on $VENV/tmp, which only its
# processes see (gone with them; the host mounts nothing, and two runs
# each have their own).  The tests write and remove tens of thousands of
# files (fake sysfs trees, SQLite databases and their journals,
# configuration files): on a disk mounted with "discard", as CI's is,
# the driver tests spent more CPU in the kernel than in Python
# (doc/source/admin/performance.rst, "The test suite").  What the run
# shares with the machine (the port leases a second copy of the suite
# sees, the state of tools/ha-cluster.sh's cluster) stays in the
# machine's directory: CYBORG_TEST_SHARED_TMPDIR names it to the tests.
# CYBORG_TEST_TMPFS=0 keeps the files on the disk.
export CYBORG_TEST_SHARED_TMPDIR=$SHARED_TMP
TESTS_TMP=$(realpath -m "$VENV/tmp")
MOUNT_AND_RUN='mount -t tmpfs -o mode=1777 cyborg-tests "$0" &&
    TMPDIR=$0 exec "$@"'
IN_TMPFS=(unshare --mount --propagation private sh -c "$MOUNT_AND_RUN"
    "$TESTS_TMP")
TMPFS=${CYBORG_TEST_TMPFS:-1}
[ "$(id -u)" = 0 ] && command -v unshare >/dev/null || TMPFS=0
if [ "$TMPFS" != 0 ]; then
    mkdir -p "$TESTS_TMP"
    if "${IN_TMPFS[@]}" true 2>/dev/null; then
        log "the tests' files: on a tmpfs of their own ($TESTS_TMP)"
        exec "${IN_TMPFS[@]}" "${PYTEST[@]}"
    fi
    log "no tmpfs could be mounted (no CAP_SYS_ADMIN?): the tests'" \
        "files go to $SHARED_TMP"
fi
exec "${PYTEST[@]}"
