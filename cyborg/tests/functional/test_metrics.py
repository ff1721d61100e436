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
"""Prometheus metrics during a boot-like lifecycle (issue 41).

The whole API runs in process with a conductor on the fake transport,
Nova is the recording stand-in (a real HTTP server).  ``/metrics`` of
cyborg-api and the conductor's own port are scraped over HTTP and read
with prometheus_client's text parser, and the values are checked at each
step: a device profile, an ARQ created, bound (Nova's event taken),
deleted; a device that fails its health checks; an agent that stops
sending heartbeats.  Then who may read ``/metrics`` (the source ranges,
the token and the policy), and the cache that keeps scrapes off the
database.
"""

import datetime

from keystonemiddleware import fixture as ksm_fixture
from oslo_utils import timeutils
from oslo_utils import uuidutils
from prometheus_client import parser
import requests
import sqlalchemy as sa

from cyborg import context as cyborg_context
from cyborg import counters
from cyborg import metrics
from cyborg import servicegroup
from cyborg.api import metrics as api_metrics
from cyborg.conductor.devices import health as health_ops
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import service as service_queries
from cyborg.db.queries import telemetry as telemetry_queries
from cyborg.tests.fixtures import inventory
from cyborg.tests.fixtures import nova as nova_fixture
from cyborg.tests.fixtures import nova_boot
from cyborg.tests.functional import api_base
from cyborg.tests.functional.fixtures import services

NOVA = {'X-User-Id': 'nova-user', 'X-Project-Id': 'p1',
        'X-Roles': 'member,reader', 'X-Service-Roles': 'service'}
ADMIN = {'X-User-Id': 'admin', 'X-Project-Id': 'admin',
         'X-Roles': 'admin,member,reader'}
READER = {'X-User-Id': 'reader', 'X-Project-Id': 'p1', 'X-Roles': 'reader'}
HOST, OTHER = 'node1', 'node2'
PROMETHEUS = {'REMOTE_ADDR': '10.9.0.7'}


def _samples(text):
    """``{(name, sorted label items): value}`` of Prometheus text."""
    return {(sample.name, tuple(sorted(sample.labels.items()))):
            sample.value
            for family in parser.text_string_to_metric_families(text)
            for sample in family.samples}


def _value(samples, name, **labels):
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


class _HealthRecord:
    """What health.apply() reads of a report's hardware record."""

    def __init__(self, uuid, health, reason=None):
        self.uuid = uuid
        self.health = health
        self.health_reason = reason


class MetricsLifecycleTestCase(api_base.APITestCase):

    def configure_services(self):
        self.nova = self.useFixture(nova_fixture.FakeNova())
        self.flags(group='nova', auth_type='none',
                   endpoint_override=self.nova.url)

    def configure(self):
        self.flags(group='metrics', enabled=True, cache_seconds=0,
                   allowed_source_ranges=['10.9.0.0/16'])
        # The agents' heartbeats are written once, in setUp: an agent
        # goes down when a test backdates it, never because a loaded
        # machine took the fixtures' 3 s to get there (CI, once).
        self.flags(service_down_time=86400)

    def setUp(self):
        super().setUp()
        self.context = cyborg_context.get_admin_context()
        self.nova_boot = nova_boot.NovaBoot(
            api=nova_boot.webtest_api(self.app, NOVA))
        self.fpga = inventory.add_device(self.context, HOST, handles=2)
        self.gpu = inventory.add_device(
            self.context, OTHER, dev_type='GPU', address='0000:0d:00.0',
            handles=1, rc='PGPU', traits=(), driver='nvidia_gpu')
        now = timeutils.utcnow()
        for host in (HOST, OTHER):
            service_queries.heartbeat(self.context, host,
                                      servicegroup.AGENT)
            # As the conductor leaves it once it applied a report.
            with self.db.engine.begin() as conn:
                conn.execute(sa.insert(models.Host).values(
                    hostname=host, generation=1, needs_sync=False,
                    gone_held=False, last_report_at=now, created_at=now,
                    updated_at=now))
        # The conductor's own port, as cyborg-conductor serves it.
        server = metrics.serve(0, '127.0.0.1')
        self.addCleanup(server.server_close)
        self.addCleanup(server.shutdown)
        self.conductor_url = 'http://127.0.0.1:%d/metrics' % (
            server.server_port)

    def _fleet(self):
        response = self.app.get('/metrics', extra_environ=PROMETHEUS)
        self.assertEqual('text/plain', response.content_type)
        return _samples(response.text)

    def _conductor(self):
        response = requests.get(self.conductor_url, timeout=10)
        response.raise_for_status()
        return _samples(response.text)

    def _accelerators(self, samples, host, rc, driver):
        return {state: _value(samples, 'cyborg_accelerators', host=host,
                              resource_class=rc, driver=driver,
                              state=state)
                for state in api_metrics.ACCELERATOR_STATES}

    def _outboxes(self, samples):
        return {outbox: _value(samples, 'cyborg_outbox_depth',
                               outbox=outbox)
                for outbox in metrics.OUTBOXES}

    def test_lifecycle(self):
        before = self._conductor()
        fleet = self._fleet()
        self.assertEqual({'free': 2, 'bound': 0, 'unhealthy': 0,
                          'reserved': 0},
                         self._accelerators(fleet, HOST, 'FPGA', 'fake'))
        self.assertEqual({'free': 1, 'bound': 0, 'unhealthy': 0,
                          'reserved': 0},
                         self._accelerators(fleet, OTHER, 'PGPU',
                                            'nvidia_gpu'))
        self.assertEqual(2, _value(fleet, 'cyborg_agents', state='up'))
        self.assertEqual(0, _value(fleet, 'cyborg_agents', state='down'))
        self.assertEqual(1, _value(fleet, 'cyborg_agent_up', host=OTHER))
        self.assertLess(_value(fleet, 'cyborg_agent_last_report_age_seconds',
                               host=HOST), 60)
        self.assertEqual(0, _value(fleet, 'cyborg_arqs', state='Bound'))
        self.assertEqual(1, _value(fleet, 'cyborg_devices', host=HOST,
                                   driver='fake', health='healthy'))

        # A device profile and an ARQ: Initial.
        self.app.post_json('/v2/device_profiles', [
            {'name': 'fpga1', 'groups': [{'resources:FPGA': '1'}]}],
            headers=ADMIN)
        [uuid], instance = self.nova_boot.boot(
            'fpga1', HOST, self.fpga['rp_uuid'])
        event = self.nova.wait_for_tags([uuid])[uuid]
        self.assertEqual('completed', event['status'])

        # Bound, at once (a PCI handle needs no device work); Nova took
        # its event, so the outbox empties.
        services.wait_for(
            lambda: not self._outboxes(self._fleet())['nova_events'],
            timeout=30, message='the event never left the outbox')
        fleet = self._fleet()
        self.assertEqual(1, _value(fleet, 'cyborg_arqs', state='Bound'))
        self.assertEqual({'free': 1, 'bound': 1, 'unhealthy': 0,
                          'reserved': 0},
                         self._accelerators(fleet, HOST, 'FPGA', 'fake'))
        self.assertEqual({'nova_events': 0, 'placement_pushes': 0,
                          'driver_jobs': 0}, self._outboxes(fleet))
        after = self._conductor()

        def delta(name, **labels):
            return (_value(after, name, **labels) -
                    _value(before, name, **labels))

        self.assertEqual(1, delta('cyborg_arq_binds_total'))
        self.assertEqual(0, delta('cyborg_arq_bind_failures_total',
                                  stage='patch'))
        self.assertEqual(1, delta('cyborg_bind_device_ready_seconds_count',
                                  work='none'))
        self.assertEqual(1, delta('cyborg_nova_event_delay_seconds_count',
                                  status='completed'))
        self.assertEqual(1, delta('cyborg_bind_nova_event_seconds_count',
                                  status='completed'))
        # From the PATCH: at least the time from the resolution (here the
        # bind itself) to Nova (to a microsecond: the sums are floats).
        self.assertGreaterEqual(
            round(delta('cyborg_bind_nova_event_seconds_sum',
                        status='completed'), 6),
            round(delta('cyborg_nova_event_delay_seconds_sum',
                        status='completed'), 6))
        # (At least: a conductor of an earlier test of this process may
        # still be retrying its events.)
        self.assertGreaterEqual(delta('cyborg_nova_requests_total',
                                      method='POST'), 1)
        self.assertEqual(0, delta('cyborg_nova_request_errors_total',
                                  method='POST', kind='5xx'))
        self.assertGreater(
            delta('cyborg_nova_request_duration_seconds_sum',
                  method='POST'), 0)

        # A bind refused (no profile of that name on the provider's
        # resource class is still bound: the handle claim fails once
        # both are taken).
        [second], _instance = self.nova_boot.boot('fpga1', HOST,
                                                  self.fpga['rp_uuid'])
        self.nova_boot.boot('fpga1', HOST, self.fpga['rp_uuid'],
                            status=409)
        after = self._conductor()
        self.assertEqual(3, delta('cyborg_arq_binds_total'))
        self.assertEqual(1, delta('cyborg_arq_bind_failures_total',
                                  stage='patch'))
        fleet = self._fleet()
        self.assertEqual(2, _value(fleet, 'cyborg_arqs', state='Bound'))
        self.assertEqual(1, _value(fleet, 'cyborg_arqs', state='Initial'))

        # Nova deletes the first server's ARQ: its handle is free again.
        self.app.delete('/v2/accelerator_requests?instance=%s' % instance,
                        headers=NOVA, status=204)
        after = self._conductor()
        self.assertEqual(1, delta('cyborg_arq_deletes_total'))
        fleet = self._fleet()
        self.assertEqual(1, _value(fleet, 'cyborg_arqs', state='Bound'))
        self.assertEqual({'free': 1, 'bound': 1, 'unhealthy': 0,
                          'reserved': 0},
                         self._accelerators(fleet, HOST, 'FPGA', 'fake'))

        # The FPGA fails its health checks (what the conductor records of
        # its agent's report): its free handle is unhealthy, the bound
        # one stays bound; the host waits for its push to Placement.
        with db_api.context_manager.writer.using(self.context):
            health_ops.apply(self.context, HOST, [
                _HealthRecord(self.fpga['device_uuid'], 'unhealthy',
                              'AER fatal errors')])
        fleet = self._fleet()
        self.assertEqual({'free': 0, 'bound': 1, 'unhealthy': 1,
                          'reserved': 0},
                         self._accelerators(fleet, HOST, 'FPGA', 'fake'))
        self.assertEqual(1, _value(fleet, 'cyborg_devices', host=HOST,
                                   driver='fake', health='unhealthy'))
        self.assertEqual(0, _value(fleet, 'cyborg_devices', host=HOST,
                                   driver='fake', health='healthy'))
        self.assertEqual(1, _value(fleet, 'cyborg_outbox_depth',
                                   outbox='placement_pushes'))
        self.assertLess(_value(fleet, 'cyborg_outbox_oldest_age_seconds',
                               outbox='placement_pushes'), 60)
        self.assertIn(('cyborg_devices', (('driver', 'fake'),
                                          ('health', 'recovering'),
                                          ('host', HOST))), fleet)

        # The other host's agent stops: judged down once its heartbeat
        # and its last report are older than service_down_time.
        long_ago = timeutils.utcnow() - datetime.timedelta(
            seconds=api_base.base.CONF.service_down_time + 60)
        with self.db.engine.begin() as conn:
            conn.execute(sa.update(models.Service).where(
                models.Service.host == OTHER).values(last_seen_up=long_ago))
            conn.execute(sa.update(models.Host).where(
                models.Host.hostname == OTHER).values(
                    last_report_at=long_ago))
        fleet = self._fleet()
        self.assertEqual(1, _value(fleet, 'cyborg_agents', state='up'))
        self.assertEqual(1, _value(fleet, 'cyborg_agents', state='down'))
        self.assertEqual(0, _value(fleet, 'cyborg_agent_up', host=OTHER))
        self.assertEqual(1, _value(fleet, 'cyborg_agent_up', host=HOST))
        self.assertGreaterEqual(
            _value(fleet, 'cyborg_agent_last_report_age_seconds',
                   host=OTHER),
            api_base.base.CONF.service_down_time + 60)
        # Its free GPU is held out (reserved: agent down), not free.
        self.assertEqual({'free': 0, 'bound': 0, 'unhealthy': 0,
                          'reserved': 1},
                         self._accelerators(fleet, OTHER, 'PGPU',
                                            'nvidia_gpu'))
        # The conductor records it down (Placement holds its inventory
        # reserved), then a conductor restarts: it stays down, as in
        # Placement (it was counted up, its GPU free, for
        # service_down_time after the restart).
        with self.db.engine.begin() as conn:
            conn.execute(sa.update(models.Host).where(
                models.Host.hostname == OTHER).values(agent_up=False))
        service_queries.heartbeat(self.context, 'c-restarted',
                                  servicegroup.CONDUCTOR,
                                  started_at=timeutils.utcnow())
        fleet = self._fleet()
        self.assertEqual(0, _value(fleet, 'cyborg_agent_up', host=OTHER))
        self.assertEqual({'free': 0, 'bound': 0, 'unhealthy': 0,
                          'reserved': 1},
                         self._accelerators(fleet, OTHER, 'PGPU',
                                            'nvidia_gpu'))

        # Nova unbinds the second ARQ; the handle it frees is on the
        # unhealthy FPGA, so it is unhealthy, not free.
        self.app.patch_json('/v2/accelerator_requests', {second: [
            {'path': '/hostname', 'op': 'remove'}]}, headers=NOVA,
            status=202)
        after = self._conductor()
        self.assertEqual(1, delta('cyborg_arq_unbinds_total'))
        self.assertEqual(0, delta('cyborg_arq_unbind_failures_total',
                                  stage='patch'))
        fleet = self._fleet()
        self.assertEqual(1, _value(fleet, 'cyborg_arqs', state='Unbound'))
        self.assertEqual({'free': 0, 'bound': 0, 'unhealthy': 2,
                          'reserved': 0},
                         self._accelerators(fleet, HOST, 'FPGA', 'fake'))
        self.assertGreater(
            _value(fleet, 'cyborg_fleet_refresh_timestamp_seconds'),
            1.7e9)

    def test_every_fleet_gauge_is_exported(self):
        families = {family.name for family in
                    parser.text_string_to_metric_families(
                        self.app.get('/metrics',
                                     extra_environ=PROMETHEUS).text)}
        self.assertEqual({value.name for value in vars(metrics).values()
                          if isinstance(value, metrics.Gauge)}, families)

    def test_who_may_read(self):
        # Outside the source ranges, a token (noauth: identity headers)
        # and the policy decide.
        self.app.get('/metrics', headers=ADMIN, status=200)
        response = self.app.get('/metrics', headers=READER, status=403)
        self.assertIn('cyborg.policy.not_authorized',
                      response.json['error_message'])
        response = self.app.post('/metrics', extra_environ=PROMETHEUS,
                                 status=405)
        self.assertEqual('GET, HEAD', response.headers['Allow'])
        self.assertIn('error_code', response.json['error_message'])

    def test_idle_accelerators(self):
        # An instance of p1 holds the FPGA since two days; its agent found
        # it idle since then.
        two_days_ago = timeutils.utcnow() - datetime.timedelta(days=2)
        [arq] = inventory.add_bound_arqs(self.context, self.fpga,
                                         [uuidutils.generate_uuid()],
                                         project_id='p1')
        with self.db.engine.begin() as conn:
            conn.execute(sa.update(models.ExtendedAcceleratorRequest).where(
                models.ExtendedAcceleratorRequest.uuid == arq).values(
                    updated_at=two_days_ago))
        telemetry_queries.write(self.context, HOST, {
            self.fpga['device_uuid']: {
                'read_at': two_days_ago.isoformat(), 'stale': None,
                'values': {'utilization': 0.0, 'busy': False}}})
        self.flags(group='metrics', cache_seconds=0)
        self.assertEqual(1, _value(self._fleet(), 'cyborg_idle_accelerators',
                                   host=HOST, resource_class='FPGA',
                                   driver='fake', project='p1'))
        # Busy again: no idle accelerator.
        telemetry_queries.write(self.context, HOST, {
            self.fpga['device_uuid']: {
                'read_at': timeutils.utcnow().isoformat(), 'stale': None,
                'values': {'utilization': 0.8, 'busy': True}}})
        self.assertNotIn('cyborg_idle_accelerators',
                         {name for name, _labels in self._fleet()})

    def test_scrapes_read_the_database_once_per_interval(self):
        self.flags(group='metrics', cache_seconds=3600)
        engine = db_api.get_engine()
        with counters.measure(engine) as first:
            self.app.get('/metrics', extra_environ=PROMETHEUS)
        with counters.measure(engine) as again:
            for _ in range(3):
                self.app.get('/metrics', extra_environ=PROMETHEUS)
        # Eight aggregate statements (cyborg.db.queries.metrics),
        # whatever the size of the cloud; none while the snapshot is
        # fresh.
        self.assertEqual(8, first.db_statements)
        self.assertEqual(0, again.db_statements)


class MetricsOffTestCase(api_base.APITestCase):

    def test_off_by_default(self):
        response = self.app.get('/metrics', extra_environ=PROMETHEUS,
                                status=404)
        self.assertIn('error_code', response.json['error_message'])


class MetricsKeystoneTestCase(api_base.APITestCase):
    """Behind keystonemiddleware: only the source ranges go without a
    token.
    """

    AUTH_STRATEGY = 'keystone'

    def setUp(self):
        self.tokens = self.useFixture(ksm_fixture.AuthTokenFixture())
        super().setUp()

    def configure(self):
        self.flags(group='keystone_authtoken',
                   www_authenticate_uri='http://keystone.test/identity')
        self.flags(group='metrics', enabled=True,
                   allowed_source_ranges=['10.9.0.0/16', '::1/128'])

    def _token(self, roles):
        token_id = uuidutils.generate_uuid(dashed=False)
        self.tokens.add_token_data(token_id=token_id, user_id='u',
                                   project_id='p', role_list=roles)
        return token_id

    def test_token_or_source_range(self):
        self.app.get('/metrics', extra_environ=PROMETHEUS, status=200)
        self.app.get('/metrics', extra_environ={'REMOTE_ADDR': '::1'},
                     status=200)
        self.app.get('/metrics', extra_environ={'REMOTE_ADDR': '10.8.0.1'},
                     status=401)
        self.app.get('/metrics', status=401)
        self.app.get('/metrics', status=200, headers={
            'X-Auth-Token': self._token(['admin', 'member', 'reader'])})
        self.app.get('/metrics', status=403, headers={
            'X-Auth-Token': self._token(['member', 'reader'])})
