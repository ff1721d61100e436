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
"""The RPC methods of the operator's verbs on devices and drivers."""

from oslo_log import log as logging
import oslo_messaging as messaging

from cyborg import context as cyborg_context
from cyborg import exception
from cyborg.conductor import rpcapi
from cyborg.conductor.devices import attribute
from cyborg.conductor.devices import cleaning
from cyborg.conductor.devices import configuration
from cyborg.conductor.devices import configuration_rollout
from cyborg.conductor.devices import device
from cyborg.conductor.devices import device_class
from cyborg.conductor.devices import device_profile as profile_ops
from cyborg.conductor.devices import driver
from cyborg.conductor.placement import push as placement_push
from cyborg.db.queries import configuration_rollout as rollout_queries
from cyborg.notifications import configuration_rollout as rollout_notify
from cyborg.notifications import device_config as config_notify

LOG = logging.getLogger(__name__)


def configure_soon(pool, placement, agent_api, host):
    """On the pool, after the caller answers: push the host (the device
    reserved), then tell its agent to take its configurations.
    """
    pool.kick(_push_then_tell, placement, agent_api, host)


def _push_then_tell(placement, agent_api, host):
    context = cyborg_context.get_admin_context()
    placement_push.push_hosts(context, placement, [host])
    try:
        agent_api.configure_soon(context, host)
    except messaging.MessagingException:
        # Only late: its heartbeat asks all the same.
        LOG.warning('Could not tell the agent of %s about its devices\' '
                    'configuration; its next heartbeat asks', host)


class DevicesEndpoint:
    """The operator's verbs (see the module docstring).

    :param kick_work: a callable taking a context: do what is due soon (the
        events and jobs of a forced uninstall's unbinds).
    """

    def __init__(self, target, pool, placement, agent_api, kick_work):
        self.target = target
        self._pool = pool
        self._placement = placement
        self._agent_api = agent_api
        self._kick_work = kick_work
        self.cleaner = cleaning.Cleaner(agent_api, placement, pool)

    @rpcapi.write_method(exception.DeviceProfileNameConflict,
                         exception.DeviceProfileUUIDConflict)
    def device_profile_create(self, context, device_profile):
        return profile_ops.create(context, device_profile)

    @rpcapi.write_method(exception.DeviceProfileNotFound,
                         exception.DeviceProfileInUse)
    def device_profile_delete(self, context, uuids, names):
        profile_ops.delete(context, uuids=uuids, names=names)

    @rpcapi.write_method(exception.DeviceNotFound)
    def device_set_status(self, context, uuid, status):
        device.set_status(context, self._placement, uuid, status)

    @rpcapi.write_method(exception.DeviceSelectorEmpty)
    def device_set_status_by_selector(self, context, selector, status):
        """Enable or disable every device a selector names; their hosts are
        pushed from the pool after the answer.
        """
        uuids, hosts = device.set_status_by_selector(context, selector,
                                                     status)
        placement_push.push_soon(self._pool, self._placement, hosts)
        return uuids

    @rpcapi.write_method(exception.DeployableNotFound)
    def attribute_create(self, context, deployable_id, key, value):
        return attribute.create(context, deployable_id, key, value,
                                placement=self._placement)['uuid']

    @rpcapi.write_method(exception.AttributeNotFound)
    def attribute_delete(self, context, uuid):
        attribute.delete(context, uuid, placement=self._placement)

    # Drivers -----------------------------------------------------------------

    @rpcapi.write_method(exception.UnknownDriver, exception.AgentNotFound,
                         exception.DriverAlreadyEnabled)
    def driver_install(self, context, name, host=None, config=None):
        return driver.install(context, self._agent_api, name, host=host,
                              config=config)

    @rpcapi.write_method(exception.DriverUUIDNotFound,
                         exception.DriverUninstalled)
    def driver_update(self, context, uuid, config):
        return driver.update(context, self._agent_api, uuid, config)

    @rpcapi.write_method(exception.DriverUUIDNotFound,
                         exception.DriverUninstalled, exception.DriverInUse,
                         exception.PlacementError)
    def driver_uninstall(self, context, uuid, force=False):
        answer = driver.uninstall(context, self._agent_api, self._placement,
                                  uuid, force=force)
        self._kick_work(context)
        return answer

    # Device classes ----------------------------------------------------------

    @rpcapi.write_method(exception.DeviceClassInvalid,
                         exception.DeviceClassExists)
    def device_class_create(self, context, name, selector,
                            description=None, cleaning=None):
        """Store a device class; its hosts are pushed from the pool after the
        answer.
        """
        created, hosts = device_class.create(context, name, selector,
                                             description=description,
                                             cleaning_policy=cleaning)
        placement_push.push_soon(self._pool, self._placement, hosts)
        return created

    @rpcapi.write_method(exception.DeviceClassNotFound,
                         exception.DeviceClassInvalid)
    def device_class_update(self, context, name, values):
        """Change a device class, pushed as create pushes."""
        updated, hosts = device_class.update(context, name, values)
        placement_push.push_soon(self._pool, self._placement, hosts)
        return updated

    @rpcapi.write_method(exception.DeviceClassNotFound,
                         exception.DeviceClassInRollout)
    def device_class_delete(self, context, name):
        """Delete a device class, pushed as create pushes."""
        placement_push.push_soon(self._pool, self._placement,
                                 device_class.delete(context, name))

    # Device configuration ----------------------------------------------------

    @rpcapi.write_method(exception.DeviceNotFound,
                         exception.DeviceNotConfigurable,
                         exception.DeviceConfigInvalid,
                         exception.DeviceDriverFailing,
                         exception.DeviceConfigInUse,
                         exception.DeviceInRollout)
    def device_configure(self, context, device_uuid, desired, drain=False):
        """Store a device's desired configuration; the host is pushed and its
        agent told from the pool after the answer.
        """
        config = configuration.configure(context, device_uuid, desired,
                                         drain=drain)
        config_notify.send(context, config_notify.START, config)
        configure_soon(self._pool, self._placement, self._agent_api,
                       config['hostname'])
        return config

    @rpcapi.write_method(exception.DeviceConfigNotFound,
                         exception.DeviceInRollout)
    def device_config_delete(self, context, device_uuid):
        """Forget a device's desired state; its inventory is offered again."""
        host = configuration.forget(context, device_uuid)
        placement_push.push_soon(self._pool, self._placement, [host])

    # Cleaning ----------------------------------------------------------------

    @rpcapi.write_method(exception.DeviceNotFound, exception.DeviceCleaning,
                         exception.DeviceNotHeld, exception.DeviceCleanInUse,
                         exception.DeviceNotCleaning,
                         exception.DeviceCleanNotAbortable,
                         exception.DeviceCleanRunning)
    def device_clean(self, context, device_uuid, by, release_uncleaned=False,
                     reason=None, abort=False):
        """An administrator's clean (cleaning.clean()); the clean handed
        (or the abort cast) at once.  A clean's device is pushed reserved
        before the answer, so that the hand-off, which waits for that
        push, need not wait for the next work poll; a release's after it.
        """
        host = cleaning.clean(context, device_uuid, by,
                              release_uncleaned=release_uncleaned,
                              abort=abort, reason=reason)
        if release_uncleaned or abort:
            placement_push.push_soon(self._pool, self._placement, [host])
        else:
            placement_push.reserve_now(context, self._placement, [host])
        self._kick_work(context)

    @messaging.expose
    def clean_progress(self, context, host, device_uuid, generation, step,
                       done=None):
        """An agent starts a step of a clean (a cast; AgentAPI.clean)."""
        self.cleaner.progress(context, host, device_uuid, generation, step,
                              done)

    @messaging.expose
    def clean_done(self, context, host, device_uuid, generation, done=None,
                   error=None):
        """An agent's outcome of a clean (a cast; see AgentAPI.clean)."""
        self.cleaner.finish(context, host, device_uuid, generation,
                            done=done, error=error)

    # Configuration rollouts --------------------------------------------------

    @rpcapi.write_method(exception.DeviceClassNotFound,
                         exception.ConfigurationRolloutInvalid,
                         exception.DeviceNotConfigurable,
                         exception.DeviceConfigInvalid,
                         exception.DeviceDriverFailing,
                         exception.DeviceInRollout)
    def configuration_rollout_create(self, context, device_class, desired,
                                     max_unavailable, drain=False,
                                     max_failures=0, follow=False):
        """Store a rollout; its first wave starts from the pool after the
        answer.
        """
        row = configuration_rollout.create(
            context, device_class, desired, max_unavailable, drain=drain,
            max_failures=max_failures, follow=follow)
        return self._announced(context, row, rollout_notify.CREATE)

    @rpcapi.write_method(exception.ConfigurationRolloutNotFound,
                         exception.ConfigurationRolloutBadState)
    def configuration_rollout_pause(self, context, uuid):
        return self._announced(
            context, configuration_rollout.pause(context, uuid),
            rollout_notify.PAUSE)

    @rpcapi.write_method(exception.ConfigurationRolloutNotFound,
                         exception.ConfigurationRolloutBadState)
    def configuration_rollout_resume(self, context, uuid):
        """Run a paused rollout again, from the pool after the answer."""
        return self._announced(
            context, configuration_rollout.resume(context, uuid),
            rollout_notify.RESUME)

    @rpcapi.write_method(exception.ConfigurationRolloutNotFound,
                         exception.ConfigurationRolloutBadState)
    def configuration_rollout_abort(self, context, uuid):
        """Stop a rollout; say which devices it changed."""
        row, changed = configuration_rollout.abort(context, uuid)
        return dict(self._announced(context, row, rollout_notify.ABORT),
                    changed=changed)

    @rpcapi.write_method(exception.ConfigurationRolloutNotFound,
                         exception.ConfigurationRolloutDeviceNotFound)
    def configuration_rollout_forget(self, context, uuid, device_uuid):
        configuration_rollout.forget(context, uuid, device_uuid)

    def _announced(self, context, row, event):
        """*row* with its progress, once announced; the next waves start
        from the pool.
        """
        row = rollout_queries.with_progress(context, row)
        rollout_notify.send(context, event, row)
        self._kick_work(context)
        return row
