# Copyright 2026 The Cyborg Authors
# SPDX-License-Identifier: Apache-2.0
"""Fill a database of the existing OpenStack Cyborg through its own code,
as a deployment of it would have it, for the upgrade tests' fixtures.

Runs with the python of the upstream virtualenv (tools/upstream/venv.sh),
under ``umockdev-wrapper`` with ``UMOCKDEV_DIR`` pointing at the fake
sysfs tree of the driver tests, after upstream's own ``cyborg-dbsync
upgrade`` created the schema (make-dumps.sh does all of that):

    fill.py --config-file FILE...

What it writes, each through upstream's objects the way its services do:

* the hardware two agents report: host ``compute1`` (``[DEFAULT] host``),
  publishing under its compute node ``compute1.example.org`` (``[agent]
  resource_provider_name``, the FQDN), with the fake, NVIDIA (a T4 in
  vGPU mode, the other GPUs whole), Intel QAT, Xilinx, Intel FPGA and PCI
  drivers; host ``compute2``, whose compute node is named after the host,
  with the fake driver: the rows its conductor's report_data writes
  (DriverDevice.create under the report's host name), each deployable's
  rp_uuid set as it sets it;
* device profiles of FPGA, vGPU, whole GPU, QAT and two-group requests;
* ARQs as Nova leaves them: an instance bound to the fake FPGA of
  compute1 (Nova's nodename, the FQDN, as hostname), one bound to a vGPU
  (its mediated device made, the handle in use), one bound to a Xilinx
  card (PCI handles), one bound on compute2, an ARQ never bound
  (Initial), one bound then unbound, one whose bind failed.
"""

import os
import sys
import uuid

from stevedore import driver as stevedore_driver

PROJECT = 'a1b2c3d4e5f60718293a4b5c6d7e8f90'
# ARQs of releases before 17.0.0 as the Nova of that time left them:
# without a project (make-dumps.sh sets FILL_ARQ_PROJECT= for those).
ARQ_PROJECT = os.environ.get('FILL_ARQ_PROJECT', PROJECT) or None
INSTANCES = {
    'fpga': '6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e01',
    'vgpu': '6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e02',
    'compute2': '6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e03',
    'failed': '6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e04',
    'unbound': '6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e05',
    'xilinx': '6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e06',
}
DRIVERS = tuple(
    name for name in ('nvidia_gpu_driver', 'intel_qat_driver',
                      'xilinx_fpga_driver', 'intel_fpga_driver',
                      'pci_driver')
    # A release whose driver fails on this tree (make-dumps.sh).
    if name not in os.environ.get('FILL_SKIP_DRIVERS', '').split(','))
PROFILES = (
    ('fpga', 'A fake FPGA', [{'resources:FPGA': '1',
                              'trait:CUSTOM_FAKE_DEVICE': 'required'}]),
    ('xilinx', 'An Alveo card', [{'resources:FPGA': '1',
                                  'trait:CUSTOM_FPGA_XILINX': 'required'}]),
    ('vgpu', 'A T4 vGPU', [{'resources:VGPU': '1',
                            'trait:CUSTOM_NVIDIA_1EB8_T4_1B': 'required'}]),
    ('pgpu', 'A whole GPU', [{'resources:PGPU': '1'}]),
    ('qat', None, [{'resources:CUSTOM_QAT': '1'}]),
    ('fpga-and-pci', 'Two groups', [
        {'resources:FPGA': '1'},
        {'resources:CUSTOM_PCI': '1',
         'trait:CUSTOM_PCI_PRODUCT_ID_1044': 'required'}]),
)
HOSTS = (
    # (host, the name it reports under = its compute node, drivers)
    ('compute1', 'compute1.example.org', ('fake_driver',) + DRIVERS),
    ('compute2', 'compute2', ('fake_driver',)),
)


def _report(context, conf, host, report_name, drivers):
    """What the agent of *host* reports and its conductor stores."""
    from cyborg import objects

    conf.set_override('host', host)
    for name in drivers:
        driver = stevedore_driver.DriverManager(
            'cyborg.accelerator.driver', name, invoke_on_load=True).driver
        for device in driver.discover():
            device.create(context, report_name)
            for dep in device.deployable_list:
                stored = objects.Deployable.get_by_name(context, dep.name)
                stored['rp_uuid'] = str(uuid.uuid3(uuid.NAMESPACE_DNS,
                                                   dep.name))
                stored.save(context)


def _arq(context, profile):
    from cyborg import objects

    arq = objects.ARQ(context, device_profile_name=profile.name,
                      device_profile_group_id=0, project_id=ARQ_PROJECT)
    extarq = objects.ExtARQ(context, arq=arq)
    return extarq.create(context, profile.id)


def _bind(context, extarq, deployable_name, nodename, instance):
    """The bind of Nova's PATCH, for a PCI (or TEST_PCI) handle."""
    from cyborg import objects

    deployable = objects.Deployable.get_by_name(context, deployable_name)
    extarq.arq.hostname = nodename
    extarq.arq.device_rp_uuid = deployable.rp_uuid
    extarq.arq.instance_uuid = instance
    extarq.save(context)
    extarq.update_check_state(context, 'BindStarted')
    extarq.bind(context, deployable)


def _bind_mdev(context, extarq, deployable_name, nodename, instance):
    """The same for an MDEV handle, once the agent made the mdev (the
    agent RPC of ExtARQ.bind is its only other step).
    """
    from cyborg import objects

    deployable = objects.Deployable.get_by_name(context, deployable_name)
    handle = objects.AttachHandle.allocate(context, deployable.id)
    extarq.arq.hostname = nodename
    extarq.arq.device_rp_uuid = deployable.rp_uuid
    extarq.arq.instance_uuid = instance
    extarq.attach_handle_id = handle.id
    extarq.deployable_id = deployable.id
    extarq.save(context)
    extarq.update_check_state(context, 'BindStarted')
    extarq.update_check_state(context, 'Bound')


def main(argv):
    from cyborg import context as cyborg_context
    from cyborg import objects
    from cyborg.common import rpc
    import cyborg.conf
    from cyborg.conf import devices
    import cyborg.privsep

    conf = cyborg.conf.CONF
    conf(argv[1:], project='cyborg')
    devices.register_dynamic_opts(conf)
    cyborg.privsep.sys_admin_pctxt.set_client_mode(False)
    # ExtARQ makes an agent RPC client: no message is sent (binds of PCI
    # handles need none), so the in-memory transport make-dumps.sh
    # configures does.
    rpc.init(conf)
    objects.register_all()
    context = cyborg_context.get_admin_context()

    for host, report_name, drivers in HOSTS:
        _report(context, conf, host, report_name, drivers)

    profiles = {}
    for name, description, groups in PROFILES:
        profile = objects.DeviceProfile(context, name=name, groups=groups,
                                        description=description)
        profile.create(context)
        profiles[name] = profile

    _bind(context, _arq(context, profiles['fpga']), 'compute1_FakeDevice',
          'compute1.example.org', INSTANCES['fpga'])
    _bind_mdev(context, _arq(context, profiles['vgpu']),
               'compute1_0000:af:00.0', 'compute1.example.org',
               INSTANCES['vgpu'])
    _bind(context, _arq(context, profiles['fpga']), 'compute2_FakeDevice',
          'compute2', INSTANCES['compute2'])
    _bind(context, _arq(context, profiles['xilinx']),
          'compute1_0000:3b:00.0', 'compute1.example.org',
          INSTANCES['xilinx'])
    # Never bound.
    _arq(context, profiles['qat'])
    # Bound, then unbound (Nova's shelve offload).
    unbound = _arq(context, profiles['fpga'])
    _bind(context, unbound, 'compute1_FakeDevice', 'compute1.example.org',
          INSTANCES['unbound'])
    unbound.unbind(context)
    # A bind that failed (no free handle left when it ran).
    failed = _arq(context, profiles['fpga'])
    failed.arq.hostname = 'compute2'
    failed.arq.instance_uuid = INSTANCES['failed']
    failed.save(context)
    failed.update_check_state(context, 'BindStarted')
    failed.update_check_state(context, 'BindFailed')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
