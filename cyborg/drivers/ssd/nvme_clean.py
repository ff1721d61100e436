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
"""The nvme driver's clean step ``erase``, through nvme-cli (NVM Express
Base Specification 2.0: Sanitize, or Format NVM with a Secure Erase), as
doc/source/admin/drivers.rst says: the selector's ``clear_action`` and
``clear_strategy`` choose; nothing is erased unless the kernel's ``nvme``
driver holds the controller and the host uses none of its namespaces.
"""

import json
import os
import re
import time

from cyborg import exception
from cyborg.drivers import clean as cleaning
from cyborg.drivers import command
from cyborg.drivers import pci

ERASE = 'erase'
ACTION = 'clear_action'
STRATEGY = 'clear_strategy'
AUTO = 'auto'
SANITIZE = 'sanitize'
ZERO = 'zero'
CRYPTO = 'crypto'
BLOCK = 'block'
ACTIONS = (AUTO, SANITIZE, ZERO)
STRATEGIES = (AUTO, CRYPTO, BLOCK)
SOURCE = ('NVM Express Base Specification 2.0: "Sanitize command" and the '
          'Sanitize Status log page; "Format NVM command" (Secure Erase '
          'Settings); nvme-cli: nvme-sanitize(1), nvme-sanitize-log(1), '
          'nvme-format(1), nvme-read(1)')

#: SANACT of a sanitize, SES of a format, by strategy.
SANACT = {CRYPTO: 4, BLOCK: 2}
SES = {CRYPTO: 2, BLOCK: 1}
#: Sanitize Status (SSTAT bits 2:0): in progress; completed successfully.
IN_PROGRESS = 2
COMPLETED = (1, 4)
#: Seconds between two reads of the sanitize log.
POLL_SECONDS = 2.0
SECTOR = 512

_CONTROLLER = re.compile(r'^nvme\d+$')
_NAMESPACE = re.compile(r'^nvme\d+n\d+$')
_PATH = re.compile(r'^nvme\d+c\d+n\d+$')
_STATUS = re.compile(r'^\((\d+)\)')


def controller(dev):
    """``nvme0`` of *dev*, or None when the ``nvme`` driver lacks it."""
    if dev.driver != 'nvme':
        return None
    names = [n for n in dev.listdir('nvme') if _CONTROLLER.match(n)]
    return names[0] if names else None


def _sysfs(dev, relpath):
    """The sysfs directory *relpath* read as a PciDevice."""
    return pci.PciDevice(os.path.join(dev.sysfs_root, relpath))


def namespaces(dev, name):
    """The namespaces' block devices of controller *name* (with native
    multipath, its subsystem's).
    """
    entries = dev.listdir('nvme/' + name)
    found = {e for e in entries if _NAMESPACE.match(e)}
    if any(_PATH.match(e) for e in entries):
        subsystems = _sysfs(dev, 'class/nvme-subsystem')
        for subsystem in subsystems.listdir():
            members = subsystems.listdir(subsystem)
            if name in members:
                found.update(m for m in members if _NAMESPACE.match(m))
    return sorted(found)


def in_use(dev, names):
    """Which of *names* (or their partitions) are mounted or held; a
    mount table that cannot be read, or lists nothing (not even ``/``),
    counts as a use: nothing is erased that the host may have mounted.
    """
    mountinfo = os.path.join(os.path.dirname(dev.sysfs_root),
                             'proc/self/mountinfo')
    try:
        with open(mountinfo) as f:
            mounted = {line.split()[2] for line in f if line.strip()}
    except (OSError, IndexError, UnicodeDecodeError) as exc:
        return ['its mounts cannot be told: %s unreadable (%s)'
                % (mountinfo, exc)]
    if not mounted:
        return ['its mounts cannot be told: %s lists no mount' % mountinfo]
    used = []
    for name in names:
        disk = _sysfs(dev, 'class/block/' + name)
        for block in [disk] + [pci.PciDevice(disk.path(part)) for part in
                               disk.listdir() if part.startswith(name)]:
            if block.read('dev') in mounted:
                used.append('%s is mounted' % block.address)
            if block.listdir('holders'):
                used.append('%s is held by %s' % (
                    block.address, ', '.join(block.listdir('holders'))))
    return used


def clear_settings(match):
    """``{clear_action, clear_strategy}`` of the Selector *match*."""
    return {ACTION: match.extra.get(ACTION, AUTO),
            STRATEGY: match.extra.get(STRATEGY, AUTO)}


def step(match):
    """The CleanStep of erase() under the Selector *match*."""
    return cleaning.CleanStep(
        ERASE, 'clear_action %(clear_action)s, clear_strategy '
        '%(clear_strategy)s: Sanitize, verified by its status log, or Format '
        'NVM, verified by reading zeros' % clear_settings(match), SOURCE)


def erase(dev, match, timeout):
    """Erase the controller *dev* as its Selector *match* says."""
    deadline = time.monotonic() + timeout
    name = controller(dev)
    if name is None:
        raise cleaning.failed(ERASE, dev.address, 'the kernel\'s nvme driver '
                              'does not hold it (bound to %s)' % dev.driver)
    names = namespaces(dev, name)
    used = in_use(dev, names)
    if used:
        raise cleaning.failed(ERASE, dev.address, 'the host uses it: %s'
                              % '; '.join(used))
    action, strategy = _choose(
        dev.address, _json(['id-ctrl', '/dev/' + name], deadline),
        clear_settings(match))
    if action == SANITIZE:
        return _sanitize(dev.address, name, strategy, deadline)
    return _format(dev, names, strategy, deadline)


def _nvme(args, deadline):
    left = deadline - time.monotonic()
    if left <= 0:
        raise exception.CommandTimeout(command='nvme ' + ' '.join(args),
                                       timeout=0)
    return command.run(['nvme'] + args, timeout=left)


def _json(args, deadline):
    return json.loads(_nvme(args + ['-o', 'json'], deadline))


def _choose(address, ident, settings):
    """The first (action, strategy) of *settings* that the Identify
    Controller *ident* offers.
    """
    sanicap, oacs, fna = (int(ident.get(key, 0))
                          for key in ('sanicap', 'oacs', 'fna'))
    offered = {(SANITIZE, CRYPTO): sanicap & 1, (SANITIZE, BLOCK): sanicap & 2,
               (ZERO, CRYPTO): oacs & 2 and fna & 4, (ZERO, BLOCK): oacs & 2}
    action, strategy = settings[ACTION], settings[STRATEGY]
    for chosen in [(a, s) for a in (SANITIZE, ZERO) if action in (AUTO, a)
                   for s in (CRYPTO, BLOCK) if strategy in (AUTO, s)]:
        if offered[chosen]:
            return chosen
    raise cleaning.failed(ERASE, address, 'the controller offers no erase '
                          'of clear_action %s, clear_strategy %s (SANICAP '
                          '0x%x, OACS 0x%x, FNA 0x%x)' % (
                              action, strategy, sanicap, oacs, fna))


def _sanitize_status(log):
    """(status, global data erased, action) of ``nvme sanitize-log -o
    json`` (nvme-cli 2.8 keys the status by its own text).
    """
    page = next(iter(log.values()))
    sstat = page['sstat']
    status = [int(m.group(1)) for m in (_STATUS.match(str(v))
                                        for v in sstat.values()) if m]
    return (status[0] if status else None, int(sstat['global_erased']),
            int(page['cdw10_info']) & 7)


def _sanitize(address, name, strategy, deadline):
    device = '/dev/' + name
    _nvme(['sanitize', device, '--sanact=%d' % SANACT[strategy]], deadline)
    while True:
        status, erased, action = _sanitize_status(
            _json(['sanitize-log', device], deadline))
        if status != IN_PROGRESS:
            break
        if time.monotonic() + POLL_SECONDS > deadline:
            raise exception.CommandTimeout(
                command='nvme sanitize %s' % device,
                timeout=round(deadline - time.monotonic()))
        time.sleep(POLL_SECONDS)
    if (status not in COMPLETED or not erased or
            action != SANACT[strategy]):
        raise cleaning.failed(ERASE, address, 'after its %s erase sanitize '
                              'the log reads status %s, global data erased '
                              '%d, action %d' % (strategy, status, erased,
                                                 action))
    return ('%s erase sanitize of %s: its log reads completed successfully, '
            'global data erased' % (strategy, name))


def _format(dev, names, strategy, deadline):
    for name in names:
        flbas = int(_json(['id-ns', '/dev/' + name], deadline)['flbas'])
        milliseconds = int(max(deadline - time.monotonic(), 1) * 1000)
        _nvme(['format', '/dev/' + name, '--ses=%d' % SES[strategy],
               '--lbaf=%d' % ((flbas & 0xf) | (flbas >> 1 & 0x30)),
               '--force', '--timeout=%d' % min(milliseconds, 999999999)],
              deadline)
        disk = _sysfs(dev, 'class/block/' + name)
        size = int(disk.read('queue/logical_block_size'))
        last = int(disk.read('size')) * SECTOR // size - 1
        for lba in sorted({0, last}):
            data = _nvme(['read', '/dev/' + name, '--start-block=%d' % lba,
                          '--block-count=0', '--data-size=%d' % size],
                         deadline)
            if len(data) != size or data.strip('\0'):
                raise cleaning.failed(
                    ERASE, dev.address, 'logical block %d of %s does not '
                    'read zeros after its %s erase format: use clear_action '
                    'sanitize' % (lba, name, strategy))
    return ('%s erase format of %s: first and last blocks read zeros'
            % (strategy, ', '.join(names) or 'no namespace'))
