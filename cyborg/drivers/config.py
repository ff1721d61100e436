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
"""Configuration of drivers installed through the API (``POST
/v2/drivers``): ``{group: {option: value}}`` of the driver's
``config_options``, converted and bounded by the options, numbers finite
(oslo.config's float takes ``"nan"``); the driver sees it through
DriverConf.
"""

import math

from oslo_config import cfg
from oslo_serialization import jsonutils

from cyborg import exception
from cyborg.common import driver_config


def _options(driver_cls, group):
    opts = driver_cls.driver_options(group)
    if opts is None:
        allowed = ', '.join('[%s]' % g for g in
                            sorted(driver_cls.config_options)) or 'none'
        raise exception.DriverConfigInvalid(
            name=driver_cls.name,
            reason='it takes no options of group [%s] (it takes: %s)' % (
                group, allowed))
    return {opt.dest: opt for opt in opts}


def check(driver_cls, config):
    """*config* with values of the options' types (DriverConfigInvalid).
    """
    if not isinstance(config, dict):
        raise exception.DriverConfigInvalid(
            name=driver_cls.name, reason='expected {group: {option: value}}')
    converted = {}
    for group, values in config.items():
        opts = _options(driver_cls, group)
        if not isinstance(values, dict):
            raise exception.DriverConfigInvalid(
                name=driver_cls.name,
                reason='[%s] must be an object of options' % group)
        scratch = cfg.ConfigOpts()
        scratch.register_opts(list(opts.values()), group=group)
        scratch([], default_config_files=[], default_config_dirs=[])
        converted[group] = {}
        for name, value in values.items():
            if name not in opts:
                raise exception.DriverConfigInvalid(
                    name=driver_cls.name,
                    reason='[%s] has no option %s (known: %s)' % (
                        group, name, ', '.join(sorted(opts))))
            value = driver_config.plain(value)
            if opts[name].multi and not isinstance(value, list):
                # One selector (string or object) of a multi-valued
                # option such as [pci] device_spec.
                value = [value]
            try:
                scratch.set_override(name, value, group=group)
                converted[group][name] = _finite(scratch[group][name])
            except (ValueError, TypeError) as exc:
                raise exception.DriverConfigInvalid(
                    name=driver_cls.name,
                    reason='[%s] %s = %s: %s' % (
                        group, name, jsonutils.dumps(value), exc))
    return converted


def _finite(value):
    """*value*; ValueError when it is or holds a number not finite."""
    for item in value if isinstance(value, list) else [value]:
        if isinstance(item, float) and not math.isfinite(item):
            raise ValueError('%s is not a finite number' % item)
    return value


class _GroupView:
    """*group* (an option group, or a whole configuration) with the
    options of *values* replaced.
    """

    def __init__(self, group, values):
        self._group = group
        self._values = values

    def __getattr__(self, name):
        if name in self._values:
            return self._values[name]
        return getattr(self._group, name)

    def __getitem__(self, name):
        return self.__getattr__(name)


class DriverConf(_GroupView):
    """*conf* with the options of *overrides* (from check()) replaced;
    registering options goes to *conf*.
    """

    def __getattr__(self, name):
        group = getattr(self._group, name)
        if name in self._values:
            return _GroupView(group, self._values[name])
        return group

    def __contains__(self, name):
        return name in self._group
