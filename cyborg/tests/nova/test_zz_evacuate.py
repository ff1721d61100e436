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
"""Evacuation through the real Nova (last in the file order: it stops a
compute host; it starts it again and leaves both hosts up).
"""

from cyborg.tests.nova import checks


def _service(d, host):
    [service] = d.nova('GET', '/os-services?binary=nova-compute&host=%s'
                       % host)['services']
    return service


def _evacuation(d, server):
    """The server's one evacuation record, once Nova has ended it.

    Nova's destination sets the server ACTIVE with no task before it
    moves the server to itself (``finish_evacuation``), and marks the
    migration ``done`` only after that move: the record, not the
    server's status, says the evacuation is over.
    """
    def ended():
        [migration] = d.nova(
            'GET', '/os-migrations?instance_uuid=%s&migration_type=evacuation'
            % server)['migrations']
        if migration['status'] in ('done', 'failed', 'error'):
            return migration
        return None
    return d.wait_for(ended, 180, 'the evacuation of %s never ended' % server)


def test_evacuate_to_the_other_host(deployment):
    d = deployment
    flavor = d.flavor(d.profile(**checks.FPGA))
    server = d.boot(flavor, host=d.compute1)
    d.wait_server(server, 'ACTIVE')
    checks.bound(d, server, d.compute1, ['FPGA'], call='spawn')

    # compute1 dies; the operator forces its service down.
    d.computes[d.compute1].stop()
    service = _service(d, d.compute1)
    d.nova('PUT', '/os-services/%s' % service['id'], {'forced_down': True})
    d.action(server, 'evacuate', {})
    migration = _evacuation(d, server)
    found = d.wait_server(server, 'ACTIVE')
    assert migration['status'] == 'done', (migration, found.get('fault'))
    assert found['OS-EXT-SRV-ATTR:host'] == d.compute2, found
    arqs = d.arqs(server)
    assert [(a['state'], a['hostname']) for a in arqs] == [
        ('Bound', d.compute2)], arqs
    last = d.accel_calls(server)[-1]
    assert (last['call'], last['host']) == ('spawn', d.compute2), last
    assert [a['uuid'] for a in last['accel_info']] == [arqs[0]['uuid']]
    # Nova keeps the source's allocations until compute1 comes back.
    assert d.devices[d.compute2]['FPGA'] in d.allocations(server)

    # Back, compute1 drops what the evacuated server held there (and
    # completes the evacuation's migration record: Nova refuses to lift
    # forced_down before).
    d.start_compute(d.compute1)
    d.wait_for(
        lambda: d.devices[d.compute1]['FPGA'] not in d.allocations(server),
        120, 'compute1 never released the evacuated allocations')
    d.nova('PUT', '/os-services/%s' % service['id'], {'forced_down': False})
    d.wait_for(lambda: _service(d, d.compute1)['state'] == 'up', 120,
               'compute1 never came back up')
    checks.bound(d, server, d.compute2, ['FPGA'])

    d.delete(server)
    checks.nothing_leaked(d, server)
