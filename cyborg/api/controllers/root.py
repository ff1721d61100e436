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
"""/: the versions document, every route, OpenAPI, policy operations."""

import collections

import pecan

from cyborg import policies
from cyborg.api import link
from cyborg.api import metrics
from cyborg.api import openapi
from cyborg.api import route
from cyborg.api.controllers import v2
from cyborg.policies import base as policy_base

NAME = 'OpenStack Cyborg API'
DESCRIPTION = ('Cyborg is the OpenStack project for lifecycle management of '
               'hardware accelerators, such as GPUs, FPGAs, AI chips, '
               'security accelerators, etc.')


def get(context):
    """GET /: every API version (public, no microversion headers)."""
    version = v2.version_document(link.base_url(pecan.request) + '/v2')
    version['id'] = 'v2'
    return {'name': NAME, 'description': DESCRIPTION,
            'versions': [version], 'default_version': version}


def get_openapi(context):
    """GET /v2/openapi.json: the request's microversion's document (public)."""
    return OPENAPI.text(pecan.request.version)


ROUTES = [
    route.Route(
        'GET', '/', get,
        'The API versions (public, no microversion headers).',
        response=lambda version: route.obj(
            name={'type': 'string'}, description={'type': 'string'},
            versions={'type': 'array', 'items': route.ref('Version')},
            default_version=route.ref('Version')),
        policy=route.PUBLIC),
    route.Route('GET', '/v2/openapi.json', get_openapi,
                'This description, for the microversion asked (public).',
                response=lambda version: {'type': 'object'},
                policy=route.PUBLIC),
] + v2.ROUTES

#: The OpenAPI description of the routes.
OPENAPI = openapi.Description(ROUTES)


def policy_operations():
    """``{rule name: [(method, path)]}`` of the routes and /metrics."""
    found = collections.defaultdict(list)
    for api_route in ROUTES:
        if api_route.policy is not route.PUBLIC:
            found[api_route.policy].append(
                (api_route.method, api_route.path))
    found[policies.metrics.GET].append(('GET', metrics.PATH))
    return found


def list_rules():
    """Every policy rule with the operations enforcing it (oslo.policy entry).

    :raises: InvalidRuleDefault for a rule no operation enforces.
    """
    found = policy_operations()
    return policy_base.list_rules() + [
        policy_base.documented(rule, found.get(rule.name, []))
        for rule in policies.resource_rules()]
