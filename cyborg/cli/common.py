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
"""What every ``cyborg`` command shares: the API client and the output."""

import json
import time

from cliff import columns
from cliff import command
from cliff import lister
from cliff import show
from keystoneauth1 import adapter
from keystoneauth1 import exceptions as ks_exc
from oslo_utils import uuidutils

SERVICE_TYPE = 'accelerator'
DEFAULT_API_VERSION = '2.4'


class CommandError(Exception):
    """An error the user can act on: cliff prints it and exits 1."""


class APIError(CommandError):
    """The API refused a request (*code*: Cyborg's error code, or None)."""

    def __init__(self, message, status, code=None):
        super().__init__(message)
        self.status = status
        self.code = code


def api_message(response):
    """(message, error code or None) of an error response."""
    try:
        body = response.json()
    except ValueError:
        return (response.text.strip() or response.reason), None
    if isinstance(body, dict) and 'error_message' in body:
        fault = body['error_message']
        if isinstance(fault, str):
            try:
                fault = json.loads(fault)
            except ValueError:
                return fault, None
        if isinstance(fault, dict):
            return (fault.get('faultstring') or str(fault),
                    fault.get('error_code'))
    if isinstance(body, dict) and body.get('errors'):
        error = body['errors'][0]
        return (error.get('detail') or error.get('title') or str(error),
                error.get('code'))
    return json.dumps(body), None


def v2_url(endpoint):
    endpoint = endpoint.rstrip('/')
    return endpoint if endpoint.endswith('/v2') else endpoint + '/v2'


def os_reason(exc):
    """The OS's reason ("Connection refused") wrapped in *exc*, or None."""
    seen, todo = set(), [exc]
    while todo:
        current = todo.pop(0)
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        if isinstance(current, OSError) and current.strerror:
            return current.strerror
        todo.extend([current.__cause__, current.__context__,
                     getattr(current, 'reason', None)])
        todo.extend(a for a in current.args if isinstance(a, BaseException))
    return None


class Client:
    """The Cyborg API on a keystoneauth session."""

    def __init__(self, session, api_version=DEFAULT_API_VERSION,
                 endpoint=None, interface=None, region_name=None,
                 timeout=None):
        self.api_version = api_version
        self.timeout = timeout
        # For the message of an identity service that cannot be reached.
        self.auth = session.auth
        self.adapter = adapter.Adapter(
            session, service_type=SERVICE_TYPE, interface=interface,
            region_name=region_name,
            endpoint_override=v2_url(endpoint) if endpoint else None,
            default_microversion=api_version)

    @property
    def version(self):
        major, _sep, minor = self.api_version.partition('.')
        return int(major), int(minor)

    def _unreachable(self, exc, path):
        reason = os_reason(exc)
        try:
            where = self.adapter.get_endpoint()
        except ks_exc.ClientException:
            where = None
        if where is None:
            # No endpoint: the failure was the identity service's.
            auth_url = getattr(self.auth, 'auth_url', None)
            return ('Cannot reach the identity service%s to authenticate%s. '
                    'Check --os-auth-url (OS_AUTH_URL) or the cloud of '
                    '--os-cloud (clouds.yaml).' % (
                        ' at %s' % auth_url if auth_url else '',
                        ' (%s)' % reason if reason else ''))
        return ('Cannot reach the Cyborg API at %s%s%s. Check that '
                'cyborg-api (or cyborg-all-in-one) runs and listens there, '
                'and the endpoint: --os-endpoint (OS_ENDPOINT), '
                '--os-accelerator-endpoint-override or the catalog\'s '
                'accelerator endpoint.' % (
                    where.rstrip('/'), path,
                    ' (%s)' % reason if reason else ''))

    def request(self, method, path, body=None, params=None):
        """The JSON body of a request to *path* (``/drivers``), or None."""
        kwargs = {'raise_exc': False}
        if body is not None:
            kwargs['json'] = body
        if params:
            kwargs['params'] = {k: v for k, v in params.items()
                                if v is not None}
        if self.timeout:
            kwargs['timeout'] = self.timeout
        try:
            response = self.adapter.request(path, method, **kwargs)
        except ks_exc.ConnectFailure as exc:
            raise CommandError(self._unreachable(exc, path))
        except ks_exc.ConnectTimeout as exc:
            raise CommandError('Timed out connecting: %s' % (
                self._unreachable(exc, path)))
        except ks_exc.RequestTimeout as exc:
            raise CommandError(
                'The API did not answer within %ss: %s' % (self.timeout, exc))
        except ks_exc.ClientException as exc:
            raise CommandError(str(exc))
        if response.status_code >= 400:
            message, code = api_message(response)
            raise APIError('%s (HTTP %d%s)' % (
                message, response.status_code,
                ', %s' % code if code else ''), response.status_code, code)
        if not response.content:
            return None
        return response.json()

    def get(self, path, **params):
        return self.request('GET', path, params=params)

    def post(self, path, body=None):
        return self.request('POST', path, body=body)

    def put(self, path, body):
        return self.request('PUT', path, body=body)

    def patch(self, path, body):
        return self.request('PATCH', path, body=body)

    def delete(self, path, **params):
        return self.request('DELETE', path, params=params)


def poll(fetch, done, timeout, interval=1.0, what='the operation'):
    """*fetch*() until *done* holds for it (*timeout*: None, no limit)."""
    deadline = time.monotonic() + timeout if timeout else None
    while True:
        state = fetch()
        if done(state):
            return state
        if deadline is not None and time.monotonic() >= deadline:
            raise CommandError('Timed out after %ss waiting for %s.' % (
                timeout, what))
        time.sleep(interval)


def pages(get, key, marker_key='uuid'):
    """(the items of every page of a list, its last page): *get*(marker)
    gives each page, until one has no ``next`` link.
    """
    items, marker = [], None
    while True:
        body = get(marker)
        items.extend(body[key])
        if 'next' not in body:
            return items, body
        marker = body[key][-1][marker_key]


def key_values(pairs, option='--config', form='KEY=VALUE'):
    """``KEY=VALUE`` strings as a dict (JSON values typed, repeated keys
    as lists).
    """
    result = {}
    for pair in pairs or []:
        key, sep, value = pair.partition('=')
        if not sep or not key:
            raise CommandError('%s takes %s, not %r.' % (option, form, pair))
        try:
            parsed = json.loads(value)
        except ValueError:
            parsed = None
        if parsed is not None:
            value = parsed
        if key in result:
            previous = result[key]
            result[key] = (previous if isinstance(previous, list)
                           else [previous]) + [value]
        else:
            result[key] = value
    return result


def driver_config(pairs):
    """``GROUP.OPTION=VALUE`` strings as ``{group: {option: value}}``."""
    form = ('GROUP.OPTION=VALUE (e.g. fake_driver.devices=fpga=1 or '
            'pci.device_spec=\'{"vendor_id": "1af4"}\')')
    config = {}
    for key, value in key_values(pairs, form=form).items():
        if isinstance(value, dict):
            value = [value]
        group, sep, option = key.rpartition('.')
        if not sep or not group or not option:
            raise CommandError('--config takes %s, not %r.' % (form, key))
        config.setdefault(group, {})[option] = value
    return config


def given(**values):
    """*values* but those not given (None, False or empty): a body's
    optional members.
    """
    return {key: value for key, value in values.items() if value}


def check_uuid(value, what):
    if not uuidutils.is_uuid_like(value):
        raise CommandError('%s is not the UUID of %s.' % (value, what))
    return value


class JSONColumn(columns.FormattableColumn):
    """A structure: compact JSON in a table, itself in json and yaml."""

    def human_readable(self):
        return json.dumps(self._value, sort_keys=True)

    def machine_readable(self):
        return self._value


def cell(value):
    if isinstance(value, (dict, list)):
        return JSONColumn(value)
    return value


def structure(value):
    if isinstance(value, str) and value[:1] in ('{', '['):
        try:
            return json.loads(value)
        except ValueError:
            pass
    return value


def rows(items, columns):
    return (tuple(title for title, _key in columns),
            [tuple(cell(item.get(key)) for _title, key in columns)
             for item in items])


def one(item, columns):
    titles, [values] = rows([item], columns)
    return titles, values


def field_columns(*keys):
    return tuple((key, key) for key in keys)


def member_columns(items, omit=()):
    """The members of *items* in the API's order, but links and *omit*."""
    keys = []
    for item in items:
        keys += [key for key in item if key not in keys]
    return field_columns(*(key for key in keys
                           if key != 'links' and key not in omit))


def arg(*names, **kwargs):
    """An entry of ARGUMENTS: add_argument()'s arguments."""
    return names, kwargs


class CyborgMixin:

    # The command's own arguments, each an arg().
    ARGUMENTS = ()

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        for names, kwargs in self.arguments():
            parser.add_argument(*names, **kwargs)
        return parser

    def arguments(self):
        return self.ARGUMENTS

    @property
    def client(self):
        return self.app.client_manager.cyborg

    def get_epilog(self):
        """No epilog.  cliff's would name the distribution of a command
        that a plugin adds to another application, and finding it reads
        the file list of every installed distribution: a third of the CPU
        of a ``cyborg`` command.  Every command here is the cyborg
        application's own, and none has a hook.
        """
        return ''

    def progress(self, message, *args):
        self.app.stderr.write((message % args if args else message) + '\n')
        self.app.stderr.flush()


class Command(CyborgMixin, command.Command):
    """A command without output."""


class Lister(CyborgMixin, lister.Lister):
    """A command that prints a table."""

    def members(self, items, parsed_args, omit=()):
        """(titles, rows) of *items*; of none, the columns asked (-c)."""
        if not items:
            return rows([], field_columns(*(parsed_args.columns or ())))
        return rows(items, member_columns(items, omit))


class FilteredLister(Lister):
    """Lists KEY of PATH in COLUMNS; FILTERS: ``(option, query parameter,
    add_argument keywords)``.
    """

    FILTERS = ()

    def arguments(self):
        return tuple(arg(option, **kwargs)
                     for option, _param, kwargs in self.FILTERS)

    def take_action(self, parsed_args):
        body = self.client.get(self.PATH, **{
            param: getattr(parsed_args, option[2:].replace('-', '_'))
            for option, param, _kwargs in self.FILTERS})
        return rows(body[self.KEY], self.COLUMNS)


class ShowOne(CyborgMixin, show.ShowOne):
    """A command that prints one resource."""


class ByUUID:
    """A command of one resource, its UUID first (METAVAR; WHAT names it
    in errors).
    """

    HELP = 'Its UUID.'

    def arguments(self):
        return (arg('uuid', metavar=self.METAVAR, help=self.HELP),
                ) + super().arguments()

    def uuid(self, parsed_args):
        return check_uuid(parsed_args.uuid, self.WHAT)


class ShowByUUID(ByUUID, ShowOne):
    """Show the resource ``PATH/<UUID>``."""

    COLUMNS = None

    def take_action(self, parsed_args):
        return self.show(self.client.get('%s/%s' % (
            self.PATH, self.uuid(parsed_args))))

    def show(self, item):
        return one(item, self.COLUMNS or member_columns([item]))


class DeleteByUUIDs(Command):
    """Delete ``PATH/<UUID>`` of each UUID (WHAT names one in errors)."""

    def arguments(self):
        return (arg('uuids', metavar=self.METAVAR, nargs='+',
                    help='Their UUIDs.'),)

    def take_action(self, parsed_args):
        uuids = [check_uuid(uuid, self.WHAT) for uuid in parsed_args.uuids]
        self.delete(uuids)
        self.progress('Deleted %s.', ', '.join(uuids))

    def delete(self, uuids):
        for uuid in uuids:
            self.client.delete('%s/%s' % (self.PATH, uuid))
