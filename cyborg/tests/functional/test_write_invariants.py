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
"""Properties of the write routes of microversion 2.4, tested
with generated requests (hypothesis: a bounded number of examples,
derandomized) against the whole API, the conductor and a real agent
running the fake driver (an FPGA, a QAT and a GPU on one host), with the
real Placement, all in process (operator_fixture.OperatorDeployment).

* A device's configuration (PUT /v2/devices/{uuid}/configuration):
  values generated from each device's own record (its ``settable``
  schemas and ``limits``, as the agent reported them) and outside it
  (other types, ``8.0`` and ``true`` for an integer, nulls, strings,
  values out of bounds, fields of other devices, fields that contradict
  each other).  Each request is a 4xx that stored nothing, or is
  accepted (stored merged into what was asked before), and then applied:
  never handed to the driver to fail there.
* The other writes (device classes, device selectors, a driver's install
  and update with a configuration it refuses): each is refused or
  succeeds.

After each request and at the end, every device is still there, the
host's providers in Placement are its deployables, and an allocation
made at the start is intact.
"""

import collections
import json
import time
from urllib import parse

import hypothesis
from hypothesis import strategies as st
from oslo_serialization import jsonutils
import pytest

from cyborg.common import device_class
from cyborg.common import device_config
from cyborg.tests.functional import api_base
from cyborg.tests.functional.fixtures import operator as operator_fixture

pytestmark = pytest.mark.slow(1)

HOST = operator_fixture.HOSTS[0]
HEADERS = {'X-User-Id': 'admin', 'X-Project-Id': 'admin',
           'X-Roles': 'admin,member,reader',
           'OpenStack-API-Version': 'accelerator 2.4'}
DEVICES = ['fpga=1', 'qat=1', 'gpu=1']
#: How long an accepted configuration may take to be applied, and the
#: providers to follow, in seconds.
SETTLE = 30
SETTINGS = hypothesis.settings(
    derandomize=True, database=None, deadline=None,
    phases=[hypothesis.Phase.explicit, hypothesis.Phase.generate],
    suppress_health_check=list(hypothesis.HealthCheck))

# Values that are no value of any field: other JSON types, and the
# numbers JSON Schema's own integer takes.
NOT_VALUES = st.one_of(
    st.sampled_from([8.0, 0.0, True, False, None, '8', '', [], {},
                     [8], {'num_vfs': 8}, -1, 2 ** 64, 'x' * 300]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.integers(), st.text(max_size=12))


def _valid(schema):
    """Values of a field's schema (enum, bounded integer, pattern)."""
    if 'enum' in schema:
        return st.sampled_from(schema['enum'])
    if schema.get('type') == 'integer':
        return st.integers(schema.get('minimum'), schema.get('maximum'))
    if 'pattern' in schema:
        return st.from_regex(schema['pattern'])
    return st.text(max_size=20)


def _layouts(limits, most=8):
    """MIG layouts of a GPU's profiles, largest first, fitting or not."""
    profiles = sorted((limits or {}).get('profiles') or {})
    if not profiles:
        return st.nothing()
    return st.lists(st.sampled_from(profiles), min_size=1,
                    max_size=most).map(device_config.mig_layout)


def _value(field, reported):
    schema = (reported.get('settable') or {}).get(field)
    if schema is None:
        return NOT_VALUES
    limits = (reported.get('limits') or {}).get(field)
    return st.one_of(_valid(schema), _layouts(limits), NOT_VALUES)


@st.composite
def configurations(draw, record):
    """Bodies of PUT /v2/devices/{uuid}/configuration of a device: half
    of them of its settable fields with values of their schemas (which
    may still contradict each other, or not fit), the others with any
    field and value.

    :param record: the configuration of the device's record (None: not
        configurable).
    """
    record = record or {}
    settable = record.get('settable') or {}
    limits = record.get('limits') or {}
    branch = draw(st.integers(0, 2)) if settable else 2
    if branch == 0 and device_config.MODE in settable:
        # A mode, with the field it has.
        mode = draw(_valid(settable[device_config.MODE]))
        desired = {device_config.MODE: mode}
        if mode == device_config.MODE_VGPU:
            desired[device_config.VGPU_TYPE] = draw(_valid(
                settable[device_config.VGPU_TYPE]))
        if mode == device_config.MODE_MIG and draw(st.booleans()):
            desired[device_config.MIG_LAYOUT] = draw(_layouts(
                limits.get(device_config.MIG_LAYOUT), 4))
        return {'desired': desired}
    if branch < 2:
        fields = draw(st.lists(st.sampled_from(sorted(settable)),
                               min_size=1, unique=True))
        body = {'desired': {f: draw(st.one_of(
            _valid(settable[f]), _layouts(limits.get(f)))) for f in fields}}
        if draw(st.booleans()):
            body['drain'] = draw(st.booleans())
        return body
    names = sorted(set(settable) | set(device_config.FIELDS) | {'colour'})
    fields = draw(st.lists(st.sampled_from(names), max_size=4,
                           unique=True))
    desired = {f: draw(_value(f, record)) for f in fields}
    body = {'desired': draw(st.one_of(st.just(desired), NOT_VALUES))
            if draw(st.integers(0, 9)) == 0 else desired}
    drain = draw(st.sampled_from(['-', False, True, 'yes', None]))
    if drain != '-':
        body['drain'] = drain
    return body


def check_property(check, strategy, max_examples, examples=()):
    """Run *check(case)* on *examples*, then on *max_examples* cases of
    *strategy* (derandomized, not shrunk).
    """
    test = check
    for case in examples:
        test = hypothesis.example(case=case)(test)
    test = hypothesis.given(case=strategy)(test)
    hypothesis.settings(SETTINGS, max_examples=max_examples)(test)()


_SCALARS = st.one_of(st.text(max_size=10), st.integers(), st.booleans(),
                     st.sampled_from(['QAT', 'GPU', 'fake', HOST, '10de',
                                      '8.0', 'healthy']))
# Selectors of POST /v2/devices/disable and /enable: of what the host
# has, or anything.
_SELECTORS = st.one_of(
    st.fixed_dictionaries({}, optional={
        'hostname': st.just(HOST),
        'type': st.sampled_from(['QAT', 'GPU', 'FPGA']),
        'driver_name': st.just('fake'),
        'apply': st.booleans()}),
    st.fixed_dictionaries({}, optional={
        'hostname': NOT_VALUES, 'vendor': NOT_VALUES, 'type': NOT_VALUES,
        'driver_name': NOT_VALUES, 'firmware': NOT_VALUES,
        'apply': NOT_VALUES, 'colour': NOT_VALUES}))
# Device class selectors: conditions on the named facts, or anything.
_CONDITIONS = st.one_of(
    st.lists(st.one_of(
        st.fixed_dictionaries({
            'key': st.sampled_from(['type', 'driver', 'host', 'health']),
            'op': st.sampled_from(['==', '!=']),
            'value': st.sampled_from(['QAT', 'GPU', 'fake', HOST,
                                      'healthy'])}),
        st.fixed_dictionaries({
            'key': st.just('type'), 'op': st.just('in'),
            'value': st.lists(st.sampled_from(['QAT', 'GPU', 'FPGA']),
                              min_size=1, max_size=3)})),
        min_size=1, max_size=3),
    st.lists(st.fixed_dictionaries({
        'key': st.one_of(st.sampled_from(sorted(device_class.NAMED_FACTS)),
                         NOT_VALUES),
        'op': st.one_of(st.sampled_from(device_class.OPS), NOT_VALUES),
        'value': st.one_of(_SCALARS, st.lists(_SCALARS, max_size=3),
                           NOT_VALUES)}), max_size=3))
# Driver configurations each holding something the fake driver refuses.
_REFUSED_OPTIONS = st.sampled_from([
    {'fake_driver': {'no_such_option': 1}},
    {'pci': {'no_such_option': 1}},
    {'fake_driver': {'devices': ['qat=1.5']}},
    {'fake_driver': {'devices': ['tpu=1']}},
    {'fake_driver': {'devices': 'qat'}},
    {'fake_driver': {'devices': ['qat=-1']}},
    {'fake_driver': {'devices': [8.0]}},
    {'fake_driver': {'discover_seconds': -1}},
    {'fake_driver': {'program_seconds': 'soon'}},
    {'fake_driver': {'qat_all_vfs': 8.0}},
    {'fake_driver': 'devices=qat=1'}])
_DRIVER_CONFIGS = st.builds(
    lambda refused, extra: dict(extra, **refused), _REFUSED_OPTIONS,
    st.dictionaries(st.sampled_from(['fake_driver', 'pci']),
                    st.fixed_dictionaries({}, optional={
                        'program_seconds': st.floats(0, 1),
                        'devices': st.just(['fpga=1'])}), max_size=1))


#: The other writes, and how many of each are generated.
OTHER_WRITES = {'class': 12, 'class-delete': 4, 'disable': 6, 'enable': 6,
                'driver-update': 6, 'driver-install': 6}


@st.composite
def other_writes(draw, route):
    """``(method, path, body)`` of a write of OTHER_WRITES."""
    name = draw(st.one_of(st.from_regex(r'\A[A-Z]{1,2}\Z'), NOT_VALUES))
    if route == 'class':
        return 'POST', '/v2/device_classes', draw(st.fixed_dictionaries(
            {'name': st.just(name), 'selector': _CONDITIONS},
            optional={'description': st.one_of(st.text(max_size=20),
                                               NOT_VALUES)}))
    if route == 'class-delete':
        return 'DELETE', '/v2/device_classes/' + parse.quote(str(name),
                                                             safe=''), None
    if route in ('disable', 'enable'):
        return 'POST', '/v2/devices/' + route, draw(_SELECTORS)
    if route == 'driver-update':
        return 'PATCH', '/v2/drivers/{fake}', {
            'config': draw(_DRIVER_CONFIGS)}
    return 'POST', '/v2/drivers', {
        'name': draw(st.sampled_from(['fake', 'generic', 'nosuch'])),
        'host': HOST, 'config': draw(_DRIVER_CONFIGS)}


def _wait(condition, what, timeout=SETTLE):
    deadline = time.monotonic() + timeout
    while True:
        found = condition()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError('%s (after %s s)' % (what, timeout))
        time.sleep(0.02)


class _Deployment(api_base.APITestCase):
    """The fake driver's FPGA, QAT and GPU on HOST, reported to the
    conductor and pushed to Placement, and an allocation on the FPGA's
    provider.
    """

    def configure_services(self):
        self.deployment = self.useFixture(operator_fixture.OperatorDeployment(
            self.conf_fixture, hosts=(HOST,)))

    def setUp(self):
        super().setUp()
        self.deployment.start_agents(self.context)
        self.placement = self.deployment.placement
        [driver] = self.call('POST', '/v2/drivers', {
            'name': 'fake', 'host': HOST,
            'config': {'fake_driver': {'devices': DEVICES}}},
            status=201)[1]['drivers']
        self.driver = driver['uuid']

        def reported():
            found = self._devices()
            return found if len(found) == len(DEVICES) else None
        self.devices = _wait(reported, 'the agent never reported its '
                             'devices')
        providers = _wait(self._providers_match,
                          'Placement never had the deployables')
        self.consumer = self.placement.allocate(
            providers['%s_FakeDevice' % HOST], {'FPGA': 1})

    def call(self, method, path, body=None, status=None):
        """:returns: ``(status, the answer's JSON or None)``."""
        response = self.app.request(
            path, method=method, headers=dict(
                HEADERS, **{'Content-Type': 'application/json'}),
            body=b'' if body is None else json.dumps(body).encode(),
            expect_errors=True)
        if status is not None:
            self.assertEqual(status, response.status_int, response.text)
        return (response.status_int,
                response.json if response.body else None)

    def _devices(self):
        """``{device uuid: device}`` of HOST (microversion 2.4)."""
        return {d['uuid']: d for d in self.call(
            'GET', '/v2/devices?hostname=' + HOST, status=200)[1][
                'devices']}

    def _providers_match(self):
        """``{name: uuid}`` of HOST's providers when they are its
        deployables (same names and providers), else None.
        """
        deployables = {d['name']: d['rp_uuid'] for d in self.call(
            'GET', '/v2/deployables', status=200)[1]['deployables']}
        providers = {name: rp['uuid'] for name, rp in
                     self.placement.tree(HOST).items()}
        return providers if providers == deployables else None

    def check_nothing_lost(self, case=None):
        """Every device is there, and the FPGA's allocation."""
        self.assertEqual(set(self.devices), set(self._devices()), case)
        response = self.placement.adapter.get(
            '/allocations/%s' % self.consumer, microversion='1.28')
        self.assertEqual([{'FPGA': 1}], [
            a['resources'] for a in
            response.json()['allocations'].values()], case)


class ConfigurationPropertyTestCase(_Deployment):

    def _stored(self):
        """``{device uuid: (generation, desired)}``."""
        return {uuid: ((d['configuration'] or {}).get('generation'),
                       (d['configuration'] or {}).get('desired'))
                for uuid, d in self._devices().items()}

    def _applied(self, uuid, generation):
        def settled():
            config = self._devices()[uuid]['configuration']
            if config['generation'] != generation or config['state'] in (
                    device_config.PENDING, device_config.APPLYING):
                return None
            # The device's record and its configuration are read apart:
            # the report that applied it may come between.
            if config['state'] == device_config.APPLIED and \
                    device_config.differences(config['desired'],
                                              config['actual']):
                return None
            return config
        config = _wait(settled, 'configuration %d of %s never applied' % (
            generation, uuid))
        self.assertEqual('applied', config['state'], config['reason'])
        self.assertEqual({}, device_config.differences(config['desired'],
                                                       config['actual']))

    def test_refused_or_applied(self):
        by_type = {d['type']: d for d in self.devices.values()}
        seen = collections.Counter()

        refused = []

        def check(case):
            kind, body = case
            uuid = by_type[kind]['uuid']
            before = self._stored()
            actual = (self._devices()[uuid]['configuration'] or {}).get(
                'actual')
            status, answer = self.call(
                'PUT', '/v2/devices/%s/configuration' % uuid, body)
            # As JSON: 1 == True, and {"num_vfs": 1} is no issue's case.
            issue = jsonutils.dumps(case, sort_keys=True) in {
                jsonutils.dumps(r, sort_keys=True) for r in refused}
            self.assertIn(status, (400,) if issue else (202, 400),
                          (case, answer))
            seen[kind, status] += 1
            if status == 400:
                self.assertIn(jsonutils.loads(answer['error_message'])[
                    'error_code'], ('cyborg.device.config_invalid',
                                    'cyborg.device.not_configurable',
                                    'cyborg.request.invalid_input'))
                self.assertEqual(before, self._stored(), case)
            else:
                # Stored merged into what was asked before.
                generation = (before[uuid][0] or 0) + 1
                self.assertEqual((generation, device_config.merge(
                    before[uuid][1], body['desired'], actual)),
                    self._stored()[uuid])
                self._applied(uuid, generation)
            self.check_nothing_lost(case)

        for kind, examples, issues in (
                # The issue's, refused: one float wiped a host; layouts
                # the GPU refuses, a type it does not offer.
                ('QAT', 25, [{'num_vfs': 8.0}, {'num_vfs': True}]),
                ('GPU', 30, [
                    {'mode': 'mig', 'mig_layout': '7g.80gb,1g.10gb'},
                    {'mode': 'mig', 'mig_layout': '1g.10gb,3g.40gb'},
                    {'mode': 'vgpu', 'vgpu_type': 'nvidia-999'}]),
                ('FPGA', 5, [])):
            record = device_config.reported(by_type[kind])
            refused[:] = [(kind, {'desired': desired}) for desired in issues]
            check_property(
                check, configurations(record).map(
                    lambda body, kind=kind: (kind, body)), examples,
                refused)
        # Both sides were reached.
        for kind in ('QAT', 'GPU'):
            self.assertGreater(seen[kind, 202], 3, seen)
            self.assertGreater(seen[kind, 400], 5, seen)
        self.assertEqual(5, seen['FPGA', 400], seen)
        agent = self.deployment.agents[HOST]
        self.assertEqual({'applied'}, {o['state'] for o in
                                       agent.tracker.config_outcomes.values()})
        _wait(self._providers_match, 'Placement never had the deployables')
        self.check_nothing_lost()


class OtherWritesPropertyTestCase(_Deployment):

    def test_refused_or_done_never_removing(self):
        seen = collections.Counter()

        def check(case):
            method, path, body = case
            status, answer = self.call(
                method, path.replace('{fake}', self.driver), body)
            seen[method, path.split('/')[2], status] += 1
            self.assertLess(status, 500, (case, answer))
            if path.startswith('/v2/drivers'):
                # Each configuration holds what the driver refuses.
                self.assertIn(status, (400, 409), (case, answer))
            self.check_nothing_lost((case, status, answer))

        for route, examples in sorted(OTHER_WRITES.items()):
            check_property(check, other_writes(route), examples)
        # Some were done, some refused.
        for route in ('device_classes', 'devices'):
            self.assertEqual(
                {True, False}, {status < 300 for _m, r, status in seen
                                if r == route}, seen)
        _wait(self._providers_match, 'Placement never had the deployables')
        self.check_nothing_lost()
