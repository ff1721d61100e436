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
"""SR-IOV configuration of a PF: ``num_vfs`` and ``vf_driver``.

Kernel facts (Documentation/ABI/testing/sysfs-bus-pci, HARDWARE.md 5):
``sriov_numvfs`` takes a new count only from 0, and the PF's driver may
enable another (QAT's enable all, adf_sriov.c); ``driver_override``
(cleared by a newline) neither unbinds nor loads a driver.  configure()
polls sysfs after each write, bounded: udev lags.
"""

import time

from oslo_log import log as logging

from cyborg import exception
from cyborg.common import device_config

LOG = logging.getLogger(__name__)

NUM_VFS = device_config.NUM_VFS
VF_DRIVER = device_config.VF_DRIVER
VFIO_PCI = device_config.VFIO_PCI

#: How long configure() waits for sysfs to show each change, in seconds.
WAIT_SECONDS = 30.0
POLL_SECONDS = 0.01

_CLEAR_OVERRIDE = '\n'


def settable(total_vfs, vf_drivers):
    """The ``configuration.settable`` of a PF; *vf_drivers*: the host's
    own drivers of its VFs (vfio-pci is always offered, last).
    """
    drivers = [d for d in dict.fromkeys(vf_drivers) if d and d != VFIO_PCI]
    return {NUM_VFS: {'type': 'integer', 'minimum': 0,
                      'maximum': total_vfs},
            VF_DRIVER: {'type': 'string', 'enum': drivers + [VFIO_PCI]}}


def vfs(pf, devices):
    return [devices[a] for a in pf.virtfns if a in devices]


def common_driver(functions):
    drivers = {f.driver for f in functions}
    return drivers.pop() if len(drivers) == 1 else None


def actual(pf, devices):
    """The ``configuration.actual`` of *pf*."""
    present = vfs(pf, devices)
    return {NUM_VFS: len(present), VF_DRIVER: common_driver(present)}


def configuration(pf, devices, vf_drivers):
    """settable() and actual() of *pf*, or None unless SR-IOV capable."""
    if not pf.is_pf:
        return None
    return {'settable': settable(pf.sriov_totalvfs, vf_drivers),
            'actual': actual(pf, devices)}


def configure(pf, desired, uuid, vf_drivers=None, timeout=WAIT_SECONDS):
    """Make the VFs of *pf* as *desired* says (idempotent); with
    ``vf_driver`` left out, the VFs' driver before is bound again.

    :param uuid: the record's uuid, for the errors.
    :param vf_drivers: as for settable(); None: any but vfio-pci is a
        host driver.
    :param timeout: seconds to wait for sysfs to show each change.
    :raises: DeviceConfigInvalid, DeviceConfigFailed, OSError.
    """
    # pyudev's devices answer from a cache fixed at enumeration.
    pf = pf.uncached()
    before = pf.virtfn_devices()
    count = desired.get(NUM_VFS, len(before))
    wanted = desired.get(VF_DRIVER)
    _check(pf, count, wanted, uuid, vf_drivers)
    if count != len(before):
        if wanted is None:
            wanted = common_driver(before)
        _set_count(pf, count, uuid, timeout)
    if wanted is not None:
        host_driver = (wanted != VFIO_PCI if vf_drivers is None
                       else wanted in vf_drivers)
        for vf in pf.virtfn_devices():
            _bind(vf, wanted, host_driver, uuid, timeout)
    return {'reboot_required': False}


def _check(pf, count, driver, uuid, vf_drivers):
    reason = None
    total = pf.sriov_totalvfs
    if isinstance(count, bool) or not isinstance(count, int):
        reason = 'num_vfs %r is not a number' % (count,)
    elif not 0 <= count <= total:
        reason = ('num_vfs %d: %s takes 0 to %d VFs'
                  % (count, pf.address, total))
    elif driver is not None and count == 0:
        reason = 'vf_driver %s asked with no VF (num_vfs 0)' % driver
    elif driver is not None and vf_drivers is not None:
        offered = settable(total, vf_drivers)[VF_DRIVER]['enum']
        if driver not in offered:
            reason = ('vf_driver %s: the VFs of %s take %s'
                      % (driver, pf.address, ', '.join(offered)))
    if reason is not None:
        raise exception.DeviceConfigInvalid(uuid=uuid, reason=reason)


def _vf_count(pf):
    """The VFs *pf* shows, or None while the kernel is making them."""
    links = len(pf.virtfns)
    present = len(pf.virtfn_devices())
    if links == present == pf.sriov_numvfs:
        return present
    return None


def _set_count(pf, count, uuid, timeout):
    LOG.info('Setting the VFs of %(pf)s to %(count)d',
             {'pf': pf.address, 'count': count})
    if pf.virtfns:
        pf.write('sriov_numvfs', 0)
        _wait_for_count(pf, 0, uuid, timeout)
    if count:
        pf.write('sriov_numvfs', count)
        _wait_for_count(pf, count, uuid, timeout)


def _elsewhere(pf, count):
    shown = _vf_count(pf)
    return bool(count and shown and shown != count)


def _wait_for_count(pf, count, uuid, timeout):
    wait(lambda: _vf_count(pf) == count or _elsewhere(pf, count), timeout)
    if _vf_count(pf) == count:
        return
    if _elsewhere(pf, count):
        raise all_or_none(uuid, count, pf.address, pf.driver, _vf_count(pf))
    raise exception.DeviceConfigFailed(uuid=uuid, reason=(
        '%(count)d VFs asked of %(pf)s: after %(timeout)s s it shows '
        '%(links)d (sriov_numvfs reads %(numvfs)s)' % {
            'count': count, 'pf': pf.address, 'timeout': timeout,
            'links': len(pf.virtfns),
            'numvfs': pf.read('sriov_numvfs')}))


def all_or_none(uuid, count, address, driver, shown):
    """DeviceConfigFailed: *count* VFs asked, the PF's *driver* enabled
    *shown*.
    """
    return exception.DeviceConfigFailed(uuid=uuid, reason=(
        '%d VFs asked of %s, its driver %s enabled %d: it takes no other '
        'count (the kernel\'s QAT drivers enable all VFs or none)'
        % (count, address, driver, shown)))


def _bind(vf, driver, host_driver, uuid, timeout):
    current = vf.driver
    if current == driver:
        return
    LOG.info('Binding VF %(vf)s to %(driver)s (from %(current)s)',
             {'vf': vf.address, 'driver': driver, 'current': current})
    vf.write('driver_override', _CLEAR_OVERRIDE if host_driver else driver)
    if current is not None:
        vf.write('driver/unbind', vf.address)
    vf.probe()
    if wait(lambda: vf.driver == driver, timeout):
        return
    found = vf.driver
    raise exception.DeviceConfigFailed(uuid=uuid, reason=(
        'VF %(vf)s asked to bind to %(driver)s: after %(timeout)s s it is '
        '%(found)s' % {'vf': vf.address, 'driver': driver,
                       'timeout': timeout,
                       'found': 'bound to %s' % found if found
                       else 'unbound'}))


def wait(condition, timeout):
    """Whether *condition()* came true within *timeout* seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() >= deadline:
            return False
        time.sleep(POLL_SECONDS)
    return True
