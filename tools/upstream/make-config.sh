#!/bin/bash
# Copyright 2026 The Cyborg Authors
# SPDX-License-Identifier: Apache-2.0
#
# Write the configuration file of a deployment of the existing OpenStack
# Cyborg 17.0.0, for the tests that start this Cyborg with it unchanged:
# the sample that upstream's own oslo-config-generator writes (with
# upstream's namespaces), with the settings of a typical deployment (as
# its devstack plugin and installation guide set them) filled in.
#
#   tools/upstream/make-config.sh [OUTPUT]
#
# OUTPUT defaults to cyborg/tests/data/upstream-17.0.0/cyborg.conf.

set -eu
cd "$(dirname "$0")/../.."

OUTPUT=${1:-cyborg/tests/data/upstream-17.0.0/cyborg.conf}
VENV=$(tools/upstream/venv.sh)
SAMPLE=$(mktemp)
trap 'rm -f "$SAMPLE"' EXIT

"$VENV/bin/oslo-config-generator" --wrap-width 62 \
    --namespace cyborg --namespace oslo.db --namespace oslo.messaging \
    --namespace oslo.middleware.cors --namespace oslo.policy \
    --namespace oslo.log --namespace oslo.service.service \
    --namespace oslo.service.periodic_task \
    --namespace oslo.service.sslutils \
    --namespace keystonemiddleware.auth_token \
    --output-file "$SAMPLE" 2>/dev/null

# section|option|value: each is set where the sample has it (commented
# out), or appended in its section (dynamic groups such as [vgpu_<type>]).
"$VENV/bin/python" tools/upstream/set_options.py "$SAMPLE" "$OUTPUT" <<'SETTINGS'
DEFAULT|host|compute1
DEFAULT|debug|True
DEFAULT|state_path|/var/lib/cyborg
DEFAULT|transport_url|rabbit://openstack:secret@controller:5672/
DEFAULT|periodic_interval|60
DEFAULT|auth_strategy|keystone
agent|enabled_drivers|nvidia_gpu_driver,intel_fpga_driver,xilinx_fpga_driver,intel_qat_driver,pci_driver,fake_driver
agent|resource_provider_name|compute1.example.org
agent|resource_provider_startup_retries|5
api|host_ip|0.0.0.0
api|port|6666
database|connection|mysql+pymysql://cyborg:secret@controller/cyborg?charset=utf8
gpu_devices|enabled_vgpu_types|nvidia-222,nvidia-223
gpu_devices|filter_sriov_vfs|True
vgpu_nvidia-222|device_addresses|0000:84:00.0,0000:85:00.0
vgpu_nvidia-223|device_addresses|0000:86:00.0
nic_devices|enabled_nic_types|x710_static
x710_static|physical_device_mappings|physnet1:eth2|eth3
x710_static|function_device_mappings|GTPv1:eth3|eth2
pci|passthrough_whitelist|{"vendor_id": "10de", "product_id": "1eb8"}
pci|passthrough_whitelist|{"address": "0000:3b:00.*", "vendor_id": "8086"}
keystone_authtoken|www_authenticate_uri|http://controller:5000
keystone_authtoken|auth_url|http://controller:5000
keystone_authtoken|memcached_servers|controller:11211
keystone_authtoken|auth_type|password
keystone_authtoken|project_domain_name|Default
keystone_authtoken|user_domain_name|Default
keystone_authtoken|project_name|service
keystone_authtoken|username|cyborg
keystone_authtoken|password|secret
keystone_authtoken|service_token_roles_required|True
placement|auth_type|password
placement|auth_url|http://controller:5000/v3
placement|project_name|service
placement|project_domain_name|Default
placement|username|placement
placement|user_domain_name|Default
placement|password|secret
placement|region_name|RegionOne
nova|auth_type|password
nova|auth_url|http://controller:5000/v3
nova|project_name|service
nova|project_domain_name|Default
nova|username|nova
nova|user_domain_name|Default
nova|password|secret
nova|region_name|RegionOne
glance|auth_type|password
glance|auth_url|http://controller:5000/v3
glance|project_name|service
glance|project_domain_name|Default
glance|username|glance
glance|user_domain_name|Default
glance|password|secret
service_user|send_service_user_token|True
service_user|auth_type|password
service_user|auth_url|http://controller:5000/v3
service_user|username|cyborg
service_user|password|secret
oslo_policy|enforce_new_defaults|False
oslo_messaging_rabbit|rabbit_ha_queues|False
SETTINGS
echo "wrote $OUTPUT" >&2
