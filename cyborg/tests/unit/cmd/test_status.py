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
"""Tests of cyborg-status upgrade check (each check, on SQLite, with the
real Placement in process).
"""

import datetime
import logging
import os

import fixtures
from oslo_upgradecheck import upgradecheck
from oslo_utils import timeutils
import sqlalchemy as sa

from cyborg import states
from cyborg.clients import placement as placement_client
from cyborg.cmd import status
from cyborg.conductor.arq import create as arq_create
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.conf import upstream_options
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import service as service_queries
from cyborg.objects import device_profile as dp_obj
from cyborg.tests import base
from cyborg.tests.fixtures import placement as placement_fixture

Code = upgradecheck.Code
CONF = status.CONF
_ARQ = models.ExtendedAcceleratorRequest.__table__


class StatusChecksTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.checks = status.Checks()

    def test_schema_is_current(self):
        self.assertEqual(Code.SUCCESS, self.checks._check_schema().code)

    def test_placement_not_configured(self):
        result = self.checks._check_placement()
        self.assertEqual(Code.FAILURE, result.code)
        self.assertIn('Placement is not configured', result.details)

    def test_placement_serves_the_microversion(self):
        placement = self.useFixture(placement_fixture.PlacementFixture())
        self.flags(group='placement', **placement.cyborg_options())
        result = self.checks._check_placement()
        self.assertEqual(Code.SUCCESS, result.code, result.details)
        self.assertIn('Cyborg needs %s'
                      % placement_client.REQUIRED_MICROVERSION,
                      result.details)

    def test_placement_unreachable(self):
        self.flags(group='placement', auth_type='none',
                   endpoint_override='http://127.0.0.1:9')
        result = self.checks._check_placement()
        self.assertEqual(Code.FAILURE, result.code)
        self.assertIn('Placement cannot be reached', result.details)

    def test_services(self):
        self.assertEqual(Code.WARNING, self.checks._check_services().code)
        service_queries.heartbeat(self.context, 'c1', 'cyborg-conductor')
        self.assertEqual(Code.SUCCESS, self.checks._check_services().code)
        clock = self.time_fixture(timeutils.utcnow())
        service_queries.heartbeat(self.context, 'n1', 'cyborg-agent')
        clock.advance(datetime.timedelta(hours=1).total_seconds())
        service_queries.heartbeat(self.context, 'c1', 'cyborg-conductor')
        result = self.checks._check_services()
        self.assertEqual(Code.WARNING, result.code)
        self.assertIn('cyborg-agent on n1', result.details)

    def test_transitional_arqs(self):
        self.assertEqual(Code.SUCCESS,
                         self.checks._check_transitional_arqs().code)
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid='2f7b1c1e-0d8d-4f3e-9a62-5a0c2a8c2b11', name='dp',
            description=None, groups=[{'resources:FPGA': '1'}]))
        [arq] = arq_create.create(self.context, 'dp', 'p1')
        with db_api.context_manager.writer.using(self.context):
            arq_queries.transition(self.context, arq['uuid'],
                                   states.START_BIND)
        result = self.checks._check_transitional_arqs()
        self.assertEqual(Code.WARNING, result.code)
        self.assertIn('%s (BindStarted)' % arq['uuid'], result.details)

    def test_deprecated_options(self):
        path = os.path.join(self.useFixture(fixtures.TempDir()).path,
                            'cyborg.conf')
        with open(path, 'w') as f:
            f.write('[pci]\npassthrough_whitelist = {"vendor_id": "1af4"}\n'
                    '[gpu_devices]\nfilter_sriov_vfs = true\n'
                    '[agent]\nenabled_drivers = pci_driver\n')
        self.assertEqual(Code.SUCCESS,
                         self.checks._check_deprecated_options().code)
        self.flags(config_file=[path])
        result = self.checks._check_deprecated_options()
        self.assertEqual(Code.WARNING, result.code)
        self.assertIn('[pci] passthrough_whitelist: use [pci] device_spec',
                      result.details)
        self.assertIn('[gpu_devices] filter_sriov_vfs: Ignored.',
                      result.details)
        self.assertNotIn('enabled_drivers', result.details)

    def test_options_of_openstack_cyborg(self):
        path = os.path.join(self.useFixture(fixtures.TempDir()).path,
                            'cyborg.conf')
        with open(path, 'w') as f:
            f.write('[DEFAULT]\nfatal_exception_format_errors = true\n'
                    'host = compute1\n'
                    '[api]\nenable_ssl_api = false\nport = 6666\n'
                    '[service_user]\nsend_service_user_token = true\n'
                    '[glance]\nnum_retries = 3\n'
                    '[agent]\nenabled_drivers = fake,nvmf_spdk_driver\n')
        self.assertEqual(Code.SUCCESS,
                         self.checks._check_upstream_options().code)
        self.flags(config_file=[path])
        self.flags(group='agent', enabled_drivers=['fake',
                                                   'nvmf_spdk_driver'])
        result = self.checks._check_upstream_options()
        self.assertEqual(Code.WARNING, result.code, result.details)
        for text in ('[api] enable_ssl_api: cyborg-api serves HTTP only',
                     '[service_user] send_service_user_token: this Cyborg '
                     'never forwards a user\'s token',
                     '[glance] num_retries: use [glance] connect_retries',
                     '[DEFAULT] fatal_exception_format_errors',
                     '[agent] enabled_drivers nvmf_spdk_driver: a driver '
                     'of OpenStack Cyborg'):
            self.assertIn(text, result.details)
        # What this Cyborg reads is not reported.
        self.assertNotIn('[api] port', result.details)
        self.assertNotIn('host', result.details.replace('HTTP', ''))
        # HTTPS asked for: a failure (the catalog's URL would not answer).
        with open(path, 'a') as f:
            f.write('[api]\nenable_ssl_api = true\n')
        self.assertEqual(Code.FAILURE,
                         self.checks._check_upstream_options().code)

    def test_start_up_warns_of_options_of_openstack_cyborg(self):
        path = os.path.join(self.useFixture(fixtures.TempDir()).path,
                            'cyborg.conf')
        with open(path, 'w') as f:
            f.write('[glance]\nnum_retries = 3\n')
        self.flags(config_file=[path])
        logs = self.useFixture(fixtures.FakeLogger(level=logging.WARNING))
        upstream_options.warn(CONF)
        self.assertIn('[glance] num_retries is an option of OpenStack '
                      'Cyborg that this Cyborg does not read: use [glance] '
                      'connect_retries', logs.output)

    def test_online_data_migrations(self):
        self.assertEqual(Code.SUCCESS,
                         self.checks._check_data_migrations().code)
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid='2f7b1c1e-0d8d-4f3e-9a62-5a0c2a8c2b11', name='dp',
            description=None, groups=[{'resources:FPGA': '1'}]))
        [arq] = arq_create.create(self.context, 'dp', 'p1')
        self.assertEqual(Code.SUCCESS,
                         self.checks._check_data_migrations().code)
        with db_api.context_manager.writer.using(self.context):
            db_api.execute(self.context, sa.update(_ARQ).where(
                _ARQ.c.uuid == arq['uuid']).values(
                    project_id=None, instance_uuid='s1'))
        result = self.checks._check_data_migrations()
        self.assertEqual(Code.FAILURE, result.code)
        self.assertIn('arq_project_id: 1', result.details)
        self.assertIn('cyborg-dbsync online_data_migrations',
                      result.details)

    def test_api_paste(self):
        folder = self.useFixture(fixtures.TempDir()).path
        conf_path = os.path.join(folder, 'cyborg.conf')
        open(conf_path, 'w').close()
        self.flags(config_file=[conf_path])
        self.assertEqual(Code.SUCCESS, self.checks._check_api_paste().code)

        def check(pipeline, audit=None):
            """The check of a file of *pipeline*, whose filter audit (if
            any) is made by *audit*.
            """
            with open(os.path.join(folder, 'api-paste.ini'), 'w') as f:
                f.write('[pipeline:main]\npipeline = %s api_v2\n'
                        '[filter:request_id]\npaste.filter_factory = '
                        'oslo_middleware:RequestId.factory\n'
                        '[app:api_v2]\n'
                        'paste.app_factory = cyborg.api.app:app_factory\n'
                        % pipeline)
                if audit:
                    f.write('[filter:audit]\npaste.filter_factory = %s\n'
                            % audit)
            return self.checks._check_api_paste()

        # The existing Cyborg's pipeline is all built in: nothing to do
        # but remove the file.
        result = check('request_id')
        self.assertEqual(Code.SUCCESS, result.code)
        self.assertIn('adds nothing to the built-in stack', result.details)
        # An operator's own middleware runs where the file puts it.
        result = check('request_id audit',
                       'cyborg.tests.fixtures.paste_filter:filter_factory')
        self.assertEqual(Code.SUCCESS, result.code)
        self.assertIn('audit (right after request_id)', result.details)
        # One that cannot be loaded stops cyborg-api: a failure.
        result = check('audit', 'no_such_module:filter_factory')
        self.assertEqual(Code.FAILURE, result.code)
        self.assertIn('its filter audit cannot be loaded', result.details)
