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
"""The one runner of vendor tools (fpgaconf, xbutil, nvidia-smi...), of
the operator's clean steps and of the GPU memory scrub, through the
privileged helper (cyborg.privsep.command); tests put fake tools on
``PATH``.
"""

import os
import re
import shlex

from oslo_log import log as logging

from cyborg import exception
from cyborg.common import privsep_allowlists
from cyborg.privsep import command as privsep_command

LOG = logging.getLogger(__name__)

DEFAULT_TIMEOUT = 600


def _privileged(entrypoint, command, timeout, *args, name=None):
    """``entrypoint(*args, timeout)`` of cyborg.privsep.command: its
    ``{returncode, stdout, stderr, timed_out}``.

    :raises: CommandNotFound (not installed, or refused: not of
        cyborg.common.privsep_allowlists), CommandTimeout.
    """
    LOG.info('Running %s', command)
    try:
        result = entrypoint(*args, timeout)
    except FileNotFoundError:
        raise exception.CommandNotFound(command=name or command)
    except PermissionError as exc:
        LOG.error('%(command)s refused: %(error)s',
                  {'command': command, 'error': exc})
        raise exception.CommandNotFound(command=command)
    if result['timed_out']:
        raise exception.CommandTimeout(command=command, timeout=timeout)
    return result


def run(argv, timeout=DEFAULT_TIMEOUT):
    """Run *argv*, killed after *timeout* seconds; returns its stdout.

    :raises: CommandNotFound, CommandFailed, CommandTimeout.
    """
    argv = [str(arg) for arg in argv]
    command = shlex.join(argv)
    result = _privileged(privsep_command.execute, command, timeout, argv,
                         name=argv[0] if argv else command)
    stderr = result['stderr'].strip()
    if result['returncode'] != 0:
        LOG.error('%(command)s exited with %(rc)s: %(stderr)s',
                  {'command': command, 'rc': result['returncode'],
                   'stderr': stderr})
        raise exception.CommandFailed(command=command,
                                      exit_code=result['returncode'],
                                      stderr=stderr[-2000:])
    return result['stdout']


def image_argument(path):
    """*path* as the FPGA tools are given it: absolute, normal (no ``..``
    nor ``//``) and of privsep_allowlists.IMAGE_PATH's characters, so never
    taken for an option.

    :raises: ImageNotFound.
    """
    if (not os.path.isabs(path) or os.path.normpath(path) != path or
            not re.fullmatch(privsep_allowlists.IMAGE_PATH, path)):
        raise exception.ImageNotFound(
            image=path, reason='the FPGA tools are given only an absolute, '
            'normal path of letters, digits and "_.+@,:=/-"')
    return path


def run_operator_step(name, address, timeout, marker=None):
    """privsep.command.operator_step(): its result, even timed out.

    :raises: CommandNotFound (missing or refused).
    """
    LOG.info('Running the operator\'s clean step %(name)s of %(address)s',
             {'name': name, 'address': address})
    try:
        return privsep_command.operator_step(name, address, timeout, marker)
    except (FileNotFoundError, PermissionError) as exc:
        LOG.error('Operator clean step %(name)s: %(error)s',
                  {'name': name, 'error': exc})
        raise exception.CommandNotFound(command='operator:%s' % name)


def run_gpu_memory_scrub(address, timeout):
    """privsep.command.gpu_memory_scrub(): as _privileged()."""
    return _privileged(privsep_command.gpu_memory_scrub,
                       'memory_scrub.py %s' % address, timeout, address)


def kill_marked(marker):
    """Kill what the operator's steps started with *marker*, wherever it
    runs (an aborted clean, or one a dead agent left); :returns: the
    process ids killed.
    """
    killed = privsep_command.kill_marked(marker)
    if killed:
        LOG.warning('Killed the processes of clean %(marker)s: %(pids)s',
                    {'marker': marker, 'pids': killed})
    return killed
