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
"""A device's cleaning (cyborg.db.queries.device_state): what a binding
that ends leaves to clean (the unit or the whole device), the fenced
transitions of a clean, an administrator's verbs; the policy's
vocabulary (cyborg.common.cleaning).
"""

import ast
import os

from oslo_serialization import jsonutils
from oslo_utils import timeutils
import sqlalchemy as sa

import cyborg
from cyborg import exception
from cyborg.common import cleaning
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import device_state
from cyborg.db.queries import hold
from cyborg.tests import base
from cyborg.tests.fixtures import inventory

UNIT_STEP = {'name': 'function_reset', 'scope': cleaning.UNIT,
             'priority': 50, 'abortable': True, 'default': True}
DEVICE_STEP = {'name': 'erase', 'scope': cleaning.DEVICE, 'priority': 40,
               'abortable': False, 'default': True}
VERIFY = {'name': 'verify', 'scope': cleaning.DEVICE, 'priority': 10,
          'abortable': False, 'default': False}


@db_api.context_manager.writer
def _set(context, model, row_id, **values):
    context.session.execute(sa.update(model).where(
        model.id == row_id).values(**values))


class DeviceStateTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        with db_api.context_manager.writer.using(self.context):
            # A QAT-like device of four units (VFs), a GPU-like of one.
            self.vfs = inventory.add_device(self.context, 'n1', handles=4)
            self.gpu = inventory.add_device(self.context, 'n1',
                                            address='0000:0d:00.0',
                                            handles=1)

    def _policy(self, device, steps=(), offer=(UNIT_STEP,), only=False):
        _set(self.context, models.Device, device['device_id'],
             clean_steps=jsonutils.dumps({'steps': list(steps),
                                          'only': only}),
             clean_offer=jsonutils.dumps(list(offer)))

    def _handle_ids(self, device):
        with self.db.engine.connect() as conn:
            return conn.execute(sa.select(models.AttachHandle.id).where(
                models.AttachHandle.deployable_id ==
                device['deployable_id']).order_by(
                    models.AttachHandle.id)).scalars().all()

    def _states(self, device):
        """(the device's clean state, its handles' by id)."""
        with self.db.engine.connect() as conn:
            whole = conn.execute(sa.select(models.Device.clean_state).where(
                models.Device.id == device['device_id'])).scalar()
            units = dict(conn.execute(sa.select(
                models.AttachHandle.id, models.AttachHandle.clean_state)
                .where(models.AttachHandle.deployable_id ==
                       device['deployable_id'])).all())
        return whole, units

    def _ended(self, handles):
        with db_api.context_manager.writer.using(self.context):
            return device_state.ended(self.context, handles)

    # What an ended binding leaves to clean ---------------------------------

    def test_a_unit_is_cleaned_alone_while_the_others_serve(self):
        # Tenants rotating through a QAT's VFs (issue 77: 0 cleans).
        self._policy(self.vfs)
        first, second, third, _fourth = self._handle_ids(self.vfs)
        [clean] = self._ended([first])['n1']
        self.assertIsNotNone(clean['unit'])
        whole, units = self._states(self.vfs)
        self.assertEqual((None, hold.CLEANING, None),
                         (whole, units[first], units[second]))
        # The next tenant's unit ends: cleaned on its own as well.
        self._ended([second])
        self.assertEqual(hold.CLEANING, self._states(self.vfs)[1][second])
        self.assertIsNone(self._states(self.vfs)[1][third])
        # Twice the same end: one clean.
        self.assertEqual({}, self._ended([first]))

    def test_a_device_step_holds_the_whole_device(self):
        self._policy(self.vfs, offer=[UNIT_STEP, DEVICE_STEP])
        first = self._handle_ids(self.vfs)[0]
        [clean] = self._ended([first])['n1']
        self.assertIsNone(clean['unit'])
        whole, units = self._states(self.vfs)
        self.assertEqual(hold.CLEANING, whole)
        self.assertEqual({None}, set(units.values()))
        # The steps by priority.
        self.assertEqual(['function_reset', 'erase'],
                         [s['name'] for s in jsonutils.loads(
                             clean['steps'])])

    def test_a_device_of_one_unit_is_cleaned_whole(self):
        self._policy(self.gpu)
        [clean] = self._ended(self._handle_ids(self.gpu))['n1']
        self.assertIsNone(clean['unit'])
        self.assertEqual(hold.CLEANING, self._states(self.gpu)[0])

    def test_not_cleaned_without_a_policy(self):
        self.assertEqual({}, self._ended(self._handle_ids(self.gpu)))
        self.assertIsNone(self._states(self.gpu)[0])

    def test_a_clean_with_no_step_is_no_clean(self):
        # Issue 77: "clean, offered again" with steps [].
        self._policy(self.gpu, offer=[])
        [clean] = self._ended(self._handle_ids(self.gpu))['n1']
        self.assertEqual(cleaning.FAILED, clean['state'])
        self.assertEqual(cleaning.NO_STEP, clean['reason'])
        self.assertEqual(hold.CLEAN_FAILED, self._states(self.gpu)[0])

    def test_a_step_the_driver_does_not_offer_fails_the_clean(self):
        self._policy(self.gpu, steps=['fuction_reset'])
        [clean] = self._ended(self._handle_ids(self.gpu))['n1']
        self.assertEqual(cleaning.FAILED, clean['state'])
        self.assertIn('fuction_reset', clean['reason'])

    # The fenced transitions ------------------------------------------------

    def _handed(self, device=None):
        device = device or self.gpu
        self._policy(device)
        [clean] = self._ended(self._handle_ids(device)[:1])['n1']
        handed = device_state.hand(self.context, clean['id'],
                                   timeutils.utcnow())
        self.assertEqual(cleaning.RUNNING, handed['state'])
        return handed

    def test_an_outcome_counts_from_its_host_and_generation_only(self):
        clean = self._handed()
        uuid = self.gpu['device_uuid']
        # Another host's, another generation's: nothing changes.
        self.assertIsNone(device_state.finish(self.context, 'n2', uuid,
                                              clean['id'], []))
        self.assertIsNone(device_state.finish(self.context, 'n1', uuid,
                                              clean['id'] + 1, []))
        self.assertFalse(device_state.progress(self.context, 'n2', uuid,
                                               clean['id'], 'x', []))
        self.assertEqual(hold.CLEANING, self._states(self.gpu)[0])
        self.assertTrue(device_state.progress(
            self.context, 'n1', uuid, clean['id'], 'function_reset', []))
        ended = device_state.finish(self.context, 'n1', uuid, clean['id'],
                                    [{'step': 'function_reset'}])
        self.assertEqual(cleaning.CLEAN, ended['state'])
        self.assertIsNone(self._states(self.gpu)[0])
        # Once: a late second outcome changes nothing.
        self.assertIsNone(device_state.finish(
            self.context, 'n1', uuid, clean['id'], [], error='late'))

    def test_a_failed_clean_holds_the_unit_until_retried(self):
        clean = self._handed(self.vfs)
        uuid = self.vfs['device_uuid']
        ended = device_state.finish(self.context, 'n1', uuid, clean['id'],
                                    [], error='read 0xff')
        self.assertEqual((cleaning.FAILED, 'read 0xff'),
                         (ended['state'], ended['reason']))
        first = self._handle_ids(self.vfs)[0]
        self.assertEqual(hold.CLEAN_FAILED, self._states(self.vfs)[1][first])
        [again] = device_state.retry(self.context, uuid)
        self.assertEqual((cleaning.PENDING, clean['unit']),
                         (again['state'], again['unit']))
        self.assertEqual(hold.CLEANING, self._states(self.vfs)[1][first])

    def test_a_timed_out_clean_stays_held_until_the_agent_stops(self):
        clean = self._handed()
        uuid = self.gpu['device_uuid']
        aborting = device_state.time_out(self.context, clean['id'], 'slow')
        self.assertEqual(cleaning.ABORTING, aborting['state'])
        self.assertEqual(hold.CLEANING, self._states(self.gpu)[0])
        # Released while a step may run: refused, abort first.
        self.assertRaises(exception.DeviceCleanRunning, device_state.release,
                          self.context, uuid, 'admin', 'why')
        ended = device_state.finish(self.context, 'n1', uuid, clean['id'],
                                    [], error='aborted at step x')
        self.assertEqual(cleaning.FAILED, ended['state'])
        self.assertTrue(ended['stopped'])
        self.assertEqual(hold.CLEAN_FAILED, self._states(self.gpu)[0])
        [released] = device_state.release(self.context, uuid, 'admin',
                                          'checked by hand')
        self.assertEqual((cleaning.RELEASED, 'admin'),
                         (released['state'], released['ended_by']))
        self.assertIsNone(self._states(self.gpu)[0])

    def test_abort(self):
        clean = self._handed()
        uuid = self.gpu['device_uuid']
        device_state.progress(self.context, 'n1', uuid, clean['id'],
                              'function_reset', [])
        [aborting] = device_state.abort(self.context, uuid, 'admin')
        self.assertEqual((cleaning.ABORTING, 'admin'),
                         (aborting['state'], aborting['ended_by']))
        ended = device_state.finish(self.context, 'n1', uuid, clean['id'],
                                    [], error='aborted')
        self.assertEqual(cleaning.ABORTED, ended['state'])
        self.assertEqual(hold.CLEAN_FAILED, self._states(self.gpu)[0])
        self.assertRaises(exception.DeviceNotCleaning, device_state.abort,
                          self.context, uuid, 'admin')

    def test_a_step_that_cannot_be_stopped_refuses_the_abort(self):
        self._policy(self.gpu, offer=[DEVICE_STEP])
        [clean] = self._ended(self._handle_ids(self.gpu))['n1']
        device_state.hand(self.context, clean['id'], timeutils.utcnow())
        device_state.progress(self.context, 'n1', self.gpu['device_uuid'],
                              clean['id'], 'erase', [])
        exc = self.assertRaises(exception.DeviceCleanNotAbortable,
                                device_state.abort, self.context,
                                self.gpu['device_uuid'], 'admin')
        self.assertIn('erase', exc.message)

    def test_an_operators_clean(self):
        uuid = self.gpu['device_uuid']
        self.assertRaises(exception.DeviceNotHeld, device_state.release,
                          self.context, uuid, 'admin', 'x')
        _set(self.context, models.Device, self.gpu['device_id'],
             clean_offer=jsonutils.dumps([UNIT_STEP]))
        clean = device_state.start(self.context, uuid)
        self.assertEqual(cleaning.PENDING, clean['state'])
        self.assertRaises(exception.DeviceCleaning, device_state.start,
                          self.context, uuid)
        self.assertEqual({uuid: {'state': hold.CLEANING, 'units': {}}},
                         device_state.held(self.context, host='n1'))
        self.assertEqual([clean['id']], [
            c['id'] for c in device_state.history(self.context, uuid)])


class PolicyTestCase(base.TestCase):

    def test_policy(self):
        defaults = {'only': False, 'steps': []}
        self.assertEqual(defaults,
                         jsonutils.loads(cleaning.policy('gpu', [])))
        self.assertIsNone(cleaning.policy('fake', []))
        self.assertEqual(defaults,
                         jsonutils.loads(cleaning.policy('fake', ['on'])))
        self.assertIsNone(cleaning.policy('gpu', ['off', None]))
        # Asking wins over off; names add up; only holds when every
        # class naming steps says it.
        self.assertEqual({'steps': ['erase', 'verify'], 'only': False},
                         jsonutils.loads(cleaning.policy(
                             'nvme', ['off', 'on', 'verify',
                                      'only:erase,verify'])))
        self.assertEqual({'steps': ['erase'], 'only': True},
                         jsonutils.loads(cleaning.policy(
                             'nvme', ['only:erase'])))
        self.flags(clean_devices_by_default=False, group='conductor')
        self.assertIsNone(cleaning.policy('gpu', []))

    def test_resolve(self):
        offer = jsonutils.dumps([VERIFY, DEVICE_STEP, UNIT_STEP])
        steps, missing = cleaning.resolve(
            '{"steps": ["verify"], "only": false}', offer)
        # The defaults and the named, by priority.
        self.assertEqual((['function_reset', 'erase', 'verify'], []),
                         ([s['name'] for s in steps], missing))
        steps, missing = cleaning.resolve(
            '{"steps": ["verify", "wipe"], "only": true}', offer)
        self.assertEqual((['verify'], ['wipe']),
                         ([s['name'] for s in steps], missing))
        self.assertEqual(cleaning.DEVICE, cleaning.scope(steps))
        self.assertEqual(cleaning.UNIT, cleaning.scope([UNIT_STEP]))
        self.assertEqual(cleaning.DEVICE, cleaning.scope([]))

    def test_normalize(self):
        self.assertEqual('a,b', cleaning.normalize(' a , b'))
        self.assertEqual('only:a', cleaning.normalize('only: a'))
        self.assertEqual('off', cleaning.normalize('off'))
        self.assertEqual(['a'], cleaning.named('only:a'))
        self.assertRaises(exception.DeviceClassInvalid,
                          cleaning.normalize, 'a,,b')


# The columns of a device's and a unit's state that hold them out of
# service: written by device_state only.
_HELD_COLUMNS = {'clean_state', 'clean_id', 'health', 'health_reason',
                 'health_since'}


def _writes(source):
    """(line, column) of the writes of _HELD_COLUMNS in *source*: as the
    keywords of a ``.values()`` (SQLAlchemy's UPDATE or INSERT) or an
    attribute assigned (an ORM row).
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Call) and
                isinstance(node.func, ast.Attribute) and
                node.func.attr == 'values'):
            found += [(node.lineno, k.arg) for k in node.keywords
                      if k.arg in _HELD_COLUMNS]
        elif isinstance(node, (ast.Assign, ast.AugAssign)):
            targets = (node.targets if isinstance(node, ast.Assign)
                       else [node.target])
            found += [(node.lineno, t.attr) for t in targets
                      if isinstance(t, ast.Attribute) and
                      t.attr in _HELD_COLUMNS]
    return found


class OneWriterTestCase(base.TestCase):
    """Issue 77: a device's state had eight writers."""

    def test_only_device_state_writes_what_holds_a_device(self):
        root = os.path.dirname(cyborg.__file__)
        found = []
        for layer in ('db', 'conductor'):
            for folder, _dirs, files in os.walk(os.path.join(root, layer)):
                for name in files:
                    path = os.path.join(folder, name)
                    rel = os.path.relpath(path, root)
                    if not name.endswith('.py') or rel in (
                            'db/queries/device_state.py',
                            # The conversion of the existing Cyborg's
                            # rows, before any service runs.
                            'db/upstream_conversion.py'):
                        continue
                    with open(path) as f:
                        found += ['%s:%d %s' % (rel, line, column)
                                  for line, column in _writes(f.read())]
        self.assertEqual([], found)

    def test_the_scan_sees_both_kinds_of_write(self):
        self.assertEqual([(1, 'clean_state'), (2, 'health')], sorted(_writes(
            'sa.update(t).values(clean_state=None, status=1)\n'
            'row.health = None\n')))
