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
"""The ``cyborg`` command: a cliff application on a keystoneauth session.

Authentication comes from clouds.yaml (``--os-cloud``) or the ``OS_*``
variables through openstacksdk's ``openstack.config``, which also adds
each auth plugin's options (``--os-auth-type none --os-endpoint URL``
for an API running with ``auth_strategy = noauth``).  The commands are
the entry points of the ``cyborg.cli`` namespace.
"""

import argparse
import logging
import os
import sys

from cliff import app
from cliff import commandmanager
from keystoneauth1 import exceptions as ks_exc
from openstack import exceptions as sdk_exc
import openstack.config

from cyborg import version
from cyborg.cli import common

NAMESPACE = 'cyborg.cli'

# Loggers that say too much below --debug.
_QUIET_LOGGERS = ('keystoneauth', 'openstack', 'stevedore', 'urllib3')


class ClientManager:
    """Builds the API client on first use, so that ``--help`` and
    ``help COMMAND`` need no credentials.
    """

    def __init__(self, options, config):
        self._options = options
        self._config = config
        self._client = None

    @property
    def cyborg(self):
        if self._client is None:
            self._client = self._make_client()
        return self._client

    def _make_client(self):
        options = self._options
        try:
            region = self._config.get_one(argparse=options)
            session = region.get_session()
        except (sdk_exc.ConfigException, ks_exc.ClientException) as exc:
            raise common.CommandError(
                'Cannot authenticate: %s.  Give --os-cloud (clouds.yaml), '
                'the OS_* variables, or --os-auth-type none --os-endpoint '
                'URL.' % exc)
        endpoint = (region.config.get('accelerator_endpoint_override')
                    or region.config.get('endpoint_override'))
        if not endpoint and region.config.get('auth_type') in ('none',
                                                                'noauth'):
            # --os-endpoint (or OS_ENDPOINT) wins over the clouds.yaml
            # that openstack.config found, as other options do.
            endpoint = (getattr(options, 'os_endpoint', None)
                        or region.config['auth'].get('endpoint'))
            if not endpoint:
                # Without a token there is no catalog to look it up in.
                raise common.CommandError(
                    'Without authentication (--os-auth-type none) the '
                    'API\'s URL must be given: --os-endpoint URL or '
                    'OS_ENDPOINT=URL (for example http://127.0.0.1:6666).')
        return common.Client(
            session,
            api_version=(options.os_accelerator_api_version
                         or common.DEFAULT_API_VERSION),
            endpoint=endpoint, interface=region.get_interface('accelerator'),
            region_name=region.get_region_name('accelerator'),
            timeout=options.timeout)


class CyborgShell(app.App):
    """The application."""

    def __init__(self, argv, stdout=None, stderr=None):
        # openstack.config needs the arguments to add the options of the
        # chosen auth plugin, before cliff parses them.
        self._argv = list(argv)
        self._cloud_config = openstack.config.OpenStackConfig()
        super().__init__(
            description='Manage the accelerators of an OpenStack cloud '
                        '(Cyborg).',
            version=version.version_string(),
            command_manager=commandmanager.CommandManager(NAMESPACE),
            deferred_help=True, stdout=stdout, stderr=stderr)

    def build_option_parser(self, description, version, argparse_kwargs=None):
        parser = super().build_option_parser(description, version,
                                             argparse_kwargs)
        self._cloud_config.register_argparse_arguments(
            parser, self._argv, service_keys=['accelerator'])
        try:
            # The "none" auth plugin's option, registered only when
            # "--os-auth-type none" is given: --help names it always.
            parser.add_argument(
                '--os-endpoint', metavar='URL', dest='os_endpoint',
                default=os.environ.get('OS_ENDPOINT'),
                help='The API\'s URL, with --os-auth-type none (for the '
                     'all-in-one: http://127.0.0.1:6666); env OS_ENDPOINT.')
        except argparse.ArgumentError:
            pass  # the plugin's own is there
        # None: the API's own limits (and no deadline for --wait).
        parser.set_defaults(timeout=None)
        for action in parser._actions:
            if action.dest == 'timeout':
                action.help = ('Give up after SECONDS: the HTTP timeout of '
                               'each request, and how long --wait waits.')
                action.metavar = 'SECONDS'
                action.type = float
            elif action.dest == 'os_accelerator_api_version':
                action.help = ('The API microversion to ask for (default: '
                               '%s).' % common.DEFAULT_API_VERSION)
        return parser

    def configure_logging(self):
        if self.options.debug:
            # --debug shows keystoneauth's log of every HTTP exchange.
            self.options.verbose_level = 3
        super().configure_logging()
        for name in _QUIET_LOGGERS:
            logging.getLogger(name).setLevel(
                logging.WARNING if not self.options.debug else logging.NOTSET)
        if self.options.debug:
            logging.getLogger('keystoneauth').setLevel(logging.DEBUG)

    def initialize_app(self, argv):
        self.client_manager = ClientManager(self.options,
                                            self._cloud_config)


def main(argv=None):
    """Console script entry point."""
    if argv is None:
        argv = sys.argv[1:]
    return CyborgShell(argv).run(argv)


if __name__ == '__main__':
    sys.exit(main())
