#!/bin/bash -e
# Copyright 2026 The Cyborg Authors
# SPDX-License-Identifier: Apache-2.0
#
# Create the "openstack_citest" user and database on the local MariaDB /
# MySQL and PostgreSQL servers: the OpenStack convention that oslo.db's
# opportunistic test fixtures look for.  Idempotent.
#
# It needs administrative access to both servers: MariaDB's root (over
# 127.0.0.1 with $MYSQL_ROOT_PW, empty by default, or over the local socket
# with sudo) and PostgreSQL's "postgres" superuser (over 127.0.0.1, or with
# sudo -u postgres).
#
#   tools/test-setup.sh [--missing-only]
#
# With --missing-only (what tools/run-tests.sh uses), a server where the
# user can already log in to its database is left alone, so no
# administrative access is needed on the next runs.

MISSING_ONLY=false
if [ "${1:-}" = "--missing-only" ]; then
    MISSING_ONLY=true
fi

DB_ROOT_PW=${MYSQL_ROOT_PW:-}
DB_USER=openstack_citest
DB_PW=openstack_citest

MYSQL_SQL="
CREATE USER IF NOT EXISTS '$DB_USER'@'%' IDENTIFIED BY '$DB_PW';
CREATE USER IF NOT EXISTS '$DB_USER'@'localhost' IDENTIFIED BY '$DB_PW';
GRANT ALL PRIVILEGES ON *.* TO '$DB_USER'@'%' WITH GRANT OPTION;
GRANT ALL PRIVILEGES ON *.* TO '$DB_USER'@'localhost' WITH GRANT OPTION;
CREATE DATABASE IF NOT EXISTS openstack_citest;
FLUSH PRIVILEGES;"

# The user needs CREATEDB: the tests create a database per run.
PG_ROLE_SQL="
DO \$\$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$DB_USER') THEN
        CREATE ROLE $DB_USER LOGIN PASSWORD '$DB_PW' CREATEDB;
    ELSE
        ALTER ROLE $DB_USER LOGIN PASSWORD '$DB_PW' CREATEDB;
    END IF;
END
\$\$;"

run_mysql() {
    # No -p at all for an empty password: a bare -p prompts for one.
    local pw=${DB_ROOT_PW:+-p$DB_ROOT_PW}
    if mysql -u root $pw -h 127.0.0.1 -e "SELECT 1" </dev/null \
            >/dev/null 2>&1; then
        mysql -u root $pw -h 127.0.0.1 "$@"
    else
        sudo -H mysql -u root "$@"
    fi
}

run_psql() {
    if psql -h 127.0.0.1 -U postgres -c "SELECT 1" >/dev/null 2>&1; then
        psql -h 127.0.0.1 -U postgres -v ON_ERROR_STOP=1 "$@"
    else
        sudo -H -u postgres psql -v ON_ERROR_STOP=1 "$@"
    fi
}

mysql_ready() {
    $MISSING_ONLY && mysql -u $DB_USER -p$DB_PW -h 127.0.0.1 openstack_citest \
        -e "SELECT 1" </dev/null >/dev/null 2>&1
}

psql_ready() {
    $MISSING_ONLY && PGPASSWORD=$DB_PW psql -h 127.0.0.1 -U $DB_USER \
        -d openstack_citest -c "SELECT 1" </dev/null >/dev/null 2>&1
}

status=0
if command -v mysql >/dev/null; then
    if mysql_ready; then
        echo "MySQL: $DB_USER can log in already"
    else
        run_mysql -e "$MYSQL_SQL" || { echo "MySQL setup failed" >&2; status=1; }
    fi
else
    echo "mysql client not found: skipping MariaDB/MySQL" >&2
fi

if command -v psql >/dev/null && psql_ready; then
    echo "PostgreSQL: $DB_USER can log in already"
elif command -v psql >/dev/null; then
    if run_psql -c "$PG_ROLE_SQL"; then
        if ! run_psql -tAc "SELECT 1 FROM pg_database WHERE datname = 'openstack_citest'" | grep -q 1; then
            run_psql -c "CREATE DATABASE openstack_citest OWNER $DB_USER" || status=1
        fi
    else
        echo "PostgreSQL setup failed" >&2
        status=1
    fi
else
    echo "psql client not found: skipping PostgreSQL" >&2
fi
exit $status
