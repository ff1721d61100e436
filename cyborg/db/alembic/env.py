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
"""alembic environment: runs migrations on the connection it is given."""

from alembic import context

from cyborg.db import models

config = context.config
target_metadata = models.Base.metadata


def run_migrations_online():
    # cyborg.db.migration gives each command that runs this file its
    # connection (there is no alembic.ini to run it otherwise).
    connection = config.attributes['connection']
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        # SQLite cannot ALTER most things; batch mode copies the table.
        render_as_batch=connection.dialect.name == 'sqlite',
        compare_type=True)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    raise SystemExit('Offline (--sql) migrations are not supported.')
run_migrations_online()
