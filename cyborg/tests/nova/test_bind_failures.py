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
"""Binds that fail, through the real Nova: never an ACTIVE server
without its accelerator, and nothing left behind.

What Nova 34 does with a bind Cyborg refuses at once: nova-conductor
binds in ``schedule_and_build_instances``; when ``bind_arqs`` fails
(Cyborg answers an error) it deletes the ARQs and puts the server in
ERROR (``_cleanup_build_artifacts``).  It does not try the alternate
hosts the scheduler returned: only a reschedule from nova-compute
(``build_instances``) walks them.  So "with an alternate host" ends in
ERROR too, as "without one" does.  A bind whose device work fails later
sends Cyborg's ``failed`` event, on which nova-compute's wait for the
bound events fails the build: ERROR again.  Servers in ERROR go with
Nova's delete.
"""

from cyborg.drivers import fake as fake_driver
from cyborg.tests.nova import checks


def _programmed_server(d, host):
    """A server on *host* whose FPGA was programmed with bitstream A."""
    image = d.glance.add_image(b'bitstream A ' + d.suffix.encode())
    flavor = d.flavor(d.profile(**dict(checks.FPGA,
                                       **{'accel:bitstream_id': image})))
    server = d.boot(flavor, host=host)
    d.wait_server(server, 'ACTIVE')
    checks.bound(d, server, host, ['FPGA'], call='spawn')
    return server


def _other_bitstream_flavor(d):
    image = d.glance.add_image(b'bitstream B ' + d.suffix.encode())
    return d.flavor(d.profile(**dict(checks.FPGA,
                                     **{'accel:bitstream_id': image})))


def _refused(d, server):
    """*server*'s bind was refused: ERROR, no ARQ, nothing spawned."""
    found = checks.never_active_without_device(d, server)
    assert found['status'] == 'ERROR', found
    assert d.arqs(server) == []
    assert d.accel_calls(server) == []
    return found


def test_refused_at_once_without_an_alternate(deployment):
    # compute1's FPGA runs bitstream A under a server; a second server,
    # asked on compute1 alone, needs bitstream B: reprogramming would
    # change the function under the first, Cyborg refuses the bind.
    d = deployment
    first = _programmed_server(d, d.compute1)
    second = d.boot(_other_bitstream_flavor(d), host=d.compute1)
    _refused(d, second)
    checks.bound(d, first, d.compute1, ['FPGA'])
    d.delete(second)
    d.delete(first)
    checks.nothing_leaked(d, first, second)


def test_refused_at_once_with_an_alternate(deployment):
    # The same, the scheduler free to choose: it stacks (the deployment's
    # RAM weigher), so compute1 first and compute2 as the alternate.
    # Nova 34 does not try the alternate (module docstring): ERROR.
    d = deployment
    first = _programmed_server(d, d.compute1)
    second = d.boot(_other_bitstream_flavor(d))
    _refused(d, second)
    d.delete(second)
    d.delete(first)
    checks.nothing_leaked(d, first, second)


def _failing_program(d, host):
    image = d.glance.add_image(fake_driver.FAIL_PROGRAM_MARKER +
                               d.suffix.encode())
    flavor = d.flavor(d.profile(**dict(checks.FPGA,
                                       **{'accel:bitstream_id': image})))
    server = d.boot(flavor, host=host)
    found = checks.never_active_without_device(d, server)
    assert found['status'] == 'ERROR', found
    d.wait_for(lambda: d.arqs(server) == [], 60,
               'the ARQs of %s in ERROR stayed' % server)
    # nova-compute aborted the build before it asked for a spawn.
    assert d.accel_calls(server) == []
    d.delete(server)
    checks.nothing_leaked(d, server)


def test_device_work_fails_at_once(deployment):
    # compute1's agent programs at once: the failure may come before
    # nova-compute waits for the event, even before the server has a host.
    _failing_program(deployment, deployment.compute1)


def test_device_work_fails_while_nova_waits(deployment):
    # compute2's agent takes PROGRAM_SECONDS: nova-compute waits already.
    _failing_program(deployment, deployment.compute2)
