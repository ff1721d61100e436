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
"""cyborg-api's ``/metrics``: the fleet gauges, cached ``cache_seconds``."""

import calendar
import collections
import datetime
import ipaddress
import threading
import time

from oslo_log import log as logging
import prometheus_client
from prometheus_client import core as prometheus_core
from prometheus_client import registry as prometheus_registry
import webob
import webob.dec

from cyborg import context as cyborg_context
from cyborg import exception
from cyborg import metrics
from cyborg import servicegroup
from cyborg import states
from cyborg.api import capacity
from cyborg.api import errors
from cyborg.common import health_states
from cyborg.db.queries import metrics as metrics_queries
from cyborg.policies import metrics as policies

LOG = logging.getLogger(__name__)

PATH = '/metrics'
# The states of cyborg_accelerators.
FREE, BOUND, UNHEALTHY, RESERVED = ('free', 'bound', health_states.UNHEALTHY,
                                    'reserved')
ACCELERATOR_STATES = (FREE, BOUND, UNHEALTHY, RESERVED)
DEVICE_HEALTHS = (health_states.HEALTHY,) + health_states.HELD


def _seconds(later, earlier):
    return max(0.0, (later - earlier).total_seconds())


def _family(gauge):
    return prometheus_core.GaugeMetricFamily(
        gauge.name, gauge.help, labels=gauge.labels)


def _gauge(gauge, values):
    """*gauge*'s family, a sample per item of ``{labels: value}``, sorted."""
    family = _family(gauge)
    for labels in sorted(values):
        family.add_metric(labels, values[labels])
    return family


def _accelerators(snapshot, up):
    """cyborg_accelerators and cyborg_accelerators_reserved."""
    values, reasons = collections.Counter(), collections.Counter()
    for group in snapshot['handles']:
        _total, free, bound, reserved, *why = capacity.counts(
            group, up.get(group.host, False))
        why = dict(zip(capacity.REASONS, why))
        key = (group.host, group.resource_class or '', group.driver or '')
        unhealthy = why[UNHEALTHY]
        for state, value in ((FREE, free), (BOUND, bound),
                             (UNHEALTHY, unhealthy),
                             (RESERVED, reserved - unhealthy)):
            values[key + (state,)] += value
        for reason, value in why.items():
            reasons[key + (reason,)] += value
    return [_gauge(metrics.ACCELERATORS, values),
            _gauge(metrics.ACCELERATORS_RESERVED, reasons)]


def _devices(snapshot):
    # Every health of every host and driver that has devices, 0
    # included, so that a device that recovers takes its series to 0
    # rather than away (an alert on it resolves).
    values = {}
    for host, driver, health, count in snapshot['devices']:
        for known in DEVICE_HEALTHS:
            values.setdefault((host, driver or '', known), 0)
        values[(host, driver or '', health)] = count
    return _gauge(metrics.DEVICES, values)


def _arqs(snapshot):
    arqs = snapshot['arqs']
    return _gauge(metrics.ARQS, {(state,): arqs.get(state, 0) for state
                                 in set(states.ALL) | set(arqs)})


def _outboxes(snapshot, now):
    depth = _family(metrics.OUTBOX_DEPTH)
    age = _family(metrics.OUTBOX_OLDEST_AGE)
    for outbox in metrics.OUTBOXES:
        count, oldest = snapshot['outboxes'].get(outbox, (0, None))
        depth.add_metric([outbox], count)
        age.add_metric([outbox], 0 if oldest is None
                       else _seconds(now, oldest))
    return [depth, age]


def _agents(snapshot, up, now):
    agents = _family(metrics.AGENTS)
    agent_up = _family(metrics.AGENT_UP)
    report_age = _family(metrics.AGENT_LAST_REPORT_AGE)
    for agent in snapshot['agents']:
        host = agent['host']
        agent_up.add_metric([host], 1 if up[host] else 0)
        if agent.get('last_report_at') is not None:
            report_age.add_metric(
                [host], _seconds(now, agent['last_report_at']))
    n_up = sum(1 for value in up.values() if value)
    agents.add_metric([servicegroup.UP], n_up)
    agents.add_metric([servicegroup.DOWN], len(up) - n_up)
    return [agents, agent_up, report_age]


class FleetCollector(prometheus_registry.Collector):
    """The fleet gauges from a cached database snapshot (a collector)."""

    def __init__(self, conf):
        self.conf = conf
        self._lock = threading.Lock()
        self._snapshot = None
        self._read_at = None

    def snapshot(self):
        """(fleet state, read at), re-read when stale; a 2nd scrape waits."""
        with self._lock:
            fresh = (self._read_at is not None and
                     time.monotonic() - self._read_at <
                     self.conf.metrics.cache_seconds)
            if not fresh:
                now = servicegroup.now()
                data = metrics_queries.fleet(
                    cyborg_context.get_admin_context(), servicegroup.AGENT,
                    now - datetime.timedelta(
                        seconds=self.conf.telemetry.idle_window))
                self._snapshot = (data, now)
                self._read_at = time.monotonic()
            return self._snapshot

    def collect(self):
        snapshot, read = self.snapshot()
        up = servicegroup.agents_up(snapshot['agents'],
                                    snapshot['conductors'], read)
        # The hosts that have accelerators but no agent row are down.
        handles_up = servicegroup.agents_up(
            [{'host': group.host, 'last_seen_up': group.heartbeat,
              'last_report_at': group.reported, 'agent_up': group.recorded}
             for group in snapshot['handles']],
            snapshot['conductors'], read)
        yield from _accelerators(snapshot, handles_up)
        yield _devices(snapshot)
        yield _arqs(snapshot)
        yield from _outboxes(snapshot, read)
        yield from _agents(snapshot, up, read)
        yield _gauge(metrics.IDLE_ACCELERATORS, {
            (host, rc or '', driver or '', project or ''): count
            for host, rc, driver, project, count in snapshot['idle']})
        yield _gauge(metrics.CONFIGURATION_ROLLOUT_DEVICES, {
            (uuid, state): count
            for uuid, state, count in snapshot['rollouts']})
        refreshed = _family(metrics.FLEET_REFRESH)
        refreshed.add_metric([], calendar.timegm(read.utctimetuple()) +
                             read.microsecond / 1e6)
        yield refreshed


def _networks(conf):
    networks = []
    for cidr in conf.metrics.allowed_source_ranges:
        try:
            networks.append(ipaddress.ip_network(cidr.strip(), strict=False))
        except ValueError:
            LOG.error('[metrics] allowed_source_ranges: %s is not a network '
                      '(CIDR); ignored', cidr)
    return networks


class Exporter:
    """Renders the fleet gauges; one per process (cyborg.api.app)."""

    def __init__(self, conf):
        self.collector = FleetCollector(conf)
        self.registry = prometheus_client.CollectorRegistry()
        self.registry.register(self.collector)

    def response(self, request):
        if request.method not in ('GET', 'HEAD'):
            return errors.response(405, 'The method %s is not allowed for '
                                   '/metrics.' % request.method,
                                   headers={'Allow': 'GET, HEAD'})
        try:
            body = prometheus_client.generate_latest(self.registry)
        except Exception:
            # The database, most likely: an answer with the error body,
            # which Prometheus records as a failed scrape (up == 0).
            LOG.exception('Cannot read the fleet metrics')
            return errors.response(500, 'The fleet metrics cannot be read '
                                   'from the database now; see the log.')
        return webob.Response(
            body=body,
            content_type=prometheus_client.CONTENT_TYPE_LATEST.split(';')[0],
            charset='utf-8')


class MetricsRoute:
    """Answers ``/metrics``, every other path going on to *app*.

    *trusted*: the layer before authentication (``allowed_source_ranges``
    only); else the one after it, checking the token against the policy.
    """

    def __init__(self, app, conf, exporter, trusted):
        self.app = app
        self.conf = conf
        self.exporter = exporter
        self.trusted = trusted
        self.networks = _networks(conf) if trusted else []

    def _from_allowed(self, request):
        try:
            address = ipaddress.ip_address(request.remote_addr or '')
        except ValueError:
            return False
        return any(address in network for network in self.networks)

    def __call__(self, environ, start_response):
        # Every other path goes on as it came, without webob's objects.
        if (not self.conf.metrics.enabled or
                environ.get('PATH_INFO', '').rstrip('/') != PATH):
            return self.app(environ, start_response)
        return self._metrics(environ, start_response)

    @webob.dec.wsgify
    def _metrics(self, request):
        if self.trusted:
            if not self._from_allowed(request):
                return request.get_response(self.app)
            return self.exporter.response(request)
        context = cyborg_context.RequestContext.from_environ(request.environ)
        # As cyborg.api.hooks.ContextHook.
        context.is_admin = 'admin' in [role.lower() for role in context.roles]
        try:
            context.can(policies.GET)
        except exception.PolicyNotAuthorized as exc:
            return errors.response(403, str(exc), errors.POLICY)
        except exception.PolicyInvalidScope as exc:
            return errors.response(403, str(exc), errors.POLICY_SCOPE)
        return self.exporter.response(request)
