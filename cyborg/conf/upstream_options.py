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
"""Options of upstream Cyborg (17.0.0 and earlier) that this Cyborg does
not read, with what to do instead: ``cyborg-status upgrade check`` reports
those set, and every service warns of them at start.
"""

import configparser

from oslo_config import cfg
from oslo_log import log as logging
from oslo_utils import strutils

LOG = logging.getLogger(__name__)

ANY = '*'

_GLANCE_SIGNATURES = (
    'this Cyborg does not verify image signatures (it checks the '
    'checksum Glance records, see [glance]); keep only images you trust '
    'for bitstreams, then remove the option')

# {(group, option or ANY): (what to do, fails when its value is true)}
IGNORED = {
    ('api', 'enable_ssl_api'): (
        'cyborg-api serves HTTP only: terminate TLS in front of it (the '
        'web server running the WSGI application, or a proxy such as '
        'HAProxy), keep the https URL in the catalog, then remove the '
        'option', True),
    ('ssl', ANY): (
        'the TLS files of [api] enable_ssl_api: give them to what '
        'terminates TLS in front of cyborg-api, then remove the [ssl] '
        'section', False),
    ('service_user', ANY): (
        'this Cyborg never forwards a user\'s token: it calls Nova, '
        'Placement and Glance with the credentials of [nova], '
        '[placement] and [glance] only; remove the [service_user] '
        'section', False),
    ('keystone', ANY): (
        'not used: the API checks tokens with [keystone_authtoken], '
        'and the clients use the credentials of [nova], [placement] '
        'and [glance]; remove the [keystone] section', False),
    ('glance', 'num_retries'): (
        'use [glance] connect_retries (connection failures) and '
        'status_code_retries (answers 503 and the like)', False),
    ('glance', 'api_servers'): (
        'use [glance] endpoint_override (one URL) or the service '
        'catalog', False),
    ('glance', 'allowed_direct_url_schemes'): (
        'images are always downloaded through the Glance API; remove the '
        'option', False),
    ('glance', 'verify_glance_signatures'): (_GLANCE_SIGNATURES, True),
    ('glance', 'enable_certificate_validation'): (_GLANCE_SIGNATURES,
                                                  True),
    ('glance', 'default_trusted_certificate_ids'): (_GLANCE_SIGNATURES,
                                                    False),
    ('glance', 'debug'): (
        'use [DEFAULT] debug, or default_log_levels with '
        'keystoneauth=DEBUG', False),
    ('placement', 'endpoint_type'): (
        'use [placement] valid_interfaces (public, internal or admin)',
        False),
    ('DEFAULT', 'fatal_exception_format_errors'): (
        'a setting for tests of the existing Cyborg; remove the option',
        False),
    ('DEFAULT', 'pybasedir'): ('not used; remove the option', False),
    ('DEFAULT', 'bindir'): ('not used; remove the option', False),
    ('nvme', ANY): (
        'the nvme driver reads [nvme] device_spec and cleanup_timeout '
        'only: remove it', False),
}


def _registered(conf, group, name):
    try:
        section = conf if group == 'DEFAULT' else conf[group]
        section[name]
    except (cfg.NoSuchOptError, cfg.NoSuchGroupError):
        return False
    except cfg.Error:
        pass
    return True


def read(files):
    """*files* as one case-keeping ConfigParser (unreadable ones skipped)."""
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str
    for path in files:
        try:
            parser.read(path)
        except configparser.Error:
            continue
    return parser


def found(conf, files=None):
    """``[('[group] name', what to do, fails)]`` of the ignored options
    set in *files* (default: ``conf.config_file``); *fails*: its value
    asks for what this Cyborg does not do.
    """
    parser = read(files if files is not None else conf.config_file)
    result = []
    sections = [('DEFAULT', parser.defaults())] + [
        (s, {k: v for k, v in parser.items(s, raw=True)
             if k not in parser.defaults()}) for s in parser.sections()]
    for group, values in sections:
        for name, value in sorted(values.items()):
            key = ((group, name) if (group, name) in IGNORED
                   else (group, ANY))
            if key not in IGNORED or _registered(conf, group, name):
                continue
            todo, fails_when_true = IGNORED[key]
            fails = fails_when_true and strutils.bool_from_string(value)
            result.append(('[%s] %s' % (group, name), todo, fails))
    return result


def warn(conf):
    for option, todo, _fails in found(conf):
        LOG.warning('%(option)s is an option of OpenStack Cyborg that this '
                    'Cyborg does not read: %(todo)s.',
                    {'option': option, 'todo': todo})
