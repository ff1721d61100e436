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
"""``arq_lifecycle.py --py-spy DIR``: py-spy on the API, the conductor
and the benchmark's own process during a run, and where the CPU went.

py-spy (``pip install py-spy``; it reads other processes' memory, so it
needs root or ``ptrace`` rights) samples each process from outside,
without changing it, ``--py-spy-rate`` times a second, threads that are
not idle only: a sample is about 1/rate seconds of CPU.  The raw stacks
go to ``DIR/<process>.txt`` (flamegraph.pl and speedscope read them).

Each sample is given to the request class whose handler is on its stack
(cyborg-api: the controller method; the conductor: the RPC method; the
client: the phase's call), the rest to ``outside`` (the WSGI server,
middleware and hooks around the handler, the messaging listener, idle
polling).  The ``profile`` record gives, per process and class, the CPU
per request (ms) and the largest frames (the functions most often on the
class's stacks, leaving out those on nearly all of them).
"""

import collections
import json
import os
import signal
import subprocess
import sys

# (class, text of a frame on its stacks), first match wins, per process.
CLASSES = {
    'api': (
        ('bind', 'patch (cyborg/api/controllers/v2/accelerator_request.py'),
        ('create', 'post (cyborg/api/controllers/v2/accelerator_request.py'),
        ('delete',
         'delete (cyborg/api/controllers/v2/accelerator_request.py'),
        ('resolve',
         'get_all (cyborg/api/controllers/v2/accelerator_request.py'),
        ('profile', 'get_all (cyborg/api/controllers/v2/device_profile.py'),
    ),
    'conductor': (
        ('bind', 'arq_apply_patch (cyborg/conductor/arq/endpoint.py'),
        ('create', 'arq_create (cyborg/conductor/arq/endpoint.py'),
        ('delete', 'arq_delete (cyborg/conductor/arq/endpoint.py'),
        ('events', 'nova_events.py'),
    ),
    'bench': (
        ('resolve', '_resolve (arq_lifecycle.py'),
        ('lifecycle', 'lifecycle (arq_lifecycle.py'),
    ),
}


# (text of a frame's file, library), first match wins.
LIBRARIES = (
    ('gunicorn/', 'gunicorn'), ('webob/', 'webob'), ('pecan/', 'pecan'),
    ('wsme/', 'WSME'), ('oslo_middleware/', 'oslo.middleware'),
    ('oslo_messaging/', 'RPC'), ('kombu/', 'RPC'), ('amqp/', 'RPC'),
    ('futurist/', 'RPC'), ('sqlalchemy/', 'SQLAlchemy'),
    ('oslo_db/', 'SQLAlchemy'), ('pymysql/', 'PyMySQL'),
    ('MySQLdb/', 'mysqlclient'), ('jsonschema/', 'jsonschema'),
    ('oslo_policy/', 'oslo.policy'), ('keystoneauth1/', 'Nova client'),
    ('requests/', 'Nova client'), ('urllib3/', 'Nova client'),
    ('oslo_log/', 'logging'), ('oslo_versionedobjects/',
                               'oslo.versionedobjects'),
    ('oslo_config/', 'oslo.config'), ('oslo_context/', 'oslo.context'),
    ('psutil/', 'psutil'), ('cyborg/', 'Cyborg'),
    ('arq_lifecycle.py', 'benchmark'))


def libraries(stacks):
    """{library: share of the samples}, each sample given to the library
    of its innermost frame that is not Python's own (a socket's send to
    the library that sent).
    """
    counts = collections.Counter()
    for frames, n in stacks:
        owner = 'other'
        for frame in reversed(frames):
            found = next((name for text, name in LIBRARIES
                          if text in frame), None)
            if found:
                owner = found
                break
        counts[owner] += n
    total = sum(counts.values()) or 1
    return {name: round(n / total, 3) for name, n in counts.most_common()}


class Profiler:
    """py-spy processes recording the given pids until stop()."""

    def __init__(self, directory, rate):
        self.directory = directory
        self.rate = rate
        self.spies = []
        os.makedirs(directory, exist_ok=True)

    def record(self, name, pid, subprocesses=False):
        """Record *pid* (and its children: a gunicorn master's workers).
        """
        path = os.path.join(self.directory, name + '.txt')
        spy = subprocess.Popen(
            [os.path.join(os.path.dirname(sys.executable), 'py-spy'),
             'record', '--pid', str(pid), '--format', 'raw', '--gil',
             '--rate', str(self.rate), '--nonblocking', '--output', path] +
            (['--subprocesses'] if subprocesses else []),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.spies.append((name, path, spy))

    def stop(self):
        """Stop the recordings; :returns: {name: raw file}."""
        for _, _, spy in self.spies:
            spy.send_signal(signal.SIGINT)
        for _, _, spy in self.spies:
            try:
                spy.wait(120)
            except subprocess.TimeoutExpired:
                spy.kill()
        return {name: path for name, path, _ in self.spies}


def read_raw(path):
    """[(frames root first, samples)] of a py-spy raw file."""
    stacks = []
    with open(path) as f:
        for line in f:
            line = line.rstrip('\n')
            if not line:
                continue
            frames, _, count = line.rpartition(' ')
            stacks.append((frames.split(';'), int(count)))
    return stacks


def _name(frame):
    """'func (file.py:12)' without the line: 'func (file.py)'."""
    head, _, rest = frame.partition(' (')
    return '%s (%s)' % (head, rest.rsplit(':', 1)[0].rstrip(')'))


def classify(stacks, rules):
    """{class: [(frames, samples)]}."""
    classes = collections.defaultdict(list)
    for frames, count in stacks:
        joined = ';'.join(frames)
        for name, marker in rules:
            if marker in joined:
                classes[name].append((frames, count))
                break
        else:
            classes['outside'].append((frames, count))
    return classes


def top_frames(stacks, count=6, everywhere=0.8):
    """The functions most often on *stacks* (share of samples), leaving
    out those on more than *everywhere* of them (the callers of all).
    """
    total = sum(n for _, n in stacks) or 1
    inclusive = collections.Counter()
    for frames, n in stacks:
        for name in {_name(f) for f in frames}:
            inclusive[name] += n
    picked = [(name, n) for name, n in inclusive.most_common()
              if n <= everywhere * total and not name.startswith(
                  ('process ', 'Thread', '<module>', 'run (threading',
                   '_bootstrap'))]
    return [{'frame': name, 'share': round(n / total, 3)}
            for name, n in picked[:count]]


def report(files, rate, requests, cpu_seconds):
    """The ``profile`` record.

    :param files: {process: raw file}.
    :param requests: {class: how many requests of it were made}.
    :param cpu_seconds: {process: CPU seconds it spent meanwhile}.
    """
    result = {'phase': 'profile', 'rate': rate, 'requests': requests,
              'processes': {}}
    for process, path in files.items():
        if not os.path.exists(path):
            result['processes'][process] = None
            continue
        stacks = read_raw(path)
        classes = classify(stacks, CLASSES.get(process.split('-')[0], ()))
        lifecycles = requests.get('lifecycles') or 1
        total = sum(n for stacks in classes.values() for _, n in stacks)
        seconds = cpu_seconds.get(process.split('-')[0], total / rate)
        entry = {'cpu_ms_per_lifecycle': round(
            seconds * 1000.0 / lifecycles, 2),
            'libraries': libraries(stacks)}
        for name, stacks in sorted(classes.items()):
            samples = sum(n for _, n in stacks)
            per = requests.get(name) or lifecycles
            entry[name] = {
                'samples': samples,
                'cpu_ms_per_request': round(
                    samples / max(total, 1) * seconds * 1000.0 / per, 2),
                'top': top_frames(stacks)}
        result['processes'][process] = entry
    return result


def text(record):
    """A ``profile`` record as text: per process and class, the CPU per
    request and the largest frames.
    """
    lines = []
    for process, classes in sorted(record['processes'].items()):
        if classes is None:
            continue
        lines.append('%s: %.2f ms of CPU per lifecycle' % (
            process, classes['cpu_ms_per_lifecycle']))
        lines.append('  by library: ' + ', '.join(
            '%s %.1f %%' % (name, share * 100)
            for name, share in sorted(classes.get('libraries', {}).items(),
                                      key=lambda item: -item[1])))
        for name, entry in sorted(classes.items()):
            if name in ('cpu_ms_per_lifecycle', 'libraries'):
                continue
            lines.append('  %-9s %7.2f ms per %s' % (
                name, entry['cpu_ms_per_request'],
                'request' if name in record['requests'] else 'lifecycle'))
            for top in entry['top']:
                lines.append('      %5.1f %%  %s' % (top['share'] * 100,
                                                     top['frame']))
    return '\n'.join(lines)


if __name__ == '__main__':
    # python tools/bench/cpu_profile.py RUN.jsonl: the profile records
    # of a run as text.
    with open(sys.argv[1]) as f:
        for line in f:
            found = json.loads(line)
            if found.get('phase') == 'profile':
                print(text(found))
