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
"""The privileged write to sysfs (runs in the cyborg_sysfs daemon)."""

import errno
import os

from cyborg import conf as cyborg_conf
from cyborg import privsep

# Imported for its options: the daemon imports this module alone.
CONF = cyborg_conf.CONF


@privsep.sysfs_pctxt.entrypoint
def write(path, value):
    """Write *value* (no newline added) to *path*, which, resolved, must
    lie below ``[cyborg_sysfs] root`` (else PermissionError).
    """
    root = os.path.realpath(CONF.cyborg_sysfs.root)
    real = os.path.realpath(path)
    if (not os.path.isabs(path) or
            os.path.commonpath([root, real]) != root):
        raise PermissionError(errno.EPERM,
                              'cyborg writes below %s only' % root, path)
    with open(real, 'w') as f:
        f.write(str(value))
