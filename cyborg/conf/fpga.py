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
"""Options of the [fpga] group: the known-good images the fpga drivers
load into a card between two tenants.
"""

from oslo_config import cfg

from cyborg.conf import _group
from cyborg.i18n import _

fpga_opts = [
    cfg.DictOpt(
        'clean_images',
        default={},
        help=_("""
The operator's known-good images, by the vendor of the cards they are
for, that the clean step ``load_clean_image`` loads into a card between
two tenants, its function id read back against the image's: ``intel`` (a
GBS file of OPAE for the cards' PR interface, loaded into each port, the
ports' AFU id read back) and ``xilinx`` (an xclbin loaded into the user
partition, its ``xclbinuuid`` read back).  A vendor without one: its
cards have no such step.  An image whose id cannot be read stops the
agent.

Possible values:

* ``intel:/var/lib/cyborg/clean.gbs,xilinx:/var/lib/cyborg/clean.xclbin``
""")),
]


fpga_group, register_opts, list_opts = _group.define(
    fpga_opts, 'fpga', 'FPGA driver options',
    _('What the fpga drivers load into a card between two tenants.'))
