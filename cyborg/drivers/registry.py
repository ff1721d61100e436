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
"""Loading the accelerator drivers' classes (the agent only)."""

import collections

from oslo_log import log as logging
from stevedore import driver as stevedore_driver

from cyborg import exception
from cyborg.common import driver_names
from cyborg.common import upstream_driver_names

LOG = logging.getLogger(__name__)

NAMESPACE = driver_names.NAMESPACE


def driver_class(name):
    """The class behind a driver name or alias."""
    driver_names.check_known(name)
    try:
        return stevedore_driver.DriverManager(NAMESPACE, name).driver
    except Exception as exc:
        raise exception.DriverLoadError(name=name, reason=exc)


def same_driver(name, drivers):
    """The key of *drivers* whose driver is of *name*'s class, or None."""
    cls = driver_class(name)
    return next((key for key, driver in drivers.items()
                 if type(driver) is cls), None)


def load(conf, host):
    """Load every driver of ``[agent] enabled_drivers`` (aliases of one
    class give one; upstream names this Cyborg lacks are skipped).

    :returns: (``{driver name: driver}`` in configuration order,
        ``{enabled name: driver name}``).
    """
    known = driver_names.available()
    names = []
    for name in conf.agent.enabled_drivers:
        if name not in known and name in upstream_driver_names.DRIVER_NAMES:
            LOG.warning(
                'Skipping accelerator driver %(name)s of [agent] '
                'enabled_drivers: a driver of OpenStack Cyborg '
                '(%(drives)s) that this Cyborg does not provide; its '
                'devices are not reported.  Remove it from [agent] '
                'enabled_drivers (cyborg-status upgrade check lists it).',
                {'name': name,
                 'drives': upstream_driver_names.DRIVER_NAMES[name]})
            continue
        driver_names.check_known(name, known)
        names.append(name)
    drivers = collections.OrderedDict()
    aliases = {}
    for name in names:
        loaded = same_driver(name, drivers)
        if loaded is not None:
            aliases[name] = loaded
            continue
        instance = _start(driver_class(name), name, conf, host)
        drivers[instance.name] = instance
        aliases[name] = instance.name
        LOG.info('Loaded accelerator driver %(name)s (as %(enabled)s)',
                 {'name': instance.name, 'enabled': name})
    return drivers, aliases


def _start(cls, name, conf, host):
    try:
        return cls(conf=conf, host=host)
    except exception.CyborgException:
        raise
    except Exception as exc:
        raise exception.DriverLoadError(name=name, reason=exc)
