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
"""Cleaning a device between two tenants: what the drivers' clean steps
share (base.AcceleratorDriver.clean() runs them through run()).

A step is done only when what it promises was read back: else it raises
DeviceCleanFailed with what was read instead.  Every driver offers the
operator's own steps, ``operator:<name>`` (``[clean_steps]
operator_steps``), run by the privileged helper with the device's
address and a timeout, their output kept in the detail or the reason.

The function reset is the kernel's (Linux,
``Documentation/ABI/testing/sysfs-bus-pci``): a function it can reset has
a ``reset`` file, "writing 1 to this file will perform reset", with the
methods of ``reset_method`` (``flr``, ``pm``, ``bus``...) in turn, and the
write fails when none worked.  It is read back: still there, answering
its vendor and device ids (not all ones), bound to the driver it had.
"""

import dataclasses
import time

from cyborg import exception
from cyborg.drivers import command

OPERATOR = 'operator:'
FUNCTION_RESET = 'function_reset'
LOAD_IMAGE = 'load_clean_image'
RESET_SOURCE = ('Linux, Documentation/ABI/testing/sysfs-bus-pci: '
                '/sys/bus/pci/devices/<address>/reset and reset_method')
#: Characters of an operator step's output kept in its detail or reason.
OUTPUT_KEPT = 1000


@dataclasses.dataclass(frozen=True)
class CleanStep:
    """One step of cleaning a device between two tenants.

    :param name: how a device class names it (``cleaning`` steps), unique
        within the driver, e.g. ``function_reset``.
    :param description: what it does and how it is verified, one line.
    :param source: the vendor's or the kernel's documented mechanism it
        follows (a document and section), for the driver's docs.
    :param default: whether "cleaning on" runs it without naming it.
    """

    name: str
    description: str
    source: str
    default: bool = True


def failed(step, address, reason):
    """The DeviceCleanFailed of *step* of the device at *address*."""
    return exception.DeviceCleanFailed(step=step, address=address,
                                       reason=reason)


def reset_step(what='the PCI function'):
    """The CleanStep of reset() of *what*."""
    return CleanStep(FUNCTION_RESET, 'function-level reset of %s, read '
                     'back: present, same ids, same driver' % what,
                     RESET_SOURCE)


def can_reset(dev):
    """Whether the kernel can reset the PciDevice *dev*."""
    return dev.exists('reset')


def reset(dev, step=FUNCTION_RESET):
    """Reset the PciDevice *dev* (see the module docstring).

    :raises: DeviceCleanFailed
    :returns: what was done and read back.
    """
    before = (dev.vendor_id, dev.product_id, dev.driver)
    if not can_reset(dev):
        raise failed(step, dev.address, 'the kernel offers no reset of it '
                     '(no reset file in sysfs)')
    try:
        dev.write('reset', '1')
    except OSError as exc:
        raise failed(step, dev.address, 'the kernel did not reset it: %s'
                     % exc)
    after = dev.uncached()
    found = (after.vendor_id, after.product_id, after.driver)
    if not after.present or after.config_all_ones or found != before:
        raise failed(step, dev.address, 'after its reset it reads %s, not '
                     '%s' % (_facts(found) if after.present else 'nothing',
                             _facts(before)))
    return 'reset (%s), reads %s' % (
        dev.read('reset_method') or 'the kernel\'s method', _facts(found))


def reset_steps(devs, what):
    """``[reset_step(what)]`` when the kernel can reset each of the
    PciDevices *devs*, else ``[]``.
    """
    return [reset_step(what)] if devs and all(map(can_reset, devs)) else []


def reset_each(devs):
    """reset() each of the PciDevices *devs*; :returns: the details."""
    return '; '.join('%s %s' % (dev.address, reset(dev)) for dev in devs)


def _facts(found):
    vendor, product, driver = found
    return '%s:%s bound to %s' % (vendor, product, driver or 'no driver')


def image_step(vendor, read_back, source):
    """The CleanStep ``load_clean_image`` of an FPGA driver: the image of
    ``[fpga] clean_images`` of *vendor* loaded, its id read back from
    *read_back*.
    """
    return CleanStep(LOAD_IMAGE, 'the known-good image of [fpga] '
                     'clean_images (%s) loaded, its id read back from %s'
                     % (vendor, read_back), source)


def check_image(path, image_id, vendor):
    """Raise ConfigInvalid unless *image_id(path)* reads the id of the
    image *path* of ``[fpga] clean_images`` of *vendor* (unset: nothing to
    check).
    """
    if path and image_id(path) is None:
        raise exception.ConfigInvalid(reason='[fpga] clean_images: %s of %s '
                                      'is not an image whose id can be read'
                                      % (path, vendor))


def loaded(address, expected, found):
    """Raise DeviceCleanFailed unless the function id *found* read back
    from *address* is the image's, *expected*.
    """
    if found != expected:
        raise failed(LOAD_IMAGE, address, 'reads function id %s, not the '
                     'known-good image\'s %s' % (found or 'none', expected))


def operator_steps(conf):
    """The CleanSteps of ``[clean_steps] operator_steps``, by name."""
    return [CleanStep(OPERATOR + name, 'the operator\'s command %s, given '
                      'the device\'s address' % path,
                      'the operator\'s own ([clean_steps] operator_steps)',
                      default=False)
            for name, path in sorted(conf.clean_steps.operator_steps.items())]


def run(driver, address, steps, timeout):
    """Run *steps* of *driver* on the device at *address* in order:
    the operator's, or ``driver.clean_step()``.

    :raises: as base.AcceleratorDriver.clean(); CommandTimeout when no
        time is left for the next step.
    :returns: ``[{"step", "detail"}]``.
    """
    deadline = time.monotonic() + timeout
    done = []
    for name in steps:
        left = deadline - time.monotonic()
        if left <= 0:
            raise exception.CommandTimeout(
                command='clean step %s of %s' % (name, address),
                timeout=timeout)
        if name.startswith(OPERATOR):
            detail = _operator(driver, name, address, left)
        else:
            detail = driver.clean_step(address, name, left)
        done.append({'step': name, 'detail': detail})
    return done


def _operator(driver, step, address, left):
    name = step[len(OPERATOR):]
    opts = driver.conf.clean_steps
    if name not in opts.operator_steps:
        raise exception.UnsupportedOperation(
            driver=driver.name, operation='clean step %s' % step)
    timeout = min(left, opts.operator_timeout)
    result = command.run_operator_step(name, address, timeout)
    output = (result['stdout'] + result['stderr']).strip()[-OUTPUT_KEPT:]
    if result['timed_out']:
        raise failed(step, address, 'not done in %d s: %s'
                     % (timeout, output))
    if result['returncode']:
        raise failed(step, address, 'exit status %d: %s'
                     % (result['returncode'], output))
    return output or 'exit status 0'
