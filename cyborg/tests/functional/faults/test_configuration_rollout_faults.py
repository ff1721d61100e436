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
"""A configuration rollout (issue 60) through a fault, with real processes.

Four compute nodes, each an agent of the fake driver with one QAT (4
VFs); a rollout of the class of QATs to 8 VFs, ``max_unavailable`` 1, so
four waves.  While the test waits it samples the QATs out of service:
those whose configuration reserves them (``GET /v2/devices``) and those
of which Placement offers no VF, whichever are more.

* Two conductors, one killed (SIGKILL) once a QAT started: the other
  completes the rollout (a host the killed one was pushing to Placement
  waits for its claim to expire: ``[placement] push_claim_seconds``,
  CLAIM_SECONDS here).
* The agent of the QAT in progress killed (SIGKILL) while its driver
  changes the device (the faults file's ``configure_seconds``): the
  rollout starts no other QAT while the agent is down, and completes
  once it is started again.
* A QAT whose driver fails the change (``configure_error``): the
  rollout pauses naming it; once the fault is gone and the device
  forgotten from the rollout (and set again by the operator), it
  resumes and completes the others.

Nothing is lost in each: every QAT offers its 8 VFs in the end, its
configuration applied and stored once (generation 1, the operator's
second try 2), never more than one QAT out of service at a sample, and
no rollout holds a device once it completed.
"""

import os
import signal

import fixtures
from oslo_serialization import jsonutils
import pytest
import sqlalchemy as sa

from cyborg.common import configuration_rollout
from cyborg.common import device_class
from cyborg.common import device_config
from cyborg.db import models
from cyborg.tests.functional.faults import base
from cyborg.tests.functional.fixtures import services
from cyborg.tests.functional.placement import fake_host

pytestmark = pytest.mark.slow(3)

# No credentials with noauth: an administrator.
ADMIN = {'OpenStack-API-Version': 'accelerator 2.4'}
EIGHT = {'num_vfs': 8}
# Each wait: four waves of a loaded machine's agents and pushes.
TIMEOUT = 240
# [placement] push_claim_seconds of the conductors (default 300).
CLAIM_SECONDS = 20


class RolloutFaultTestCase(base.FaultTestCase):

    NODES = 4

    def setUp(self):
        super().setUp()
        self.faults_file = os.path.join(
            self.useFixture(fixtures.TempDir()).path, 'faults.json')
        self.most_out = 0

    def conductor_config(self):
        config = super().conductor_config()
        config['placement']['push_claim_seconds'] = CLAIM_SECONDS
        return config

    def _start(self, conductors=1):
        # One QAT of 4 VFs (4 providers) on each node; every agent reads
        # the test's faults file.
        self.start(conductors=conductors, providers=4, devices='qat=1',
                   faults_file=self.faults_file)
        self.qats = {d['uuid']: d['hostname'] for d in self._devices()}
        self.assertEqual(self.NODES, len(self.qats))
        self.admin('POST', '/device_classes', 201, json={
            'name': 'qat',
            'selector': [{'key': 'type', 'op': '==', 'value': 'QAT'}]})
        trait = device_class.trait('qat')
        services.wait_for(
            lambda: len(self._offered(trait)) == self.NODES, timeout=90,
            message='the class trait never reached the QATs')

    def admin(self, method, path, expect, **kwargs):
        return self.api(method, path, expect, headers=ADMIN, **kwargs)

    def _devices(self):
        return self.admin('GET', '/devices?type=QAT', 200)['devices']

    def _fault(self, faults):
        """Write the faults file (replaced whole: a driver never reads it
        half written).
        """
        with open(self.faults_file + '.new', 'w') as f:
            f.write(jsonutils.dumps(faults))
        os.replace(self.faults_file + '.new', self.faults_file)

    def _offered(self, trait=None):
        """{compute node uuid: the QAT VFs Placement offers in its tree}."""
        return {root: len(vfs) for root, vfs in fake_host.offered(
            self, 'CUSTOM_QAT', required=trait).items()}

    def _configs(self):
        """{QAT uuid: its configuration}."""
        return {d['uuid']: d['configuration'] for d in self._devices()}

    def _sample(self):
        reserving = sum(1 for config in self._configs().values()
                        if config['state'] in device_config.RESERVING)
        unoffered = self.NODES - len(self._offered())
        self.most_out = max(self.most_out, reserving, unoffered)

    def _create(self):
        def create():
            # 400 until the push recorded the class's trait of each QAT.
            response = self.request('POST', '/configuration_rollouts',
                                    headers=ADMIN, json={
                                        'device_class': 'qat',
                                        'desired': EIGHT,
                                        'max_unavailable': 1})
            self.assertNotEqual('hung', response)
            return response.status_code == 202 and response.json()
        row = services.wait_for(create, timeout=60,
                                message='the rollout was never created')
        self.assertEqual(self.NODES, sum(row['progress'].values()))
        self.path = '/configuration_rollouts/' + row['uuid']
        return row

    def _rollout(self):
        """The rollout, and a sample of the QATs out of service."""
        self._sample()
        return self.admin('GET', self.path, 200)

    def _until(self, predicate, message, timeout=TIMEOUT):
        """The rollout once *predicate* (of it) holds."""
        last = []

        def check():
            last[:] = [self._rollout()]
            return last[0] if predicate(last[0]) else None
        try:
            return services.wait_for(check, timeout=timeout, message=message)
        except AssertionError as exc:
            raise AssertionError('%s; the rollout: %s' % (exc, last))

    def _ended(self, message='the rollout never ended', timeout=TIMEOUT):
        return self._until(
            lambda row: row['state'] != configuration_rollout.RUNNING,
            message, timeout=timeout)

    def _assert_nothing_lost(self, row, set_again=()):
        """The rollout completed: each QAT applied, stored once by it
        (generation 1; those forgotten and *set_again* by the operator,
        2), offered with its 8 VFs, held by no rollout; never more than
        one out of service.
        """
        self.assertEqual((configuration_rollout.COMPLETED,
                          self.NODES - len(set_again)),
                         (row['state'],
                          row['progress'][configuration_rollout.DONE]), row)
        self.assertEqual(
            {uuid: (device_config.APPLIED, 2 if uuid in set_again else 1,
                    EIGHT, 8) for uuid in self.qats},
            {uuid: (c['state'], c['generation'], c['desired'],
                    c['actual']['num_vfs'])
             for uuid, c in self._configs().items()})
        services.wait_for(
            lambda: sorted(self._offered().values()) == [8] * self.NODES,
            timeout=60, message='a QAT is not offered with its 8 VFs')
        members = models.RolloutDevice.__table__
        with self.db.engine.connect() as conn:
            held = conn.execute(sa.select(sa.func.count()).where(
                members.c.held_uuid.isnot(None))).scalar()
        self.assertEqual(0, held)
        self.assertEqual(1, self.most_out)

    def _agent_status(self, host):
        [agent] = self.admin('GET', '/services?binary=cyborg-agent&host=' +
                             host, 200)['services']
        return agent['status']

    def test_a_conductor_killed_mid_rollout(self):
        self._start(conductors=2)
        self._create()
        self._until(lambda row: row['progress'][
            configuration_rollout.WAITING] < self.NODES,
            'no QAT was ever started')
        self.conductors[0].stop(signal.SIGKILL)
        # Killed pushing a host, it holds the host for its claim: the
        # device there is handed to its agent only then.
        self._assert_nothing_lost(self._ended(
            timeout=CLAIM_SECONDS + TIMEOUT))

    def test_an_agent_killed_while_its_qat_changes(self):
        self._start()
        # Whichever QAT goes first, its driver takes long enough to be
        # killed changing it.
        self._fault({uuid: {'configure_seconds': 3600} for uuid in self.qats})
        self._create()

        def applying():
            return [uuid for uuid, config in self._configs().items()
                    if config['state'] == device_config.APPLYING]
        [uuid] = services.wait_for(applying, timeout=TIMEOUT,
                                   message='no QAT was handed to its agent')
        agent = self.agents[self.qats[uuid]]
        services.wait_for(
            lambda: 'Configuring device %s' % uuid in agent.log(),
            timeout=60, message='the agent never configured the QAT')
        agent.stop(signal.SIGKILL)
        self.assertNotIn('%s: configuration 1 applied' % uuid, agent.log())
        self._fault({})
        # Down for the API, after service_down_time of periodic work:
        # the rollout still holds its one QAT and started no other.
        services.wait_for(
            lambda: self._agent_status(self.qats[uuid]) == 'down',
            timeout=60, message='the agent never went down')
        row = self._rollout()
        self.assertEqual(
            ({configuration_rollout.IN_PROGRESS: 1,
              configuration_rollout.WAITING: self.NODES - 1},
             device_config.APPLYING),
            ({k: v for k, v in row['progress'].items() if v},
             self._configs()[uuid]['state']))
        agent.start()
        self._assert_nothing_lost(self._ended())

    def test_a_qat_whose_driver_fails(self):
        self._start()
        failing = sorted(self.qats)[0]
        self._fault({failing: {'configure_error': 'sriov_numvfs: EBUSY'}})
        self._create()
        row = self._ended('the rollout never paused')
        self.assertEqual(configuration_rollout.PAUSED, row['state'])
        self.assertIn(failing, row['reason'])
        self.assertIn('EBUSY', row['reason'])
        self.assertEqual([failing], [d['device_uuid']
                                     for d in row['failed_devices']])
        self.assertEqual(
            (1, 0, self.NODES - 1),
            (row['progress'][configuration_rollout.FAILED],
             row['progress'][configuration_rollout.IN_PROGRESS],
             row['progress'][configuration_rollout.DONE] +
             row['progress'][configuration_rollout.WAITING]))
        self.admin('POST', self.path + '/resume', 409)
        # The fault gone, the device forgotten: the operator's own again,
        # its failed configuration kept, which it sets again.
        self._fault({})
        self.admin('DELETE', '%s/devices/%s' % (self.path, failing), 204)
        config = self._configs()[failing]
        self.assertEqual((device_config.FAILED, 1),
                         (config['state'], config['generation']))
        self.admin('PUT', '/devices/%s/configuration' % failing, 202,
                   json={'desired': EIGHT})
        services.wait_for(
            lambda: (self._configs()[failing]['state'] ==
                     device_config.APPLIED and
                     len(self._offered()) == self.NODES), timeout=TIMEOUT,
            message='the QAT set again never came back')
        self.admin('POST', self.path + '/resume', 200)
        self._assert_nothing_lost(self._ended(), set_again=[failing])
