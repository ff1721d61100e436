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
"""Tests of cyborg.api.controllers.base."""

import datetime
import functools
import re
from unittest import mock

import hypothesis
from hypothesis import strategies as st
from oslo_serialization import jsonutils
from oslotest import base as test_base
from wsme import exc as wsme_exc
from wsme import types as wtypes
from wsme.rest import json as wsme_json

from cyborg.api import microversion
from cyborg.api.controllers import base
from cyborg.api.controllers.v2 import accelerator_request
from cyborg.api.controllers.v2 import attribute
from cyborg.api.controllers.v2 import deployable
from cyborg.api.controllers.v2 import device
from cyborg.api.controllers.v2 import device_profile
from cyborg.api.controllers.v2 import driver
from cyborg.api.controllers.v2 import service

UTC = datetime.timezone.utc


class UTCTestCase(test_base.BaseTestCase):

    def test_naive_datetime_from_the_database(self):
        self.assertEqual(
            datetime.datetime(2026, 11, 21, 16, 38, 48, tzinfo=UTC),
            base.utc(datetime.datetime(2026, 11, 21, 16, 38, 48)))

    def test_text_from_rpc(self):
        # What a conductor's answer carries once serialised over RPC.
        self.assertEqual(
            datetime.datetime(2026, 11, 21, 16, 38, 48, 5, tzinfo=UTC),
            base.utc('2026-11-21T16:38:48.000005'))
        self.assertEqual(
            datetime.datetime(2026, 11, 21, 15, 38, 48, tzinfo=UTC),
            base.utc('2026-11-21T16:38:48+01:00'))

    def test_none(self):
        self.assertIsNone(base.utc(None))


RESOURCES = (accelerator_request.AcceleratorRequest, attribute.Attribute,
             deployable.Deployable, device.Device,
             device_profile.DeviceProfile, driver.Driver, service.Service)
WHEN = datetime.datetime(2026, 11, 21, 16, 38, 48, 123456)
# What WSME raises for a value of the wrong type, and what to_json raises.
REFUSED = (ValueError, TypeError, wsme_exc.InvalidInput)
LINKS = [{'href': 'http://h/v2/x/1', 'rel': 'self'},
         {'href': 'http://h/x/1', 'rel': 'bookmark'}]


def through_wsme(wsme_type, **values):
    """The resource as WSME renders an instance of its type."""
    values = {k: v for k, v in values.items() if v is not wtypes.Unset}
    if 'links' in values:
        values['links'] = [base.Link(**item) for item in values['links']]
    for attr in wtypes.list_attributes(wsme_type):
        if attr.datatype is datetime.datetime and attr.key in values:
            values[attr.key] = base.utc(values[attr.key])
    return wsme_json.tojson(wsme_type, wsme_type(**values))


def sample(datatype, index):
    """A valid value of *datatype*, different for each attribute."""
    if isinstance(datatype, wtypes.ArrayType):
        item = datatype.item_type
        if item is base.Link:
            return LINKS
        return [sample(item, index), sample(item, index + 1)]
    if isinstance(datatype, wtypes.DictType):
        return {'k%d' % index: 'v%d' % index, 'a': 'b'}
    if datatype is datetime.datetime:
        return WHEN
    if datatype is int:
        return index
    if datatype is bool:
        return bool(index % 2)
    if datatype is float:
        return index / 4.0
    return 'text-%d' % index


@functools.cache
def values_of(wsme_type):
    """A strategy of values for each attribute of *wsme_type*: one of its
    type, or one of a near type (what WSME converts or refuses).

    Made once per type: hypothesis checks a new strategy before its first
    draw, most of the CPU of a draw of strategies made anew.
    """
    odd = st.sampled_from([None, wtypes.Unset, True, 5, '5', 1.5, b'b',
                           WHEN, [], {}, {'k': 1}, {'k': None},
                           [{'href': 'h'}], [LINKS[0], 1], ['t'], 't'])
    return st.fixed_dictionaries({
        attr.key: st.one_of(st.just(sample(attr.datatype, index)), odd)
        for index, attr in enumerate(wtypes.list_attributes(wsme_type))})


class AttributeOrderTestCase(test_base.BaseTestCase):

    def test_declared_order_without_reading_the_source(self):
        # A type made by type() has no source: WSME alone would order
        # its attributes alphabetically.
        parent = type('Parent', (base.Base,), {'omega': int, 'beta': int})
        child = type('Child', (parent,), {
            'zeta': wtypes.text, 'alpha': int, 'helper': lambda self: 0})
        self.assertEqual(['zeta', 'alpha', 'omega', 'beta'],
                         [a.key for a in wtypes.list_attributes(child)])

    def test_the_order_wsme_reads_from_the_source(self):
        self.assertEqual(
            ['uuid', 'parent_id', 'root_id', 'name', 'num_accelerators',
             'device_id', 'attributes_list', 'rp_uuid', 'driver_name',
             'bitstream_id', 'health', 'health_reason', 'health_since',
             'created_at', 'updated_at', 'links'],
            [a.key for a in wtypes.list_attributes(deployable.Deployable)])


class ToJSONTestCase(test_base.BaseTestCase):
    """base.to_json gives what WSME's renderer gives for an instance of
    the type (timestamps to the second): fails if WSME's rendering or
    validation changes under it.
    """

    def setUp(self):
        super().setUp()
        self.request = mock.Mock(version=microversion.MAX_VERSION)
        patcher = mock.patch('pecan.request', self.request)
        patcher.start()
        self.addCleanup(patcher.stop)

    def assertSameJSON(self, wsme_type, **values):
        expected = through_wsme(wsme_type, **dict(values))
        # Timestamps are to the second (one format for rows read back from
        # any database and for rows just written; WSME kept microseconds).
        for key, value in expected.items():
            if isinstance(value, str) and re.match(
                    r'^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+', value):
                expected[key] = re.sub(r'\.\d+', '', value, count=1)
        got = base.to_json(wsme_type, **dict(values))
        # Same keys, in the same order, with the same values.
        self.assertEqual(jsonutils.dumps(expected), jsonutils.dumps(got))
        return got

    def values(self, wsme_type):
        return {attr.key: sample(attr.datatype, index)
                for index, attr in enumerate(
                    wtypes.list_attributes(wsme_type))}

    def test_every_resource_every_attribute(self):
        for wsme_type in RESOURCES:
            values = self.values(wsme_type)
            got = self.assertSameJSON(wsme_type, **values)
            self.assertEqual(len(wtypes.list_attributes(wsme_type)),
                             len(got), wsme_type)
            self.assertEqual('2026-11-21T16:38:48+00:00',
                             got['created_at'])
        # Every time is in UTC with its offset, not only the timestamps.
        self.assertEqual('2026-11-21T16:38:48+00:00', self.assertSameJSON(
            device.Device, **self.values(device.Device))['health_since'])

    def test_none_unset_and_missing(self):
        for wsme_type in RESOURCES:
            attrs = wtypes.list_attributes(wsme_type)
            values = {attr.key: (None if index % 3 == 0 else wtypes.Unset)
                      for index, attr in enumerate(attrs)
                      if index % 3 != 2 and attr.key != 'links'}
            got = self.assertSameJSON(wsme_type, **values)
            self.assertEqual(
                [attr.name for index, attr in enumerate(attrs)
                 if index % 3 == 0 and attr.key != 'links'], list(got))
            self.assertTrue(all(value is None for value in got.values()))

    def test_wsme_promotions(self):
        # WSME turns "5" into 5 for an int attribute and bytes into str;
        # an aware time from RPC text is shown in UTC.
        got = self.assertSameJSON(
            deployable.Deployable, num_accelerators='5', name=b'bytes',
            updated_at='2026-11-21T17:38:48+01:00', uuid='u')
        self.assertEqual(5, got['num_accelerators'])
        self.assertEqual('bytes', got['name'])
        self.assertEqual('2026-11-21T16:38:48+00:00', got['updated_at'])

    def test_unknown_keys_ignored(self):
        self.assertSameJSON(device.Device, uuid='u', not_an_attribute=1)

    def test_wrong_types_refused(self):
        for values in ({'num_accelerators': 'five'},
                       {'num_accelerators': 1.5},
                       {'name': 5},
                       {'links': 'not a list'},
                       {'created_at': 'not a time'}):
            self.assertRaises(REFUSED, through_wsme,
                              deployable.Deployable, **values)
            self.assertRaises(REFUSED, base.to_json,
                              deployable.Deployable, **values)
        self.assertRaises(REFUSED, base.to_json,
                          accelerator_request.AcceleratorRequest,
                          attach_handle_info=['not', 'a', 'dict'])

    def test_members_of_a_later_version_left_out(self):
        values = dict(uuid='u', status='enabled', health='healthy')
        self.assertEqual(['uuid', 'status', 'health'],
                         list(base.to_json(device.Device, **values)))
        self.request.version = microversion.Version(2, 3)
        self.assertEqual(['uuid', 'status'],
                         list(base.to_json(device.Device, **values)))
        self.request.version = microversion.Version(2, 2)
        self.assertEqual(['uuid'],
                         list(base.to_json(device.Device, **values)))

    @hypothesis.settings(max_examples=1500, deadline=None, database=None)
    @hypothesis.given(st.sampled_from(RESOURCES), st.data())
    def test_the_fast_path_renders_what_wsme_renders(self, wsme_type, data):
        # Values of the right type and of near ones (what WSME converts
        # or refuses): to_json answers as through WSME instances (its
        # path for a type it has no plan of), or fails the same way.
        values = data.draw(values_of(wsme_type), label='values')

        def render(plan):
            with mock.patch.object(base, '_plan', plan):
                try:
                    # repr: the types too, and the order of the keys.
                    return repr(base.to_json(wsme_type, **dict(values)))
                except Exception as exc:
                    return type(exc)

        self.assertEqual(render(lambda wsme_type: None),
                         render(base._plan.__wrapped__))

    def test_every_resource_on_the_fast_path(self):
        for wsme_type in RESOURCES:
            self.assertIsNotNone(base._plan(wsme_type), wsme_type)

    def test_json_members_as_they_are(self):
        config = {'intervals': [1, 2], 'strict': True}
        got = base.to_json(driver.Driver, uuid='u', config=config)
        self.assertEqual({'uuid': 'u', 'config': config}, got)
