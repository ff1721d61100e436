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
"""The driver names of upstream (OpenStack Cyborg 17.0.0); those this
Cyborg takes over are entry point aliases in pyproject.toml.
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
