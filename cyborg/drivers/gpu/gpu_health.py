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
"""NVIDIA GPUs' XID errors, in the kernel log only (privsep.kernel_log):
a GPU with one of ``[device_health] gpu_critical_xids`` since the last
read is unhealthy.  The first read is a baseline, logged, not counted.
"""

import collections
import re

from oslo_log import log as logging
from oslo_privsep import comm as privsep_comm
from oslo_privsep import daemon as privsep_daemon

from cyborg.drivers import health
from cyborg.privsep import kernel_log

LOG = logging.getLogger(__name__)

_XID = re.compile(r'NVRM: Xid \((?:PCI:)?([0-9a-f]+):([0-9a-f]+):([0-9a-f]+)'
                  r'\): (\d+),?\s*(.*)', re.IGNORECASE)
#: Newer drivers' ``pid=0, name=<unknown>, ``, left out of the reason.
_PROCESS = re.compile(r"^(?:(?:pid|name)=[^,]*,\s*)+")
#: Characters of an XID's text kept in the reason.
REASON_TEXT = 80
#: No /dev/kmsg, no CAP_SYSLOG, or the privileged helper cannot answer.
_READ_FAILURES = (OSError, privsep_comm.PrivsepTimeout)


def gpu_slot(address):
    domain, bus, device = address.split('.')[0].split(':')
    return '%04x:%02x:%02x' % (int(domain, 16), int(bus, 16),
                               int(device, 16))


def parse_xid(message):
    """``("0000:01:00", 79, "GPU has fallen off the bus.")`` of
    ``NVRM: Xid (PCI:0000:01:00): 79, pid=0, GPU has fallen off the
    bus.``, or None.
    """
    match = _XID.search(message)
    if match is None:
        return None
    domain, bus, device, xid, text = match.groups()
    text = _PROCESS.sub('', text.strip())
    return (gpu_slot('%s:%s:%s' % (domain, bus, device)), int(xid),
            text[:REASON_TEXT].rstrip())


class XidReader:
    """The XID errors of the kernel log since the last read (*read*:
    as ``kernel_log.driver_records``, the default).
    """

    def __init__(self, conf, read=None):
        self.conf = conf
        self._read = read or kernel_log.driver_records
        # The last read's highest sequence number; None: baseline next.
        self._seq = None
        self._told_failure = False
        self._no_helper = False

    def read(self):
        """``{gpu_slot(): health.Health}`` of the GPUs with a critical
        XID since the last read.
        """
        if self._no_helper:
            return {}
        try:
            result = self._read(-1 if self._seq is None else self._seq)
        except privsep_daemon.FailedToDropPrivileges as exc:
            LOG.warning('Cannot start the privileged reader of the kernel '
                        'log (%s): the XID errors of the GPUs are not read '
                        'until cyborg-agent is restarted (see '
                        '[cyborg_kernel_log] helper_command); their health '
                        'comes from nvidia-smi alone', exc)
            self._no_helper = True
            return {}
        except _READ_FAILURES as exc:
            if not self._told_failure:
                LOG.warning('Cannot read the XID errors of the GPUs in the '
                            'kernel log (%s): their health comes from '
                            'nvidia-smi alone', exc)
                self._told_failure = True
            return {}
        self._told_failure = False
        baseline = self._seq is None
        self._seq = result['last_seq']
        xids = [x for x in (parse_xid(m) for _s, m in result['records']) if x]
        if baseline:
            self._log_baseline(xids)
            return {}
        critical = set(self.conf.device_health.gpu_critical_xids)
        found = collections.defaultdict(dict)
        for slot, xid, text in xids:
            if xid in critical:
                found[slot][xid] = text
            else:
                LOG.warning('GPU %(slot)s: XID %(xid)d (%(text)s), not a '
                            'failure of the GPU', {'slot': slot, 'xid': xid,
                                                   'text': text})
        return {slot: health.worst([health.unhealthy(
            'GPU XID %d (%s)' % (xid, text)) for xid, text in by_xid.items()])
            for slot, by_xid in found.items()}

    def _log_baseline(self, xids):
        counts = collections.Counter((slot, xid) for slot, xid, _t in xids)
        texts = {(slot, xid): text for slot, xid, text in xids}
        for (slot, xid), count in sorted(counts.items()):
            LOG.warning('GPU %(slot)s had %(count)d XID %(xid)d errors '
                        'before the first check, not counted (the last: '
                        '%(text)s)', {'slot': slot, 'count': count,
                                      'xid': xid,
                                      'text': texts[(slot, xid)]})
