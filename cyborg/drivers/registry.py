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
"""Which accelerator drivers exist: names, classes, options, loading.

A driver is an entry point of the stevedore namespace
``cyborg.accelerator.driver`` (declared in pyproject.toml).  Several names
may load one class: a driver's own name (``fake``) and the names the
existing Cyborg gave it (``fake_driver``, see cyborg.drivers.upstream).
A name of the existing Cyborg that no entry point serves is refused with
DriverNotProvided, any other unknown name with DriverNotFound.

Every service asks here: the agent loads the drivers of ``[agent]
enabled_drivers`` (load()), the conductor checks the drivers and the
configurations the operator installs through the API (driver_class() and
the class's ``config_options``, checked by cyborg.drivers.config).
Running the drivers (discovery, reports) is the agent's
(cyborg.agent.resource_tracker).
"""

import collections

from oslo_log import log as logging
from stevedore import driver as stevedore_driver
from stevedore import extension

from cyborg import exception
from cyborg.drivers import upstream

LOG = logging.getLogger(__name__)

NAMESPACE = 'cyborg.accelerator.driver'


def available():
    """The names of the namespace's entry points, sorted."""
    return sorted(extension.ExtensionManager(NAMESPACE).names())


def check_known(name, known=None):
    """Refuse a name no entry point serves.

    :param known: available(), when the caller already has it.
    :raises: DriverNotProvided (a driver name of the existing Cyborg
        that this one lacks), DriverNotFound (any other unknown name).
    """
    known = available() if known is None else known
    if name in known:
        return
    if name in upstream.DRIVER_NAMES:
        raise exception.DriverNotProvided(
            name=name, drives=upstream.DRIVER_NAMES[name],
            known=', '.join(known))
    raise exception.DriverNotFound(name=name, known=', '.join(known))


def driver_class(name):
    """The class behind a driver name or alias.

    :raises: DriverNotFound (unknown name; DriverNotProvided for a name
        of the existing Cyborg this one lacks), DriverLoadError (the
        driver's module would not import).
    """
    check_known(name)
    try:
        return stevedore_driver.DriverManager(NAMESPACE, name).driver
    except Exception as exc:
        raise exception.DriverLoadError(name=name, reason=exc)


def option_groups(name):
    """The option groups a configuration given through the API may set
    on driver *name*: ``{group: [oslo.config Opt]}``.

    :raises: as driver_class().
    """
    return dict(driver_class(name).config_options)


def same_driver(name, drivers):
    """The key of *drivers* whose driver is of *name*'s class (another
    alias of a loaded driver), or None.

    :param drivers: ``{key: driver instance}``.
    :raises: as driver_class().
    """
    cls = driver_class(name)
    for key, driver in drivers.items():
        if type(driver) is cls:
            return key
    return None


def load(conf, host):
    """Load and configure every driver of ``[agent] enabled_drivers``.

    Names that load the same class (``fake`` and its alias
    ``fake_driver``) give one driver.  Every name is checked before any
    driver starts, so that a typo stops the agent at once.  A driver name
    of the existing OpenStack Cyborg that this one lacks (upstream.
    DRIVER_NAMES: ``nvmf_spdk_driver``) is skipped with a warning, so that
    its configuration files keep starting the agent.

    :param conf: the ConfigOpts.
    :param host: this node's name.
    :raises: DriverNotFound (unknown name), DriverLoadError (the driver
        would not import or start), ConfigInvalid and its subclasses such
        as InvalidSelector (the driver's configuration is wrong).
    :returns: (``{driver name: driver}`` in configuration order,
        ``{enabled name: driver name}``).
    """
    known = available()
    names = []
    for name in conf.agent.enabled_drivers:
        if name not in known and name in upstream.DRIVER_NAMES:
            # A configuration of the existing Cyborg: start without it.
            LOG.warning(
                'Skipping accelerator driver %(name)s of [agent] '
                'enabled_drivers: a driver of OpenStack Cyborg '
                '(%(drives)s) that this Cyborg does not provide; its '
                'devices are not reported.  Remove it from [agent] '
                'enabled_drivers (cyborg-status upgrade check lists it).',
                {'name': name, 'drives': upstream.DRIVER_NAMES[name]})
            continue
        check_known(name, known)
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
