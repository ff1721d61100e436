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
"""The Placement client (``[placement]``): microversion per request,
generation conflicts retried, requests counted.  Allocations are Nova's
but for attach and detach, which go through change_consumer().
"""

import collections
import threading
from urllib import parse

from keystoneauth1 import exceptions as ks_exc
from oslo_log import log as logging

from cyborg import counters
from cyborg import exception
from cyborg import metrics
from cyborg.clients import keystone

LOG = logging.getLogger(__name__)


# Microversions, pinned per request.
MV_PROVIDER = '1.14'     # parent_provider_uuid, root_provider_uuid
MV_LIST = '1.18'         # ?required=<trait>
MV_CREATE = '1.23'       # POST returns the provider; error codes
MV_DELETE = '1.23'       # error codes (in use, ...)
MV_REPARENT = '1.37'     # PUT may change a provider's parent
MV_INVENTORY = '1.26'    # reserved may equal total
MV_TRAITS = '1.6'
MV_RESOURCE_CLASS = '1.7'  # PUT /resource_classes/{name} ensures it
MV_ALLOCATIONS = '1.0'
MV_CANDIDATES = '1.36'   # numbered groups, in_treeN, mappings
MV_CONSUMER = '1.28'     # consumer generations
MV_USAGES = '1.9'        # GET /usages?project_id= (what Nova counts)
MV_RESHAPER = '1.30'     # POST /reshaper: many providers' inventories
# The newest of them: what Placement must serve (cyborg-status checks it).
REQUIRED_MICROVERSION = max(
    (MV_PROVIDER, MV_LIST, MV_CREATE, MV_DELETE, MV_REPARENT, MV_INVENTORY,
     MV_TRAITS, MV_RESOURCE_CLASS, MV_ALLOCATIONS, MV_CANDIDATES,
     MV_CONSUMER), key=lambda v: tuple(int(p) for p in v.split('.')))

CONCURRENT_UPDATE = 'placement.concurrent_update'
DUPLICATE_NAME = 'placement.duplicate_name'
PROVIDER_IN_USE = 'placement.resource_provider.inuse'
INVENTORY_IN_USE = 'placement.inventory.inuse'

# Attempts of a write that keeps meeting generation conflicts.
MAX_ATTEMPTS = 5


def _error_code(resp):
    try:
        return resp.json()['errors'][0].get('code')
    except (ValueError, KeyError, IndexError, TypeError):
        return None


def _error_detail(resp):
    try:
        return resp.json()['errors'][0].get('detail') or resp.text
    except (ValueError, KeyError, IndexError, TypeError):
        return resp.text


class PlacementClient(keystone.ServiceClient):

    GROUP = 'placement'
    SERVICE_TYPE = 'placement'
    NOT_CONFIGURED = exception.PlacementNotConfigured

    def __init__(self, adapter):
        super().__init__(adapter)
        self._lock = threading.Lock()
        #: Requests sent, by HTTP method.
        self.calls = collections.Counter()
        self._known_traits = set()
        self._known_classes = set()
        self._no_reshaper = False

    def _request(self, method, path, version, body=None, allowed=()):
        with self._lock:
            self.calls[method] += 1
        counters.count_placement_call()
        kwargs = {'microversion': version, 'raise_exc': False}
        if body is not None:
            kwargs['json'] = body
        started = metrics.call_started()
        try:
            resp = self._adapter.request(path, method, **kwargs)
        except ks_exc.ClientException as exc:
            # Connection refused, no endpoint in the catalog, no token...
            metrics.call_done(metrics.PLACEMENT_CALLS, method, started)
            raise exception.PlacementUnavailable(method=method, path=path,
                                                 reason=exc)
        metrics.call_done(metrics.PLACEMENT_CALLS, method, started,
                          resp.status_code)
        if resp.status_code >= 500 or (resp.status_code in (401, 403) and
                                       resp.status_code not in allowed):
            raise exception.PlacementUnavailable(
                method=method, path=path, reason='HTTP %s: %s' % (
                    resp.status_code, _error_detail(resp)))
        return resp

    def _get(self, path, version, query='', missing=False):
        """The body of a 200; None on a 404 if *missing* is allowed."""
        resp = self._request('GET', path + query, version)
        if missing and resp.status_code == 404:
            return None
        if resp.status_code != 200:
            self._fail('GET', path, resp)
        return resp.json()

    def _fail(self, method, path, resp):
        raise exception.PlacementError(
            method=method, path=path, reason='HTTP %s: %s' % (
                resp.status_code, _error_detail(resp)))

    def microversions(self):
        """(min_version, max_version) Placement serves, or None."""
        for version in self._get('/', None).get('versions', ()):
            if version.get('max_version'):
                return version.get('min_version'), version['max_version']
        return None

    # Resource providers ------------------------------------------------------

    def get_provider(self, uuid):
        return self._get('/resource_providers/%s' % uuid, MV_PROVIDER,
                         missing=True)

    def find_provider(self, name):
        providers = self._get('/resource_providers', MV_PROVIDER,
                              '?name=%s' % _quote(name))['resource_providers']
        return providers[0] if providers else None

    def list_providers(self, required_trait=None, in_tree=None):
        query = []
        if required_trait:
            query.append('required=%s' % _quote(required_trait))
        if in_tree:
            query.append('in_tree=%s' % in_tree)
        return self._get('/resource_providers', MV_LIST,
                         '?' + '&'.join(query) if query else '')[
            'resource_providers']

    def create_provider(self, uuid, name, parent_uuid=None, take_over=True):
        """Create a provider, or take over the one with this uuid (None
        without *take_over*: it exists).
        """
        path = '/resource_providers'
        body = {'uuid': uuid, 'name': name}
        if parent_uuid:
            body['parent_provider_uuid'] = parent_uuid
        resp = self._request('POST', path, MV_CREATE, body)
        if resp.status_code == 200:
            return resp.json()
        if resp.status_code == 409 and _error_code(resp) == DUPLICATE_NAME:
            # Made earlier (by us, another conductor, or an earlier Cyborg
            # with the same uuid scheme): take it over if the uuid matches.
            if not take_over:
                return None
            existing = self.get_provider(uuid)
            if existing is not None:
                return self._reshape_provider(existing, name, parent_uuid)
        self._fail('POST', path, resp)

    def _reshape_provider(self, provider, name, parent_uuid):
        if (provider['name'] == name and
                provider.get('parent_provider_uuid') == parent_uuid):
            return provider
        return self.update_provider(provider['uuid'], name, parent_uuid)

    def ensure_provider(self, uuid, name, parent_uuid=None):
        provider = self.get_provider(uuid)
        if provider is None:
            return self.create_provider(uuid, name, parent_uuid)
        return self._reshape_provider(provider, name, parent_uuid)

    def update_provider(self, uuid, name, parent_uuid):
        path = '/resource_providers/%s' % uuid
        resp = self._request('PUT', path, MV_REPARENT,
                             {'name': name,
                              'parent_provider_uuid': parent_uuid})
        if resp.status_code != 200:
            self._fail('PUT', path, resp)
        return resp.json()

    def delete_provider(self, uuid):
        """False if it did not exist; ResourceProviderInUse while it has
        allocations.
        """
        path = '/resource_providers/%s' % uuid
        resp = self._request('DELETE', path, MV_DELETE)
        if resp.status_code == 204:
            return True
        if resp.status_code == 404:
            return False
        if resp.status_code == 409 and _error_code(resp) == PROVIDER_IN_USE:
            raise exception.ResourceProviderInUse(
                uuid=uuid, reason=_error_detail(resp))
        self._fail('DELETE', path, resp)

    def _get_part(self, uuid, part, microversion):
        """(provider generation, body[part])."""
        body = self._get('/resource_providers/%s/%s' % (uuid, part),
                         microversion)
        return body['resource_provider_generation'], body[part]

    def _put_part(self, uuid, part, microversion, body, generation,
                  refused):
        """PUT a part at *generation* (None: read it), again at a fresh one
        after each conflict; returns the new generation.  *refused* sees
        each refusal first: it raises, or returns True to retry as is.
        """
        path = '/resource_providers/%s/%s' % (uuid, part)
        for _attempt in range(MAX_ATTEMPTS):
            if generation is None:
                generation = self._get_part(uuid, part, microversion)[0]
            resp = self._request(
                'PUT', path, microversion,
                dict(body, resource_provider_generation=generation))
            if resp.status_code == 200:
                return resp.json()['resource_provider_generation']
            if refused(resp):
                continue
            if resp.status_code != 409:
                self._fail('PUT', path, resp)
            generation = None
        raise exception.PlacementError(
            method='PUT', path=path,
            reason='generation conflict %d times in a row' % MAX_ATTEMPTS)

    # Inventories -------------------------------------------------------------

    def get_inventories(self, uuid):
        return self._get_part(uuid, 'inventories', MV_INVENTORY)

    def set_inventories(self, uuid, inventories, generation=None):
        """Replace a provider's inventories; returns its new generation.
        InventoryInUse when a class that has allocations would go.
        """
        def refused(resp):
            if resp.status_code == 409 and \
                    _error_code(resp) == INVENTORY_IN_USE:
                raise exception.InventoryInUse(uuid=uuid,
                                               reason=_error_detail(resp))
            return False

        return self._put_part(uuid, 'inventories', MV_INVENTORY,
                              {'inventories': inventories}, generation,
                              refused)

    def set_new_inventories(self, providers):
        """Set the inventories of providers just created, in one request
        (Placement's reshaper, with no allocation to move).

        :param providers: {uuid: (generation, inventories)}.
        :returns: {uuid: new generation}, or None when Placement refused
            (a conflict, a policy without ``placement:reshaper:reshape``):
            set them one by one.
        """
        if self._no_reshaper:
            return None
        self.ensure_resource_classes(
            {rc for _gen, inv in providers.values() for rc in inv})
        resp = self._request('POST', '/reshaper', MV_RESHAPER, {
            'inventories': {
                uuid: {'inventories': inv,
                       'resource_provider_generation': gen}
                for uuid, (gen, inv) in providers.items()},
            'allocations': {}}, allowed=(403,))
        if resp.status_code == 204:
            # The reshaper sets each inventory twice, an interim and the
            # final one (placement.objects.reshaper.reshape()); a wrong
            # guess is a generation conflict, retried.
            return {uuid: gen + 2 for uuid, (gen, _inv) in providers.items()}
        if resp.status_code == 403:
            LOG.warning('Placement refuses POST /reshaper to Cyborg (%s): '
                        'each new provider\'s inventory is set on its own',
                        _error_detail(resp))
            self._no_reshaper = True
        elif resp.status_code != 409:
            self._fail('POST', '/reshaper', resp)
        return None

    # Traits --------------------------------------------------------------

    def get_traits(self, uuid):
        return self._get_part(uuid, 'traits', MV_TRAITS)

    def set_traits(self, uuid, traits, generation=None):
        """Replace a provider's traits, creating custom ones first."""
        self.ensure_traits(traits)
        recreated = []

        def refused(resp):
            if resp.status_code == 400 and not recreated:
                # A custom trait was deleted behind our back: forget what
                # we knew and create them again, once.
                with self._lock:
                    self._known_traits.clear()
                self.ensure_traits(traits)
                recreated.append(True)
                return True
            return False

        return self._put_part(uuid, 'traits', MV_TRAITS,
                              {'traits': sorted(traits)}, generation,
                              refused)

    def ensure_traits(self, traits):
        self._ensure(traits, self._known_traits, '/traits/%s', MV_TRAITS)

    def ensure_resource_classes(self, names):
        self._ensure(names, self._known_classes, '/resource_classes/%s',
                     MV_RESOURCE_CLASS)

    def _ensure(self, names, known, template, version):
        with self._lock:
            missing = sorted(n for n in set(names)
                             if n.startswith('CUSTOM_') and n not in known)
        for name in missing:
            path = template % name
            resp = self._request('PUT', path, version)
            if resp.status_code not in (201, 204):
                self._fail('PUT', path, resp)
            with self._lock:
                known.add(name)

    # Allocations -------------------------------------------------------------

    def get_allocations(self, uuid):
        return self._get('/resource_providers/%s/allocations' % uuid,
                         MV_ALLOCATIONS)['allocations']

    def allocation_candidates(self, groups, in_tree, limit=1):
        """Where *groups* (``{resources, required, forbidden}``; group *i*
        is numbered group ``i``) fit under root provider *in_tree*: a list
        of ``{allocations, mappings: {group index: rp}}``.
        """
        params = [('limit', str(limit)), ('group_policy', 'none')]
        for index, group in enumerate(groups):
            resources = ','.join('%s:%d' % (rc, amount) for rc, amount in
                                 sorted(group['resources'].items()))
            params.append(('resources%d' % index, resources))
            traits = (sorted(group.get('required') or ()) +
                      ['!' + t for t in sorted(group.get('forbidden')
                                                or ())])
            if traits:
                params.append(('required%d' % index, ','.join(traits)))
            params.append(('in_tree%d' % index, in_tree))
        body = self._get('/allocation_candidates?' + parse.urlencode(params),
                         MV_CANDIDATES)
        return [{'allocations': {rp: {'resources': a['resources']}
                                 for rp, a in req['allocations'].items()},
                 'mappings': {int(suffix): rps[0] for suffix, rps
                              in req['mappings'].items() if suffix}}
                for req in body['allocation_requests']]

    def usages(self, project_id):
        """``{rc: amount}`` a project uses, as Nova's unified limits
        count it.
        """
        return self._get('/usages?' + parse.urlencode(
            {'project_id': project_id}), MV_USAGES)['usages']

    def get_consumer(self, consumer):
        """``{allocations, consumer_generation, project_id, user_id}``
        (empty allocations and generation None when unknown).
        """
        body = self._get('/allocations/%s' % _quote(consumer), MV_CONSUMER)
        return {'allocations': {rp: {'resources': a['resources']}
                                for rp, a in body['allocations'].items()},
                'consumer_generation': body.get('consumer_generation'),
                'project_id': body.get('project_id'),
                'user_id': body.get('user_id')}

    def _put_consumer(self, consumer, current, allocations, project_id,
                      user_id):
        """PUT (DELETE when empty) allocations; False on a conflict."""
        path = '/allocations/%s' % _quote(consumer)
        if not allocations:
            method = 'DELETE'
            resp = self._request(method, path, MV_CONSUMER)
            if resp.status_code in (204, 404):
                return True
        else:
            method = 'PUT'
            resp = self._request(method, path, MV_CONSUMER, {
                'allocations': allocations,
                'consumer_generation': current['consumer_generation'],
                'project_id': current['project_id'] or project_id,
                'user_id': current['user_id'] or user_id})
            if resp.status_code == 204:
                return True
        if resp.status_code == 409 and _error_code(resp) == CONCURRENT_UPDATE:
            return False
        self._fail(method, path, resp)

    def change_consumer(self, consumer, add=None, remove=(), subtract=None,
                        project_id=None, user_id=None, before_write=None):
        """Change an instance's allocations, keeping Nova's, redone on a
        generation conflict; False when nothing had to change.

        *add* and *subtract* are ``{rp: {resources: {rc: n}}}`` (never
        below zero; what is left empty goes); *remove*, providers whose
        allocations go; *before_write*, called with get_consumer() before
        each write; *project_id* and *user_id* are for a new consumer.
        """
        for _attempt in range(MAX_ATTEMPTS):
            current = self.get_consumer(consumer)
            allocations = changed_allocations(
                current['allocations'], add=add, remove=remove,
                subtract=subtract)
            if allocations == current['allocations']:
                return False
            if before_write is not None:
                before_write(current)
            if self._put_consumer(consumer, current, allocations,
                                  project_id, user_id):
                return True
        raise exception.PlacementError(
            method='PUT', path='/allocations/%s' % consumer,
            reason='the consumer kept changing')


def changed_allocations(allocations, add=None, remove=(), subtract=None):
    """*allocations* after a change (see change_consumer), not in place."""
    result = {rp: {'resources': dict(a['resources'])}
              for rp, a in allocations.items() if rp not in set(remove)}
    for rp, alloc in (add or {}).items():
        resources = result.setdefault(rp, {'resources': {}})['resources']
        for rc, amount in alloc['resources'].items():
            resources[rc] = resources.get(rc, 0) + amount
    for rp, alloc in (subtract or {}).items():
        resources = result.get(rp, {}).get('resources')
        if resources is None:
            continue
        for rc, amount in alloc['resources'].items():
            left = resources.get(rc, 0) - amount
            if left > 0:
                resources[rc] = left
            else:
                resources.pop(rc, None)
        if not resources:
            del result[rp]
    return result


def _quote(value):
    return parse.quote(value, safe='')


is_configured = PlacementClient.is_configured
from_conf = PlacementClient.from_conf
