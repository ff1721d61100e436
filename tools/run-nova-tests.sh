#!/bin/bash
# Copyright 2026 The Cyborg Authors
# SPDX-License-Identifier: Apache-2.0
#
# The real-Nova suite (cyborg/tests/nova/, doc/source/contributor/
# nova-tests.rst): installs Nova (tools/nova-venv.sh, NOVA_VERSION,
# default the release this project supports) and runs the suite against
# it with the project's .venv, printing its wall time.
#
#   tools/run-nova-tests.sh                       # Nova 34.0.0
#   tools/run-nova-tests.sh -k evacuate           # any pytest arguments
#   NOVA_VERSION=33.0.0 NOVA_CONSTRAINTS= NOVA_VENV=.nova-venv-33 \
#       tools/run-nova-tests.sh
#
# Needs MariaDB and RabbitMQ on localhost (as tools/run-tests.sh's
# functional tests do) and the project's .venv (made here as
# tools/run-tests.sh makes it).  Nothing skips: a Nova that cannot be
# installed, or a backend that is missing, fails the run.

set -eu
cd "$(dirname "$0")/.."

log() { echo "[run-nova-tests] $*" >&2; }

# shellcheck source=tools/venv.sh
. tools/venv.sh
ensure_venv tests -c tools/upper-constraints.txt -r requirements.txt \
    -r test-requirements.txt -r umockdev-requirements.txt -e .

if ! NOVA_VENV=$(tools/nova-venv.sh); then
    log "FATAL: Nova ${NOVA_VERSION:-34.0.0} could not be installed"
    exit 1
fi
export NOVA_VENV
log "Nova: $("$NOVA_VENV/bin/python" -m pip show nova | grep '^Version')"

setup_log=$(mktemp "${TMPDIR:-/tmp}/cyborg-test-setup.XXXXXX.log")
if ! tools/test-setup.sh --missing-only >"$setup_log" 2>&1; then
    cat "$setup_log" >&2
    log "FATAL: tools/test-setup.sh failed"
    exit 1
fi
rm -f "$setup_log"

# One deployment serves the whole run, in the order of the files (the
# evacuation, which stops a host, last); CYBORG_TEST_NOVA=1 lets
# cyborg/tests/nova/conftest.py collect the suite.
start=$(date +%s)
status=0
CYBORG_TEST_NOVA=1 CYBORG_TEST_REQUIRE=mysql,rabbit \
    "$VENV/bin/python" -m pytest -p no:randomly -p no:cacheprovider \
    cyborg/tests/nova "$@" || status=$?
log "the real-Nova suite took $(($(date +%s) - start)) s (exit $status)"
exit $status
