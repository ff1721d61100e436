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
"""Tests of cyborg.exception: messages, codes and RPC round trips."""

import datetime
import sys

from oslo_messaging._drivers import common as rpc_common

from cyborg import exception
from cyborg import rpc
from cyborg.tests import base


class _Thing:
    def __str__(self):
        return 'a thing'


class ExceptionTestCase(base.TestCase):

    def test_message_from_template(self):
        exc = exception.DriverNotFound(name='gpu', known='fake')
        self.assertEqual('Accelerator driver gpu is not available; known '
                         'drivers: fake.', str(exc))
        self.assertEqual(404, exc.code)

    def test_explicit_message_wins(self):
        exc = exception.Invalid('plain words')
        self.assertEqual('plain words', str(exc))
        self.assertEqual(400, exc.code)

    def test_family_codes(self):
        codes = {exception.Invalid: 400,
                 exception.Forbidden: 403, exception.NotFound: 404,
                 exception.NotAcceptable: 406, exception.Conflict: 409,
                 exception.Locked: 423, exception.TemporaryFailure: 503,
                 exception.CyborgException: 500}
        for cls, code in codes.items():
            self.assertEqual(code, cls.code, cls.__name__)

    def test_missing_template_key_keeps_template(self):
        exc = exception.DriverNotFound(name='gpu')
        self.assertEqual(exception.DriverNotFound.msg_fmt, str(exc))

    def test_kwargs_made_serialisable(self):
        when = datetime.datetime(2026, 1, 2, 3, 4, 5)
        exc = exception.Invalid(reason=_Thing(), when=when,
                                items=[_Thing(), 1], mapping={1: _Thing()})
        self.assertEqual(
            {'reason': 'a thing', 'when': '2026-01-02 03:04:05',
             'items': ['a thing', 1], 'mapping': {'1': 'a thing'}},
            exc.kwargs)

    def test_code_kwarg_is_not_kept(self):
        exc = exception.Invalid(reason='x', code=418)
        self.assertEqual(400, exc.code)
        self.assertNotIn('code', exc.kwargs)

    def _round_trip(self, exc):
        try:
            raise exc
        except exception.CyborgException:
            data = rpc_common.serialize_remote_exception(sys.exc_info())
        return rpc_common.deserialize_remote_exception(
            data, rpc.ALLOWED_EXMODS)

    def test_survives_rpc(self):
        remote = self._round_trip(
            exception.DriverNotFound(name='gpu', known='fake'))
        self.assertIsInstance(remote, exception.DriverNotFound)
        self.assertEqual(404, remote.code)
        # str() of a remote exception carries the remote traceback; the
        # message attribute is the clean text the API shows.
        self.assertEqual('Accelerator driver gpu is not available; known '
                         'drivers: fake.', remote.message)
        self.assertEqual({'name': 'gpu', 'known': 'fake'}, remote.kwargs)

    def test_explicit_message_survives_rpc(self):
        remote = self._round_trip(exception.Conflict('in use'))
        self.assertIsInstance(remote, exception.Conflict)
        self.assertEqual('in use', remote.message)

    def test_record_of_a_remote_copy_names_its_class(self):
        # A program job stores what the agent raised (its remote copy);
        # cyborg-api rebuilds it with the same class, message and kwargs.
        remote = self._round_trip(exception.CommandFailed(
            command='fpgaconf', exit_code=2, stderr='busy'))
        record = exception.to_record(remote)
        self.assertEqual(
            {'class': 'CommandFailed',
             'message': 'Command fpgaconf failed with exit code 2: busy',
             'kwargs': {'command': 'fpgaconf', 'exit_code': 2,
                        'stderr': 'busy'}}, record)
        rebuilt = exception.from_record(record)
        self.assertIs(exception.CommandFailed, type(rebuilt))
        self.assertEqual((remote.message, remote.kwargs),
                         (rebuilt.message, rebuilt.kwargs))

    def test_record_of_another_error_rebuilds_nothing(self):
        record = exception.to_record(ValueError('a bug'))
        self.assertEqual({'class': None, 'message': 'ValueError: a bug',
                          'kwargs': {}}, record)
        self.assertIsNone(exception.from_record(record))
        self.assertIsNone(exception.from_record(
            {'class': 'LOG', 'message': 'not an exception'}))
