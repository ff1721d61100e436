#!/bin/bash
# Copyright 2026 The Cyborg Authors
# SPDX-License-Identifier: Apache-2.0
#
# Record what the existing OpenStack Cyborg 17.0.0's own drivers report for
# the fake sysfs trees of the driver tests, as the expected values of
# cyborg/tests/unit/drivers/test_upstream_names.py (deployable names,
# resource classes, traits, attach handles).
#
#   tools/upstream/make-expected.sh
#
# Needs umockdev-wrapper and lspci (Debian packages umockdev, pciutils).
# The tree is built by this project's fakesys (with .venv's python);
# upstream's discovery runs in its own virtualenv (venv.sh) under
# umockdev-wrapper, so that its sysfs reads and its lspci see the tree.
# Its lspci is given a pci.ids without device names (common.sh).

set -eu
cd "$(dirname "$0")/../.."

OUT=cyborg/tests/data/upstream-17.0.0
VENV=$(tools/upstream/venv.sh)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

. tools/upstream/common.sh
build_tree "$WORK"
build_tree "$WORK" nic_host nic-tree
build_tree "$WORK" vendor_host vendor-tree
lspci_wrapper "$WORK"

# The configurations the expected values are for.
cat > "$WORK/pgpu.conf" <<'CONF'
[pci]
passthrough_whitelist = {"vendor_id": "1022", "product_id": "14dc"}
passthrough_whitelist = {"address": "0000:00:05.0"}
CONF
cat > "$WORK/nic.conf" <<'CONF'
[nic_devices]
enabled_nic_types = x710_static
[x710_static]
physical_device_mappings = physnet1:ens1f0|ens2f0
function_device_mappings = GTPv1:ens1f0
CONF
cat > "$WORK/vgpu.conf" <<'CONF'
[gpu_devices]
enabled_vgpu_types = nvidia-222
[vgpu_nvidia-222]
device_addresses = 0000:af:00.0
CONF

# Upstream names Intel FPGA and QAT deployables after socket.gethostname()
# and the others after [DEFAULT] host: both are compute1 here (in a UTS
# namespace of its own), as on a host whose [DEFAULT] host is left at its
# default.
run() {
    UMOCKDEV_DIR="$WORK/${TREE:-tree}" PATH="$WORK/bin:$PATH" \
        unshare --uts sh -c 'hostname compute1 && exec "$@"' sh \
        umockdev-wrapper "$VENV/bin/python" \
        tools/upstream/expected_discovery.py --host compute1 "$@" \
        2>"$WORK/stderr" || { cat "$WORK/stderr" >&2; exit 1; }
}

run --conf "$WORK/pgpu.conf" fake_driver nvidia_gpu_driver \
    intel_fpga_driver xilinx_fpga_driver intel_qat_driver pci_driver \
    > "$OUT/discovery.json"
run --conf "$WORK/vgpu.conf" nvidia_gpu_driver > "$OUT/discovery-vgpu.json"
TREE=nic-tree run --conf "$WORK/nic.conf" intel_nic_driver \
    > "$OUT/discovery-nic.json"
TREE=vendor-tree run inspur_nvme_ssd_driver inspur_fpga_driver \
    huawei_ascend_driver > "$OUT/discovery-vendors.json"
echo "wrote $OUT/discovery*.json" >&2
