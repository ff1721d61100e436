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
"""The driver names of upstream (the existing OpenStack Cyborg, 17.0.0).

Its configuration files name drivers in ``[agent] enabled_drivers`` by
these names.  Each name of a driver this Cyborg has is an entry point of
the ``cyborg.accelerator.driver`` namespace (an alias of the driver, in
pyproject.toml), so that such a file starts this Cyborg unchanged; a new
driver that takes over an upstream name adds its entry point there.  A
name listed here without an entry point is skipped by the agent with a
warning (cyborg.drivers.registry.load) and reported by ``cyborg-status
upgrade check``; elsewhere (driver_class()) it is DriverNotProvided.
"""

# {upstream driver name: what it drives}
DRIVER_NAMES = {
    'fake_driver': 'fake FPGA for tests',
    'huawei_ascend_driver': 'Huawei Ascend AI chips',
    'inspur_fpga_driver': 'Inspur FPGAs',
    'inspur_nvme_ssd_driver': 'Inspur NVMe SSDs',
    'intel_fpga_driver': 'Intel FPGAs',
    'intel_nic_driver': 'Intel NICs (SR-IOV)',
    'intel_qat_driver': 'Intel QuickAssist',
    'nvidia_gpu_driver': 'NVIDIA GPUs and vGPUs',
    'nvmf_spdk_driver': 'SPDK NVMe-oF (no discovery upstream either)',
    'pci_driver': 'PCI devices of [pci] passthrough_whitelist',
    'xilinx_fpga_driver': 'Xilinx FPGAs',
}
