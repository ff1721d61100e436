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
"""``[pci] device_spec`` selectors: Nova's syntax, plus ``class_code``,
``driver`` and ``device_type``; an unknown key is an error (a typo must
not match nothing silently).
"""

import fnmatch
import functools
import re

import os_resource_classes
import os_traits
from oslo_serialization import jsonutils
from oslo_utils import strutils

from cyborg import exception
from cyborg.drivers import pci

MATCH_KEYS = ('vendor_id', 'product_id', 'address', 'devname', 'class_code',
              'driver', 'device_type')
TAG_KEYS = ('resource_class', 'traits', 'physical_network', 'trusted',
            'remote_managed')

# What the generic driver takes when no selector is configured: the PCI
# classes of accelerators (HARDWARE.md 3.2).  0x1201 (SDXI, a data mover)
# is deliberately not among them.
DEFAULT_SPECS = (
    {'class_code': '1200'},   # processing accelerators
    {'class_code': '0b40'},   # co-processors (Intel QAT)
    {'class_code': '10'},     # encryption controllers
    {'class_code': '0302'},   # 3D controllers (data-center GPUs)
)

_ID_RE = re.compile(r'^(\*|[0-9a-fA-F]{1,4})$')
_CLASS_RE = re.compile(r'^[0-9a-fA-F]{2}([0-9a-fA-F]{2}){0,2}$')
_ADDRESS_LIMITS = (('domain', 0xFFFF), ('bus', 0xFF), ('slot', 0x1F),
                   ('function', 0x7))
_DEVICE_TYPES = (pci.TYPE_PCI, pci.TYPE_PF, pci.TYPE_VF)


def custom_name(name):
    """Upper case, ``_`` for any other character than a letter or digit."""
    return re.sub(r'[^A-Z0-9_]+', '_', name.strip().upper())


def _custom(name, standard):
    name = custom_name(name)
    if name in standard or name.startswith('CUSTOM_'):
        return name
    return 'CUSTOM_' + name


def normalize_resource_class(name):
    """Nova's: custom_name(), ``CUSTOM_`` unless standard."""
    return _custom(name, os_resource_classes.STANDARDS)


@functools.lru_cache(maxsize=1)
def _standard_traits():
    return frozenset(os_traits.get_traits())


class Selector:
    """One parsed selector (*source*: its text, for messages)."""

    def __init__(self, spec, source=None, extra_keys=None):
        self.source = source if source is not None else jsonutils.dumps(
            spec, sort_keys=True)
        if not isinstance(spec, dict):
            self._invalid('a selector must be a JSON object')
        extra_keys = extra_keys or {}
        known = MATCH_KEYS + TAG_KEYS + tuple(extra_keys)
        unknown = sorted(set(spec) - set(known))
        if unknown:
            self._invalid('unknown key(s) %s; known keys: %s' % (
                ', '.join(unknown), ', '.join(known)))
        #: The values of a driver's own keys (*extra_keys*: {key: the
        #: values it takes}).
        self.extra = {key: spec[key] for key in extra_keys if key in spec}
        for key, value in self.extra.items():
            if value not in extra_keys[key]:
                self._invalid('%s must be one of %s' % (
                    key, ', '.join(extra_keys[key])))
        if 'address' in spec and 'devname' in spec:
            self._invalid('address and devname are mutually exclusive')
        self.vendor_id = self._id(spec, 'vendor_id')
        self.product_id = self._id(spec, 'product_id')
        self.address_glob = None
        self.address_regex = None
        if 'address' in spec:
            self._parse_address(spec['address'])
        self.devname = self._string(spec, 'devname')
        self.class_code = self._string(spec, 'class_code')
        if self.class_code is not None:
            if not _CLASS_RE.match(self.class_code):
                self._invalid('class_code must be 2, 4 or 6 hex digits')
            self.class_code = self.class_code.lower()
        self.driver = self._string(spec, 'driver')
        self.device_type = self._string(spec, 'device_type')
        if self.device_type not in (None,) + _DEVICE_TYPES:
            self._invalid('device_type must be one of %s' %
                          ', '.join(_DEVICE_TYPES))
        self._parse_tags(spec)

    def __repr__(self):
        return '<Selector %s>' % self.source

    def _invalid(self, reason):
        raise exception.InvalidSelector(spec=self.source, reason=reason)

    def _string(self, spec, key):
        value = spec.get(key)
        if value is not None and (not isinstance(value, str) or
                                  not value.strip()):
            self._invalid('%s must be a non-empty string' % key)
        return value

    def _id(self, spec, key):
        value = self._string(spec, key)
        if value is None or value == '*':
            return None
        if not _ID_RE.match(value):
            self._invalid('%s must be up to 4 hex digits or "*"' % key)
        return '%04x' % int(value, 16)

    def _parse_address(self, address):
        if isinstance(address, dict):
            self._parse_address_regex(address)
        elif isinstance(address, str):
            self._parse_address_glob(address)
        else:
            self._invalid('address must be a string or an object')

    def _parse_address_glob(self, address):
        if address.count(':') > 2 or address.count('.') > 1:
            self._invalid('address %r is not [[[[domain]:]bus]:][slot]'
                          '[.[function]]' % address)
        dbs, _, function = address.partition('.')
        fields = dbs.split(':')
        fields[:0] = [''] * (3 - len(fields))
        parts = []
        for (name, limit), value in zip(_ADDRESS_LIMITS,
                                        fields + [function]):
            value = value.strip() or '*'
            if value == '*':
                parts.append(None)
                continue
            if (not re.fullmatch(r'[0-9a-fA-F]+', value) or
                    int(value, 16) > limit):
                self._invalid('address %s %r must be hex up to %x or "*"' %
                              (name, value, limit))
            parts.append(int(value, 16))
        self.address_glob = tuple(parts)

    def _parse_address_regex(self, address):
        names = [name for name, _ in _ADDRESS_LIMITS]
        unknown = sorted(set(address) - set(names))
        if unknown:
            self._invalid('unknown address key(s) %s' % ', '.join(unknown))
        regex = {}
        for name in names:
            pattern = address.get(name, '.*')
            try:
                regex[name] = re.compile(pattern)
            except (re.error, TypeError) as exc:
                self._invalid('address %s regex %r: %s' % (name, pattern,
                                                           exc))
        self.address_regex = tuple(regex[name] for name in names)

    def _parse_tags(self, spec):
        rc = self._string(spec, 'resource_class')
        self.resource_class = normalize_resource_class(rc) if rc else None
        traits = self._string(spec, 'traits')
        # As normalize_resource_class(), against the standard traits.
        self.traits = sorted({_custom(t, _standard_traits()) for t in
                              (traits or '').split(',') if t.strip()})
        self.physical_network = self._string(spec, 'physical_network')
        self.trusted = self._bool(spec, 'trusted')
        self.remote_managed = self._bool(spec, 'remote_managed')

    def _bool(self, spec, key):
        value = spec.get(key)
        if value is None:
            return None
        try:
            return strutils.bool_from_string(value, strict=True)
        except ValueError:
            self._invalid('%s must be "true" or "false"' % key)

    @property
    def exact_address(self):
        if self.address_glob is None or None in self.address_glob:
            return None
        return '%04x:%02x:%02x.%x' % self.address_glob

    def _address_matches(self, address):
        dbs, _, function = address.partition('.')
        parts = dbs.split(':') + [function]
        if self.address_regex is not None:
            return all(r.fullmatch(p)
                       for r, p in zip(self.address_regex, parts))
        try:
            numbers = [int(p, 16) for p in parts]
        except ValueError:
            return False
        return all(want is None or want == got
                   for want, got in zip(self.address_glob, numbers))

    def match(self, dev):
        """Whether *dev* is selected; a PF's exact address also selects
        its VFs (as Nova does).
        """
        for key in ('vendor_id', 'product_id', 'device_type'):
            if getattr(self, key) and getattr(dev, key) != getattr(self, key):
                return False
        if self.class_code and not (dev.class_code or '').startswith(
                self.class_code):
            return False
        # An unbound function matches no driver pattern, not even "*".
        if self.driver and not (dev.driver and fnmatch.fnmatchcase(
                dev.driver, self.driver)):
            return False
        if self.devname and self.devname not in dev.net_names:
            return False
        if self.address_glob is not None or self.address_regex is not None:
            if not self._address_matches(dev.address):
                physfn = dev.physfn
                return bool(physfn and physfn == self.exact_address)
        return True


def parse(values, extra_keys=None):
    """Selectors of an option's values, each a JSON object or a list;
    *extra_keys*: ``{key: the values it takes}`` of the driver's own.
    """
    selectors = []
    for value in values:
        try:
            decoded = jsonutils.loads(value)
        except ValueError as exc:
            raise exception.InvalidSelector(
                spec=value, reason='not valid JSON: %s' % exc)
        specs = decoded if isinstance(decoded, list) else [decoded]
        for spec in specs:
            source = value if len(specs) == 1 else jsonutils.dumps(spec)
            selectors.append(Selector(spec, source=source,
                                      extra_keys=extra_keys))
    return selectors


def defaults():
    return [Selector(dict(spec)) for spec in DEFAULT_SPECS]


def first_match(selectors, dev):
    return next((s for s in selectors if s.match(dev)), None)
