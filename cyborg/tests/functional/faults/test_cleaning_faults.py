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
"""An agent killed (SIGKILL) and restarted mid-clean, again and again
(issue 77: a restart left two runs of one clean, the device offered
while the second ran on).

The device's clean is an operator's step (``[clean_steps]
operator_steps``) run by the agent's real privsep daemon: a script that
holds a lock file while it runs and says so, and that a killed agent
leaves running (it is in a session of its own, as privsep starts it).
Counted, never timed: no two runs of the step ever hold the lock at once
(a second finds it taken and says ``OVERLAP``), and no step runs once
the device is offered again.
"""

import os
import signal
import sys
import time

import fixtures
import sqlalchemy as sa

from cyborg import privsep
from cyborg.common import cleaning as common_cleaning
from cyborg.db import models
from cyborg.tests.functional.faults import base
from cyborg.tests.functional.fixtures import services

KILLS = 20
STEP = '''#!/bin/sh
# The clean step of %(address)s: one run at a time, or OVERLAP.
exec 9>>%(lock)s
if ! flock -n 9; then echo "OVERLAP $$" >> %(log)s; exit 1; fi
echo "start $$" >> %(log)s
sleep %(seconds)s
echo "end $$" >> %(log)s
'''


class CleaningFaultTestCase(base.FaultTestCase):

    def setUp(self):
        super().setUp()
        tmp = self.useFixture(fixtures.TempDir()).path
        self.log = os.path.join(tmp, 'step.log')
        self.lock = os.path.join(tmp, 'step.lock')
        self.step_path = os.path.join(tmp, 'wipe.sh')
        with open(self.step_path, 'w') as f:
            f.write(STEP % {'address': 'the device', 'lock': self.lock,
                            'log': self.log, 'seconds': 8})
        os.chmod(self.step_path, 0o700)
        # The privileged daemon reads [clean_steps] from its own files.
        # The agent's state outlives its restarts, as on a host.
        self.state = os.path.join(tmp, 'state')
        os.mkdir(self.state)
        self.privsep_conf = os.path.join(tmp, 'privsep.conf')
        helper = os.path.join(os.path.dirname(sys.executable),
                              'privsep-helper')
        with open(self.privsep_conf, 'w') as f:
            f.write('[DEFAULT]\nstate_path = %s\n[clean_steps]\n'
                    'operator_steps = wipe:%s\noperator_timeout = 120\n'
                    % (self.state, self.step_path))
            for context in privsep.CONTEXTS:
                f.write('[%s]\ncapabilities =\nhelper_command = %s %s '
                        '--config-file %s\n' % (
                            context.cfg_section, sys.executable, helper,
                            self.privsep_conf))

    def service_config(self, host, **groups):
        # What a failure prints (each process's last lines) says what
        # the services did, not their debug chatter.
        config = super().service_config(host, **groups)
        config['DEFAULT']['debug'] = False
        return config

    def _lines(self):
        if not os.path.exists(self.log):
            return []
        with open(self.log) as f:
            return f.read().split()

    def _running(self):
        """The pid of the step's last run, while it has not ended."""
        words = self._lines()
        runs = list(zip(words[::2], words[1::2]))
        started = [pid for word, pid in runs if word == 'start']
        ended = {pid for word, pid in runs if word == 'end'}
        return started[-1] if started and started[-1] not in ended else None

    def _new_run(self, killed):
        """The pid of a run under way other than *killed*, or None."""
        pid = self._running()
        return pid if pid != killed else None

    def _cleans(self):
        with self.db.engine.begin() as conn:
            return conn.execute(sa.select(
                models.DeviceCleaning.id, models.DeviceCleaning.state,
                models.DeviceCleaning.ended_at)).all()

    def _restart_agent(self):
        self.agent.stop(sig=signal.SIGKILL)
        self.agent = self.start_service(
            'cyborg-agent', self.node, config_files=[self.privsep_conf],
            DEFAULT={'state_path': self.state},
            agent={'enabled_drivers': 'fake', 'hotplug': False},
            fake_driver={'devices': 'gpu=1'})
        self.agents[self.node] = self.agent

    def test_an_agent_killed_mid_clean_never_runs_two_at_once(self):
        self.start(providers=1, devices='gpu=1')
        # The agent of start() knew no operator's step: one that does.
        self._restart_agent()
        # Once its report says its driver offers the step.
        services.wait_for(lambda: self.request(
            'POST', '/device_classes', json={
                'name': 'wiped', 'cleaning': 'only:operator:wipe',
                'selector': [{'key': 'driver', 'op': '==',
                              'value': 'fake'}]},
            headers={'OpenStack-API-Version': 'accelerator 2.4'}
        ).status_code == 201, timeout=60, message='the step never offered')
        self.profile('gpu', [{'resources:PGPU': '1'}])
        [(arq, instance)] = self.create_arqs(1, name='gpu').items()
        services.wait_for(
            lambda: self.bind(arq, instance, self.rps[0]) == 202,
            timeout=60, message='never bound')
        self.api('DELETE', '/accelerator_requests?arqs=%s' % arq, 204)
        killed = None
        for _ in range(KILLS):
            # Killed while its step runs (a run started, not ended).
            killed = services.wait_for(
                lambda: self._new_run(killed), timeout=90,
                message='the step never started again')
            self._restart_agent()
        services.wait_for(
            lambda: [c.state for c in self._cleans()] ==
            [common_cleaning.CLEAN], timeout=120,
            message='the clean never ended: %s' % (self._cleans(),))
        lines = self._lines()
        self.assertNotIn('OVERLAP', lines)
        self.assertEqual(1, lines.count('end'), lines)
        # Nothing runs once the device is offered, nor later.
        time.sleep(5)
        self.assertEqual(lines, self._lines())
