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
"""Device classes (doc/source/admin/device-classes.rst): the providers of
the deployables whose facts() meet every condition of a class's selector
carry ``CUSTOM_CLASS_<NAME>``.  A condition on a fact the deployable does
not have is false, ``!=`` too.
"""

import re

from oslo_serialization import jsonutils

from cyborg import exception
from cyborg.common import health_states

TRAIT_PREFIX = 'CUSTOM_CLASS_'
#: A class name: letters, digits and underscores (upper-cased in the trait
#: and stored so; Placement's custom traits allow nothing else).
NAME_PATTERN = r'^[A-Za-z0-9_]{1,64}$'
_NAME = re.compile(NAME_PATTERN)
#: A condition's key.
KEY_PATTERN = r'^[A-Za-z0-9_.:-]{1,64}$'
#: The most conditions of one selector.
MAX_CONDITIONS = 16
#: The most values of one ``in`` list.
MAX_IN_VALUES = 64

EQUALITY_OPS = ('==', '!=')
ORDER_OPS = ('<', '<=', '>', '>=')
OPS = EQUALITY_OPS + ORDER_OPS + ('in',)

#: The facts every deployable may have (doc/source/api/device_classes.rst
#: says what each is).
NAMED_FACTS = ('vendor', 'product', 'model', 'type', 'driver', 'host',
               'health', 'numa_node', 'firmware', 'resource_class',
               'mig_profile', 'vgpu_type', 'memory_mb', 'compute_capability',
               'driver_version')

_VERSION = re.compile(r'^[0-9]+(\.[0-9]+)*$')
_HEX_FACTS = ('vendor', 'product', 'model')
_MIG_RC_PREFIX = 'CUSTOM_MIG_'
# Members of the stored board information that are not driver facts.
_NOT_FACTS = ('acc_specs', 'acc_status')
# The members of vendor_board_info that say what a device runs (as
# cyborg.db.queries.device.FIRMWARE_KEYS).
_FIRMWARE_KEYS = ('firmware', 'bitstream_id')


def trait(name):
    """``CUSTOM_CLASS_GPU_40G`` for the class ``gpu_40g``."""
    return TRAIT_PREFIX + name.upper()


def normalize_name(name):
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise exception.DeviceClassInvalid(
            reason='a name is 1 to 64 letters, digits and underscores, '
                   'not %r' % (name,))
    return name.upper()


def _invalid(index, why):
    return exception.DeviceClassInvalid(
        reason='condition %d of the selector: %s' % (index, why))


def _scalar(value):
    return isinstance(value, (str, bool, int, float))


def _is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _check_condition(index, condition):
    if not isinstance(condition, dict) or set(condition) != {
            'key', 'op', 'value'}:
        raise _invalid(index, 'a condition is {"key", "op", "value"}')
    key, op, value = condition['key'], condition['op'], condition['value']
    if not isinstance(key, str) or not re.fullmatch(KEY_PATTERN, key):
        raise _invalid(index, 'bad key %r' % (key,))
    if op not in OPS:
        raise _invalid(index, 'op must be one of %s' % ', '.join(OPS))
    if op == 'in':
        if (not isinstance(value, list) or not value or
                len(value) > MAX_IN_VALUES or
                not all(_scalar(v) for v in value)):
            raise _invalid(index, '"in" takes a list of 1 to %d strings, '
                                  'numbers or booleans' % MAX_IN_VALUES)
    elif op in ORDER_OPS:
        if not (_is_number(value) or (isinstance(value, str) and
                                      _VERSION.fullmatch(value))):
            raise _invalid(index, '%s takes a number or a dotted version '
                                  '("535.104"), not %r' % (op, value))
    elif not _scalar(value):
        raise _invalid(index, '%s takes a string, a number or a boolean'
                       % op)


def check(selector):
    """*selector*, unless it is not 1 to MAX_CONDITIONS valid conditions
    (DeviceClassInvalid, saying which and why).
    """
    if not isinstance(selector, list) or not selector:
        raise exception.DeviceClassInvalid(
            reason='the selector is a non-empty list of conditions')
    if len(selector) > MAX_CONDITIONS:
        raise exception.DeviceClassInvalid(
            reason='a selector has at most %d conditions' % MAX_CONDITIONS)
    for index, condition in enumerate(selector):
        _check_condition(index, condition)
    return selector


# Matching -----------------------------------------------------------------

def _json_dict(text):
    if isinstance(text, dict):
        return text
    try:
        value = jsonutils.loads(text or '{}')
    except ValueError:
        # Rows of the existing Cyborg may hold free text.
        return {}
    return value if isinstance(value, dict) else {}


def _scalars(mapping):
    return {k: v for k, v in mapping.items()
            if k not in _NOT_FACTS and v is not None and _scalar(v)}


def _hex(value):
    text = str(value).lower()
    return text[2:] if text.startswith('0x') else text


def _trait_spelling(value):
    return re.sub(r'[^A-Z0-9]+', '_', str(value).upper())


def facts(device, deployable, attributes=(), handles=()):
    """``{key: value}`` a selector can name of one deployable (rows as
    dicts): the NAMED_FACTS, and any scalar its driver reports in the
    board information, the capability or the attributes.
    """
    std = _json_dict(device.get('std_board_info'))
    capability = _json_dict(std.get('acc_specs')).get('acc_capability')
    vendor_info = _json_dict(device.get('vendor_board_info'))
    found = {**_scalars(std), **_scalars(_json_dict(capability)),
             **_scalars(vendor_info)}
    rc = None
    for attribute in attributes:
        key = attribute['key']
        if key == 'rc':
            rc = attribute['value']
        elif not key.startswith('trait') and attribute['value'] is not None:
            found[key] = attribute['value']
    found.update({
        'vendor': device.get('vendor'), 'product': device.get('model'),
        'model': device.get('model'), 'type': device.get('type'),
        'driver': deployable.get('driver_name') or device.get('driver_name'),
        'host': device.get('hostname'),
        'health': device.get('health') or health_states.HEALTHY})
    if rc:
        found['resource_class'] = rc
        if rc.startswith(_MIG_RC_PREFIX):
            found['mig_profile'] = rc[len(_MIG_RC_PREFIX):]
    firmware = next((vendor_info[k] for k in _FIRMWARE_KEYS
                     if vendor_info.get(k)), None)
    if firmware is not None:
        found['firmware'] = firmware
    types = sorted({_json_dict(h.get('attach_info')).get('asked_type')
                    for h in handles} - {None})
    if len(types) == 1:
        found['vgpu_type'] = types[0]
    return {k: v for k, v in found.items() if v is not None}


def _number(value):
    if _is_number(value):
        return value
    try:
        return float(str(value).strip())
    except ValueError:
        return None


def _version(value):
    text = str(value).strip()
    if not _VERSION.fullmatch(text):
        return None
    return tuple(int(part) for part in text.split('.'))


def _equal(key, fact, value):
    if _is_number(value):
        number = _number(fact)
        return number is not None and number == value
    if isinstance(value, bool):
        return str(fact).lower() == str(value).lower()
    if key in _HEX_FACTS:
        return _hex(fact) == _hex(value)
    if key == 'mig_profile':
        return _trait_spelling(fact) == _trait_spelling(value)
    return str(fact).lower() == str(value).lower()


_ORDER = {'<': lambda a, b: a < b, '<=': lambda a, b: a <= b,
          '>': lambda a, b: a > b, '>=': lambda a, b: a >= b}


def _ordered(op, fact, value):
    if _is_number(value):
        have, want = _number(fact), value
    else:
        have, want = _version(fact), _version(value)
    return have is not None and want is not None and _ORDER[op](have, want)


def holds(condition, found):
    key, op, value = condition['key'], condition['op'], condition['value']
    if key not in found:
        return False
    fact = found[key]
    if op == '==':
        return _equal(key, fact, value)
    if op == '!=':
        return not _equal(key, fact, value)
    if op == 'in':
        return any(_equal(key, fact, v) for v in value)
    return _ordered(op, fact, value)


def matches(selector, found):
    return all(holds(condition, found) for condition in selector)


def selected(device_class, deployables):
    """The (device, deployable) of *deployables* the class selects, from
    the facts Cyborg has (as the push matches them: traits()).

    :param device_class: a dict with ``name`` and ``selector``.
    :param deployables: device_class queries' deployables().
    """
    return [(device, deployable)
            for device, deployable, attributes, handles in deployables
            if traits([device_class], facts(device, deployable, attributes,
                                            handles))]


def traits(classes, found):
    """The ``CUSTOM_CLASS_*`` traits of a deployable of facts *found*
    (a selector that fails check() matches nothing).
    """
    result = set()
    for device_class in classes:
        selector = device_class['selector']
        try:
            check(selector)
        except exception.DeviceClassInvalid:
            continue
        if matches(selector, found):
            result.add(trait(device_class['name']))
    return result
