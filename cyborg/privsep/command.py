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

import contextlib
import errno
import os
import re
import signal
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


# Seconds to read what a killed command printed.
_DRAIN_SECONDS = 5
#: The directory of ``$state_path`` that keeps the process groups of the
#: operator's steps that run.
GROUPS_DIR = 'clean-groups'
#: The environment variable that marks the processes of an operator's
#: clean step, inherited by all they start.
MARKER = 'CYBORG_CLEAN'
_MARKER = re.compile(r'[A-Za-z0-9._:-]{1,200}')


@privsep.sys_admin_pctxt.entrypoint
def operator_step(name, address, timeout, marker=None):
    """Run the absolute path ``[clean_steps] operator_steps`` of this
    daemon's configuration gives *name*, with the PCI *address* as its one
    argument (else PermissionError), in a process group of its own that
    is killed whole at its timeout, its processes marked *marker* in
    their environment (MARKER), its group recorded under this daemon's
    ``$state_path`` while it runs (kill_marked()); returns as execute().
    """
    path = CONF.clean_steps.operator_steps.get(name) or ''
    if not os.path.isabs(path):
        raise PermissionError(errno.EPERM, 'not an operator clean step',
                              name)
    env = dict(os.environ)
    if marker is not None:
        env[MARKER] = _checked(_MARKER, marker, 'a clean marker')
    return _run([path, _checked(_PCI_ADDRESS, address, 'a PCI address')],
                timeout, group=True, env=env)


def _checked(pattern, value, what):
    """*value* as text when *pattern* matches it, else PermissionError."""
    if not pattern.fullmatch(str(value)):
        raise PermissionError(errno.EPERM, 'not %s' % what, str(value))
    return str(value)


def _group_file(marker):
    """Where the process group of the step marked *marker* is kept."""
    return os.path.join(CONF.state_path, GROUPS_DIR, marker)


@privsep.sys_admin_pctxt.entrypoint
def gpu_memory_scrub(address, timeout):
    """Run GPU_MEMORY_SCRUB alone (``-I -S``, by this daemon's Python) on
    the GPU at the PCI *address* (else PermissionError); returns as
    execute().
    """
    return _run([sys.executable, '-I', '-S', GPU_MEMORY_SCRUB,
                 _checked(_PCI_ADDRESS, address, 'a PCI address')], timeout)


@privsep.sys_admin_pctxt.entrypoint
def kill_marked(marker):
    """SIGKILL the process group of the step marked *marker* (as its run
    recorded it: a daemon that died with the agent could not end it), and
    every process whose environment carries MARKER=*marker* where this
    daemon may read it (those that left the group); :returns: the pids
    killed.
    """
    marker = _checked(_MARKER, marker, 'a clean marker')
    killed = []
    try:
        with open(_group_file(marker)) as f:
            group = int(f.read())
        os.killpg(group, signal.SIGKILL)
        killed.append(group)
    except (OSError, ValueError):
        # No group recorded (none ran, or it ended), or gone meanwhile.
        pass
    wanted = ('%s=%s' % (MARKER, marker)).encode()
    for entry in os.listdir('/proc'):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            with open('/proc/%s/environ' % entry, 'rb') as f:
                if wanted not in f.read().split(b'\0'):
                    continue
            _kill(int(entry))
        except OSError:
            # Gone meanwhile, or a kernel thread.
            continue
        killed.append(int(entry))
    return sorted(set(killed))


def _kill(pid):
    try:
        os.killpg(os.getpgid(pid), signal.SIGKILL)
    except ProcessLookupError:
        pass
    os.kill(pid, signal.SIGKILL)


def _run(argv, timeout, group=False, env=None):
    # Tools may print bytes that are not text (nvme read's blocks).
    with subprocess.Popen(argv, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True,
                          errors='replace', start_new_session=group,
                          env=env) as proc, _recorded(proc, env):
        try:
            stdout, stderr = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            if group:
                # What it started too, not only the step itself; and
                # what left its group but kept its environment.
                os.killpg(proc.pid, signal.SIGKILL)
                if env and MARKER in env:
                    kill_marked(env[MARKER])
            proc.kill()
            try:
                stdout, stderr = proc.communicate(timeout=_DRAIN_SECONDS)
            except subprocess.TimeoutExpired:
                # A process that escaped both still holds its output.
                stdout = stderr = ''
            return {'returncode': None, 'stdout': _text(stdout),
                    'stderr': _text(stderr), 'timed_out': True}
    return {'returncode': proc.returncode, 'stdout': stdout,
            'stderr': stderr, 'timed_out': False}


@contextlib.contextmanager
def _recorded(proc, env):
    """While *proc* (the leader of its group) runs, its group is kept in
    the file of its marker, if any.
    """
    marker = (env or {}).get(MARKER)
    if marker is None:
        yield
        return
    path = _group_file(marker)
    os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
    with open(path, 'w') as f:
        f.write(str(proc.pid))
    try:
        yield
    finally:
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass


def _text(output):
    if isinstance(output, bytes):
        return output.decode('utf-8', 'replace')
    return output or ''
