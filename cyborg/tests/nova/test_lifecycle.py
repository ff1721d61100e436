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
"""Servers with accelerators through the real Nova: their whole life.

Each step is checked in the three places that hold it: what Nova gave the
virt driver (``accel_info``), Cyborg's ARQs and Placement's allocations;
and the device-hours ``GET /v2/usage`` answers for the server.
"""

from cyborg.tests.nova import checks


def test_boot_reboot_stop_start_rebuild_shelve_delete(deployment):
    d = deployment
    flavor = d.flavor(d.profile(**checks.FPGA))
    booted = checks.now()
    server = d.boot(flavor, host=d.compute1)
    d.wait_server(server, 'ACTIVE')
    active = checks.now()
    checks.bound(d, server, d.compute1, ['FPGA'], call='spawn')

    d.action(server, 'reboot', {'type': 'HARD'})
    d.wait_server(server, 'ACTIVE')
    checks.bound(d, server, d.compute1, ['FPGA'], call='reboot-hard')

    d.action(server, 'os-stop')
    d.wait_server(server, 'SHUTOFF')
    checks.bound(d, server, d.compute1, ['FPGA'])
    # Stopped, the server keeps its device: its interval runs on.
    seconds, [first] = checks.usage(d, server, booted)
    checks.between(first['started_at'], booted, active)
    assert (first['ended_at'], first['resource_class'],
            first['hostname']) == (None, 'FPGA', d.compute1), first
    assert seconds >= (checks.now() - active).total_seconds() - 1, seconds
    d.action(server, 'os-start')
    d.wait_server(server, 'ACTIVE')
    checks.bound(d, server, d.compute1, ['FPGA'], call='power-on')

    d.action(server, 'rebuild', {'imageRef': d.image})
    d.wait_server(server, 'ACTIVE')
    checks.bound(d, server, d.compute1, ['FPGA'], call='spawn')
    assert len(d.accel_calls(server)) == 4

    # Offloaded (shelved_offload_time = 0): Nova deletes the ARQs and
    # the allocations; unshelve binds new ones wherever it lands.
    shelving = checks.now()
    d.action(server, 'shelve')
    d.wait_server(server, 'SHELVED_OFFLOADED')
    offloaded = checks.now()
    checks.nothing_leaked(d, server)
    # The offload deleted the ARQ: its interval closed then.
    _seconds, [first] = checks.usage(d, server, booted)
    checks.between(first['ended_at'], shelving, offloaded)
    assert first['ended_by'] == 'delete', first
    d.action(server, 'unshelve', {'host': d.compute2})
    d.wait_server(server, 'ACTIVE')
    unshelved = checks.now()
    checks.bound(d, server, d.compute2, ['FPGA'], call='spawn')

    deleting = checks.now()
    d.delete(server)
    checks.nothing_leaked(d, server)
    # Its device-hours: the interval up to the shelve, and the one on
    # compute2 from the unshelve to the delete; none while offloaded.
    seconds, intervals = checks.usage(d, server, booted)
    assert [i['hostname'] for i in intervals] == [d.compute1,
                                                  d.compute2], intervals
    second = intervals[1]
    checks.between(second['started_at'], offloaded, unshelved)
    checks.between(second['ended_at'], deleting, checks.now())
    assert {i['ended_by'] for i in intervals} == {'delete'}, intervals
    assert seconds == sum((i['ended_at'] - i['started_at']).total_seconds()
                          for i in intervals), (seconds, intervals)


def test_device_full_is_no_valid_host(deployment):
    # One PGPU per host: a third server finds none.
    d = deployment
    flavor = d.flavor(d.profile(**checks.PGPU))
    first = d.boot(flavor)
    d.wait_server(first, 'ACTIVE')
    host1 = d.server(first)['OS-EXT-SRV-ATTR:host']
    second = d.boot(flavor)
    d.wait_server(second, 'ACTIVE')
    host2 = d.server(second)['OS-EXT-SRV-ATTR:host']
    assert {host1, host2} == {d.compute1, d.compute2}
    checks.bound(d, first, host1, ['PGPU'], call='spawn')
    checks.bound(d, second, host2, ['PGPU'], call='spawn')

    third = d.boot(flavor)
    found = d.wait_server(third, 'ERROR')
    assert 'No valid host' in found['fault']['message'], found['fault']
    assert d.arqs(third) == []
    assert d.allocations(third) == {}
    assert d.accel_calls(third) == []

    # Servers in ERROR go with Nova's delete like any other.
    for server in (first, second, third):
        d.delete(server)
    checks.nothing_leaked(d, first, second, third)


def test_bind_with_device_work_waits_for_the_event(deployment):
    # compute2's agent takes PROGRAM_SECONDS to program: nova-compute is
    # waiting for the accelerator-request-bound event when it comes.
    d = deployment
    bitstream = b'a bitstream for the real-Nova suite ' + \
        d.suffix.encode()
    image = d.glance.add_image(bitstream, name='bitstream')
    flavor = d.flavor(d.profile(**dict(checks.FPGA,
                                       **{'accel:bitstream_id': image})))
    server = d.boot(flavor, host=d.compute2)
    d.wait_server(server, 'ACTIVE')
    [arq] = checks.bound(d, server, d.compute2, ['FPGA'], call='spawn')
    log = d.nova_log(d.compute2)
    event = 'accelerator-request-bound-%s' % arq['uuid']
    assert 'Preparing to wait for external event %s' % event in log
    # Its arrival: nova-api took it (200, not 422) for this host.
    assert 'Received event %s' % event in log or \
        'Processing event %s' % event in log, event
    traits = d.placement.client.get_traits(d.devices[d.compute2]['FPGA'])[1]
    assert any(t.startswith('CUSTOM_FPGA_FUNCTION_ID_FAKE_')
               for t in traits), traits

    d.delete(server)
    checks.nothing_leaked(d, server)


def test_attach_and_detach_with_reboot(deployment):
    # Cyborg's own verbs on a server Nova booted with an FPGA: attach a
    # PGPU (Nova hard reboots; the guest gets both), detach it (Nova
    # hard reboots; the FPGA alone, Nova's own ARQ untouched).
    d = deployment
    flavor = d.flavor(d.profile(**checks.FPGA))
    server = d.boot(flavor, host=d.compute1)
    d.wait_server(server, 'ACTIVE')
    [fpga] = checks.bound(d, server, d.compute1, ['FPGA'])
    extra = d.profile(**checks.PGPU)

    answer = d.cyborg('POST', '/instances/%s/accelerators' % server,
                      {'device_profile_name': extra, 'reboot': True})
    assert answer['reboot'], answer
    d.wait_for(lambda: len(d.accel_calls(server)) == 2, 120,
               'Nova never hard rebooted %s after attach' % server)
    d.wait_server(server, 'ACTIVE')
    checks.bound(d, server, d.compute1, ['FPGA', 'PGPU'],
                 call='reboot-hard')

    d.cyborg('DELETE', '/instances/%s/accelerators?reboot=true' % server)
    d.wait_for(lambda: len(d.accel_calls(server)) == 3, 120,
               'Nova never hard rebooted %s after detach' % server)
    d.wait_server(server, 'ACTIVE')
    # The PGPU leaves the server's allocation once Cyborg saw the reboot
    # done (the guest no longer holds it).
    d.wait_for(lambda: d.devices[d.compute1]['PGPU'] not in
               d.allocations(server), 60,
               'the detached PGPU stayed in the allocation of %s' % server)
    [arq] = checks.bound(d, server, d.compute1, ['FPGA'],
                         call='reboot-hard')
    assert arq['uuid'] == fpga['uuid']

    d.delete(server)
    checks.nothing_leaked(d, server)
