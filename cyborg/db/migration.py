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
"""Schema migrations with alembic, for ``cyborg-dbsync``."""

import os

from alembic import command as alembic_command
from alembic import config as alembic_config
from alembic import migration as alembic_migration
import sqlalchemy as sa

from cyborg import exception
from cyborg.db import api as db_api
from cyborg.db import models

ALEMBIC_DIR = os.path.join(os.path.dirname(__file__), 'alembic')


def _config(connection=None):
    config = alembic_config.Config()
    config.set_main_option('script_location', ALEMBIC_DIR)
    # env.py runs the migrations on this connection (it creates none), on
    # the engine the caller (or a test) configured.
    config.attributes['connection'] = connection
    return config


def upgrade(revision='head', engine=None):
    """Upgrade the schema to *revision* (default engine: [database])."""
    engine = engine or db_api.get_engine()
    with engine.begin() as connection:
        upgrade_connection(connection, revision)


def upgrade_connection(connection, revision='head'):
    """Upgrade the schema on *connection*, in the caller's transaction."""
    alembic_command.upgrade(_config(connection), revision)


def pending(connection):
    """The revisions an upgrade to head would run, oldest first."""
    script = alembic_command.ScriptDirectory.from_config(_config())
    current = version_of(connection)
    revisions = list(script.iterate_revisions('heads', current))
    return [r.revision for r in reversed(revisions)]


def pending_on_engine():
    """Whether an upgrade has work (also an unconverted upstream database)."""
    with db_api.get_engine().connect() as connection:
        if 'hosts' not in sa.inspect(connection).get_table_names():
            return True
        return bool(pending(connection))


def version(engine=None):
    """The schema's current revision, or None for an empty database."""
    engine = engine or db_api.get_engine()
    with engine.connect() as connection:
        return version_of(connection)


def version_of(connection):
    """The schema's current revision on *connection*, or None."""
    context = alembic_migration.MigrationContext.configure(connection)
    return context.get_current_revision()


def create_schema():
    """Create and stamp at head a new, empty database's schema; the head.

    :raises: SchemaExists when the database has a revision or tables.
    """
    with db_api.get_engine().begin() as connection:
        current = version_of(connection)
        tables = sa.inspect(connection).get_table_names()
        if current is not None or tables:
            raise exception.SchemaExists(
                revision=current or '-', tables=len(tables))
        models.Base.metadata.create_all(connection)
        alembic_command.stamp(_config(connection), 'head')
        return version_of(connection)


def stamp(revision, engine=None):
    """Record *revision* as the schema's revision, running nothing."""
    engine = engine or db_api.get_engine()
    with engine.begin() as connection:
        alembic_command.stamp(_config(connection), revision)


def revision(message, autogenerate=False):
    """Write a new migration script (for developers)."""
    with db_api.get_engine().begin() as connection:
        alembic_command.revision(_config(connection), message=message,
                                 autogenerate=autogenerate)


def revisions():
    """Every revision id of the migration scripts."""
    script = alembic_command.ScriptDirectory.from_config(_config())
    return {r.revision for r in script.walk_revisions()}
