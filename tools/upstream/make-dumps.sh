#!/bin/bash
# Copyright 2026 The Cyborg Authors
# SPDX-License-Identifier: Apache-2.0
#
# Make the database dumps of an OpenStack Cyborg 17.0.0 deployment that the
# upgrade tests convert (cyborg/tests/data/upstream-17.0.0/{mysql,
# postgresql}.sql), with the real thing:
#
# 1. openstack-cyborg 17.0.0 in a virtualenv of its own (venv.sh);
# 2. its own cyborg-dbsync creates its schema in a new database on MariaDB
#    (utf8, as its devstack plugin creates it) and on PostgreSQL;
# 3. fill.py writes a deployment's rows through its own objects (its
#    drivers' discovery of the driver tests' fake sysfs tree, under
#    umockdev-wrapper; device profiles; bound, unbound and failed ARQs);
# 4. mysqldump / pg_dump write the dumps.
#
#   tools/upstream/make-dumps.sh                 # 17.0.0
#   UPSTREAM_VERSION=16.0.1 tools/upstream/make-dumps.sh
#
# The releases the tests upgrade are listed in cyborg/tests/data/
# upstream-releases.txt; each has its dumps in cyborg/tests/data/
# upstream-<version>/, made with its own virtualenv (.upstream-venv-
# <version>).  For releases before 17.0.0 the ARQs are written without a
# project, as the Nova and Cyborg of that time left them.
#
# Needs umockdev-wrapper, lspci (Debian pciutils), the mysql/mysqldump and
# psql/pg_dump clients, and the servers of TESTING.md (MYSQL_URL,
# PG_URL override the administrative URLs below).
#
# On PostgreSQL, upstream's migration 6c77bd6afea5 cannot run (it adds an
# Enum column without a type name, which SQLAlchemy refuses to compile for
# PostgreSQL), so no PostgreSQL deployment of 2023.2 or later got past it
# unaided.  This script does what that migration means, with a named type
# (device_status), records the revision with upstream's "cyborg-dbsync
# stamp", and lets upstream's cyborg-dbsync run the migrations after it.
# Its later migrations extend its enum types (device types, attach types,
# ARQ states) on MariaDB/MySQL only: on PostgreSQL its types keep their
# first values, and it can store neither a QAT nor a fake device nor an
# ARQ in state BindStarted or Unbound.  A PostgreSQL deployment of it that
# works had its types completed by hand, as this script does, with the
# values of its models.

set -eu
cd "$(dirname "$0")/../.."

UPSTREAM_VERSION=${UPSTREAM_VERSION:-17.0.0}
export UPSTREAM_VERSION
if [ "$UPSTREAM_VERSION" != 17.0.0 ]; then
    UPSTREAM_VENV=${UPSTREAM_VENV:-$PWD/.upstream-venv-$UPSTREAM_VERSION}
    export UPSTREAM_VENV
    export FILL_ARQ_PROJECT=
fi
case "$UPSTREAM_VERSION" in
    # Its pci_driver fails on a device of the tree (devspec.match indexes
    # a string: "string indices must be integers"): its deployment could
    # not have run it either.
    15.*) export FILL_SKIP_DRIVERS=pci_driver ;;
esac
OUT=cyborg/tests/data/upstream-$UPSTREAM_VERSION
mkdir -p "$OUT"
VENV=$(tools/upstream/venv.sh)
WORK=$(mktemp -d)
DB=cyborg_upstream_fixture
MYSQL_HOST=${MYSQL_HOST:-127.0.0.1}
MYSQL_USER=${MYSQL_USER:-root}
PG_HOST=${PG_HOST:-127.0.0.1}
PG_USER=${PG_USER:-postgres}
trap 'rm -rf "$WORK"' EXIT

. tools/upstream/common.sh
build_tree "$WORK"
lspci_wrapper "$WORK"

# The drivers' settings of compute1 (the vGPU type of its T4, the PCI
# selectors of its virtio RNG and SDXI mover): the upgrade tests start
# this Cyborg's agent with them.
cat > "$OUT/compute1-drivers.conf" <<'CONF'
[gpu_devices]
enabled_vgpu_types = nvidia-222

[vgpu_nvidia-222]
device_addresses = 0000:af:00.0

[pci]
passthrough_whitelist = {"vendor_id": "1022", "product_id": "14dc"}
passthrough_whitelist = {"address": "0000:00:05.0"}
CONF

fill() {
    printf '[DEFAULT]\ntransport_url = fake://\n' >> "$WORK/db.conf"
    # In a UTS namespace whose host name is compute1: upstream names
    # Intel FPGA and QAT deployables after socket.gethostname().
    UMOCKDEV_DIR="$WORK/tree" PATH="$WORK/bin:$PATH" \
        unshare --uts sh -c 'hostname compute1 && exec "$@"' sh \
        umockdev-wrapper "$VENV/bin/python" tools/upstream/fill.py --config-file "$WORK/db.conf" \
        --config-file "$OUT/compute1-drivers.conf"
}

dbsync() {
    "$VENV/bin/cyborg-dbsync" --config-file "$WORK/db.conf" "$@" \
        2>>"$WORK/dbsync.log"
}

# MariaDB / MySQL -----------------------------------------------------------
mysql -h "$MYSQL_HOST" -u "$MYSQL_USER" -e \
    "DROP DATABASE IF EXISTS $DB; CREATE DATABASE $DB CHARACTER SET utf8"
MYSQL_URL="mysql+pymysql://$MYSQL_USER@$MYSQL_HOST/$DB?charset=utf8"
printf '[database]\nconnection = %s\n' "$MYSQL_URL" > "$WORK/db.conf"
dbsync upgrade
fill
mysqldump -h "$MYSQL_HOST" -u "$MYSQL_USER" --skip-dump-date \
    --skip-comments --skip-extended-insert "$DB" > "$OUT/mysql.sql"
mysql -h "$MYSQL_HOST" -u "$MYSQL_USER" -e "DROP DATABASE $DB"

# PostgreSQL ----------------------------------------------------------------
psql -q -h "$PG_HOST" -U "$PG_USER" -d postgres \
    -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB"
PG_URL="postgresql+psycopg2://$PG_USER@$PG_HOST/$DB"
printf '[database]\nconnection = %s\n' "$PG_URL" > "$WORK/db.conf"
dbsync upgrade --revision 4cc1d79978fc
psql -q -h "$PG_HOST" -U "$PG_USER" -d "$DB" -v ON_ERROR_STOP=1 <<'SQL'
CREATE TYPE device_status AS ENUM ('enabled', 'maintaining');
ALTER TABLE devices ADD COLUMN status device_status NOT NULL
    DEFAULT 'enabled';
ALTER TABLE devices ALTER COLUMN status DROP DEFAULT;
SQL
dbsync stamp --revision 6c77bd6afea5
dbsync upgrade
psql -q -h "$PG_HOST" -U "$PG_USER" -d "$DB" -v ON_ERROR_STOP=1 <<'SQL'
ALTER TYPE device_type ADD VALUE IF NOT EXISTS 'AICHIP';
ALTER TYPE device_type ADD VALUE IF NOT EXISTS 'QAT';
ALTER TYPE device_type ADD VALUE IF NOT EXISTS 'NIC';
ALTER TYPE device_type ADD VALUE IF NOT EXISTS 'SSD';
ALTER TYPE device_type ADD VALUE IF NOT EXISTS 'MDEV';
ALTER TYPE device_type ADD VALUE IF NOT EXISTS 'PCI';
ALTER TYPE device_type ADD VALUE IF NOT EXISTS 'NVME';
ALTER TYPE attach_type ADD VALUE IF NOT EXISTS 'TEST_PCI';
ALTER TYPE state ADD VALUE IF NOT EXISTS 'BindStarted' BEFORE 'Bound';
ALTER TYPE state ADD VALUE IF NOT EXISTS 'Unbound';
ALTER TYPE state ADD VALUE IF NOT EXISTS 'Deleting';
SQL
fill
pg_dump -h "$PG_HOST" -U "$PG_USER" --no-owner --no-privileges "$DB" \
    > "$OUT/postgresql.sql"
psql -q -h "$PG_HOST" -U "$PG_USER" -d postgres -c "DROP DATABASE $DB"
echo "wrote $OUT/mysql.sql $OUT/postgresql.sql" >&2
