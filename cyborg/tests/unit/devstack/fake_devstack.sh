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
# Runs Cyborg's devstack plugin the way stack.sh, unstack.sh and clean.sh
# do (settings once, then plugin.sh once per phase), with every devstack
# function the plugin calls replaced by a recorder.  test_plugin.py reads
# the record.
#
#   fake_devstack.sh OUT_DIR PHASE...
#
# A PHASE is what stack.sh passes to plugin.sh, joined by ":"
# ("stack:install", "unstack").  Each call is one line of OUT_DIR/calls.log:
# the function's name and its arguments separated by the ASCII unit
# separator (0x1f).  A command that is neither defined here nor a program
# is recorded as UNDEFINED.  OUT_DIR/bin holds a recording cyborg-dbsync
# (exit status FAKE_DBSYNC_RC).  Devstack's variables get the values below
# unless the environment sets them; FAKE_INI seeds iniget with
# "FILE|SECTION|OPTION=VALUE" entries separated by newlines.  bash's
# HOSTNAME, which lib/nova names the fake computes after, comes from the
# environment when it has one.

set -o errexit
set -o nounset
set -o pipefail

OUT=$1
shift
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../.." && pwd)
export FAKE_DEVSTACK_CALLS=$OUT/calls.log
mkdir -p "$OUT/bin"
: > "$FAKE_DEVSTACK_CALLS"

cat > "$OUT/bin/cyborg-dbsync" <<'EOF'
#!/bin/bash
IFS=$'\x1f'
printf '%s\n' "cyborg-dbsync${IFS}$*" >> "$FAKE_DEVSTACK_CALLS"
exit "${FAKE_DBSYNC_RC:-0}"
EOF
chmod +x "$OUT/bin/cyborg-dbsync"

# What stackrc, local.conf and the lib/* files of devstack would have set.
: "${DEST:=/opt/stack}"
: "${DATA_DIR:=$DEST/data}"
: "${STACK_USER:=stack}"
: "${LOCAL_HOSTNAME:=devstack-1}"
: "${SERVICE_HOST:=192.0.2.10}"
: "${SERVICE_PROTOCOL:=http}"
: "${SERVICE_TIMEOUT:=60}"
: "${REGION_NAME:=RegionOne}"
: "${KEYSTONE_SERVICE_URI:=http://192.0.2.10/identity}"
: "${SERVICE_PASSWORD:=secretservice}"
: "${SERVICE_PROJECT_NAME:=service}"
: "${SERVICE_DOMAIN_NAME:=Default}"
: "${ENABLE_DEBUG_LOG_LEVEL:=True}"
: "${ENFORCE_SCOPE:=False}"
: "${DATABASE_HOST:=127.0.0.1}"
: "${DATABASE_PASSWORD:=secretdb}"
: "${SSL_BUNDLE_FILE:=/opt/stack/data/ca-bundle.pem}"
: "${NOVA_CONF:=/etc/nova/nova.conf}"
: "${NOVA_CPU_CONF:=/etc/nova/nova-cpu.conf}"
: "${TEMPEST_CONFIG:=/opt/stack/tempest/etc/tempest.conf}"
: "${ENABLED_SERVICES:=key,mysql,rabbit,placement-api,n-api,n-cond,n-sch}"
: "${VIRT_DRIVER:=libvirt}"
if [[ "$VIRT_DRIVER" == "fake" ]]; then
    : "${NUMBER_FAKE_NOVA_COMPUTE:=1}"
fi
ENABLED_SERVICES+=${EXTRA_ENABLED_SERVICES:+,$EXTRA_ENABLED_SERVICES}

function _record {
    local IFS=$'\x1f'
    printf '%s\n' "$*" >> "$FAKE_DEVSTACK_CALLS"
}

# The ini options written so far, for iniget: "FILE|SECTION|OPTION".
declare -A INI
while IFS= read -r entry; do
    if [[ -n "$entry" ]]; then
        INI["${entry%%=*}"]=${entry#*=}
    fi
done <<< "${FAKE_INI:-}"

# Devstack functions with behaviour the plugin depends on.

function is_service_enabled {
    local service
    for service in "$@"; do
        if [[ ",$ENABLED_SERVICES," == *",$service,"* ]]; then
            return 0
        fi
        # devstack's shorthand: "nova" is any n-* service
        if [[ "$service" == nova && ",$ENABLED_SERVICES" == *",n-"* ]]; then
            return 0
        fi
    done
    return 1
}

function enable_service {
    local service
    _record enable_service "$@"
    for service in "$@"; do
        if ! is_service_enabled "$service"; then
            ENABLED_SERVICES+=",$service"
        fi
    done
}

function trueorfalse {
    local default=$1
    local value=${!2:-$default}
    case "$value" in
        1|[Yy]es|YES|[Tt]rue|TRUE|[Oo]n|ON) echo True ;;
        0|[Nn]o|NO|[Ff]alse|FALSE|[Oo]ff|OFF) echo False ;;
        *) echo "$default" ;;
    esac
}

function iniset {
    _record iniset "$@"
    if [[ "$1" == "-sudo" ]]; then
        shift
    fi
    INI["$1|$2|$3"]=${4:-}
}

function iniget {
    _record iniget "$@"
    echo "${INI["$1|$2|$3"]:-}"
}

function inicomment {
    _record inicomment "$@"
    unset 'INI[$1|$2|$3]'
}

function rm {
    local arg
    local key
    _record rm "$@"
    for arg in "$@"; do
        for key in "${!INI[@]}"; do
            if [[ "$key" == "$arg|"* ]]; then
                unset 'INI[$key]'
            fi
        done
    done
}

function database_connection_url {
    _record database_connection_url "$@"
    local auth=root:$DATABASE_PASSWORD
    echo "mysql+pymysql://$auth@$DATABASE_HOST/$1?charset=utf8"
}

function get_python_exec_prefix {
    echo "$OUT/bin"
}

# Temporary files in the run's directory, which the test removes.
function mktemp {
    command mktemp -p "$OUT"
}

function which {
    echo "/usr/local/bin/$1"
}

function wait_for_service {
    _record wait_for_service "$@"
    return "${FAKE_WAIT_RC:-0}"
}

function die {
    _record die "$@"
    exit 1
}

function get_or_create_service {
    _record get_or_create_service "$@"
    echo 7a5c0ffee0000000000000000000acce
}

function get_or_create_endpoint {
    _record get_or_create_endpoint "$@"
    echo 7a5c0ffee0000000000000000000e9d0
}

# Devstack functions whose call is all that matters here.
for fn in echo_summary setup_develop pip_install_gr sudo \
        iniset_rpc_backend configure_keystone_authtoken_middleware \
        setup_logging \
        write_uwsgi_config remove_uwsgi_config recreate_database \
        create_service_user get_or_add_user_project_role \
        run_process stop_process; do
    eval "function $fn { _record $fn \"\$@\"; }"
done

function command_not_found_handle {
    _record UNDEFINED "$@"
    return 127
}

source "$REPO/devstack/settings"
for phase in "$@"; do
    _record PHASE "$phase"
    IFS=: read -r -a args <<< "$phase"
    source "$REPO/devstack/plugin.sh" "${args[@]}"
done
