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
"""Tests of the [pci] device_spec parser and matcher."""

from cyborg import exception
from cyborg.drivers import pci
from cyborg.drivers import selector
from cyborg.tests import base


class _Dev:
    """The attributes of a PciDevice the matcher reads."""

    def __init__(self, address='0000:0a:00.1', vendor_id='8086',
                 product_id='37c9', class_code='0b4000', driver='c6xxvf',
                 device_type=pci.TYPE_VF, physfn='0000:0a:00.0',
                 net_names=()):
        self.address = address
        self.vendor_id = vendor_id
        self.product_id = product_id
        self.class_code = class_code
        self.driver = driver
        self.device_type = device_type
        self.physfn = physfn
        self.net_names = list(net_names)


def _match(spec, **dev):
    return selector.Selector(spec).match(_Dev(**dev))


class ParseTestCase(base.TestCase):

    def _invalid(self, value, reason):
        exc = self.assertRaises(exception.InvalidSelector, selector.parse,
                                [value])
        self.assertIn(value if len(value) < 60 else value[:20], exc.message)
        self.assertIn(reason, exc.message)
        return exc

    def test_object_and_list(self):
        selectors = selector.parse([
            '{"vendor_id": "8086", "product_id": "37C9"}',
            '[{"class_code": "12"}, {"address": "*:3b:00.*"}]'])
        self.assertEqual(3, len(selectors))
        self.assertEqual('37c9', selectors[0].product_id)
        self.assertEqual('12', selectors[1].class_code)

    def test_vendor_id_is_normalised(self):
        self.assertEqual('00ab', selector.Selector({'vendor_id': 'AB'})
                         .vendor_id)

    def test_errors_name_the_selector(self):
        self._invalid('{"vendor_id": "8086"', 'not valid JSON')
        self._invalid('"8086"', 'must be a JSON object')
        self._invalid('{"vendor": "8086"}', 'unknown key(s) vendor')
        self._invalid('{"vendor_id": "80861"}', 'vendor_id must be')
        self._invalid('{"product_id": 37}', 'product_id must be')
        self._invalid('{"class_code": "123"}', 'class_code must be')
        self._invalid('{"device_type": "PF"}', 'device_type must be')
        self._invalid('{"address": "0000:0a:00.8"}', 'address function')
        self._invalid('{"address": "0000:100:00.0"}', 'address bus')
        self._invalid('{"address": "1:2:3:4"}', 'is not')
        self._invalid('{"address": {"bus": "("}}', 'address bus regex')
        self._invalid('{"address": {"bux": "0a"}}', 'unknown address key')
        self._invalid('{"address": "0000:0a:00.0", "devname": "eth0"}',
                      'mutually exclusive')
        self._invalid('{"trusted": "maybe"}', 'trusted must be')
        self._invalid('{"resource_class": ""}', 'non-empty string')

    def test_tags_are_normalised(self):
        sel = selector.Selector({'resource_class': 'qat-vf',
                                 'traits': 'fast, HW_GPU_API_VULKAN,fast',
                                 'trusted': 'true'})
        self.assertEqual('CUSTOM_QAT_VF', sel.resource_class)
        self.assertEqual(['CUSTOM_FAST', 'HW_GPU_API_VULKAN'], sel.traits)
        self.assertTrue(sel.trusted)
        self.assertEqual('PGPU', selector.normalize_resource_class('pgpu'))

    def test_defaults_are_accelerator_classes(self):
        defaults = selector.defaults()
        self.assertTrue(selector.first_match(defaults, _Dev()))
        self.assertFalse(selector.first_match(
            defaults, _Dev(class_code='120100')))   # SDXI
        self.assertFalse(selector.first_match(
            defaults, _Dev(class_code='030000')))   # VGA


class MatchTestCase(base.TestCase):

    def test_ids(self):
        self.assertTrue(_match({'vendor_id': '8086', 'product_id': '37c9'}))
        self.assertTrue(_match({'vendor_id': '*'}))
        self.assertFalse(_match({'product_id': '37c8'}))

    def test_address_glob(self):
        self.assertTrue(_match({'address': '0000:0a:00.1'}))
        self.assertTrue(_match({'address': '*:0a:00.*'}))
        self.assertTrue(_match({'address': ':0a:00.'}))
        self.assertTrue(_match({'address': '0a:00.1'}))
        self.assertFalse(_match({'address': '*:0b:00.*'}))

    def test_pf_address_selects_its_vfs(self):
        self.assertTrue(_match({'address': '0000:0a:00.0'}))
        self.assertFalse(_match({'address': '0000:0a:00.0'},
                                physfn='0000:0b:00.0'))
        # Only an exact PF address does.
        self.assertFalse(_match({'address': '0000:0a:00.*'},
                                address='0000:0b:00.1'))

    def test_address_regex(self):
        self.assertTrue(_match({'address': {'bus': '0[a-c]',
                                            'function': '[1-7]'}}))
        self.assertFalse(_match({'address': {'function': '[2-7]'}}))

    def test_cyborg_keys(self):
        self.assertTrue(_match({'class_code': '0b40'}))
        self.assertTrue(_match({'class_code': '0B4000'}))
        self.assertFalse(_match({'class_code': '12'}))
        self.assertTrue(_match({'driver': 'c6xx*'}))
        self.assertFalse(_match({'driver': 'c6xx'}))
        self.assertFalse(_match({'driver': '*'}, driver=None))
        self.assertTrue(_match({'device_type': 'type-VF'}))
        self.assertFalse(_match({'device_type': 'type-PF'}))

    def test_devname(self):
        self.assertTrue(_match({'devname': 'ens1'}, net_names=['ens1']))
        self.assertFalse(_match({'devname': 'ens1'}))

    def test_all_keys_must_match(self):
        self.assertFalse(_match({'vendor_id': '8086', 'class_code': '12'}))
