# Copyright 2026 The Cyborg Authors
# SPDX-License-Identifier: Apache-2.0
"""Run the existing OpenStack Cyborg's own driver discovery and print what
it reports, as JSON, for the tests that compare this Cyborg's drivers with
it (the same deployable names, resource classes, traits and attach
handles for the same hardware).

Runs with the python of the upstream virtualenv (tools/upstream/venv.sh),
under ``umockdev-wrapper`` with ``UMOCKDEV_DIR`` pointing at a fake sysfs
tree, so that upstream's sysfs reads and its ``lspci`` see that tree:

    UMOCKDEV_DIR=TREE umockdev-wrapper UPSTREAM_VENV/bin/python \\
        expected_discovery.py --host HOST [--conf FILE] DRIVER...

Prints ``{driver: [device, ...]}`` with each device as
``{type, vendor, model, controlpath, deployables: [{name, driver_name,
num_accelerators, rc, traits, attributes, attach_handles}]}``.
"""

import argparse
import json
import sys

from stevedore import driver as stevedore_driver


def _device(dev):
    deployables = []
    for dep in dev.deployable_list:
        # Its Ascend driver sets no attributes (no resource class).
        attributes = sorted(
            (a.key, a.value) for a in dep.attribute_list
        ) if dep.obj_attr_is_set('attribute_list') else []
        deployables.append({
            'name': dep.name,
            'driver_name': dep.driver_name,
            'num_accelerators': dep.num_accelerators,
            'rc': dict(attributes).get('rc'),
            'traits': sorted(v for k, v in attributes
                             if k.startswith('trait')),
            'attributes': attributes,
            'attach_handles': [
                {'attach_type': h.attach_type,
                 'attach_info': h.attach_info}
                for h in dep.attach_handle_list],
        })
    return {'type': dev.type, 'vendor': dev.vendor, 'model': dev.model,
            'controlpath': {'cpid_type': dev.controlpath_id.cpid_type,
                            'cpid_info': dev.controlpath_id.cpid_info},
            'deployables': sorted(deployables, key=lambda d: d['name'])}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--host', required=True)
    parser.add_argument('--conf', help='an upstream configuration file')
    parser.add_argument('drivers', nargs='+')
    args = parser.parse_args()

    from cyborg import objects
    import cyborg.conf
    from cyborg.conf import devices
    import cyborg.privsep

    objects.register_all()
    conf = cyborg.conf.CONF
    conf(['--config-file', args.conf] if args.conf else [],
         project='cyborg')
    conf.set_override('host', args.host)
    devices.register_dynamic_opts(conf)
    # Call the privileged helpers (lspci, sysfs reads) in this process:
    # no privsep daemon, no sudo.
    cyborg.privsep.sys_admin_pctxt.set_client_mode(False)
    result = {}
    for name in args.drivers:
        driver = stevedore_driver.DriverManager(
            'cyborg.accelerator.driver', name, invoke_on_load=True).driver
        result[name] = sorted(
            (_device(d) for d in driver.discover()),
            key=lambda d: d['controlpath']['cpid_info'])
    json.dump(result, sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write('\n')
    return 0


if __name__ == '__main__':
    sys.exit(main())
