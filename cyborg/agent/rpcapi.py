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
"""Client side of the agent RPC API (topic ``cyborg-agent``, one server
per host, named after the agent's ``[DEFAULT] host``).

API version history:

* 1.0 - The first release's baseline.

From the first release on, a version step per change, capped by
``[upgrade_levels] agent``.
"""

from oslo_config import cfg
import oslo_messaging as messaging

from cyborg import rpc
from cyborg import servicegroup

CONF = cfg.CONF

TOPIC = servicegroup.AGENT


class AgentAPI:
    """Calls to the cyborg-agent of one host.  Keyword arguments only; a
    cast raises MessagingException when the message cannot be sent.
    """

    # Bump it (and the manager's) with every new method or argument.
    RPC_API_VERSION = '1.0'

    def __init__(self, topic=TOPIC):
        target = messaging.Target(topic=topic, version='1.0')
        self.client = rpc.get_client(
            target, version_cap=rpc.version_cap(CONF, 'agent'))

    def configure_soon(self, context, host):
        """Tell *host*'s agent that the operator's decisions for it (its
        drivers, its devices' configurations) changed; the agent fetches
        them with a heartbeat.  A cast: conductors never wait on agents.
        """
        cctxt = self.client.prepare(server=host, version='1.0')
        cctxt.cast(context, 'configure_soon')

    def holders_changed(self, context, host, bindings):
        """Tell *host*'s agent who holds its devices now, the labels of
        their telemetry series (a cast; its periodic report heals a lost
        one).

        :param bindings: ``{device uuid: [{instance, project}]}`` of the
            host's held devices (telemetry_queries.bindings()).
        """
        cctxt = self.client.prepare(server=host, version='1.0')
        cctxt.cast(context, 'holders_changed', bindings=bindings)

    def discover_soon(self, context, host, discovery_id, driver=None):
        """Ask *host*'s agent to discover and report soon (a cast).

        :param discovery_id: the request's id, which the report carries.
        :param driver: an enabled driver's name (or alias); None: all.
        """
        cctxt = self.client.prepare(server=host, version='1.0')
        cctxt.cast(context, 'discover_soon', discovery_id=discovery_id,
                   driver=driver)

    def clean(self, context, host, device_uuid, unit, generation, steps,
              done, timeout):
        """Clean a device of *host*, or one unit of it, before its next
        tenant (a cast); the agent casts each step's start back
        (ConductorAPI.clean_progress) and the outcome (clean_done).

        :param unit: the PCI address of the unit to clean alone, or None.
        :param generation: the clean's: the agent runs a generation once,
            stops an older one of the same device or unit first, and
            ignores an older one than it runs.
        :param steps: the steps (dicts: name, scope, abortable...) in the
            order they run.
        :param done: the names of the steps done before (by an agent that
            stopped): the clean resumes after them.
        :param timeout: the seconds one step may take.
        """
        cctxt = self.client.prepare(server=host, version='1.0')
        cctxt.cast(context, 'clean', device_uuid=device_uuid, unit=unit,
                   generation=generation, steps=steps, done=done,
                   timeout=timeout)

    def clean_abort(self, context, host, device_uuid, unit, generation):
        """Stop the clean *generation* of a device (or unit) of *host* (a
        cast): an abortable step is stopped, the processes of an
        operator's step killed; the agent answers with clean_done once
        nothing of it runs (at once when it runs nothing of it).
        """
        cctxt = self.client.prepare(server=host, version='1.0')
        cctxt.cast(context, 'clean_abort', device_uuid=device_uuid,
                   unit=unit, generation=generation)

    def program(self, context, host, driver, address, bitstream_id=None,
                function_id=None, timeout=None):
        """Program a device of *host* with an image.

        :param driver: the driver that reported the device.
        :param address: the PCI address to program.
        :param bitstream_id: image UUID (accel:bitstream_id), or None.
        :param function_id: accel:function_id, or None.
        :param timeout: seconds to wait (default: rpc_response_timeout).
        :raises: DriverNotEnabled, ImageNotFound, UnsupportedOperation,
            DriverDeviceNotFound, CommandFailed, MessagingTimeout.
        :returns: the driver's program() result.
        """
        cctxt = self.client.prepare(server=host, version='1.0',
                                    timeout=timeout)
        return cctxt.call(context, 'program', driver=driver, address=address,
                          bitstream_id=bitstream_id, function_id=function_id)

    def prepare_attach(self, context, host, driver, attach_handle,
                       mdev_uuid, timeout=None):
        """Create what an instance needs of a handle (a mediated device).

        :param attach_handle: ``{attach_type, attach_info}``.
        :param mdev_uuid: the uuid the mediated device gets.
        :raises: DriverNotEnabled, UnsupportedOperation, CommandFailed,
            MessagingTimeout.
        :returns: extra attach information (may be empty).
        """
        cctxt = self.client.prepare(server=host, version='1.0',
                                    timeout=timeout)
        return cctxt.call(context, 'prepare_attach', driver=driver,
                          attach_handle=attach_handle, mdev_uuid=mdev_uuid)

    def release_attach(self, context, host, driver, attach_handle,
                       mdev_uuid, timeout=None):
        """Undo prepare_attach (idempotent).

        :raises: DriverNotEnabled, UnsupportedOperation, CommandFailed,
            MessagingTimeout.
        """
        cctxt = self.client.prepare(server=host, version='1.0',
                                    timeout=timeout)
        return cctxt.call(context, 'release_attach', driver=driver,
                          attach_handle=attach_handle, mdev_uuid=mdev_uuid)
