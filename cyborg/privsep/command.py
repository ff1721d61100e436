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
"""The privileged runner of vendor tools, of the operator's clean steps
and of the gpu driver's memory scrub (runs in the cyborg_sys_admin
daemon).
"""

import errno
import os
import re
import subprocess
import sys

from cyborg import conf as cyborg_conf
from cyborg import privsep
from cyborg.common import privsep_allowlists

# Imported for its options: the daemon reads [clean_steps] from its own
# configuration files, never from its caller.
CONF = cyborg_conf.CONF
_PCI_ADDRESS = re.compile(privsep_allowlists.PCI_ADDRESS)

#: The gpu driver's memory scrub, a file of the standard library only.
GPU_MEMORY_SCRUB = os.path.join(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'drivers',
    'gpu', 'memory_scrub.py')

TOOLS = privsep_allowlists.TOOLS
ONLY_ARGS = privsep_allowlists.ONLY_ARGS
ARG_PATTERNS = privsep_allowlists.ARG_PATTERNS
IMAGE_PATH = privsep_allowlists.IMAGE_PATH


def arguments_allowed(tool, args):
    """Whether *tool* may run with *args*: any, unless ONLY_ARGS (exact)
    or ARG_PATTERNS (each argument fullmatched) restrict it.
    """
    args = tuple(args)
    if tool not in ONLY_ARGS and tool not in ARG_PATTERNS:
        return True
    if args in ONLY_ARGS.get(tool, ()):
        return True
    return any(len(pattern) == len(args) and
               all(re.fullmatch(p, a) for p, a in zip(pattern, args))
               for pattern in ARG_PATTERNS.get(tool, ()))


@privsep.sys_admin_pctxt.entrypoint
def execute(argv, timeout):
    """Run a tool of TOOLS (*argv*: its name, no path), never through a
    shell; PermissionError unless allowed.

    :returns: ``{"returncode" (None when killed), "stdout", "stderr",
        "timed_out"}``.
    """
    argv = [str(arg) for arg in argv]
    if not argv or argv[0] not in TOOLS:
        raise PermissionError(errno.EPERM, 'not a tool cyborg runs',
                              argv[0] if argv else '')
    if not arguments_allowed(argv[0], argv[1:]):
        raise PermissionError(errno.EPERM, 'not arguments cyborg gives',
                              ' '.join(argv))
    return _run(argv, timeout)


@privsep.sys_admin_pctxt.entrypoint
def operator_step(name, address, timeout):
    """Run the absolute path ``[clean_steps] operator_steps`` of this
    daemon's configuration gives *name*, with the PCI *address* as its one
    argument (else PermissionError); returns as execute().
    """
    path = CONF.clean_steps.operator_steps.get(name) or ''
    if not os.path.isabs(path) or not _PCI_ADDRESS.fullmatch(str(address)):
        raise PermissionError(errno.EPERM, 'not an operator clean step',
                              '%s %s' % (name, address))
    return _run([path, str(address)], timeout)


@privsep.sys_admin_pctxt.entrypoint
def gpu_memory_scrub(address, timeout):
    """Run GPU_MEMORY_SCRUB alone (``-I -S``, by this daemon's Python) on
    the GPU at the PCI *address* (else PermissionError); returns as
    execute().
    """
    if not _PCI_ADDRESS.fullmatch(str(address)):
        raise PermissionError(errno.EPERM, 'not a PCI address', str(address))
    return _run([sys.executable, '-I', '-S', GPU_MEMORY_SCRUB, str(address)],
                timeout)


def _run(argv, timeout):
    try:
        # Tools may print bytes that are not text (nvme read's blocks).
        result = subprocess.run(argv, capture_output=True, text=True,
                                errors='replace', timeout=timeout,
                                check=False)
    except subprocess.TimeoutExpired as exc:
        return {'returncode': None, 'stdout': _text(exc.stdout),
                'stderr': _text(exc.stderr), 'timed_out': True}
    return {'returncode': result.returncode, 'stdout': result.stdout,
            'stderr': result.stderr, 'timed_out': False}


def _text(output):
    if isinstance(output, bytes):
        return output.decode('utf-8', 'replace')
    return output or ''
