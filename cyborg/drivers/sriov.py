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
"""SR-IOV configuration of a physical function: its VF count and the
kernel driver of its VFs, for every driver of SR-IOV devices.

These are the ``num_vfs`` and ``vf_driver`` fields of
cyborg.common.device_config.  Sysfs is read through
cyborg.drivers.pci.PciDevice and written only through its write_sysfs()
(the privileged helper).  What the write sequences rely on, from the
kernel's Documentation/ABI/testing/sysfs-bus-pci and drivers/base/bus.c
(``drivers_probe_store``):

* ``sriov_numvfs`` reads the number of VFs enabled, and writing N enables
  N.  The core refuses another count while VFs are enabled ("writing a 2
  to this file when sriov_numvfs is not 0 and not 2 already will return
  an error": EBUSY) and one above ``sriov_totalvfs``, so a change of
  count goes through 0.  Writing the count already enabled changes
  nothing.  Enabling needs the PF's own driver bound, whose
  ``sriov_configure`` may enable another count than written: the
  kernel's QAT drivers enable all their VFs, whatever the count
  (drivers/crypto/intel/qat/qat_common/adf_sriov.c); configure() then
  fails at once, naming the count made.  The write returns once the VFs
  exist (``virtfnN`` links on the PF, ``physfn`` on each VF) and drivers
  were probed for them.
* ``sriov_drivers_autoprobe`` (1 unless someone wrote 0): new VFs are
  bound at once to a driver whose ID table matches them.
* ``driver_override``: only a driver of that name may bind the
  function; an empty string (``echo > driver_override``, a newline)
  clears it and gives the function back to the kernel's own matching.
  Writing it neither unbinds the function nor loads the driver: with no
  such driver loaded, the function stays unbound.
* ``drivers/<driver>/unbind`` (``<function>/driver/unbind``): the
  function's address written there unbinds it.
* ``/sys/bus/pci/drivers_probe``: an address written there makes the core
  probe drivers for that function, if none is bound.

A real kernel has done all this when the write returns; configure() still
waits (a bounded poll) for sysfs to show it, because udev and the tests'
fake kernel (cyborg/tests/fixtures/fake_kernel.py) lag.
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
#: How often it looks meanwhile.
POLL_SECONDS = 0.01

# What clears a driver_override (see the module docstring).
_CLEAR_OVERRIDE = '\n'


def settable(pf, vf_drivers):
    """What can be set of the SR-IOV capable *pf* (its record's
    ``configuration.settable``).

    :param pf: the PciDevice of the physical function.
    :param vf_drivers: the host's own drivers of its VFs, those the kernel
        binds them to by itself (may be empty); vfio-pci is always offered,
        last.
    :returns: ``{"num_vfs": schema, "vf_driver": schema}``.
    """
    drivers = [d for d in dict.fromkeys(vf_drivers) if d and d != VFIO_PCI]
    return {NUM_VFS: {'type': 'integer', 'minimum': 0,
                      'maximum': pf.sriov_totalvfs},
            VF_DRIVER: {'type': 'string', 'enum': drivers + [VFIO_PCI]}}


def vfs(pf, devices):
    """The VFs of *pf* that *devices* holds, in VF order: those discovery
    offers.

    :param devices: ``{address: PciDevice}`` (pci.by_address()).
    """
    return [devices[a] for a in pf.virtfns if a in devices]


def common_driver(functions):
    """The driver every one of *functions* is bound to.

    :returns: its name; None when there is no function, when they are
        bound to different drivers, or when they are unbound.
    """
    drivers = {f.driver for f in functions}
    return drivers.pop() if len(drivers) == 1 else None


def actual(pf, devices):
    """What the SR-IOV configuration of *pf* is (its record's
    ``configuration.actual``), as the discovery that reads *devices*
    shows it.

    :param devices: ``{address: PciDevice}`` (pci.by_address()).
    :returns: ``{"num_vfs": the VFs present, "vf_driver":
        common_driver() of them}``: ``vf_driver`` is None with no VF, and
        also while the VFs are unbound or on different drivers, which no
        desired ``vf_driver`` is.
    """
    present = vfs(pf, devices)
    return {NUM_VFS: len(present), VF_DRIVER: common_driver(present)}


def configuration(pf, devices, vf_drivers):
    """The record's ``configuration`` of *pf*: None unless it is an
    SR-IOV capable physical function (``sriov_totalvfs`` > 0).

    :param devices: ``{address: PciDevice}`` (pci.by_address()).
    :param vf_drivers: as settable()'s.
    :returns: ``{"settable": settable(), "actual": actual()}`` or None.
    """
    if not pf.is_pf:
        return None
    return {'settable': settable(pf, vf_drivers),
            'actual': actual(pf, devices)}


def configure(pf, desired, uuid, vf_drivers=None, timeout=WAIT_SECONDS):
    """Make the VFs of *pf* as *desired* says; what already is as desired
    is not written again (idempotent).

    The count changes through 0 (the kernel takes a new count only from
    0): with VFs enabled, 0 is written and their removal waited for, then
    the count (0 is not written when no VF is enabled: the kernel would
    take it as a no-op).  The VFs there were are gone then, and the new
    ones come up on the host's own driver, or none; so when
    ``vf_driver`` is left out, the driver every VF had before is bound
    again: a field left out stays as it is.  Then each VF not bound to
    the wanted driver is handed to it: its ``driver_override`` names the
    driver (or, for one of the host's own drivers, is cleared, so that
    the kernel's matching binds it), it is unbound from its current
    driver, and the kernel probes it.

    :param pf: the PciDevice of the SR-IOV capable physical function.
    :param desired: ``{"num_vfs": n, "vf_driver": name}``, either left
        out.
    :param uuid: the device's (its record's) uuid, for the errors.
    :param vf_drivers: the host's own VF drivers, as given to settable():
        a ``vf_driver`` neither one of them nor vfio-pci is invalid.
        None: any name is taken for one of the host's own (the generic
        driver's PFs, whose drivers Cyborg cannot know).
    :param timeout: how long to wait for sysfs to show each change, in
        seconds.
    :raises: DeviceConfigInvalid for a count above ``sriov_totalvfs``, a
        driver not offered, or a driver asked for no VF;
        DeviceConfigFailed when sysfs does not show a change within
        *timeout*; OSError when the kernel refuses a write.
    :returns: ``{"reboot_required": False}``.
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
    """Raise DeviceConfigInvalid when the kernel could not do it."""
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
        offered = settable(pf, vf_drivers)[VF_DRIVER]['enum']
        if driver not in offered:
            reason = ('vf_driver %s: the VFs of %s take %s'
                      % (driver, pf.address, ', '.join(offered)))
    if reason is not None:
        raise exception.DeviceConfigInvalid(uuid=uuid, reason=reason)


def _vf_count(pf):
    """The VFs *pf* shows: its ``virtfnN`` links whose function exists,
    when ``sriov_numvfs`` reads as many (None while they disagree: links
    appear one by one, and sriov_numvfs reads the count being made).
    """
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
    """Whether the kernel settled *pf* at another count of VFs than
    *count*: its driver chose the count (the kernel's QAT drivers enable
    all VFs, whatever count is written).
    """
    shown = _vf_count(pf)
    return bool(count and shown and shown != count)


def _wait_for_count(pf, count, uuid, timeout):
    _wait(lambda: _vf_count(pf) == count or _elsewhere(pf, count),
          timeout)
    if _vf_count(pf) == count:
        return
    if _elsewhere(pf, count):
        raise exception.DeviceConfigFailed(uuid=uuid, reason=(
            '%(count)d VFs asked of %(pf)s, its driver %(driver)s enabled '
            '%(shown)d: it takes no other count (the kernel\'s QAT drivers '
            'enable all VFs or none)' % {
                'count': count, 'pf': pf.address, 'driver': pf.driver,
                'shown': _vf_count(pf)}))
    raise exception.DeviceConfigFailed(uuid=uuid, reason=(
        '%(count)d VFs asked of %(pf)s: after %(timeout)s s it shows '
        '%(links)d (sriov_numvfs reads %(numvfs)s)' % {
            'count': count, 'pf': pf.address, 'timeout': timeout,
            'links': len(pf.virtfns),
            'numvfs': pf.read('sriov_numvfs')}))


def _bind(vf, driver, host_driver, uuid, timeout):
    """Bind the (uncached) VF *vf* to *driver*, unless it is already."""
    current = vf.driver
    if current == driver:
        return
    LOG.info('Binding VF %(vf)s to %(driver)s (from %(current)s)',
             {'vf': vf.address, 'driver': driver, 'current': current})
    vf.write('driver_override', _CLEAR_OVERRIDE if host_driver else driver)
    if current is not None:
        vf.write('driver/unbind', vf.address)
    vf.probe()
    if _wait(lambda: vf.driver == driver, timeout):
        return
    found = vf.driver
    raise exception.DeviceConfigFailed(uuid=uuid, reason=(
        'VF %(vf)s asked to bind to %(driver)s: after %(timeout)s s it is '
        '%(found)s' % {'vf': vf.address, 'driver': driver,
                       'timeout': timeout,
                       'found': 'bound to %s' % found if found
                       else 'unbound'}))


def _wait(condition, timeout):
    """Whether *condition()* came true within *timeout* seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() >= deadline:
            return False
        time.sleep(POLL_SECONDS)
    return True
