# Copyright 2026 The Cyborg Authors
# SPDX-License-Identifier: Apache-2.0
#
# Sourced by make-expected.sh and make-dumps.sh: the fake sysfs tree the
# existing Cyborg's drivers read, and the lspci they run.

# build_tree DIR [BUILDER [NAME]]: a tree of the driver tests (this
# project's fakesys BUILDER, accelerator_host by default, with .venv's
# python) in DIR/NAME (default tree).
build_tree() {
    .venv/bin/python -c "
import sys
from cyborg.tests.fixtures import fakesys
getattr(fakesys, sys.argv[2])(sys.argv[1])" "$1/${3:-tree}" \
        "${2:-accelerator_host}"
}

# lspci_wrapper DIR: DIR/bin/lspci runs lspci with a pci.ids without
# device names, as on hosts whose ids database predates the cards:
# upstream's Xilinx driver only takes lines that read "Xilinx Corporation
# Device".  Put DIR/bin first in PATH.
lspci_wrapper() {
    local ids=/usr/share/misc/pci.ids
    [ -f "$ids" ] || ids=/usr/share/hwdata/pci.ids
    mkdir -p "$1/bin"
    # Vendor lines and the whole class section (device and subsystem
    # lines are the indented ones above the class section).
    awk '/^C / {classes = 1} classes || !/^\t/' "$ids" > "$1/pci.ids"
    cat > "$1/bin/lspci" <<WRAPPER
#!/bin/sh
exec $(command -v lspci) -i "$1/pci.ids" "\$@"
WRAPPER
    chmod +x "$1/bin/lspci"
}
