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
"""Every metric Cyborg exports to Prometheus, defined once
(doc/source/admin/monitoring.rst): the fleet gauges (Gauge; cyborg-api's
``/metrics``), each conductor's counters and histograms (REGISTRY; labels
bounded, never a uuid) and each agent's device series (DEVICE_METRICS).

It imports nothing of Cyborg: the service clients count here.
"""

import collections
import threading
import time

from oslo_utils import timeutils
import prometheus_client
from prometheus_client import core as prometheus_core

# The registry of the in-process metrics (not prometheus_client's global
# one, so that a process that imports Cyborg as a library exports nothing
# unasked).
REGISTRY = prometheus_client.CollectorRegistry()

# Buckets of the latency histograms, in seconds: from a bind that needs
# no device work (milliseconds) to an FPGA programmed for minutes.
BIND_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
                30.0, 60.0, 120.0, 300.0, 600.0)
# Calls to Placement and Nova.
CALL_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
                10.0, 30.0)

# Label values.
PATCH = 'patch'          # a bind or unbind refused in Nova's PATCH
DEVICE = 'device'        # the agent's device work failed or timed out
NO_WORK = 'none'         # a bind that needs no device work
CONNECTION = 'connection'  # a call that got no HTTP answer

# --- in-process: the conductor -----------------------------------------

ARQ_BINDS = prometheus_client.Counter(
    'cyborg_arq_binds', 'ARQs this conductor was asked to bind (Nova\'s '
    'PATCH with "add").', registry=REGISTRY)
ARQ_BIND_FAILURES = prometheus_client.Counter(
    'cyborg_arq_bind_failures', 'ARQ binds that failed: refused in the '
    'PATCH (stage "patch") or failed by their device work (stage '
    '"device").', ['stage'], registry=REGISTRY)
ARQ_UNBINDS = prometheus_client.Counter(
    'cyborg_arq_unbinds', 'ARQs this conductor was asked to unbind '
    '(PATCH with "remove").', registry=REGISTRY)
ARQ_UNBIND_FAILURES = prometheus_client.Counter(
    'cyborg_arq_unbind_failures', 'ARQ unbinds refused in the request '
    '(stage "patch") or whose release on the device failed (stage '
    '"device").', ['stage'], registry=REGISTRY)
ARQ_DELETES = prometheus_client.Counter(
    'cyborg_arq_deletes', 'ARQs this conductor deleted (or began to '
    'delete, while their device is released).', registry=REGISTRY)
BIND_DEVICE_READY = prometheus_client.Histogram(
    'cyborg_bind_device_ready_seconds', 'From the bind (Nova\'s PATCH) to '
    'the device being ready and the ARQ Bound, by the device work it '
    'needed ("none", "prepare_attach", "program").', ['work'],
    buckets=BIND_BUCKETS, registry=REGISTRY)
NOVA_EVENT_DELAY = prometheus_client.Histogram(
    'cyborg_nova_event_delay_seconds', 'From the ARQ being resolved (Bound '
    'or BindFailed; for a bind without device work, the bind itself) to '
    'Nova taking its accelerator-request-bound event, by event status.',
    ['status'], buckets=BIND_BUCKETS, registry=REGISTRY)
BIND_NOVA_EVENT = prometheus_client.Histogram(
    'cyborg_bind_nova_event_seconds', 'From the bind (Nova\'s PATCH) to '
    'Nova taking its accelerator-request-bound event, by event status '
    '("completed": Bound, "failed": BindFailed).', ['status'],
    buckets=BIND_BUCKETS, registry=REGISTRY)
CLEAN_BUCKETS = (1.0, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0, 600.0, 1800.0,
                 3600.0, 7200.0)
DEVICE_CLEAN = prometheus_client.Histogram(
    'cyborg_device_clean_seconds', 'From a device\'s clean handed to its '
    'agent to its outcome, by driver and outcome ("clean", "failed", '
    '"timeout").', ['driver', 'outcome'], buckets=CLEAN_BUCKETS,
    registry=REGISTRY)
DEVICE_CLEAN_FAILURES = prometheus_client.Counter(
    'cyborg_device_clean_failures', 'Cleans that failed or timed out (the '
    'device is held clean_failed).', registry=REGISTRY)


def bind_ready(work, since):
    """An ARQ bound at *since* (UTC, naive) after *work* is Bound."""
    BIND_DEVICE_READY.labels(work=work).observe(
        max(0.0, (timeutils.utcnow() - since).total_seconds()))


def nova_event_taken(status, since, bind_started_at=None):
    """Nova took an event written at *since*, of a bind begun at
    *bind_started_at* (None: not a bind's); UTC, naive.
    """
    now = timeutils.utcnow()
    NOVA_EVENT_DELAY.labels(status=status).observe(
        max(0.0, (now - since).total_seconds()))
    if bind_started_at is not None:
        BIND_NOVA_EVENT.labels(status=status).observe(
            max(0.0, (now - bind_started_at).total_seconds()))


def _service_call_metrics(service):
    return (
        prometheus_client.Counter(
            'cyborg_%s_requests' % service,
            'Requests sent to %s, by HTTP method.' % service.capitalize(),
            ['method'], registry=REGISTRY),
        prometheus_client.Counter(
            'cyborg_%s_request_errors' % service,
            'Requests to %s that failed: no answer ("connection"), or an '
            'answer of class "4xx" or "5xx".' % service.capitalize(),
            ['method', 'kind'], registry=REGISTRY),
        prometheus_client.Histogram(
            'cyborg_%s_request_duration_seconds' % service,
            'How long requests to %s took, answer or not.' %
            service.capitalize(), ['method'], buckets=CALL_BUCKETS,
            registry=REGISTRY),
    )


PLACEMENT_CALLS = _service_call_metrics('placement')
NOVA_CALLS = _service_call_metrics('nova')


def call_started():
    return time.monotonic()


def call_done(metrics, method, started, status=None):
    """Count one request of PLACEMENT_CALLS or NOVA_CALLS (*status*
    None: no answer).
    """
    requests, errors, duration = metrics
    requests.labels(method=method).inc()
    duration.labels(method=method).observe(time.monotonic() - started)
    if status is None:
        errors.labels(method=method, kind=CONNECTION).inc()
    elif status >= 400:
        errors.labels(method=method,
                      kind='%dxx' % (status // 100)).inc()


def serve(port, host, registry=REGISTRY):
    """Serve *registry* in a daemon thread; returns the HTTP server."""
    server, _thread = prometheus_client.start_http_server(
        port, addr=host, registry=registry)
    return server


# The conductor's server of this process: {(host, port): server}.
_CONDUCTOR_SERVERS = {}
_CONDUCTOR_LOCK = threading.Lock()


def serve_conductor(conf):
    """serve() on ``[metrics] conductor_port``, when set, once per
    process (from the worker's init_host, kept across a SIGHUP).
    """
    if not conf.metrics.conductor_port:
        return None
    where = (conf.metrics.conductor_host, conf.metrics.conductor_port)
    with _CONDUCTOR_LOCK:
        if where not in _CONDUCTOR_SERVERS:
            _CONDUCTOR_SERVERS[where] = serve(where[1], where[0])
        return _CONDUCTOR_SERVERS[where]


# --- each agent's device series -----------------------------------------

#: The labels of every device series: the device and, while bound, the
#: instances and projects that hold it (comma-separated when several
#: share it).
DEVICE_LABELS = ('host', 'device', 'deployable', 'resource_class', 'driver',
                 'instance', 'project')

#: One family of device series: its Prometheus name and type, its help,
#: and the telemetry fields it shows (cyborg.common.telemetry), each with
#: the values of its extra labels and a factor.
DeviceMetric = collections.namedtuple(
    'DeviceMetric', ('name', 'type', 'help', 'labels', 'fields'))


def _one(field, factor=1):
    return {field: ((), factor)}


DEVICE_METRICS = (
    DeviceMetric('cyborg_device_utilization_ratio', 'gauge',
                 'Share of the last sample period the device computed.',
                 (), _one('utilization')),
    DeviceMetric('cyborg_device_memory_utilization_ratio', 'gauge',
                 'Share of the last sample period the device\'s memory was '
                 'read or written.', (), _one('memory_utilization')),
    DeviceMetric('cyborg_device_memory_used_bytes', 'gauge',
                 'Device memory allocated.', (), _one('memory_used_bytes')),
    DeviceMetric('cyborg_device_memory_total_bytes', 'gauge',
                 'Device memory installed.', (),
                 _one('memory_total_bytes')),
    DeviceMetric('cyborg_device_power_watts', 'gauge', 'Power drawn.', (),
                 _one('power_watts')),
    DeviceMetric('cyborg_device_power_limit_watts', 'gauge', 'Power limit.',
                 (), _one('power_limit_watts')),
    DeviceMetric('cyborg_device_temperature_celsius', 'gauge',
                 'Temperature.', (), _one('temperature_celsius')),
    DeviceMetric('cyborg_device_slowdown_temperature_celsius', 'gauge',
                 'Temperature at which the device slows itself down.', (),
                 _one('slowdown_temperature_celsius')),
    DeviceMetric('cyborg_device_thermal_slowdown', 'gauge',
                 '1 while the device slows itself down for heat.', (),
                 _one('thermal_slowdown')),
    DeviceMetric('cyborg_device_sm_clock_hertz', 'gauge',
                 'Streaming multiprocessor clock.', (),
                 _one('sm_clock_hertz')),
    DeviceMetric('cyborg_device_ecc_errors', 'counter',
                 'ECC errors by kind ("corrected", "uncorrected") and scope '
                 '("volatile": since the driver loaded, "aggregate": over '
                 'the device\'s life).', ('kind', 'scope'),
                 {'ecc_%s_%s' % (kind, scope): ((kind, scope), 1)
                  for kind in ('corrected', 'uncorrected')
                  for scope in ('volatile', 'aggregate')}),
    DeviceMetric('cyborg_device_retired_pages', 'gauge',
                 'Memory pages retired, by cause ("single_bit": repeated '
                 'corrected errors, "double_bit").', ('cause',),
                 {'retired_pages_single_bit': (('single_bit',), 1),
                  'retired_pages_double_bit': (('double_bit',), 1)}),
    DeviceMetric('cyborg_device_remapped_rows', 'gauge',
                 'Memory rows remapped, by the kind of error '
                 '("correctable", "uncorrectable").', ('kind',),
                 {'remapped_rows_correctable': (('correctable',), 1),
                  'remapped_rows_uncorrectable': (('uncorrectable',), 1)}),
    DeviceMetric('cyborg_device_memory_repair_pending', 'gauge',
                 '1 while a page retirement or row remapping waits for a '
                 'reset, by kind ("retired_pages", "remapped_rows").',
                 ('kind',),
                 {'retired_pages_pending': (('retired_pages',), 1),
                  'remapped_rows_pending': (('remapped_rows',), 1)}),
    DeviceMetric('cyborg_device_wear_ratio', 'gauge',
                 'Share of a drive\'s rated endurance used (NVMe '
                 'Percentage Used).', (), _one('wear_ratio')),
    DeviceMetric('cyborg_device_available_spare_ratio', 'gauge',
                 'A drive\'s spare capacity, now ("current") and where it '
                 'warns ("threshold").', ('bound',),
                 {'available_spare_ratio': (('current',), 1),
                  'available_spare_threshold_ratio': (('threshold',), 1)}),
    DeviceMetric('cyborg_device_media_errors', 'counter',
                 'A drive\'s unrecovered data integrity errors over its '
                 'life.', (), _one('media_errors')),
    DeviceMetric('cyborg_device_critical_warning', 'gauge',
                 '1 while a drive raises a critical warning (NVMe SMART '
                 'log).', (), _one('critical_warning')),
    DeviceMetric('cyborg_device_pcie_aer_errors', 'counter',
                 'PCIe AER errors since boot, by kind ("correctable", '
                 '"nonfatal", "fatal").', ('kind',),
                 {'aer_' + kind: ((kind,), 1)
                  for kind in ('correctable', 'nonfatal', 'fatal')}),
    DeviceMetric('cyborg_device_pcie_link_width_lanes', 'gauge',
                 'PCIe link width, now ("current") and the most the device '
                 'and its slot can ("max").', ('bound',),
                 {'pcie_link_width': (('current',), 1),
                  'pcie_link_max_width': (('max',), 1)}),
    DeviceMetric('cyborg_device_pcie_link_speed_transfers_per_second',
                 'gauge', 'PCIe link speed per lane, now ("current") and the '
                 'most the device and its slot can ("max").', ('bound',),
                 {'pcie_link_speed_gts': (('current',), 1e9),
                  'pcie_link_max_speed_gts': (('max',), 1e9)}),
)

#: The series the agent adds to its devices' samples.
DEVICE_STATE = (
    DeviceMetric('cyborg_device_pcie_link_degraded', 'gauge',
                 '1 while the PCIe link runs below its maximum width (and '
                 'speed, with the rule pcie_link_speed of [device_health] '
                 'telemetry_rules).', (), 'pcie_link_degraded'),
    DeviceMetric('cyborg_device_unhealthy', 'gauge',
                 '1 while the agent finds the device unhealthy (any check; '
                 'the reason is its health_reason).', (), 'failing'),
    DeviceMetric('cyborg_device_telemetry_up', 'gauge',
                 '1 when the last read of the device\'s telemetry succeeded '
                 'and is recent; 0: its values are left out (stale).', (),
                 'up'),
    DeviceMetric('cyborg_device_telemetry_timestamp_seconds', 'gauge',
                 'When the device\'s values were read (Unix time).', (),
                 'read_at'),
)

#: A device's series: ``labels`` {DEVICE_LABELS: value}, ``sample`` (its
#: telemetry values; {} when stale), ``state`` {DEVICE_STATE's fields}.
DeviceSeries = collections.namedtuple('DeviceSeries',
                                      ('labels', 'sample', 'state'))

_FAMILIES = {'gauge': prometheus_core.GaugeMetricFamily,
             'counter': prometheus_core.CounterMetricFamily}


class DeviceCollector:
    """An agent's device series of *source()* (DeviceSeries: the last
    samples read) at each scrape.
    """

    def __init__(self, source):
        self.source = source

    def collect(self):
        devices = [([device.labels.get(label) or ''
                     for label in DEVICE_LABELS], device)
                   for device in self.source()]
        for metric in DEVICE_METRICS:
            family = _FAMILIES[metric.type](
                metric.name, metric.help,
                labels=DEVICE_LABELS + metric.labels)
            for values, device in devices:
                for field, (extra, factor) in sorted(metric.fields.items()):
                    if field in device.sample:
                        family.add_metric(values + list(extra),
                                          float(device.sample[field]) *
                                          factor)
            yield family
        for metric in DEVICE_STATE:
            family = _FAMILIES[metric.type](metric.name, metric.help,
                                            labels=DEVICE_LABELS)
            for values, device in devices:
                value = device.state.get(metric.fields)
                if value is not None:
                    family.add_metric(values, float(value))
            yield family


def serve_agent(conf, source):
    """Serve DeviceCollector(*source*) on ``[metrics] agent_port``, when
    set; returns the server or None.
    """
    if not conf.metrics.agent_port:
        return None
    registry = prometheus_client.CollectorRegistry()
    registry.register(DeviceCollector(source))
    return serve(conf.metrics.agent_port, conf.metrics.agent_host,
                 registry)


# --- fleet gauges: cyborg-api, from the database -----------------------

Gauge = collections.namedtuple('Gauge', ('name', 'help', 'labels'))

ACCELERATORS = Gauge(
    'cyborg_accelerators', 'Accelerators (attach handles) by host, '
    'resource class, driver and state: "free" (Nova may schedule it), '
    '"bound" (in use), "unhealthy" (not in use, its device failed its '
    'checks) or "reserved" (not in use, held out for another reason; '
    'cyborg_accelerators_reserved says which).',
    ('host', 'resource_class', 'driver', 'state'))
ACCELERATORS_RESERVED = Gauge(
    'cyborg_accelerators_reserved', 'Accelerators not in use whose '
    'inventory is reserved in Placement, by host, resource class, driver '
    'and reason: "disabled", "unhealthy", "recovering", "driver_error" '
    '(its driver fails: held as last known), "config_draining", '
    '"config_pending", "config_applying", "config_failed" (its desired '
    'configuration), "agent_down", "reshaping" (a provider of what the '
    'device was is still allocated), "gone".  One may be reserved for '
    'several reasons, counted under each.',
    ('host', 'resource_class', 'driver', 'reason'))
DEVICES = Gauge(
    'cyborg_devices', 'Devices by host, driver and health ("healthy", '
    '"unhealthy", "recovering": healthy again, in its hold-down, '
    '"driver_error": its driver fails, held as last known).',
    ('host', 'driver', 'health'))
ARQS = Gauge(
    'cyborg_arqs', 'Accelerator requests by state.', ('state',))
OUTBOX_DEPTH = Gauge(
    'cyborg_outbox_depth', 'Work waiting in an outbox: "nova_events" '
    '(events not yet taken by Nova), "placement_pushes" (hosts whose '
    'resource providers must be pushed to Placement), "driver_jobs" '
    '(device work waiting for or running on an agent).', ('outbox',))
OUTBOX_OLDEST_AGE = Gauge(
    'cyborg_outbox_oldest_age_seconds', 'Age of the oldest entry of an '
    'outbox (0 when it is empty).', ('outbox',))
AGENTS = Gauge(
    'cyborg_agents', 'Agents by liveness ("up", "down"), as the '
    'conductors judge it.', ('state',))
AGENT_UP = Gauge(
    'cyborg_agent_up', '1 when the host\'s agent is up, 0 when it is '
    'down.', ('host',))
AGENT_LAST_REPORT_AGE = Gauge(
    'cyborg_agent_last_report_age_seconds', 'Seconds since the conductor '
    'last applied a report of the host\'s agent (absent when it never '
    'reported).', ('host',))
IDLE_ACCELERATORS = Gauge(
    'cyborg_idle_accelerators', 'Bound accelerators whose device stayed '
    'under [telemetry] idle_threshold since it was bound, for [telemetry] '
    'idle_window or longer, by host, resource class, driver and the '
    'project that holds them (`cyborg instance-list --idle` names the '
    'instances).', ('host', 'resource_class', 'driver', 'project'))
CONFIGURATION_ROLLOUT_DEVICES = Gauge(
    'cyborg_configuration_rollout_devices', 'Devices of each configuration '
    'rollout running or paused, by state ("waiting", "in_progress", '
    '"done", "skipped", "failed", "forgotten").',
    ('configuration_rollout', 'state'))
FLEET_REFRESH = Gauge(
    'cyborg_fleet_refresh_timestamp_seconds', 'When the fleet gauges '
    'were last read from the database (Unix time).', ())

# Label values of the fleet gauges (the accelerators' states are
# cyborg.api.metrics').
NOVA_EVENTS, PLACEMENT_PUSHES, DRIVER_JOBS = (
    'nova_events', 'placement_pushes', 'driver_jobs')
OUTBOXES = (NOVA_EVENTS, PLACEMENT_PUSHES, DRIVER_JOBS)

