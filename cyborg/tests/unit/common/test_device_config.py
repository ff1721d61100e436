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
"""Tests of the one judgement of a device's desired configuration
(cyborg.common.device_config.check(), refuse()) and of its validator
(cyborg.common.json_schema.Strict).
"""

from oslo_serialization import jsonutils
from oslotest import base

from cyborg import exception
from cyborg.common import device_config
from cyborg.common import json_schema

QAT = {'settable': {'num_vfs': {'type': 'integer', 'minimum': 0,
                                'maximum': 16},
                    'vf_driver': {'type': 'string',
                                  'enum': ['4xxxvf', 'vfio-pci']}},
       'actual': {'num_vfs': 4, 'vf_driver': '4xxxvf'}}
GPU = {'settable': {'mode': {'type': 'string',
                             'enum': ['passthrough', 'vgpu', 'mig']},
                    'vgpu_type': {'type': 'string', 'enum': ['t1', 't2']},
                    'mig_layout': {'type': 'string',
                                   'pattern': r'^\d+g\.\d+gb(,\d+g\.\d+gb)*$',
                                   'description': 'MIG profiles joined by '
                                                  'commas'}},
       'actual': {'mode': 'passthrough', 'vgpu_type': None,
                  'mig_layout': None},
       'limits': {'mig_layout': {
           'compute_slices': 7, 'memory_slices': 8, 'profiles': {
               '7g.80gb': {'compute_slices': 7, 'memory_slices': 8},
               '3g.40gb': {'compute_slices': 3, 'memory_slices': 4},
               '1g.20gb': {'compute_slices': 1, 'memory_slices': 2},
               '1g.10gb': {'compute_slices': 1, 'memory_slices': 1}}}}}


class StrictTestCase(base.BaseTestCase):

    def _valid(self, schema, value):
        return json_schema.Strict(schema).is_valid(value)

    def test_an_integer_is_an_int(self):
        integer = {'type': 'integer'}
        self.assertTrue(self._valid(integer, 8))
        self.assertTrue(self._valid(integer, 2 ** 70))
        for value in (8.0, True, False, '8', None, 8.5):
            self.assertFalse(self._valid(integer, value), value)
        # Draft 7 itself takes 8.0 (a number with no fraction).
        self.assertTrue(json_schema.Draft7(integer).is_valid(8.0))

    def test_a_number_is_never_a_bool(self):
        number = {'type': 'number'}
        for value in (8, 8.0, 8.5):
            self.assertTrue(self._valid(number, value), value)
        for value in (True, False, '8', None):
            self.assertFalse(self._valid(number, value), value)

    def test_patterns_are_ecma_262s(self):
        schema = {'type': 'string', 'pattern': '^[a-z]+$'}
        self.assertTrue(self._valid(schema, 'abc'))
        self.assertFalse(self._valid(schema, 'abc\n'))
        self.assertFalse(json_schema.Draft7(schema).is_valid('abc\n'))


class CheckTestCase(base.BaseTestCase):

    def test_values(self):
        self.assertIsNone(device_config.check(QAT, {'num_vfs': 8}))
        for value, reason in (
                (8.0, "num_vfs: 8.0 is not of type 'integer'"),
                (True, "num_vfs: True is not of type 'integer'"),
                (17, 'num_vfs: 17 is greater than the maximum of 16'),
                (-1, 'num_vfs: -1 is less than the minimum of 0')):
            self.assertEqual(reason,
                             device_config.check(QAT, {'num_vfs': value}))
        self.assertEqual("vf_driver: 'igb' is not one of ['4xxxvf', "
                         "'vfio-pci']",
                         device_config.check(QAT, {'vf_driver': 'igb'}))
        self.assertEqual(
            "Additional properties are not allowed ('mode' was "
            "unexpected) (settable: num_vfs, vf_driver)",
            device_config.check(QAT, {'mode': 'mig'}))
        self.assertEqual('a configuration is an object of field: value',
                         device_config.check(QAT, [8]))
        self.assertIsNotNone(device_config.check(QAT, {}))
        # Nothing settable: every field is refused.
        self.assertIn('(settable: none)',
                      device_config.check({}, {'num_vfs': 1}))

    def test_a_value_from_json_is_judged_as_its_json_type(self):
        desired = jsonutils.loads('{"num_vfs": 8.0}')
        self.assertIsNotNone(device_config.check(QAT, desired))

    def test_fields_together(self):
        for desired, reason in (
                ({'num_vfs': 0, 'vf_driver': 'vfio-pci'},
                 'vf_driver: vfio-pci asked with no VF (num_vfs 0)'),
                ({'mig_layout': '7g.80gb'},
                 'mig_layout: set in mode mig only, not in mode '
                 'passthrough'),
                ({'mode': 'vgpu', 'mig_layout': '7g.80gb'},
                 'mig_layout: set in mode mig only, not in mode vgpu'),
                ({'vgpu_type': 't1'},
                 'vgpu_type: set in mode vgpu only, not in mode '
                 'passthrough'),
                ({'mode': 'vgpu'}, 'mode: vgpu needs a vgpu_type')):
            self.assertEqual(reason, device_config.check(
                QAT if 'num_vfs' in desired else GPU, desired))
        for desired in ({'num_vfs': 0}, {'num_vfs': 2,
                                          'vf_driver': 'vfio-pci'},
                        {'mode': 'mig', 'mig_layout': '7g.80gb'},
                        {'mode': 'vgpu', 'vgpu_type': 't1'},
                        {'mode': 'passthrough'}, {'mode': 'mig'}):
            self.assertIsNone(device_config.check(
                QAT if 'num_vfs' in desired else GPU, desired), desired)

    def test_fields_left_out_are_as_the_device_has_them(self):
        no_vf = dict(QAT, actual={'num_vfs': 0, 'vf_driver': None})
        self.assertEqual('vf_driver: vfio-pci asked with no VF (num_vfs 0)',
                         device_config.check(no_vf,
                                             {'vf_driver': 'vfio-pci'}))
        self.assertIsNone(device_config.check(QAT,
                                              {'vf_driver': 'vfio-pci'}))
        in_mig = dict(GPU, actual={'mode': 'mig', 'vgpu_type': None,
                                   'mig_layout': '7g.80gb'})
        self.assertIsNone(device_config.check(in_mig,
                                              {'mig_layout': '3g.40gb'}))
        self.assertIsNone(device_config.check(in_mig,
                                              {'mode': 'passthrough'}))
        in_vgpu = dict(GPU, actual={'mode': 'vgpu', 'vgpu_type': 't2',
                                    'mig_layout': None})
        self.assertIsNone(device_config.check(in_vgpu, {'mode': 'vgpu'}))
        self.assertIsNone(device_config.check(in_vgpu, {'vgpu_type': 't1'}))

    def test_mig_layouts(self):
        def check(layout, reported=GPU):
            return device_config.check(reported, {'mode': 'mig',
                                                  'mig_layout': layout})

        for layout in ('7g.80gb', '3g.40gb,3g.40gb',
                       '3g.40gb,1g.20gb,1g.10gb,1g.10gb',
                       ','.join(['1g.10gb'] * 7)):
            self.assertIsNone(check(layout), layout)
        self.assertEqual('mig_layout: 7g.80gb,1g.10gb takes 8 compute '
                         'slices, the GPU has 7', check('7g.80gb,1g.10gb'))
        self.assertEqual('mig_layout: 1g.20gb,1g.20gb,1g.20gb,1g.20gb,'
                         '1g.20gb takes 10 memory slices, the GPU has 8',
                         check(','.join(['1g.20gb'] * 5)))
        self.assertEqual('mig_layout: give the profiles largest first: '
                         '3g.40gb,1g.10gb', check('1g.10gb,3g.40gb'))
        self.assertEqual('mig_layout: 2g.20gb is not a MIG profile of the '
                         'GPU (7g.80gb, 3g.40gb, 1g.20gb, 1g.10gb)',
                         check('2g.20gb'))
        self.assertEqual("mig_layout: 'whole' is not MIG profiles joined "
                         "by commas", check('whole'))
        # Without limits: the form and the order only.
        no_limits = dict(GPU)
        del no_limits['limits']
        self.assertIsNone(check('7g.80gb,7g.80gb', no_limits))
        self.assertIn('largest first', check('1g.10gb,3g.40gb', no_limits))

    def test_layout_largest_first(self):
        # Compute slices, memory, without the media extension first;
        # whatever the instance ids.
        self.assertEqual('4g.40gb,2g.20gb,1g.20gb,1g.10gb,1g.10gb+me',
                         device_config.mig_layout(
                             ['1g.10gb', '1g.20gb', '1g.10gb+me',
                              '4g.40gb', '2g.20gb']))
        self.assertIsNone(device_config.mig_layout([]))
        self.assertEqual((1, 10, True),
                         device_config.mig_profile_size('1g.10gb+me'))
        self.assertIsNone(device_config.mig_profile_size('1g.10gb-me'))


class RefuseTestCase(base.BaseTestCase):

    def _device(self, configuration):
        return {'uuid': 'u1', 'driver_name': 'fake',
                'std_board_info': jsonutils.dumps(
                    {'configuration': configuration})}

    def test_refuse(self):
        self.assertEqual({'num_vfs': 2}, device_config.refuse(
            self._device(QAT), {'num_vfs': 2}))
        exc = self.assertRaises(exception.DeviceConfigInvalid,
                                device_config.refuse, self._device(QAT),
                                {'num_vfs': 8.0})
        self.assertEqual("Invalid configuration of device u1: num_vfs: 8.0 "
                         "is not of type 'integer'", exc.message)
        for std in (jsonutils.dumps({}), '', 'not json', '[]',
                    jsonutils.dumps({'configuration': {'settable': {}}})):
            self.assertRaises(exception.DeviceNotConfigurable,
                              device_config.refuse,
                              {'uuid': 'u1', 'driver_name': 'fake',
                               'std_board_info': std}, {'num_vfs': 2})

    def test_what_is_stored_is_judged_as_merged(self):
        # The request of issue 57: a layout alone after a MIG layout was
        # applied keeps the mode, so that the agent takes it after a
        # restart, whatever the GPU is then.
        gpu = self._device(dict(GPU, actual={
            'mode': 'mig', 'vgpu_type': None, 'mig_layout': '3g.40gb'}))
        stored = {'desired': {'mode': 'mig', 'mig_layout': '3g.40gb'}}
        desired = device_config.refuse(gpu, {'mig_layout': '7g.80gb'},
                                       stored)
        self.assertEqual({'mode': 'mig', 'mig_layout': '7g.80gb'}, desired)
        self.assertIsNone(device_config.check(GPU, desired))
        # With nothing stored, the mode it was judged with is stored.
        self.assertEqual({'mode': 'mig', 'mig_layout': '7g.80gb'},
                         device_config.refuse(gpu, {'mig_layout':
                                                    '7g.80gb'}))
        # A merge that contradicts itself is refused, nothing returned.
        exc = self.assertRaises(
            exception.DeviceConfigInvalid, device_config.refuse,
            self._device(GPU), {'mig_layout': '7g.80gb'})
        self.assertIn('mig_layout: set in mode mig only, not in mode '
                      'passthrough', exc.message)

    def test_a_device_whose_driver_fails_names_the_driver(self):
        device = dict(self._device(QAT), health='driver_error',
                      health_reason='RuntimeError: boom')
        exc = self.assertRaises(exception.DeviceDriverFailing,
                                device_config.refuse, device,
                                {'num_vfs': 2})
        self.assertEqual(409, exc.code)
        self.assertIn('its driver fake fails (RuntimeError: boom)',
                      exc.message)


class MergeTestCase(base.BaseTestCase):

    def test_fields_left_out_keep_what_was_asked_before(self):
        self.assertEqual({'num_vfs': 8, 'vf_driver': 'vfio-pci'},
                         device_config.merge(
                             {'num_vfs': 8, 'vf_driver': 'vfio-pci'},
                             {'num_vfs': 8}, QAT['actual']))
        self.assertEqual({'num_vfs': 2, 'vf_driver': 'vfio-pci'},
                         device_config.merge({'vf_driver': 'vfio-pci'},
                                             {'num_vfs': 2}, None))

    def test_what_goes_with_another_mode_or_no_vf_goes(self):
        merge = device_config.merge
        self.assertEqual({'mode': 'passthrough'}, merge(
            {'mode': 'mig', 'mig_layout': '3g.40gb'},
            {'mode': 'passthrough'}, None))
        self.assertEqual({'mode': 'mig', 'mig_layout': '3g.40gb'}, merge(
            {'mode': 'vgpu', 'vgpu_type': 't1'},
            {'mode': 'mig', 'mig_layout': '3g.40gb'}, None))
        self.assertEqual({'num_vfs': 0}, merge(
            {'num_vfs': 8, 'vf_driver': 'vfio-pci'}, {'num_vfs': 0}, None))
        # Asked together, both are kept (and check() judges them).
        self.assertEqual({'num_vfs': 0, 'vf_driver': 'vfio-pci'}, merge(
            None, {'num_vfs': 0, 'vf_driver': 'vfio-pci'}, None))

    def test_the_fields_judged_with_come_from_the_device(self):
        merge = device_config.merge
        self.assertEqual({'num_vfs': 4, 'vf_driver': 'vfio-pci'},
                         merge(None, {'vf_driver': 'vfio-pci'},
                               QAT['actual']))
        self.assertEqual({'mode': 'vgpu', 'vgpu_type': 't2'}, merge(
            None, {'mode': 'vgpu'},
            {'mode': 'vgpu', 'vgpu_type': 't2', 'mig_layout': None}))
        self.assertEqual({'mode': 'passthrough', 'mig_layout': 'x'}, merge(
            None, {'mig_layout': 'x'}, GPU['actual']))
        # Not a request at all: as it is, for check() to refuse.
        self.assertEqual([1], merge({'num_vfs': 2}, [1], None))
