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
"""The ``cyborg`` command: a cliff application on a keystoneauth session,
authenticated by ``openstack.config`` (clouds.yaml or ``OS_*``).
"""

import argparse
import logging
import os
import sys
import textwrap

from cliff import app
from cliff import commandmanager
from cliff import help as cliff_help
from keystoneauth1 import exceptions as ks_exc
from openstack import exceptions as sdk_exc
import openstack.config

from cyborg import version
from cyborg.cli import common

NAMESPACE = 'cyborg.cli'

# Loggers that say too much below --debug.
_QUIET_LOGGERS = ('keystoneauth', 'openstack', 'stevedore', 'urllib3')

_ENDPOINT_HELP = ('The API\'s URL with --os-auth-type none (for the '
                  'all-in-one: http://127.0.0.1:6666); env OS_ENDPOINT.')
_TIMEOUT_HELP = ('Give up after SECONDS: the HTTP timeout of each request, '
                 'and how long --wait waits.')


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


USAGE = 'cyborg [OPTIONS] COMMAND [ARGS]'

# The options of the short help: (option, what it does).  Each is one of
# the parser's (a test checks it).
_COMMON_OPTIONS = (
    ('--os-cloud NAME', 'A cloud of clouds.yaml (env OS_CLOUD); or the '
                        'OS_* variables, as for the openstack command.'),
    ('--os-auth-type none', 'No authentication, for an API run with '
                            'auth_strategy = noauth (env OS_AUTH_TYPE).'),
    ('--os-endpoint URL', _ENDPOINT_HELP),
    ('--os-accelerator-api-version VERSION',
     'The API microversion to ask for (default: %s).' %
     common.DEFAULT_API_VERSION),
    ('--timeout SECONDS', _TIMEOUT_HELP),
    ('--debug', 'Show each HTTP request and response, and tracebacks.'),
)


class HelpCommand(cliff_help.HelpCommand):
    """Show the commands, a command's options, or help auth."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.epilog = ('"help auth" lists every authentication and '
                         'connection option (keystoneauth\'s).')
        return parser

    def take_action(self, parsed_args):
        if not parsed_args.cmd:
            self.app.stdout.write(self.app.short_help())
            return 0
        if parsed_args.cmd == ['auth']:
            self.app.parser.print_help(self.app.stdout)
            return 0
        return super().take_action(parsed_args)


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
        self.command_manager.add_command('help', HelpCommand)

    def build_option_parser(self, description, version, argparse_kwargs=None):
        # cliff parses the global options out of the whole command line:
        # with abbreviations, a command's --end was --endpoint-type.
        argparse_kwargs = dict(argparse_kwargs or {}, usage=USAGE,
                               conflict_handler='resolve',
                               allow_abbrev=False)
        parser = super().build_option_parser(description, version,
                                             argparse_kwargs)
        self._cloud_config.register_argparse_arguments(
            parser, self._argv, service_keys=['accelerator'])
        # Added after keystoneauth's, these replace them (conflict_handler
        # 'resolve').  The "none" plugin registers --os-endpoint only with
        # "--os-auth-type none": the help names it always.
        parser.add_argument(
            '--os-endpoint', metavar='URL', dest='os_endpoint',
            default=os.environ.get('OS_ENDPOINT'), help=_ENDPOINT_HELP)
        # None: the API's own limits (and no deadline for --wait).
        parser.add_argument(
            '--timeout', metavar='SECONDS', type=float, default=None,
            help=_TIMEOUT_HELP)
        parser.add_argument(
            '--os-accelerator-api-version', metavar='VERSION',
            default=os.environ.get('OS_ACCELERATOR_API_VERSION'),
            help='The API microversion to ask for (default: %s); env '
                 'OS_ACCELERATOR_API_VERSION.' % common.DEFAULT_API_VERSION)
        parser.add_argument(
            '--os-accelerator-endpoint-override', metavar='URL',
            default=os.environ.get('OS_ACCELERATOR_ENDPOINT_OVERRIDE'),
            help='The API\'s URL instead of the catalog\'s, with '
                 'authentication; env OS_ACCELERATOR_ENDPOINT_OVERRIDE.')
        # keystoneauth's look-alike of --os-endpoint: working, not shown.
        parser.add_argument(
            '--os-endpoint-override', dest='os_endpoint_override',
            default=os.environ.get('OS_ENDPOINT_OVERRIDE'),
            help=argparse.SUPPRESS)
        return parser

    def _command_lines(self):
        summaries = []
        for name, entry_point in sorted(self.command_manager):
            command = entry_point.load()(self, None)
            if not command.deprecated:
                summaries.append((name, command.get_description().split(
                    '\n')[0].rstrip('.')))
        width = max(len(name) for name, _summary in summaries)
        return ['  %-*s  %s' % (width, name, summary)
                for name, summary in summaries]

    def short_help(self):
        """``cyborg --help``: the usage, the commands, the common options."""
        wrap = textwrap.TextWrapper(width=79, initial_indent=' ' * 6,
                                    subsequent_indent=' ' * 6)
        lines = ['usage: ' + USAGE, '', self.parser.description, '',
                 'Commands:']
        lines.extend(self._command_lines())
        lines.extend(['', 'Common options (before or after the command):'])
        for option, text in _COMMON_OPTIONS:
            lines.append('  ' + option)
            lines.extend(wrap.wrap(text))
        lines.extend([
            '',
            '"cyborg help COMMAND" shows the options of a command (-f '
            'json|yaml|value|csv',
            'chooses the output); "cyborg help auth" lists every '
            'authentication and',
            'connection option (keystoneauth\'s, with their OS_* '
            'variables).', ''])
        return '\n'.join(lines)

    def print_help_if_requested(self):
        # cyborg --help: the short help (see short_help()).
        if self.deferred_help and self.options.deferred_help:
            self.stdout.write(self.short_help())
            raise cliff_help.HelpExit()

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
    if argv is None:
        argv = sys.argv[1:]
    return CyborgShell(argv).run(argv)


if __name__ == '__main__':
    sys.exit(main())
