#!/bin/bash
# Copyright 2026 The Cyborg Authors
#
# Licensed under the Apache License, Version 2.0 (the "License"); you may
# not use this file except in compliance with the License. You may obtain
# a copy of the License at
#
#      http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS, WITHOUT
# WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied. See the
# License for the specific language governing permissions and limitations
# under the License.
#
# Runs the gate job of .zuul.yaml (cyborg-tempest) by hand on one machine:
# devstack with Nova's fake virt driver and this repository's plugin, then
# cyborg-tempest-plugin's tests.  Run it from a clone of this repository,
# as a user with password-less sudo, on a machine devstack may take over.
#
#   tools/devstack-gate.sh [all|stack|tempest|local.conf]
#
# all (the default) stacks and runs the tests; stack stops after stack.sh;
# tempest runs the tests of a cloud already stacked; local.conf prints the
# local.conf it would write.  Variables:
#
#   GIT_BASE        where devstack clones OpenStack's projects from
#                   (https://opendev.org)
#   CYBORG_REPO     the plugin's repository (this clone)
#   CYBORG_BRANCH   its branch (the one checked out here)
#   DEST            devstack's DEST (/opt/stack)
#   DEVSTACK_BRANCH devstack's branch (master)
#   TEMPEST_CONCURRENCY  tempest's workers (2)
#   EXTRA_LOCALRC   a file whose lines are added to [[local|localrc]]
#
# doc/source/install/devstack.rst ("The gate job by hand") documents it;
# its all-in-one local.conf is the one written here.

set -o errexit
set -o nounset
set -o pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
GIT_BASE=${GIT_BASE:-https://opendev.org}
CYBORG_REPO=${CYBORG_REPO:-file://$REPO}
CYBORG_BRANCH=${CYBORG_BRANCH:-$(git -C "$REPO" symbolic-ref --short -q \
    HEAD || true)}
DEST=${DEST:-/opt/stack}
DEVSTACK_BRANCH=${DEVSTACK_BRANCH:-master}
TEMPEST_CONCURRENCY=${TEMPEST_CONCURRENCY:-2}
EXTRA_LOCALRC=${EXTRA_LOCALRC:-}

# The job's local.conf: the doc's all-in-one, with what Zuul adds (the
# git base, the plugin's checkout, the tempest plugin).
function write_local_conf {
    cat <<EOF
[[local|localrc]]
ADMIN_PASSWORD=secret
DATABASE_PASSWORD=\$ADMIN_PASSWORD
RABBIT_PASSWORD=\$ADMIN_PASSWORD
SERVICE_PASSWORD=\$ADMIN_PASSWORD

VIRT_DRIVER=fake
disable_service c-api c-sch c-vol c-bak horizon

enable_plugin cyborg $CYBORG_REPO $CYBORG_BRANCH

GIT_BASE=$GIT_BASE
TEMPEST_PLUGINS=$DEST/cyborg-tempest-plugin
LOGFILE=$DEST/logs/stack.sh.log
EOF
    if [[ -n "$EXTRA_LOCALRC" ]]; then
        echo
        cat "$EXTRA_LOCALRC"
    fi
}

# clone PROJECT BRANCH - PROJECT (openstack/NAME) from GIT_BASE into
# $DEST/NAME, unless there already
function clone {
    local dir
    dir=$DEST/$(basename "$1")
    if [[ ! -d "$dir" ]]; then
        git clone -b "$2" "$GIT_BASE/$1.git" "$dir"
    fi
}

function stack {
    if [[ -z "$CYBORG_BRANCH" ]]; then
        echo "Check out a branch, or set CYBORG_BRANCH." >&2
        exit 1
    fi
    sudo install -d -o "$(id -un)" "$DEST"
    clone openstack/devstack "$DEVSTACK_BRANCH"
    clone openstack/cyborg-tempest-plugin master
    write_local_conf > "$DEST/devstack/local.conf"
    "$DEST/devstack/stack.sh"
}

# The job's tests, as devstack's run-tempest role runs them.
function run_tempest {
    cd "$DEST/tempest"
    tox -e all -- cyborg_tempest_plugin \
        --concurrency="$TEMPEST_CONCURRENCY"
}

case "${1:-all}" in
    all)
        stack
        run_tempest
        ;;
    stack)
        stack
        ;;
    tempest)
        run_tempest
        ;;
    local.conf)
        write_local_conf
        ;;
    *)
        echo "Usage: $0 [all|stack|tempest|local.conf]" >&2
        exit 2
        ;;
esac
