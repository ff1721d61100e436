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
"""What the drivers' clean steps share; a step is done only when what it
promises was read back, else DeviceCleanFailed says what was read.

Every driver offers the operator's steps, ``operator:<name>``, run by the
privileged helper.  The function reset is the kernel's (Linux,
``Documentation/ABI/testing/sysfs-bus-pci``): "writing 1 to this file
will perform reset" with the methods of ``reset_method`` in turn; read
back, the function is still there with its ids and driver.
"""

import dataclasses

from cyborg import exception
from cyborg.common import cleaning as common_cleaning
from cyborg.drivers import command

OPERATOR = 'operator:'
FUNCTION_RESET = 'function_reset'
LOAD_IMAGE = 'load_clean_image'
RESET_SOURCE = ('Linux, Documentation/ABI/testing/sysfs-bus-pci: '
                '/sys/bus/pci/devices/<address>/reset and reset_method')
#: Characters of an operator step's output kept in its detail or reason.
OUTPUT_KEPT = 1000
#: The operator's steps run after the drivers' own (50), before a
#: verification (10).
OPERATOR_PRIORITY = 20
VERIFY_PRIORITY = 10


@dataclasses.dataclass(frozen=True)
class CleanStep:
    """One step of cleaning a device between two tenants, declared by its
    driver (as Ironic's clean steps).

    :param description: what it does and how it is verified, one line.
    :param source: the documented mechanism it follows.
    :param default: whether "cleaning on" runs it without naming it.
    :param priority: steps run highest first.
    :param scope: UNIT: it cleans one unit (clean_step()'s *unit*) while
        the device's others serve their tenants; DEVICE: the whole device.
    :param abortable: whether it can be stopped midway (the device stays
        held, its clean failed).
    """

    name: str
    description: str
    source: str
    default: bool = True
    priority: int = 50
    scope: str = common_cleaning.DEVICE
    abortable: bool = False

    def to_dict(self):
        """As the agent reports it (cyborg.common.cleaning.resolve())."""
        return dataclasses.asdict(self)


def failed(step, address, reason):
    return exception.DeviceCleanFailed(step=step, address=address,
                                       reason=reason)


def reset_step(what='the PCI function', scope=common_cleaning.UNIT):
    """The function reset of each function offered: of one unit alone
    (*scope* UNIT), or of the whole device (DEVICE, a GPU).
    """
    return CleanStep(FUNCTION_RESET, 'function-level reset of %s, read '
                     'back: present, same ids, same driver' % what,
                     RESET_SOURCE, scope=scope)


def can_reset(dev):
    return dev.exists('reset')


def reset(dev, step=FUNCTION_RESET):
    """Reset the PciDevice *dev* and read it back."""
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
    """``[reset_step(what)]`` when the kernel can reset each of *devs*."""
    return [reset_step(what)] if devs and all(map(can_reset, devs)) else []


def only(devs, unit, step=FUNCTION_RESET, what='a function of the device'):
    """*devs*, or only the one at the address *unit* (else
    DeviceCleanFailed: not *what*).
    """
    if unit is None:
        return devs
    devs = [dev for dev in devs if dev.address == unit]
    if not devs:
        raise failed(step, unit, 'not %s (gone?)' % what)
    return devs


def reset_each(devs, unit=None):
    """Reset each of *devs*, or only the one at the address *unit*."""
    return '; '.join('%s %s' % (dev.address, reset(dev))
                     for dev in only(devs, unit))


def _facts(found):
    vendor, product, driver = found
    return '%s:%s bound to %s' % (vendor, product, driver or 'no driver')


def image_step(vendor, read_back, source, scope=common_cleaning.DEVICE):
    return CleanStep(LOAD_IMAGE, 'the known-good image of [fpga] '
                     'clean_images (%s) loaded, its id read back from %s'
                     % (vendor, read_back), source, scope=scope)


def clean_image(conf, vendor, image_id):
    """``[fpga] clean_images`` of *vendor*; ConfigInvalid unless it is a
    path the FPGA tools take (command.image_argument()) and
    *image_id(path)* reads an id.
    """
    path = conf.fpga.clean_images.get(vendor)
    if not path:
        return path
    try:
        command.image_argument(path)
    except exception.ImageNotFound as exc:
        raise exception.ConfigInvalid(reason='[fpga] clean_images: %s of %s: '
                                      '%s' % (path, vendor, exc.message))
    if image_id(path) is None:
        raise exception.ConfigInvalid(reason='[fpga] clean_images: %s of %s '
                                      'is not an image whose id can be read'
                                      % (path, vendor))
    return path


def load_image(driver, units, image, expected, what):
    """``load_clean_image``: program each of *units* with *image* through
    *driver*, each reading back the function id *expected* (else
    DeviceCleanFailed); the detail, *what* naming the image.
    """
    for unit in units:
        found = driver.program(unit.address, image)['function_id']
        if found != expected:
            raise failed(LOAD_IMAGE, unit.address, 'reads function id %s, '
                         'not the known-good image\'s %s'
                         % (found or 'none', expected))
    return '%s %s loaded into %s, read back' % (
        what, expected, ', '.join(unit.address for unit in units))


def operator_steps(conf):
    return [CleanStep(OPERATOR + name, 'the operator\'s command %s, given '
                      'the device\'s address' % path,
                      'the operator\'s own ([clean_steps] operator_steps)',
                      default=False, priority=OPERATOR_PRIORITY,
                      abortable=True)
            for name, path in sorted(conf.clean_steps.operator_steps.items())]


def run_step(driver, address, name, timeout, unit=None, abort=None,
             marker=None):
    """Run one step of a clean (the driver's own, or the operator's):
    base.AcceleratorDriver.clean_step()'s parameters and answer.

    :param marker: what the operator's step's processes carry in their
        environment, by which the agent kills them (command.kill_marked).
    """
    if name.startswith(OPERATOR):
        return _operator(driver, name, unit or address, timeout, abort,
                         marker)
    return driver.clean_step(address, name, timeout, unit=unit, abort=abort)


def _operator(driver, step, address, timeout, abort, marker):
    name = step[len(OPERATOR):]
    opts = driver.conf.clean_steps
    if name not in opts.operator_steps:
        raise exception.UnsupportedOperation(
            driver=driver.name, operation='clean step %s' % step)
    timeout = min(timeout, opts.operator_timeout)
    result = command.run_operator_step(name, address, timeout, marker)
    output = (result['stdout'] + result['stderr']).strip()[-OUTPUT_KEPT:]
    if abort is not None and abort.is_set():
        raise failed(step, address, 'aborted: %s' % (output or 'killed'))
    if result['timed_out']:
        raise failed(step, address, 'not done in %d s, its processes '
                     'killed: %s' % (timeout, output))
    if result['returncode']:
        raise failed(step, address, 'exit status %d: %s'
                     % (result['returncode'], output))
    return output or 'exit status 0'
