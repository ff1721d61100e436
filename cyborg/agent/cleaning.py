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
"""The agent's cleans between two tenants (AgentAPI.clean), each on a
worker of its own (``[agent] clean_workers``), never on the work thread.
A clean is fenced by its generation and kept in ``$state_path/cleans.json``
while it runs, as doc/source/admin/cleaning.rst ("Fencing") says: an
agent that died with one kills what its operator's steps left
(command.kill_marked) before it serves.
"""

from concurrent import futures
import dataclasses
import os
import threading
import time
import typing

from oslo_log import log as logging
import oslo_messaging as messaging

from cyborg import exception
from cyborg.agent import state_file
from cyborg.drivers import clean as driver_clean
from cyborg.drivers import command

LOG = logging.getLogger(__name__)

FILE_NAME = 'cleans.json'
# What _steps() answers of a clean handed before the first discovery.
_NOT_YET = object()


def marker(device_uuid, unit):
    """What the processes of a clean's operator steps carry (MARKER)."""
    return 'cyborg-clean.%s.%s' % (device_uuid, unit or 'device')


@dataclasses.dataclass
class _Run:
    generation: int
    device_uuid: str
    unit: typing.Optional[str]
    steps: list
    done: list
    timeout: int
    # Set to stop it: why ('abort' or 'stop') in *why*.
    halt: threading.Event = dataclasses.field(
        default_factory=threading.Event)
    why: typing.Optional[str] = None
    # Set when nothing of it runs any more.
    finished: threading.Event = dataclasses.field(
        default_factory=threading.Event)
    # The run it replaced (an older generation), which it waits for.
    after: typing.Any = None
    step: typing.Optional[str] = None


class Cleans:
    """The cleans of one agent (see the module docstring).

    :param report: ``(method, **kwargs)`` sends a ConductorAPI cast
        (``clean_progress``, ``clean_done``).
    :param after_clean: called with the context once a clean ran (the
        agent discovers: a reset or an image changes what it reports).
    """

    def __init__(self, tracker, report, path=None, workers=4,
                 after_clean=None):
        self._tracker = tracker
        self._report = report
        self._path = path
        self._after_clean = after_clean or (lambda context: None)
        self._executor = futures.ThreadPoolExecutor(
            max_workers=workers, thread_name_prefix='cyborg-agent-clean')
        self._lock = threading.Lock()
        # {(device uuid, unit): _Run}
        self._runs = {}
        # {(device uuid, unit): (generation, outcome)}: the last that ran.
        self._outcomes = {}
        self._stopping = False

    @classmethod
    def from_conf(cls, conf, tracker, report, after_clean=None):
        return cls(tracker, report, os.path.join(conf.state_path, FILE_NAME),
                   conf.agent.clean_workers, after_clean)

    # Start and stop ----------------------------------------------------------

    def recover(self):
        """Kill what the cleans of an agent that died here left running
        (their operator steps' processes); before the agent serves.
        """
        left = state_file.read(self._path, 'the cleans of a dead agent')
        for entry in (left or {}).values():
            LOG.warning('Device %(uuid)s: clean %(gen)s was running when '
                        'the agent stopped (at step %(step)s); what it left '
                        'is killed, and it resumes when the conductor hands '
                        'it again', {'uuid': entry['device_uuid'],
                                     'gen': entry['generation'],
                                     'step': entry.get('step')})
            try:
                command.kill_marked(marker(entry['device_uuid'],
                                           entry.get('unit')))
            except (OSError, exception.CyborgException) as exc:
                LOG.error('Device %(uuid)s: cannot kill what its clean '
                          'left: %(error)s', {'uuid': entry['device_uuid'],
                                              'error': exc})
        self._save()

    def stop(self, timeout=None):
        """Interrupt the cleans (at their next step, an abortable step at
        once), with no outcome; wait *timeout* seconds for them.
        """
        with self._lock:
            self._stopping = True
            runs = list(self._runs.values())
        for run in runs:
            self._halt(run, 'stop')
        deadline = None if timeout is None else time.monotonic() + timeout
        for run in runs:
            left = None if deadline is None else max(
                0, deadline - time.monotonic())
            run.finished.wait(left)
        self._executor.shutdown(wait=False, cancel_futures=True)

    # The conductor's casts ---------------------------------------------------

    def clean(self, context, device_uuid, unit, generation, steps, done,
              timeout):
        """See AgentAPI.clean."""
        key = (device_uuid, unit)
        run = None
        with self._lock:
            if self._stopping:
                return
            outcome = self._outcome(key, generation)
            if outcome is None:
                run = self._runs.get(key)
                if run is not None and run.generation >= generation:
                    LOG.info('Device %(uuid)s: clean %(gen)s handed again '
                             '(%(runs)s runs)', {'uuid': device_uuid,
                                                 'gen': generation,
                                                 'runs': run.generation})
                    return
                new = _Run(generation, device_uuid, unit, list(steps),
                           list(done or ()), timeout, after=run)
                self._runs[key] = new
                self._save_locked()
        if outcome is not None:
            self._done(context, device_uuid, generation, outcome)
            return
        if run is not None:
            LOG.warning('Device %(uuid)s: clean %(new)d replaces clean '
                        '%(old)d, stopped first', {'uuid': device_uuid,
                                                   'new': generation,
                                                   'old': run.generation})
            self._halt(run, 'abort')
        self._executor.submit(self._run, context, key, new)

    def abort(self, context, device_uuid, unit, generation):
        """See AgentAPI.clean_abort."""
        key = (device_uuid, unit)
        with self._lock:
            run = self._runs.get(key)
            outcome = self._outcome(key, generation)
        if run is not None and run.generation == generation:
            LOG.warning('Device %(uuid)s: clean %(gen)d aborted (at step '
                        '%(step)s)', {'uuid': device_uuid, 'gen': generation,
                                      'step': run.step})
            self._halt(run, 'abort')
            return
        # Never ran here, or an agent before this one ran it: nothing of
        # it runs.
        self._done(context, device_uuid, generation, outcome or {
            'done': [], 'error': 'aborted: it did not run on this agent'})

    def _outcome(self, key, generation):
        """The outcome of the clean *generation* of *key* if it ran
        (locked).
        """
        known = self._outcomes.get(key)
        return known[1] if known and known[0] == generation else None

    def _done(self, context, device_uuid, generation, outcome):
        self._report('clean_done', context=context, device_uuid=device_uuid,
                     generation=generation, **outcome)

    # The worker --------------------------------------------------------------

    def _halt(self, run, why):
        run.why = run.why or why
        run.halt.set()
        step = next((s for s in run.steps if s['name'] == run.step), None)
        if step is not None and step['name'].startswith(
                driver_clean.OPERATOR):
            try:
                command.kill_marked(marker(run.device_uuid, run.unit))
            except (OSError, exception.CyborgException) as exc:
                LOG.error('Device %(uuid)s: cannot stop step %(step)s: '
                          '%(error)s', {'uuid': run.device_uuid,
                                        'step': run.step, 'error': exc})

    def _run(self, context, key, run):
        try:
            self._run_once(context, key, run)
        finally:
            run.finished.set()

    def _run_once(self, context, key, run):
        try:
            if run.after is not None:
                run.after.finished.wait()
            outcome = self._steps(context, run)
        except Exception as exc:
            LOG.exception('Device %s: clean failed', run.device_uuid)
            outcome = {'done': [], 'error': '%s: %s' % (type(exc).__name__,
                                                        exc)}
        interrupted = outcome is None
        with self._lock:
            if self._runs.get(key) is run:
                if outcome is _NOT_YET:
                    # Handed again later, it runs then.
                    del self._runs[key]
                elif not interrupted:
                    del self._runs[key]
                    self._outcomes[key] = (run.generation, outcome)
                self._save_locked()
        if outcome is _NOT_YET:
            LOG.info('Device %(uuid)s: clean %(gen)d handed before the '
                     'agent\'s first discovery; it runs when handed again',
                     {'uuid': run.device_uuid, 'gen': run.generation})
            return
        if interrupted:
            LOG.info('Device %(uuid)s: clean %(gen)d interrupted before '
                     'step %(step)s; it resumes after a restart',
                     {'uuid': run.device_uuid, 'gen': run.generation,
                      'step': run.step})
            return
        self._done(context, run.device_uuid, run.generation, outcome)
        self._after_clean(context)

    def _steps(self, context, run):
        """Run the steps not done yet; the outcome (``{done, error}``),
        None when a stop interrupted it, or _NOT_YET before the agent's
        first discovery.
        """
        record = self._tracker.record(run.device_uuid)
        if record is None and not self._tracker.discovered:
            # A restarted agent knows no device before its discovery.
            return _NOT_YET
        if record is None:
            return {'done': [], 'error': 'the device is not on host %s'
                    % self._tracker.host}
        driver = self._tracker.driver(record.driver)
        done = []
        for step in run.steps:
            name = step['name']
            if name in run.done:
                continue
            if run.halt.is_set():
                return self._halted(run, done, name)
            run.step = name
            self._save()
            self._report('clean_progress', context=context,
                         device_uuid=run.device_uuid,
                         generation=run.generation, step=name,
                         done=run.done + [d['step'] for d in done])
            LOG.info('Device %(uuid)s (%(driver)s %(address)s): clean '
                     '%(gen)d, step %(step)s of %(what)s',
                     {'uuid': run.device_uuid, 'driver': record.driver,
                      'address': record.address, 'gen': run.generation,
                      'step': name, 'what': run.unit or 'the device'})
            started = time.monotonic()
            try:
                detail = driver_clean.run_step(
                    driver, record.address, name, run.timeout,
                    unit=run.unit, abort=run.halt,
                    marker=marker(run.device_uuid, run.unit))
            except exception.CyborgException as exc:
                if run.halt.is_set():
                    return self._halted(run, done, name)
                LOG.error('Device %(uuid)s: clean step %(step)s failed: '
                          '%(error)s', {'uuid': run.device_uuid,
                                        'step': name, 'error': exc.message})
                return {'done': done, 'error': exc.message}
            done.append({'step': name, 'detail': detail,
                         'seconds': round(time.monotonic() - started, 3)})
        LOG.info('Device %(uuid)s: clean %(gen)d of %(what)s: %(done)s',
                 {'uuid': run.device_uuid, 'gen': run.generation,
                  'what': run.unit or 'the device', 'done': done})
        return {'done': done, 'error': None}

    @staticmethod
    def _halted(run, done, step):
        if run.why == 'stop':
            return None
        return {'done': done, 'error': 'aborted at step %s' % step}

    def _save(self):
        with self._lock:
            self._save_locked()

    def _save_locked(self):
        state_file.write(self._path, {
            '%s/%s' % (run.device_uuid, run.unit or 'device'): {
                'device_uuid': run.device_uuid, 'unit': run.unit,
                'generation': run.generation, 'step': run.step}
            for run in self._runs.values()}, 'the cleans that run')


def report_with(conductor_api, host):
    """A Cleans *report* through *conductor_api* (casts; a conductor
    that cannot be reached is logged, the clean handed again later).
    """
    def report(method, context, **kwargs):
        try:
            getattr(conductor_api, method)(context, host=host, **kwargs)
        except messaging.MessagingException as exc:
            LOG.warning('Could not report %(method)s of device %(uuid)s '
                        '(reported again when the conductor hands it '
                        'again): %(error)s', {'method': method,
                                              'uuid': kwargs['device_uuid'],
                                              'error': exc})
    return report
