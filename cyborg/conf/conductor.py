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
"""Options of the [conductor] group (cyborg-conductor)."""

from oslo_config import cfg

from cyborg.i18n import _

conductor_group = cfg.OptGroup(
    'conductor',
    title='Conductor options',
    help=_('Options of cyborg-conductor.'))

conductor_opts = [
    cfg.IntOpt(
        'arq_concurrency',
        default=4,
        min=1,
        help=_("""
How many of Nova's accelerator request calls (create, bind or unbind,
delete) one conductor runs at once; the others wait for a turn inside the
conductor.

Each is one short database transaction, mostly the conductor's own CPU.
Python runs one thread at a time, and many threads taking turns on it cost
more CPU per call: on a 2-core machine, 16 clients at once cost a
conductor twice the CPU per accelerator request lifecycle with every call
running at once as with four (see the performance guide).  Other calls
(agents' reports, operators' requests) do not wait for these turns.

Possible values:

* A number of calls; raise it on a conductor with a slow database (calls
  that mostly wait), lower it to 1 or 2 where the conductor has less than
  a core.

Related options:

* ``[DEFAULT] executor_thread_pool_size`` (oslo.messaging): the threads
  that take a conductor's calls, these among them; no more run at once
  than the conductor's database pool serves (``[database] max_pool_size
  + max_overflow``, less ``workers_pool_size`` and its periodic tasks).
""")),
    cfg.IntOpt(
        'workers_pool_size',
        default=12,
        min=1,
        deprecated_name='thread_pool_size',
        deprecated_group='DEFAULT',
        help=_("""
The number of threads of one conductor's work pool, which runs everything
the conductor does besides answering calls and running its periodic tasks:
the device work of binds, unbinds and program requests (bind jobs, each
holding a thread while the agent works, up to ``[DEFAULT] bind_timeout``),
the events for Nova and Placement pushes that calls start, and driver
installs' calls to the agents.

When every thread is busy, work waits in a queue of as many pieces; when
that is full too, the work is left to the periodic tasks (``[conductor]
work_poll_interval``, ``[placement] sync_interval``), or a driver
operation calls that agent from its own thread: nothing is lost, it only
comes later.  Bind jobs take only free threads, so this is also the most
bind jobs one conductor runs at once.

This option was ``[DEFAULT] thread_pool_size`` (the bind jobs only, default
10), which still sets it.

Possible values:

* A number of threads.  Raise it where many binds program
  devices at once (each job holds a thread while the device is programmed).

Related options:

* ``[conductor] arq_concurrency``: Nova's calls, which run on the RPC
  workers, not on this pool.
* ``[DEFAULT] executor_thread_pool_size`` (oslo.messaging): the threads
  that take a conductor's calls.
* ``[database] max_pool_size`` and ``max_overflow``: each thread of this
  pool keeps a connection of the conductor's database pool; its RPC calls
  run on what is left (at most ``max_pool_size + max_overflow -
  workers_pool_size`` - its periodic tasks at once; see the HA guide's
  sizing rule).
""")),
    cfg.FloatOpt(
        'work_poll_interval',
        default=2.0,
        min=0.1,
        help=_("""
Seconds between two looks of a conductor for work that is due: bind jobs
and events for Nova.

A conductor starts the work it creates itself at once; this interval bounds
how long work created by another conductor, left behind by a conductor that
died, or waiting for a retry, waits to be picked up.

Related options:

* ``[DEFAULT] bind_timeout``
""")),
    cfg.IntOpt(
        'handle_audit_interval',
        default=600,
        min=0,
        help=_("""
Seconds between two runs of the conductor's attach handle check.

The check looks for attach handles in use that no accelerator request in
state BindStarted, Bound or Deleting references and no bind job names
(nobody would ever free them, so Placement offers accelerators that no
bind can get), and for free handles that an accelerator request still
references.  It logs a warning for each and repairs nothing: run
``cyborg-manage handle heal`` to repair them.  The check reads the
attach handles, accelerator requests and bind jobs once, and locks a
handle only when it looks wrong.  Every conductor runs it.

Possible values:

* A positive number of seconds.
* 0: never run the check.

Related options:

* ``[nova] events_max_attempts`` (a release of a handle given up after
  that many failures leaves the handle in use; the check reports it)
""")),
    cfg.IntOpt(
        'instance_audit_interval',
        default=0,
        min=0,
        help=_("""
Seconds between two runs of the conductor's check against Nova.

The check asks Nova (with the ``[nova]`` credentials) about every server
that has Bound accelerator requests: one list of the servers of each
host (``GET /servers/detail?host=``), then ``GET /servers/{id}`` for each
server no list showed; and it reads the allocations of Cyborg's resource
providers in Placement.  It logs a warning for each accelerator request
bound to a server Nova no longer has, or on another host than the
server's, and for each
allocation on Cyborg's providers whose consumer has no bound accelerator
request; it repairs nothing: run ``cyborg-manage instance heal``.  It
is off by default.

Possible values:

* A positive number of seconds.
* 0: never run the check.

Related options:

* ``[conductor] instance_orphan_grace``
""")),
    cfg.IntOpt(
        'instance_orphan_grace',
        default=3600,
        min=0,
        help=_("""
Seconds an accelerator request must have kept its state before the check
against Nova calls it orphaned (``cyborg-manage instance audit`` and
``heal``, the periodic check).

Nova deletes a server's accelerator requests itself, a little after the
server; evacuation and rebuild delete and bind them again.  The grace
keeps a request caught in the middle of such a sequence from being
released.

Possible values:

* A number of seconds; 0 for no grace.

Related options:

* ``[conductor] instance_audit_interval``
""")),
]


def register_opts(conf):
    conf.register_group(conductor_group)
    conf.register_opts(conductor_opts, group=conductor_group)


def list_opts():
    return {conductor_group: conductor_opts}
