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
"""doc/source/install/services-by-hand.rst run as written (see
cyborg/tests/functional/fixtures/readme.py): the separate services,
"Accelerators in Placement, without Keystone", "What Nova does, by hand"
and the cyborg command with them, on MariaDB and RabbitMQ, with the real
Placement, cyborg-api and the stand-in for Nova run on its own; by two
readers of one machine at once, each with its own export lines.
"""

from concurrent import futures
import os
import subprocess
import uuid

from oslo_db.sqlalchemy import provision
from oslo_utils import timeutils
import pytest
import sqlalchemy as sa

from cyborg.tests.fixtures import backends
from cyborg.tests.functional.fixtures import readme

pytestmark = pytest.mark.slow(3)

# The line that names what the walk-through creates in MariaDB and
# RabbitMQ; no other block names any of it.
NAMES_LINE = 'export DB_NAME=%s DB_USER=%s MQ_VHOST=%s MQ_USER=%s'
PAGE_NAMES = ('cyborg',) * 4


class ServicesWalkthroughTestCase(readme.ReadmeTestCase):
    """The separate services: MariaDB, RabbitMQ, Placement, cyborg-api,
    the stand-in for Nova and the cyborg command.
    """

    DOCUMENT = readme.SERVICES_PAGE
    STEPS = readme.SERVICES

    def setUp(self):
        super().setUp()
        backends.check(self, 'mysql')
        backends.check(self, 'rabbit')
        backends.check(self, 'rabbit-admin')
        self.api = 'http://127.0.0.1:%d' % self.api_port
        self.placement = 'http://127.0.0.1:%d' % self.placement_port
        self.nova = 'http://127.0.0.1:%d/v2.1' % self.nova_port
        suffix = uuid.uuid4().hex[:12]
        self.db_name = 'readme_' + suffix
        self.db_user = 'readme_' + suffix
        # Named as the vhosts of test processes, which are removed once
        # their process is gone (backends.rabbit_url()).
        self.vhost = 'cyborg-test-%d-%s' % (os.getpid(), suffix)
        self.mq_user = 'readme-' + suffix
        admin = provision.Backend.backend_for_database_type('mysql')
        self.admin_url = admin.url
        self.addCleanup(self._drop_database)
        self.addCleanup(self._delete_rabbit_names)
        # Cleanups run last in first out: the services the page left
        # running stop before their database is dropped.
        self.addCleanup(self.shell.close)
        self.db_url = (
            'mysql+pymysql://%s:cyborg@127.0.0.1/%s?charset=utf8mb4' % (
                self.db_user, self.db_name))
        self.engine = None

    def _substitutions(self):
        admin = sa.engine.make_url(self.admin_url)
        mysql = 'mysql -u %s -h %s' % (admin.username,
                                       admin.host or '127.0.0.1')
        if admin.password:
            mysql += ' -p%s' % admin.password
        return super()._substitutions() + [
            # Installing PyMySQL into the virtual environment the tests
            # run from would change it under them: check that it is there.
            (".venv/bin/pip install -c tools/upper-constraints.txt "
             "-e '.[mysql]'", ".venv/bin/python -c 'import pymysql'"),
            ('mysql -u root -e', mysql + ' -e'),
            (NAMES_LINE % PAGE_NAMES,
             NAMES_LINE % (self.db_name, self.db_user, self.vhost,
                           self.mq_user)),
        ]

    def _delete_rabbit_names(self):
        for args in (('delete_vhost', self.vhost),
                     ('delete_user', self.mq_user)):
            try:
                backends.rabbitmqctl(*args)
            except subprocess.CalledProcessError:
                pass  # never made, or removed by the page

    def _drop_database(self):
        if self.engine is not None:
            self.engine.dispose()
        engine = sa.create_engine(self.admin_url)
        try:
            with engine.begin() as conn:
                conn.execute(sa.text('DROP DATABASE IF EXISTS %s' %
                                     self.db_name))
                conn.execute(sa.text("DROP USER IF EXISTS %s@'127.0.0.1'"
                                     % self.db_user))
        finally:
            engine.dispose()

    def test_two_readers_at_once(self):
        # Two users of one machine run the page at once (issue 79), each
        # with names and ports of their own in the export lines, each in
        # a thread of its own, so that the services of both run side by
        # side.  Each checks its own: its three services alone in its
        # database, its queues in its virtual host, and at the end
        # nothing of its own left (check_services_clean).
        other = type(self)('test_two_readers_at_once')
        other.setUp()
        self.addCleanup(other.doCleanups)
        self.addOnException(other._print_transcript)
        self.assertNotEqual((self.db_name, self.db_user, self.vhost,
                             self.mq_user, self.api_port),
                            (other.db_name, other.db_user, other.vhost,
                             other.mq_user, other.api_port))
        with futures.ThreadPoolExecutor(2) as pool:
            walks = [pool.submit(lambda case: list(case.steps_run()), case)
                     for case in (self, other)]
        for walk in walks:
            self.assertEqual(list(readme.SERVICES), walk.result())

    # The services table, through the page's own database user ----------

    def services_rows(self):
        """{(host, binary): (started_at, last_seen_up)}."""
        if self.engine is None:
            self.engine = sa.create_engine(self.db_url)
        with self.engine.connect() as conn:
            rows = conn.execute(sa.text(
                'SELECT host, `binary`, started_at, last_seen_up '
                'FROM services')).fetchall()
        return {(r[0], r[1]): (r[2], r[3]) for r in rows}

    def wait_started(self, host, binary, since):
        def started():
            row = self.services_rows().get((host, binary))
            return row is not None and row[0] is not None and (
                row[0] >= since)
        self.wait_for(started, '%s of %s never started' % (binary, host))

    @staticmethod
    def now():
        return timeutils.utcnow().replace(microsecond=0)

    # The steps ---------------------------------------------------------

    def check_services_nova(self, result):
        self.wait_for(lambda: self.answers(self.nova + '/servers'),
                      'the stand-in for Nova never answered')

    def check_services_config(self, result):
        for name in ('cyborg.conf', 'ctl1.conf', 'node1.conf',
                     'node2.conf'):
            self.assertTrue(os.path.exists(os.path.join(
                self.workdir, '.services', name)))

    def before_services_start(self):
        self.started = self.now()

    def before_services_up(self):
        for host, binary in (('ctl1', 'cyborg-conductor'),
                             ('node1', 'cyborg-agent'),
                             ('node2', 'cyborg-agent')):
            self.wait_started(host, binary, self.started)

    def check_services_up(self, result):
        self.assertEqual(
            {('ctl1', 'cyborg-conductor', 'up'),
             ('node1', 'cyborg-agent', 'up'),
             ('node2', 'cyborg-agent', 'up')},
            {(row['Host'], row['Binary'], row['Status'])
             for row in readme.table(result.output)})
        # Their queues are in the export line's virtual host.
        queues = {line.split('\t')[0]
                  for line in backends.rabbit_queues(self.vhost)}
        self.assertLessEqual({'cyborg-conductor.ctl1', 'cyborg-agent.node1',
                              'cyborg-agent.node2'}, queues)

    def check_services_down(self, result):
        self.assertEqual(
            {('ctl1', 'cyborg-conductor', 'up'),
             ('node1', 'cyborg-agent', 'down'),
             ('node2', 'cyborg-agent', 'up')},
            {(row['Host'], row['Binary'], row['Status'])
             for row in readme.table(result.output)})

    def before_placement_start(self):
        self.started = self.now()

    def check_placement_start(self, result):
        self.wait_for(lambda: self.answers(self.placement + '/'),
                      'Placement never answered')

    def check_placement_providers(self, result):
        for word in ('node1_FakeDevice_qat0_vf0', 'node2', 'FPGA', '16',
                     'CUSTOM_FAKE_DEVICE', 'OWNER_CYBORG'):
            self.assertIn(word, result.output)

    def before_nova_api(self):
        # The block stops node1's agent (``kill $NODE1; wait $NODE1``):
        # the agent placement-start restarted must have started.  Its
        # devices reach Placement before it does (the conductor pushes
        # them from the database), and a process SIGTERMed while it
        # still imports has no handler yet: ``wait`` says 143 (seen with
        # two suites at once; issue 37).
        for host, binary in (('ctl1', 'cyborg-conductor'),
                             ('node1', 'cyborg-agent'),
                             ('node2', 'cyborg-agent')):
            self.wait_started(host, binary, self.started)
        self.started = self.now()

    def check_nova_api(self, result):
        self.wait_for(lambda: self.answers(self.api + '/'),
                      'cyborg-api never answered')
        self.wait_started('node1', 'cyborg-agent', self.started)

    def check_nova_arq(self, result):
        self.assertIn('CUSTOM_FAKE_DEVICE', result.output)
        self.assertEqual('Initial', self.arq_state(self.shell.value('ARQ')))

    def check_nova_bind(self, result):
        self.assertIn('HTTP/1.1 202', result.output)
        self.assertRegex(result.output, r'"state": *"Bound"')
        self.assertRegex(result.output, r'"attach_handle_type": *"TEST_PCI"')

    def check_nova_event(self, result):
        self.assertIn(self.shell.value('ARQ'), result.output)

    def check_nova_hostdev(self, result):
        self.assertIn('mdev', result.output)

    def check_nova_delete(self, result):
        self.assertEqual(2, result.output.count('HTTP/1.1 204'),
                         result.output)

    def check_services_install_driver(self, result):
        self.assertIn('FPGA', result.output)

    def check_services_uninstall(self, result):
        driver = self.shell.value('DRIVER')
        self.assertEqual(404, self.session.get(
            self.api + '/v2/drivers/' + driver, timeout=30,
            headers={'OpenStack-API-Version': 'accelerator 2.4'}
        ).status_code)
        self.assertEqual('SHUTOFF', self.get(
            self.nova + '/servers/' + self.shell.value('VM'))
            ['server']['status'])

    def check_services_stop(self, result):
        # No job of the shell still runs (finished ones may be listed
        # until bash reports them).
        self.assertEqual('', self.shell.run('jobs -rp').output.strip())
        self.assertFalse(self.answers(self.api + '/'))

    def before_services_clean(self):
        # The page's own user and database go: no connection of the
        # test's may hold them.
        if self.engine is not None:
            self.engine.dispose()

    def check_services_clean(self, result):
        self.assert_git_status_clean()
        engine = sa.create_engine(self.admin_url)
        try:
            with engine.connect() as conn:
                left = conn.execute(sa.text(
                    'SELECT (SELECT COUNT(*) FROM information_schema.'
                    'schemata WHERE schema_name = :db), (SELECT COUNT(*) '
                    'FROM mysql.user WHERE user = :user)'),
                    {'db': self.db_name, 'user': self.db_user}).one()
        finally:
            engine.dispose()
        self.assertEqual((0, 0), tuple(left))
        # Nor its virtual host, whose queues went with it, nor its user.
        self.assertNotIn(self.vhost,
                         backends.rabbitmqctl('list_vhosts', 'name').split())
        self.assertNotIn(self.mq_user, [
            line.split('\t')[0] for line in backends.rabbitmqctl(
                'list_users', '--no-table-headers').splitlines()])
