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
"""What the real-Nova suite checks after each step."""

import datetime

FPGA = {'resources:FPGA': '1', 'trait:CUSTOM_FAKE_DEVICE': 'required'}
PGPU = {'resources:PGPU': '1', 'trait:CUSTOM_FAKE_DEVICE': 'required'}


def bound(deployment, server, host, resource_classes, call=None):
    """The server's ARQs are Bound on *host*'s devices of
    *resource_classes* (one each), Placement holds exactly those devices
    and *host*'s compute node for it, and the virt driver's last call (of
    kind *call*, when given) got exactly those ARQs, Bound.

    :returns: the ARQs.
    """
    arqs = deployment.arqs(server)
    devices = deployment.devices[host]
    assert sorted((a['state'], a['hostname'], a['device_rp_uuid'])
                  for a in arqs) == sorted(
        ('Bound', host, devices[rc]) for rc in resource_classes), arqs
    root = deployment.placement.client.find_provider(host)['uuid']
    allocations = deployment.allocations(server)
    wanted = {root} | {devices[rc] for rc in resource_classes}
    assert set(allocations) == wanted, allocations
    for rc in resource_classes:
        assert allocations[devices[rc]] == {rc: 1}, allocations
    calls = deployment.accel_calls(server)
    assert calls, 'the virt driver was never given %s' % server
    last = calls[-1]
    if call:
        assert last['call'] == call, calls
    assert last['host'] == host, last
    assert sorted(a['uuid'] for a in last['accel_info']) == sorted(
        a['uuid'] for a in arqs), (last, arqs)
    assert {a['state'] for a in last['accel_info']} == {'Bound'}, last
    return arqs


def nothing_leaked(deployment, *servers):
    """No ARQ and no allocation of *servers*, and no device in use."""
    for server in servers:
        assert deployment.arqs(server) == [], server
        assert deployment.allocations(server) == {}, server
    assert deployment.device_usages() == {}


def never_active_without_device(deployment, server):
    """Wait for *server* to settle; fail with what Nova and Cyborg show
    when it went ACTIVE (with ARQs not Bound, or a virt driver given
    none).

    :returns: the server as Nova shows it.
    """
    found = deployment.wait_settled(server)
    if found['status'] == 'ACTIVE':
        raise AssertionError(
            'server %s went ACTIVE: its ARQs %s, the virt driver got %s' % (
                server, [(a['uuid'], a['state']) for a in
                         deployment.arqs(server)],
                deployment.accel_calls(server)))
    return found


def now():
    """The time now (naive UTC), to the second, as Cyborg records it."""
    return datetime.datetime.now(datetime.timezone.utc).replace(
        tzinfo=None, microsecond=0)


def _time(text):
    return datetime.datetime.fromisoformat(text).replace(tzinfo=None)


def usage(deployment, server, since):
    """The server's device-seconds from *since* until now, as ``GET
    /v2/usage`` answers them (per instance), and its usage intervals
    (started_at, ended_at as naive datetimes), checked to add up.
    """
    body = deployment.cyborg(
        'GET', '/usage?start=%s&group_by=instance&detail=true'
        % since.isoformat())
    seconds = sum(entry['device_seconds']
                  for project in body['project_usages']
                  for entry in project['usages']
                  if entry['instance'] == server)
    intervals = [dict(i, started_at=_time(i['started_at']),
                      ended_at=i['ended_at'] and _time(i['ended_at']))
                 for i in body['usage_intervals']
                 if i['instance_uuid'] == server]
    assert seconds == sum(i['device_seconds'] for i in intervals), (
        seconds, intervals)
    for interval in intervals:
        if interval['ended_at'] is not None:
            assert interval['device_seconds'] == (
                interval['ended_at'] - interval['started_at']
            ).total_seconds(), interval
    return seconds, intervals


def between(when, earliest, latest):
    """*when* is within [earliest, latest], Cyborg's second included."""
    assert earliest <= when <= latest + datetime.timedelta(seconds=1), (
        when, earliest, latest)
