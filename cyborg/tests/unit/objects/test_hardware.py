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
"""Tests of the hardware record: RPC round trip, hash, and its one-to-one
mapping onto the public tables.
"""

from oslo_serialization import jsonutils
from oslo_utils import timeutils
from oslo_utils import uuidutils
import sqlalchemy as sa

from cyborg import conf as cyborg_conf
from cyborg import objects
from cyborg.db import models
from cyborg.drivers import fake
from cyborg.objects import base as objects_base
from cyborg.objects import hardware
from cyborg.tests import base

CONF = cyborg_conf.CONF


def _fake_records(host='h', devices=('fpga=1', 'qat=1')):
    CONF.set_override('devices', list(devices), group='fake_driver')
    try:
        return fake.FakeDriver(CONF, host).discover()
    finally:
        CONF.clear_override('devices', group='fake_driver')


class HardwareTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        objects.register_all()

    def test_serializer_round_trip(self):
        records = hardware.HardwareList(objects=_fake_records())
        serializer = objects_base.CyborgObjectSerializer()
        primitive = jsonutils.loads(jsonutils.dumps(
            serializer.serialize_entity(self.context, records)))
        back = serializer.deserialize_entity(self.context, primitive)
        self.assertEqual([r.to_dict() for r in records],
                         [r.to_dict() for r in back])

    def test_dict_round_trip(self):
        # What the conductor stores in hosts.hardware and reads back.
        records = _fake_records(devices=('fpga=1', 'qat=1', 'gpu=1'))
        stored = jsonutils.loads(jsonutils.dumps(
            [r.to_dict() for r in records]))
        back = [hardware.Hardware.from_dict(d) for d in stored]
        self.assertEqual(stored, [r.to_dict() for r in back])
        self.assertEqual(hardware.inventory_hash(records),
                         hardware.inventory_hash(back))
        self.assertEqual(records[1].deployables[2].attribute_values(),
                         back[1].deployables[2].attribute_values())

    def test_hash_ignores_order_and_sees_changes(self):
        records = _fake_records()
        digest = hardware.inventory_hash(records)
        self.assertEqual(64, len(digest))
        self.assertEqual(digest, hardware.inventory_hash(records[::-1]))
        self.assertEqual(digest, hardware.inventory_hash(
            [r.to_dict() for r in records]))
        records[1].deployables[0].traits = ['CUSTOM_OTHER']
        self.assertNotEqual(digest, hardware.inventory_hash(records))

    def test_uuid_is_stable(self):
        self.assertEqual(_fake_records()[0].uuid, _fake_records()[0].uuid)
        self.assertNotEqual(_fake_records('h1')[0].uuid,
                            _fake_records('h2')[0].uuid)

    def test_json_field_rejects_other_values(self):
        specs = hardware.AccSpecs(num=1, device_type='GPU')
        self.assertRaises(ValueError, setattr, specs, 'acc_capability',
                          {'x': object()})
        self.assertRaises(ValueError, setattr, specs, 'device_type', 'TPU')

    def test_pci_address_info(self):
        self.assertEqual({'domain': '0000', 'bus': 'af', 'device': '1f',
                          'function': '7'},
                         hardware.pci_address_info('0000:AF:1F.7'))
        for bad in ('0000:af:1f.8', 'af:1f.7', ''):
            self.assertRaises(ValueError, hardware.pci_address_info, bad)


    def test_canonical_info_json(self):
        # The existing Cyborg's fake driver wrote unpadded numbers and
        # unsorted keys.
        self.assertEqual(
            '{"bus": "0c", "device": "01", "domain": "0000", "function": "2"}',
            hardware.canonical_info_json(
                '{"domain": "0000", "bus": "0c", "device": "1", '
                '"function": "2"}'))
        self.assertEqual(
            '{"asked_type": "nvidia-222", "bus": "af", "device": "00", '
            '"domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_0"}',
            hardware.canonical_info_json(
                '{"asked_type": "nvidia-222", "bus": "AF", "device": "00", '
                '"domain": "0000", "function": "0", '
                '"vgpu_mark": "nvidia-222_0"}'))
        for bad in ('[]', '{"bus": "0c"}', 'nope',
                    '{"domain": "x", "bus": "0", "device": "0", '
                    '"function": "0"}'):
            self.assertRaises(ValueError, hardware.canonical_info_json, bad)

    def test_needs_device_work(self):
        pci = hardware.pci_address_info('0000:41:00.4')
        self.assertFalse(hardware.needs_device_work('PCI', pci))
        self.assertFalse(hardware.needs_device_work('TEST_PCI', pci))
        self.assertTrue(hardware.needs_device_work('MDEV', pci))
        # A vendor-specific VFIO VF: its vGPU type is set at bind.
        self.assertTrue(hardware.needs_device_work(
            'PCI', dict(pci, asked_type='692')))


class HardwareRowsTestCase(base.DbTestCase):
    """The record's values fit the real tables (created by the
    migrations), row for row.
    """

    def _insert(self, conn, table_model, **values):
        now = timeutils.utcnow()
        return conn.execute(sa.insert(table_model.__table__).values(
            uuid=values.pop('uuid', None) or uuidutils.generate_uuid(),
            created_at=now, **values)).inserted_primary_key[0]

    def test_maps_onto_the_public_tables(self):
        records = _fake_records(devices=('fpga=1', 'qat=1', 'gpu=1'))
        with self.db.engine.begin() as conn:
            for record in records:
                device_id = self._insert(conn, models.Device,
                                         **record.device_values('h'))
                cpid_id = self._insert(conn, models.ControlpathID,
                                       device_id=device_id,
                                       **record.controlpath_values())
                for dep in record.deployables:
                    dep_id = self._insert(conn, models.Deployable,
                                          device_id=device_id,
                                          **dep.deployable_values())
                    for key, value in dep.attribute_values():
                        self._insert(conn, models.Attribute,
                                     deployable_id=dep_id, key=key,
                                     value=value)
                    for handle in dep.attach_handles:
                        self._insert(conn, models.AttachHandle,
                                     deployable_id=dep_id, cpid_id=cpid_id,
                                     **handle.attach_handle_values())
        with self.db.engine.connect() as conn:
            def count(model):
                return conn.execute(sa.select(sa.func.count()).select_from(
                    model.__table__)).scalar()
            self.assertEqual(3, count(models.Device))
            self.assertEqual(6, count(models.Deployable))
            self.assertEqual(16 + 4 + 1, count(models.AttachHandle))
            rc = conn.execute(sa.select(models.Attribute.value).where(
                models.Attribute.key == 'rc')).scalars().all()
            self.assertEqual(['FPGA', 'CUSTOM_QAT', 'CUSTOM_QAT',
                              'CUSTOM_QAT', 'CUSTOM_QAT', 'PGPU'], rc)
            device = conn.execute(sa.select(models.Device).where(
                models.Device.type == 'FPGA')).one()
            std = jsonutils.loads(device.std_board_info)
            self.assertEqual(16, std['acc_specs']['num'])
            self.assertEqual('ready', std['acc_status']['state'])
            self.assertEqual(('0xABCD', 'fake', records[0].uuid),
                             (device.vendor, device.driver_name,
                              device.uuid))
            info = conn.execute(sa.select(
                models.AttachHandle.attach_info)).scalars().first()
            self.assertEqual('{"bus": "0c", "device": "00", "domain": '
                             '"0000", "function": "1"}', info)
