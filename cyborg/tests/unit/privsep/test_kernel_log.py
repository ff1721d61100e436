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
"""Tests of the privileged read of the kernel log: the parsing on a
recorded dump, and the entry point (run in process, tests.base) on this
machine's ``/dev/kmsg``.
"""

import functools
import os

from oslotest import base as oslo_base
from testtools import content

from cyborg import privsep
from cyborg.privsep import kernel_log
from cyborg.tests import base
from cyborg.tests.fixtures import kernel_log as kernel_log_fixture

XID_48 = ("NVRM: Xid (PCI:0000:8a:00): 48, pid='<unknown>', "
          "name=<unknown>, An uncorrectable double bit error (DBE) has "
          "been detected on GPU in the framebuffer at partition 6, "
          "subpartition 0.")
XID_13 = ('NVRM: Xid (0000:4b:00): 13, 0005 00000000 0000c5c0 00001b0c '
          '00000004 00000000')
XID_31 = ('NVRM: Xid (PCI:0000:4B:00): 31, pid=2416, name=python3, Ch '
          '00000008, intr 00000000. MMU Fault: ENGINE GRAPHICS '
          'GPCCLIENT_T1_0 faulted @ 0x7f2a_c0000000.')


def _dump():
    with open(kernel_log_fixture.DUMP, 'rb') as f:
        return f.read()


def _reader(results):
    """A read() returning (or raising) each of *results* in turn."""
    results = list(results)

    def read():
        result = results.pop(0)
        if isinstance(result, Exception):
            raise result
        return result
    return read


class ParseTestCase(oslo_base.BaseTestCase):

    def test_records_of_a_dump(self):
        records = list(kernel_log.parse([_dump()]))
        self.assertEqual(list(range(1180, 1191)),
                         [seq for seq, _m in records])
        # Continuation lines are not records, nor part of one.
        self.assertEqual(
            'pci 0000:4b:00.0: [10de:20b5] type 00 class 0x030200 PCIe '
            'Endpoint', records[0][1])
        self.assertEqual((1185, XID_48), records[5])
        self.assertFalse([m for _s, m in records if 'SUBSYSTEM' in m])

    def test_a_dump_cut_anywhere(self):
        data = _dump()
        for size in (1, 7, 100, 8192):
            cut = [data[i:i + size] for i in range(0, len(data), size)]
            self.assertEqual(list(kernel_log.parse([data])),
                             list(kernel_log.parse(cut)), size)

    def test_garbage_is_not_a_record(self):
        self.assertEqual(
            [(7, 'x')],
            list(kernel_log.parse([b'nonsense\n6,x,1,-;y\n6,8;z\n'
                                   b' 6,9,1,-;continuation\n6,7,1,-;x'])))

    def test_one_record_per_read_until_eagain(self):
        # /dev/kmsg: one record per read, EPIPE where records were
        # overwritten (the reads go on), EAGAIN at the end.
        read = _reader([b'6,1,0,-;a\n SUBSYSTEM=pci\n',
                        BrokenPipeError(), b'6,5,0,-;b\n',
                        BlockingIOError(), b'6,9,0,-;never read\n'])
        self.assertEqual([(1, 'a'), (5, 'b')],
                         list(kernel_log.parse(kernel_log.chunks(read))))

    def test_a_file_ends_with_an_empty_read(self):
        read = _reader([b'6,1,0,-;a\n', b''])
        self.assertEqual([b'6,1,0,-;a\n'], list(kernel_log.chunks(read)))

    def test_select_xids_only(self):
        found = kernel_log.select(kernel_log.parse([_dump()]), -1)
        self.assertEqual({'last_seq': 1190,
                          'records': [[1185, XID_48], [1188, XID_13],
                                   [1189, XID_31]]}, found)

    def test_select_newer_than_the_last_read(self):
        records = list(kernel_log.parse([_dump()]))
        self.assertEqual({'last_seq': 1190, 'records': [[1189, XID_31]]},
                         kernel_log.select(records, 1188))
        self.assertEqual({'last_seq': 1190, 'records': []},
                         kernel_log.select(records, 1190))

    def test_select_the_newest_only(self):
        records = [(seq, 'NVRM: Xid (PCI:0000:01:00): 13, %d' % seq)
                   for seq in range(5000)]
        found = kernel_log.select(records, -1)
        self.assertEqual(kernel_log.MAX_RECORDS, len(found['records']))
        self.assertEqual(4999, found['records'][-1][0])
        self.assertEqual(5000 - kernel_log.MAX_RECORDS, found['records'][0][0])

    def test_select_after_a_new_numbering(self):
        # The log's numbers are lower than the last read's: they started
        # again, every record is newer than that read.
        records = [(3, 'NVRM: Xid (PCI:0000:01:00): 79, pid=0, x'),
                   (4, 'other')]
        self.assertEqual(
            {'last_seq': 4,
             'records': [[3, 'NVRM: Xid (PCI:0000:01:00): 79, pid=0, x']]},
            kernel_log.select(records, 1190))

    def test_the_marks(self):
        # What the unprivileged agent may see of the kernel log.
        self.assertEqual(('NVRM: Xid',), kernel_log.MARKS)

    def test_empty_log(self):
        self.assertEqual({'last_seq': -1, 'records': []},
                         kernel_log.select([], 12))


class ReadTestCase(base.TestCase):

    def test_read_loop_on_a_recorded_file(self):
        kmsg = self.useFixture(kernel_log_fixture.RecordedKernelLog())
        kmsg.xid('0000:4b:00', 79, 'GPU has fallen off the bus.')
        self.assertEqual(
            {'last_seq': 1191,
             'records': [[1191, 'NVRM: Xid (PCI:0000:4b:00): 79, pid=0, GPU '
                             'has fallen off the bus.']]},
            kernel_log.read_records(kmsg.path, 1189))

    def test_missing_file(self):
        kmsg = self.useFixture(kernel_log_fixture.RecordedKernelLog())
        kmsg.remove()
        self.assertRaises(FileNotFoundError, kmsg.read, -1)

    def test_entry_point_reads_the_kernel_log(self):
        # The privileged function itself, run in process on this
        # machine's /dev/kmsg where the test may read it (root, or
        # kernel.dmesg_restrict 0); elsewhere (a container without
        # /dev/kmsg) the same read on the recorded dump.
        self.assertTrue(privsep.kernel_log_pctxt.is_entrypoint(
            kernel_log.driver_records))
        try:
            os.close(os.open(kernel_log.KMSG, os.O_RDONLY | os.O_NONBLOCK))
        except OSError as exc:
            self.addDetail('kmsg', content.text_content(
                '%s cannot be read here (%s): the recorded dump is read'
                % (kernel_log.KMSG, exc)))
            read = functools.partial(kernel_log.read_records,
                                     kernel_log_fixture.DUMP)
        else:
            read = kernel_log.driver_records
        found = read(-1)
        self.assertEqual({'last_seq', 'records'}, set(found))
        self.assertGreater(found['last_seq'], 0)
        # XID records only (a machine without NVIDIA GPUs has none).
        self.assertEqual([], [m for _s, m in found['records']
                              if not any(x in m for x in kernel_log.MARKS)])
        # The next read starts after the highest number.
        again = read(found['last_seq'])
        self.assertGreaterEqual(again['last_seq'], found['last_seq'])
        self.assertEqual([], [s for s, _m in again['records']
                              if s <= found['last_seq']])
