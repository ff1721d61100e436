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
"""Tests of cyborg.common.device_class: names, selector checks, facts and
matching.
"""

from oslo_serialization import jsonutils

from cyborg import exception
from cyborg.common import device_class
from cyborg.tests import base


def _device(**vendor_info):
    std = {'vendor_id': '10de', 'numa_node': '1',
           'acc_specs': {'acc_capability': {'mode': 'pgpu',
                                            'sriov_numvfs': 0}},
           'acc_status': {'state': 'ready'}}
    return {'vendor': '0x10de', 'model': '0x20b5', 'type': 'GPU',
            'hostname': 'n1', 'driver_name': 'gpu', 'health': None,
            'std_board_info': jsonutils.dumps(std),
            'vendor_board_info': jsonutils.dumps(vendor_info)}


def _facts(rc='PGPU', handles=(), **vendor_info):
    return device_class.facts(
        _device(**vendor_info), {'driver_name': 'gpu'},
        [{'key': 'rc', 'value': rc}, {'key': 'trait0', 'value': 'X'},
         {'key': 'colour', 'value': 'blue'}],
        [{'attach_info': jsonutils.dumps(h)} for h in handles])


def _c(key, op, value):
    return {'key': key, 'op': op, 'value': value}


class NameTestCase(base.TestCase):

    def test_trait_and_normal_form(self):
        self.assertEqual('GPU_40G', device_class.normalize_name('gpu_40g'))
        self.assertEqual('CUSTOM_CLASS_GPU_40G',
                         device_class.trait('gpu_40g'))

    def test_bad_names(self):
        for name in ('', 'a-b', 'a b', 'x' * 65, None, 3, 'é', 'abc\n'):
            self.assertRaises(exception.DeviceClassInvalid,
                              device_class.normalize_name, name)


class CheckTestCase(base.TestCase):

    def test_good_selectors(self):
        for selector in (
                [_c('memory_mb', '>=', 40960)],
                [_c('vendor', '==', '10de'), _c('health', '!=', 'unhealthy')],
                [_c('driver_version', '>', '535.104.05')],
                [_c('mig_profile', 'in', ['1g.10gb', '2g.20gb'])],
                [_c('ecc', '==', True), _c('numa_node', '==', 0)]):
            self.assertEqual(selector, device_class.check(selector))

    def test_bad_selectors(self):
        for selector, why in (
                ([], 'non-empty list'),
                ({'key': 'a'}, 'non-empty list'),
                ([_c('a', '==', 1)] * 17, 'at most 16'),
                (['memory_mb >= 1'], 'condition 0'),
                ([{'key': 'a', 'op': '=='}], 'condition 0'),
                ([_c('a', '==', 1), {'key': 'a', 'op': '==', 'value': 1,
                                     'x': 1}], 'condition 1'),
                ([_c('a b', '==', 1)], 'bad key'),
                ([_c('a\n', '==', 1)], 'bad key'),
                ([_c('a', '>', '1.2\n')], 'number or a dotted version'),
                ([_c('a', '~=', 1)], 'op must be one of'),
                ([_c('a', '>=', 'big')], 'number or a dotted version'),
                ([_c('a', '<', True)], 'number or a dotted version'),
                ([_c('a', 'in', [])], '"in" takes'),
                ([_c('a', 'in', 'x')], '"in" takes'),
                ([_c('a', 'in', [['x']])], '"in" takes'),
                ([_c('a', '==', None)], 'a string, a number'),
                ([_c('a', '==', ['x'])], 'a string, a number')):
            exc = self.assertRaises(exception.DeviceClassInvalid,
                                    device_class.check, selector)
            self.assertIn(why, exc.message, selector)
            self.assertEqual(400, exc.code)


class FactsTestCase(base.TestCase):

    def test_named_and_driver_facts(self):
        found = _facts(memory_mb='81920', firmware='96.00.5E.00.01')
        self.assertEqual('0x10de', found['vendor'])
        self.assertEqual('0x20b5', found['product'])
        self.assertEqual('GPU', found['type'])
        self.assertEqual('gpu', found['driver'])
        self.assertEqual('n1', found['host'])
        self.assertEqual('healthy', found['health'])
        self.assertEqual('1', found['numa_node'])
        self.assertEqual('PGPU', found['resource_class'])
        self.assertEqual('81920', found['memory_mb'])
        self.assertEqual('96.00.5E.00.01', found['firmware'])
        # The capability's scalars, the operator's attributes.
        self.assertEqual('pgpu', found['mode'])
        self.assertEqual('blue', found['colour'])
        # Traits and the stored status are not facts.
        self.assertNotIn('trait0', found)
        self.assertNotIn('acc_status', found)
        self.assertNotIn('mig_profile', found)

    def test_mig_profile_and_vgpu_type(self):
        found = _facts(rc='CUSTOM_MIG_1G_10GB',
                       handles=[{'asked_type': '692'}])
        self.assertEqual('1G_10GB', found['mig_profile'])
        self.assertEqual('692', found['vgpu_type'])

    def test_free_text_board_info(self):
        device = dict(_device(), vendor_board_info='not json')
        self.assertEqual('GPU', device_class.facts(device, {})['type'])


class MatchTestCase(base.TestCase):

    def _match(self, found, *conditions):
        selector = device_class.check(list(conditions))
        return device_class.matches(selector, found)

    def test_numbers(self):
        found = _facts(memory_mb='81920')
        self.assertTrue(self._match(found, _c('memory_mb', '>=', 40960)))
        self.assertTrue(self._match(found, _c('memory_mb', '>', 40960)))
        self.assertTrue(self._match(found, _c('memory_mb', '==', 81920)))
        self.assertTrue(self._match(found, _c('memory_mb', '<=', 81920)))
        self.assertFalse(self._match(found, _c('memory_mb', '<', 81920)))
        self.assertFalse(self._match(found, _c('memory_mb', '>=', 81921)))
        self.assertTrue(self._match(found, _c('memory_mb', '!=', 40960)))
        self.assertTrue(self._match(found, _c('memory_mb', 'in',
                                              [40960, 81920])))
        # A fact that is no number matches no numeric value.
        self.assertFalse(self._match(_facts(memory_mb='lots'),
                                     _c('memory_mb', '>=', 1)))

    def test_versions(self):
        found = _facts(driver_version='535.104.05')
        self.assertTrue(self._match(found, _c('driver_version', '>=',
                                              '535.54')))
        self.assertFalse(self._match(found, _c('driver_version', '>=',
                                               '550')))
        self.assertFalse(self._match(_facts(driver_version='r535'),
                                     _c('driver_version', '>', '1')))

    def test_missing_facts_match_nothing(self):
        found = _facts()
        for op, value in (('==', 1), ('!=', 1), ('>=', 1), ('in', [1])):
            self.assertFalse(self._match(found, _c('memory_mb', op, value)))

    def test_strings(self):
        found = _facts(rc='CUSTOM_MIG_1G_10GB')
        self.assertTrue(self._match(found, _c('type', '==', 'gpu')))
        self.assertTrue(self._match(found, _c('vendor', '==', '10de')))
        self.assertTrue(self._match(found, _c('vendor', '==', '0x10DE')))
        self.assertTrue(self._match(found, _c('product', 'in',
                                              ['20b0', '20b5'])))
        self.assertTrue(self._match(found, _c('mig_profile', '==',
                                              '1g.10gb')))
        self.assertFalse(self._match(found, _c('mig_profile', '==',
                                               '2g.20gb')))
        self.assertTrue(self._match(found, _c('health', '!=', 'unhealthy')))

    def test_all_conditions_must_hold(self):
        found = _facts(memory_mb='40960')
        self.assertTrue(self._match(found, _c('type', '==', 'GPU'),
                                    _c('memory_mb', '>=', 40960)))
        self.assertFalse(self._match(found, _c('type', '==', 'FPGA'),
                                     _c('memory_mb', '>=', 40960)))

    def test_traits(self):
        classes = [
            {'name': 'BIG', 'selector': [_c('memory_mb', '>=', 40960)]},
            {'name': 'SMALL', 'selector': [_c('memory_mb', '<', 40960)]},
            {'name': 'GPU', 'selector': [_c('type', '==', 'GPU')]},
            # A stored selector that no longer checks matches nothing.
            {'name': 'BROKEN', 'selector': [_c('type', '~', 'GPU')]}]
        self.assertEqual({'CUSTOM_CLASS_BIG', 'CUSTOM_CLASS_GPU'},
                         device_class.traits(classes,
                                             _facts(memory_mb='81920')))
        self.assertEqual({'CUSTOM_CLASS_SMALL', 'CUSTOM_CLASS_GPU'},
                         device_class.traits(classes,
                                             _facts(memory_mb='16384')))
