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
"""The libvirt ``<hostdev>`` XML Nova's libvirt driver makes of an
instance's bound ARQs (``cyborg-manage arq hostdev``, tests): ``pci`` for
``PCI``, ``mdev`` for ``MDEV`` (only with Nova 2026.2's
"cyborg-vgpu-support"), nothing for ``TEST_PCI``.
"""

import re
import xml.etree.ElementTree as ET

from cyborg import states

PCI = 'PCI'
MDEV = 'MDEV'

_HEX = {'domain': re.compile(r'^[0-9a-fA-F]{4}$'),
        'bus': re.compile(r'^[0-9a-fA-F]{2}$'),
        'device': re.compile(r'^[0-9a-fA-F]{2}$'),
        'function': re.compile(r'^[0-7]$')}
_UUID = re.compile(r'^[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$')


class NotAttachable(ValueError):
    """An ARQ that gives a guest nothing (not bound, bad attach info)."""


def _pci(info, uuid):
    values = {}
    for key, pattern in _HEX.items():
        value = str(info.get(key, ''))
        if not pattern.match(value):
            raise NotAttachable('ARQ %s: attach_handle_info %s %r is not a '
                                'PCI address part' % (uuid, key, value))
        values[key] = '0x' + value.lower()
    element = ET.Element('hostdev', mode='subsystem', type='pci',
                         managed='yes')
    source = ET.SubElement(element, 'source')
    ET.SubElement(source, 'address', domain=values['domain'],
                  bus=values['bus'], slot=values['device'],
                  function=values['function'])
    return element


def _mdev(info, uuid):
    mdev_uuid = str(info.get('mdev_uuid', ''))
    if not _UUID.match(mdev_uuid):
        raise NotAttachable('ARQ %s: attach_handle_info has no mdev_uuid'
                            % uuid)
    element = ET.Element('hostdev', mode='subsystem', type='mdev',
                         model='vfio-pci')
    source = ET.SubElement(element, 'source')
    ET.SubElement(source, 'address', uuid=mdev_uuid.lower())
    return element


def hostdev(arq):
    """The ``<hostdev>`` element of one bound ARQ (an API dict), or None
    for ``TEST_PCI``; NotAttachable when Nova could not use it.
    """
    uuid = arq.get('uuid')
    if arq.get('state') != states.BOUND:
        raise NotAttachable('ARQ %s is %s, not Bound' % (uuid,
                                                         arq.get('state')))
    info = arq.get('attach_handle_info') or {}
    kind = arq.get('attach_handle_type')
    if kind == PCI:
        return _pci(info, uuid)
    if kind == MDEV:
        return _mdev(info, uuid)
    return None


def to_string(element):
    ET.indent(element)
    return ET.tostring(element, encoding='unicode')


def guest_hostdevs(arqs, with_mdev=False):
    """(elements in ARQ order, None), or ([], why): Nova composes none
    when one ARQ has a type it does not compose (*with_mdev*: as Nova
    with cyborg-vgpu-support).
    """
    elements = [hostdev(arq) for arq in arqs]
    composed = (PCI, MDEV) if with_mdev else (PCI,)
    other = sorted({arq.get('attach_handle_type') for arq in arqs} -
                   set(composed))
    if other:
        return [], ('Nova composes only %s attach handles and ignores all '
                    'ARQs of an instance that has others (%s)'
                    % (' and '.join(composed), ', '.join(other)))
    return elements, None
