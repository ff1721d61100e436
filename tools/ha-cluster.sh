#!/bin/bash
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
# The HA engines of a large cloud, on loopback:
#   - a three-node MariaDB Galera cluster (Debian's galera-4 and
#     mariadb-server);
#   - HAProxy in front of it, in the active/backup layout that
#     kolla-ansible and OpenStack-Ansible deploy (one node takes every
#     connection, the others are "backup"), with an HTTP health check
#     that knows whether a node is Synced (a clustercheck per node);
#   - a three-node RabbitMQ cluster, quorum queues available.
# The system's MariaDB (3306) and RabbitMQ (5672) are left alone: every
# port, data directory and node name here is the cluster's own.
#
#   tools/ha-cluster.sh up|down|status|urls|env [--state-dir DIR]
#
# up: installs what is missing (apt-get, as root), starts what is not
#     running (a node killed by the fault tests rejoins), waits until
#     every Galera node is Synced in a cluster of three and every RabbitMQ
#     node is in the cluster, and prints the URLs.  Idempotent.
# down: stops everything up started and removes the state directory
#     (the cluster is a test cluster: the next up starts a fresh one).
# status: what runs, the Galera and RabbitMQ views and HAProxy's.
# urls: the configuration that reaches the cluster.
# env: the cluster's state directory, ports and node names, as
#     CYBORG_HA_*=VALUE lines (what cyborg/tests/ha reads).
#
# Each checkout has a cluster of its own, so that two checkouts on one
# machine never stop each other's: its state directory
# (${TMPDIR:-/tmp}/cyborg-ha-ID, or $CYBORG_HA_STATE_DIR, or --state-dir)
# and its node and cluster names follow from ID, a digest of the
# checkout's path; its ports, a block of 24 in 17000-19999, are leased
# for its state directory as the test suite leases its own (see
# lease_block).  Runs as root (apt-get, and the servers run as root in
# the state directory).

set -eu -o pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
ID=$(printf %s "$ROOT" | sha256sum | cut -c1-8)

ACTION=${1:-}
shift || true
STATE=${CYBORG_HA_STATE_DIR:-${TMPDIR:-/tmp}/cyborg-ha-$ID}
while [ $# -gt 0 ]; do
    case $1 in
        --state-dir) STATE=$2; shift 2 ;;
        --state-dir=*) STATE=${1#*=}; shift ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done
STATE=$(realpath -m "$STATE")
[ "$ACTION" != up ] || mkdir -p "$STATE"

NODES="1 2 3"
# Every port is below the kernel's ephemeral range (32768-60999 by
# default: an outgoing connection may hold one of those when a server
# wants to bind it) and outside the test suite's free_port() range
# (20000-31999): a block of 24 from BASE, one of 125 in 17000-19999.
#
# lease_block: the BASE of the block leased for $STATE.  A lease is
# the test suite's (cyborg/tests/functional/fixtures/services.py): a
# file per port in the machine's cyborg-test-ports, here holding the
# state directory of the cluster that has the port.  The block is this
# state directory's until "down", the first whose ports are all free
# otherwise: not leased (a lease is stale once an hour old with its
# state directory gone) and not listened on.  The leases are taken
# under a lock of the directory, so that two checkouts starting at once
# never take one block (a digest of each path chose the block before,
# and two of 125 met: issue 79).
LEASES=${CYBORG_TEST_SHARED_TMPDIR:-${TMPDIR:-/tmp}}/cyborg-test-ports
lease_free() {
    local lease=$LEASES/$1 owner
    if [ -f "$lease" ]; then
        owner=$(cat "$lease")
        [ -z "$(find "$lease" -mmin +60)" ] && return 1
        [ -n "$owner" ] && [ -d "$owner" ] && return 1
    fi
    ! (: < "/dev/tcp/127.0.0.1/$1") 2>/dev/null
}
lease_block() {
    local base port
    mkdir -p "$LEASES"
    exec 9< "$LEASES"
    flock 9
    base=$(grep -lxF "$STATE" "$LEASES"/1[789][0-9][0-9][0-9] \
        2>/dev/null | head -n 1 || true)
    if [ -n "$base" ]; then
        echo "${base##*/}"
        return
    fi
    for base in $(seq 17000 24 19976); do
        for port in $(seq "$base" $((base + 23))); do
            lease_free "$port" || continue 2
        done
        for port in $(seq "$base" $((base + 23))); do
            printf '%s\n' "$STATE" > "$LEASES/$port"
        done
        echo "$base"
        return
    done
    die "no free block of 24 ports in 17000-19999 ($LEASES)"
}
release_block() {
    [ -d "$LEASES" ] || return 0
    { grep -lxF "$STATE" "$LEASES"/1[789][0-9][0-9][0-9] 2>/dev/null ||
        true; } | xargs -r rm -f
}
BASE=$(lease_block)
# Galera: client, group communication, IST and SST ports of node N, and
# its clustercheck's.
mysql_port() { echo $((BASE + $1)); }
gcomm_port() { echo $((BASE + 3 + $1)); }
ist_port() { echo $((BASE + 6 + $1)); }
sst_port() { echo $((BASE + 9 + $1)); }
check_port() { echo $((BASE + 12 + $1)); }
HAPROXY_PORT=$((BASE + 16))
HAPROXY_STATS_PORT=$((BASE + 17))
# RabbitMQ: AMQP and Erlang distribution ports of node N (Erlang's epmd
# is the machine's: the node names are this checkout's own).
amqp_port() { echo $((BASE + 17 + $1)); }
dist_port() { echo $((BASE + 20 + $1)); }
rabbit_node() { echo "rabbit-ha$1-$ID@localhost"; }

DB_USER=cyborg
DB_PASSWORD=cyborg-ha
MQ_USER=cyborg
MQ_PASSWORD=cyborg-ha
CLUSTER_NAME=cyborg-ha-$ID
# How long a node may take to start or to sync, in seconds (polled, not
# slept: the wait ends as soon as the node is ready).
START_TIMEOUT=${CYBORG_HA_START_TIMEOUT:-180}

GCOMM=gcomm://127.0.0.1:$(gcomm_port 1),127.0.0.1:$(gcomm_port 2),127.0.0.1:$(gcomm_port 3)

die() {
    echo "ha-cluster: $*" >&2
    exit 1
}

# --- installation ---------------------------------------------------------

install_packages() {
    local missing=""
    local pkg
    for pkg in galera-4 mariadb-server mariadb-client rsync haproxy \
            rabbitmq-server socat; do
        if ! dpkg-query -W -f '${Status}' "$pkg" 2>/dev/null |
                grep -q 'install ok installed'; then
            missing="$missing $pkg"
        fi
    done
    if [ -n "$missing" ]; then
        [ "$(id -u)" = 0 ] || die "missing packages:$missing (run as root)"
        echo "Installing$missing"
        # Debian starts installed services where it can: a policy-rc.d
        # that forbids it keeps the system's own instances as they are.
        local policy=/usr/sbin/policy-rc.d created=""
        if [ ! -e $policy ]; then
            printf '#!/bin/sh\nexit 101\n' > $policy
            chmod 755 $policy
            created=1
        fi
        apt-get update -q >/dev/null || true
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing ||
            { [ -z "$created" ] || rm -f $policy; die "apt-get failed"; }
        [ -z "$created" ] || rm -f $policy
    fi
}

# --- processes ------------------------------------------------------------

# pid_alive FILE: the pid in FILE runs, and is one of ours (its command
# line names the state directory: a machine restored from a snapshot keeps
# the pid files, and their numbers may be other processes' now).
pid_alive() {
    [ -s "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null &&
        tr '\0' ' ' < "/proc/$(cat "$1")/cmdline" | grep -qF "$STATE"
}

# wait_until TIMEOUT DESCRIPTION LOG COMMAND...: run COMMAND until it
# succeeds; after TIMEOUT seconds, or as soon as the process WATCH_PID
# (when set) is gone, fail with the tail of LOG.
WATCH_PID=""
wait_until() {
    local timeout=$1 what=$2 log=$3
    shift 3
    local deadline why=""
    deadline=$((SECONDS + timeout))
    until "$@" >/dev/null 2>&1; do
        if [ -n "$WATCH_PID" ] && ! kill -0 "$WATCH_PID" 2>/dev/null; then
            why="its process $WATCH_PID exited"
        elif [ $SECONDS -ge $deadline ]; then
            why="not ready after ${timeout}s"
        fi
        if [ -n "$why" ]; then
            echo "ha-cluster: $what: $why" >&2
            if [ -f "$log" ]; then
                echo "----- last lines of $log -----" >&2
                tail -n 40 "$log" >&2
            fi
            exit 1
        fi
        sleep 0.5
    done
}

# --- Galera ---------------------------------------------------------------

gdir() { echo "$STATE/galera$1"; }

galera_cnf() {
    local n=$1 dir
    dir=$(gdir "$n")
    cat > "$dir/my.cnf" <<EOF
[client]
socket = $dir/mysqld.sock
user = root

[mysqld]
# Not root: the rsync daemon of an SST run by root drops to "nobody".
user = mysql
datadir = $dir/data
socket = $dir/mysqld.sock
pid-file = $dir/mysqld.pid
log-error = $dir/error.log
port = $(mysql_port "$n")
bind-address = 127.0.0.1
skip-name-resolve
performance_schema = OFF
innodb_buffer_pool_size = 64M
innodb_log_file_size = 48M
# Durability comes from the cluster (a commit is on three nodes): as in
# kolla-ansible's and Galera's own recommendations.
innodb_flush_log_at_trx_commit = 2
max_connections = 1000

# What Galera requires.
binlog_format = ROW
default_storage_engine = InnoDB
innodb_autoinc_lock_mode = 2

wsrep_on = ON
wsrep_provider = /usr/lib/galera/libgalera_smm.so
wsrep_cluster_name = $CLUSTER_NAME
wsrep_cluster_address = $GCOMM
wsrep_node_name = ha$n
wsrep_node_address = 127.0.0.1:$(gcomm_port "$n")
wsrep_provider_options = "gmcast.listen_addr=tcp://127.0.0.1:$(gcomm_port "$n");ist.recv_addr=127.0.0.1:$(ist_port "$n");gcache.size=64M"
# rsync: Debian's galera-4 ships it and it needs nothing more (mariabackup
# needs the mariadb-backup package and a user with its grants).
wsrep_sst_method = rsync
wsrep_sst_receive_address = 127.0.0.1:$(sst_port "$n")
wsrep_slave_threads = 2
EOF
}

# galera_sql N SQL: run SQL on node N through its socket, as root.
galera_sql() {
    mariadb --defaults-file="$(gdir "$1")/my.cnf" -N -B -e "$2"
}

galera_status() {
    galera_sql "$1" "SHOW GLOBAL STATUS LIKE '$2'" 2>/dev/null | cut -f2
}

galera_running() {
    pid_alive "$(gdir "$1")/mysqld.pid"
}

# galera_synced N SIZE: node N is Synced in a primary component of SIZE.
galera_synced() {
    [ "$(galera_status "$1" wsrep_local_state_comment)" = Synced ] &&
        [ "$(galera_status "$1" wsrep_cluster_size)" = "$2" ] &&
        [ "$(galera_status "$1" wsrep_cluster_status)" = Primary ]
}

galera_start() {
    local n=$1 bootstrap=$2 dir
    dir=$(gdir "$n")
    mkdir -p "$dir/data"
    galera_cnf "$n"
    chown -R mysql:mysql "$dir"
    if [ "$bootstrap" = 1 ] && [ ! -d "$dir/data/mysql" ]; then
        mariadb-install-db --defaults-file="$dir/my.cnf" --user=mysql \
            --auth-root-authentication-method=socket \
            > "$dir/install.log" 2>&1 ||
            { tail -n 40 "$dir/install.log" >&2; die "galera$n: install-db failed"; }
    fi
    local extra=()
    if [ "$bootstrap" = 1 ]; then
        extra=(--wsrep-new-cluster)
        # A whole cluster that stopped: this node starts it again.
        if [ -f "$dir/data/grastate.dat" ]; then
            sed -i 's/^safe_to_bootstrap: 0/safe_to_bootstrap: 1/' \
                "$dir/data/grastate.dat"
        fi
    fi
    rm -f "$dir/mysqld.pid"
    echo "Starting Galera node ha$n on 127.0.0.1:$(mysql_port "$n")" \
        "$([ "$bootstrap" = 1 ] && echo '(new cluster)')"
    setsid mariadbd --defaults-file="$dir/my.cnf" "${extra[@]}" \
        < /dev/null >> "$dir/console.log" 2>&1 &
    WATCH_PID=$!
    wait_until "$START_TIMEOUT" "galera$n (start)" "$dir/error.log" \
        galera_running_and_answers "$n"
    WATCH_PID=""
}

galera_running_and_answers() {
    galera_running "$1" && galera_sql "$1" 'SELECT 1'
}

galera_up() {
    local n running=""
    for n in $NODES; do
        galera_running "$n" && running="$running $n"
    done
    for n in $NODES; do
        galera_running "$n" && continue
        if [ -z "$running" ]; then
            galera_start "$n" 1
        else
            galera_start "$n" 0
        fi
        running="$running $n"
    done
    for n in $NODES; do
        wait_until "$START_TIMEOUT" "galera$n (Synced, cluster of 3)" \
            "$(gdir "$n")/error.log" galera_synced "$n" 3
    done
    # The accounts replicate (DDL is replicated in total order).
    local n1
    n1=$(echo "$running" | awk '{print $1}')
    local user="'$DB_USER'@'127.0.0.1'"
    galera_sql "$n1" "CREATE USER IF NOT EXISTS $user
        IDENTIFIED BY '$DB_PASSWORD';
        GRANT ALL PRIVILEGES ON *.* TO $user WITH GRANT OPTION;"
}

galera_down() {
    local n
    local pids=()
    for n in $NODES; do
        pids[n]=""
        if galera_running "$n"; then
            pids[n]=$(cat "$(gdir "$n")/mysqld.pid")
            kill "${pids[n]}"
        fi
    done
    for n in $NODES; do
        [ -n "${pids[n]}" ] || continue
        wait_until 120 "galera$n (stop)" "$(gdir "$n")/error.log" \
            bash -c "! kill -0 ${pids[n]}"
    done
}

# --- clustercheck: is this node Synced? ------------------------------------
#
# kolla-ansible checks its Galera nodes from HAProxy with "option httpchk"
# against mariadb_clustercheck (an HTTP clustercheck on port 4569; before
# Zed, "option mysql-check"), OpenStack-Ansible the same against a
# clustercheck behind xinetd/a systemd socket on port 9200.  mysql-check
# only proves that the server answers the handshake, which a node that
# is not Synced (joining, donor, or cut off from the primary component)
# also does: it would be sent writes it refuses with "WSREP has not yet
# prepared node for application use".  So: an HTTP clustercheck, served
# by socat, 200 when the node is Synced (wsrep_local_state 4) and ready,
# 503 otherwise.

clustercheck_script() {
    cat > "$STATE/clustercheck.sh" <<'EOF'
#!/bin/bash
# clustercheck MY_CNF: answer one HTTP request on stdin/stdout.
while read -r -t 2 line; do
    [ -n "${line%$'\r'}" ] || break
done
state=$(mariadb --defaults-file="$1" -N -B --connect-timeout=2 \
    -e "SHOW GLOBAL STATUS LIKE 'wsrep_local_state'" 2>/dev/null | cut -f2)
ready=$(mariadb --defaults-file="$1" -N -B --connect-timeout=2 \
    -e "SHOW GLOBAL STATUS LIKE 'wsrep_ready'" 2>/dev/null | cut -f2)
if [ "$state" = 4 ] && [ "$ready" = ON ]; then
    body="Galera node is synced."
    printf 'HTTP/1.1 200 OK\r\n'
else
    body="Galera node is not synced (state '$state', ready '$ready')."
    printf 'HTTP/1.1 503 Service Unavailable\r\n'
fi
printf 'Content-Type: text/plain\r\nConnection: close\r\n'
printf 'Content-Length: %d\r\n\r\n%s' "${#body}" "$body"
EOF
    chmod 755 "$STATE/clustercheck.sh"
}

clustercheck_up() {
    clustercheck_script
    local n dir
    for n in $NODES; do
        dir=$(gdir "$n")
        pid_alive "$dir/clustercheck.pid" && continue
        setsid socat \
            "TCP-LISTEN:$(check_port "$n"),bind=127.0.0.1,reuseaddr,fork" \
            "EXEC:$STATE/clustercheck.sh $dir/my.cnf" \
            < /dev/null >> "$dir/clustercheck.log" 2>&1 &
        echo $! > "$dir/clustercheck.pid"
    done
}

clustercheck_down() {
    local n
    for n in $NODES; do
        stop_pidfile "$(gdir "$n")/clustercheck.pid"
    done
}

stop_pidfile() {
    if pid_alive "$1"; then
        local pid
        pid=$(cat "$1")
        kill "$pid"
        wait_until 30 "process $pid ($1)" /dev/null \
            bash -c "! kill -0 $pid"
    fi
}

# --- HAProxy ---------------------------------------------------------------

haproxy_cfg() {
    local n backup
    cat > "$STATE/haproxy.cfg" <<EOF
global
    maxconn 4000
    stats socket $STATE/haproxy.sock mode 600 level admin

defaults
    log global
    mode tcp
    timeout connect 5s
    # As kolla-ansible: long-lived database connections from the pools.
    timeout client 3600s
    timeout server 3600s

listen stats
    bind 127.0.0.1:$HAPROXY_STATS_PORT
    mode http
    stats enable
    stats uri /

listen mariadb
    bind 127.0.0.1:$HAPROXY_PORT
    mode tcp
    option clitcpka
    option srvtcpka
    # Healthy = the node's clustercheck says Synced (see clustercheck_up).
    option httpchk GET /
    http-check expect status 200
    # Connections to a node marked down are cut at once (the pools then
    # reconnect to the next node instead of waiting for a TCP timeout);
    # when the first node comes back, the connections on the backups are
    # cut, so that writes go to one node again.
    default-server inter 1s rise 2 fall 2 on-marked-down shutdown-sessions
EOF
    for n in $NODES; do
        backup=""
        [ "$n" = 1 ] || backup=" backup"
        echo "    server ha$n 127.0.0.1:$(mysql_port "$n") check port" \
            "$(check_port "$n")$backup" \
            "$([ "$n" = 1 ] && echo on-marked-up shutdown-backup-sessions)" \
            >> "$STATE/haproxy.cfg"
    done
}

haproxy_up() {
    pid_alive "$STATE/haproxy.pid" && return 0
    haproxy_cfg
    haproxy -c -q -f "$STATE/haproxy.cfg"
    echo "Starting HAProxy on 127.0.0.1:$HAPROXY_PORT"
    haproxy -D -f "$STATE/haproxy.cfg" -p "$STATE/haproxy.pid" \
        >> "$STATE/haproxy.log" 2>&1
    wait_until 60 "HAProxy: ha1 up" "$STATE/haproxy.log" haproxy_server_up 1
}

# haproxy_stat: "server status" lines of the mariadb backend.
haproxy_stat() {
    echo "show stat" | socat stdio "UNIX-CONNECT:$STATE/haproxy.sock" |
        awk -F, '$1 == "mariadb" && $2 ~ /^ha/ {print $2, $18}'
}

haproxy_server_up() {
    haproxy_stat | grep -q "^ha$1 UP"
}

haproxy_down() {
    stop_pidfile "$STATE/haproxy.pid"
}

# --- RabbitMQ --------------------------------------------------------------

rdir() { echo "$STATE/rabbit$1"; }

# Not the wrappers in /usr/sbin: run by root, they become the rabbitmq
# user, whose HOME (and Erlang cookie) is the system node's.
RABBIT_BIN=/usr/lib/rabbitmq/bin

# The nodes' own Erlang cookie, in a HOME of their own (rabbitmqctl and
# the server read \$HOME/.erlang.cookie).
rabbit_env() {
    local n=$1 dir
    dir=$(rdir "$n")
    export HOME="$STATE/rabbit-home"
    export RABBITMQ_NODENAME
    RABBITMQ_NODENAME=$(rabbit_node "$n")
    export RABBITMQ_NODE_IP_ADDRESS=127.0.0.1
    export RABBITMQ_NODE_PORT
    RABBITMQ_NODE_PORT=$(amqp_port "$n")
    export RABBITMQ_DIST_PORT
    RABBITMQ_DIST_PORT=$(dist_port "$n")
    export RABBITMQ_MNESIA_BASE="$dir/mnesia"
    export RABBITMQ_LOG_BASE="$dir/log"
    export RABBITMQ_PID_FILE="$dir/rabbit.pid"
    export RABBITMQ_CONFIG_FILE="$dir/rabbitmq"
    export RABBITMQ_ADVANCED_CONFIG_FILE="$dir/advanced.config"
    export RABBITMQ_ENABLED_PLUGINS_FILE="$dir/enabled_plugins"
    export RABBITMQ_CONF_ENV_FILE="$dir/rabbitmq-env.conf"
    # A node that fails to boot writes its crash dump here, not in the
    # directory up was run from.
    export ERL_CRASH_DUMP="$dir/erl_crash.dump"
}

rctl() {
    local n=$1
    shift
    (rabbit_env "$n"; "$RABBIT_BIN/rabbitmqctl" -q -n "$(rabbit_node "$n")" "$@")
}

rdiag() {
    local n=$1
    shift
    (rabbit_env "$n"; "$RABBIT_BIN/rabbitmq-diagnostics" -q \
        -n "$(rabbit_node "$n")" "$@")
}

# rabbit_running N: node N has booted and runs (asked of the node, not of
# a pid file that a machine restored from a snapshot may still hold).
rabbit_running() {
    rabbit_cookie && rdiag "$1" check_running -t 10
}

# No node of ours runs without the cookie (and without it the tools
# retry for seconds before they give up).
rabbit_cookie() {
    [ -f "$STATE/rabbit-home/.erlang.cookie" ]
}

# rabbit_alive N: node N's Erlang VM answers, booted or still booting
# (waiting for its peers).
rabbit_alive() {
    rabbit_cookie && rctl "$1" ping -t 10
}

rabbit_start() {
    local n=$1 dir
    dir=$(rdir "$n")
    mkdir -p "$dir/mnesia" "$dir/log" "$STATE/rabbit-home"
    if [ ! -f "$STATE/rabbit-home/.erlang.cookie" ]; then
        head -c 30 /dev/urandom | od -An -tx1 | tr -d ' \n' \
            > "$STATE/rabbit-home/.erlang.cookie"
        chmod 400 "$STATE/rabbit-home/.erlang.cookie"
    fi
    cat > "$dir/rabbitmq.conf" <<EOF
listeners.tcp.default = 127.0.0.1:$(amqp_port "$n")
loopback_users = none
# Quorum queues need a majority: with three nodes, two.
cluster_partition_handling = pause_minority
EOF
    echo '[].' > "$dir/enabled_plugins"
    echo '[].' > "$dir/advanced.config"
    : > "$dir/rabbitmq-env.conf"
    echo "Starting RabbitMQ node $(rabbit_node "$n") on" \
        "127.0.0.1:$(amqp_port "$n")"
    (rabbit_env "$n"; exec setsid "$RABBIT_BIN/rabbitmq-server" \
        < /dev/null >> "$dir/console.log" 2>&1) &
    WATCH_PID=$!
}

# rabbit_wait N: until node N has booted (started by rabbit_start).
rabbit_wait() {
    local n=$1
    wait_until "$START_TIMEOUT" "$(rabbit_node "$n") (start)" \
        "$(rdir "$n")/console.log" rabbit_running "$n"
}

# rabbit_members N: the running nodes N's cluster_status shows.
rabbit_members() {
    rctl "$1" cluster_status --formatter json 2>/dev/null |
        python3 -c 'import json, sys
print(" ".join(sorted(json.load(sys.stdin)["running_nodes"])))'
}

rabbit_clustered() {
    [ "$(rabbit_members "$1")" = \
      "$(rabbit_node 1) $(rabbit_node 2) $(rabbit_node 3)" ]
}

# rabbit_has_state N: node N has been a member (its database is there).
rabbit_has_state() {
    [ -d "$(rdir "$1")/mnesia/$(rabbit_node "$1")" ]
}

rabbit_up() {
    local n seed="" stopped="" booting=""
    for n in $NODES; do
        if rabbit_running "$n" >/dev/null 2>&1; then
            seed=${seed:-$n}
        elif rabbit_alive "$n" >/dev/null 2>&1; then
            booting="$booting $n"
        elif rabbit_has_state "$n"; then
            stopped="$stopped $n"
        fi
    done
    # A whole cluster that stopped (a power cut, a machine restored from
    # a snapshot): each node, booting, waits for the peers it last saw
    # running, so one started alone never boots.  RabbitMQ's way is to
    # start them all at once; they find each other.  A node still booting
    # (an earlier up interrupted) is one of them.
    if [ -z "$seed" ] && [ -n "$stopped$booting" ]; then
        for n in $stopped; do
            rabbit_start "$n"
        done
        WATCH_PID=""
        for n in $stopped $booting; do
            rabbit_wait "$n"
        done
        seed=$(echo "$stopped $booting" | awk '{print $1}')
    fi
    for n in $NODES; do
        rabbit_running "$n" >/dev/null 2>&1 && continue
        if rabbit_alive "$n" >/dev/null 2>&1; then
            rabbit_wait "$n"
            seed=${seed:-$n}
            continue
        fi
        local fresh=1
        rabbit_has_state "$n" && fresh=""
        rabbit_start "$n"
        rabbit_wait "$n"
        WATCH_PID=""
        if [ -n "$seed" ] && [ -n "$fresh" ]; then
            echo "Joining $(rabbit_node "$n") to $(rabbit_node "$seed")"
            rctl "$n" stop_app
            rctl "$n" join_cluster "$(rabbit_node "$seed")"
            rctl "$n" start_app
        fi
        seed=${seed:-$n}
    done
    for n in $NODES; do
        wait_until "$START_TIMEOUT" "$(rabbit_node "$n") (in the cluster)" \
            "$(rdir "$n")/console.log" rabbit_clustered "$n"
    done
    rctl "$seed" enable_feature_flag all >/dev/null
    if ! rctl "$seed" list_users | grep -q "^$MQ_USER\b"; then
        rctl "$seed" add_user "$MQ_USER" "$MQ_PASSWORD" >/dev/null
        rctl "$seed" set_permissions -p / "$MQ_USER" '.*' '.*' '.*' >/dev/null
    fi
}

rabbit_down() {
    local n
    for n in $NODES; do
        # Asked of the node too: one still booting has no pid file yet.
        if rabbit_alive "$n" >/dev/null 2>&1 ||
                pid_alive "$(rdir "$n")/rabbit.pid"; then
            rctl "$n" shutdown >/dev/null 2>&1 ||
                stop_pidfile "$(rdir "$n")/rabbit.pid"
        fi
    done
}

# --- the whole ----------------------------------------------------------

print_urls() {
    local n urls=""
    for n in $NODES; do
        urls="$urls${urls:+,}$MQ_USER:$MQ_PASSWORD@127.0.0.1:$(amqp_port "$n")"
    done
    cat <<EOF

The HA cluster runs (state in $STATE):
  Galera nodes     127.0.0.1:$(mysql_port 1) (ha1, takes the writes),
                   127.0.0.1:$(mysql_port 2) (ha2), 127.0.0.1:$(mysql_port 3) (ha3)
  HAProxy stats    http://127.0.0.1:$HAPROXY_STATS_PORT/
  RabbitMQ nodes   $(rabbit_node 1), $(rabbit_node 2), $(rabbit_node 3)

[database]
connection = mysql+pymysql://$DB_USER:$DB_PASSWORD@127.0.0.1:$HAPROXY_PORT/cyborg?charset=utf8mb4

[DEFAULT]
transport_url = rabbit://$urls/
EOF
}

status() {
    local n
    for n in $NODES; do
        if galera_running "$n"; then
            echo "galera ha$n: $(galera_status "$n" wsrep_local_state_comment)," \
                "cluster size $(galera_status "$n" wsrep_cluster_size)"
        else
            echo "galera ha$n: not running"
        fi
    done
    if pid_alive "$STATE/haproxy.pid"; then
        haproxy_stat | sed 's/^/haproxy /'
    else
        echo "haproxy: not running"
    fi
    for n in $NODES; do
        if rabbit_running "$n" >/dev/null 2>&1; then
            echo "rabbitmq $(rabbit_node "$n"): running nodes" \
                "$(rabbit_members "$n")"
        else
            echo "rabbitmq $(rabbit_node "$n"): not running"
        fi
    done
}

case $ACTION in
    up)
        install_packages
        galera_up
        clustercheck_up
        haproxy_up
        rabbit_up
        print_urls
        ;;
    down)
        haproxy_down
        clustercheck_down
        galera_down
        rabbit_down
        rm -rf "$STATE"
        release_block
        echo "The HA cluster is down."
        ;;
    status)
        status
        ;;
    urls)
        print_urls
        ;;
    env)
        cat <<EOF
CYBORG_HA_STATE_DIR=$STATE
CYBORG_HA_HAPROXY_PORT=$HAPROXY_PORT
CYBORG_HA_MYSQL_PORTS=$(mysql_port 1),$(mysql_port 2),$(mysql_port 3)
CYBORG_HA_AMQP_PORTS=$(amqp_port 1),$(amqp_port 2),$(amqp_port 3)
CYBORG_HA_RABBIT_NODES=$(rabbit_node 1),$(rabbit_node 2),$(rabbit_node 3)
EOF
        ;;
    *)
        echo "usage: $0 up|down|status|urls|env [--state-dir DIR]" >&2
        exit 2
        ;;
esac
