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
"""Tests of cyborg.api.microversion."""

import os

import microversion_parse
import webob

from cyborg import exception
from cyborg.api import microversion
from cyborg.tests import base

HISTORY = os.path.join(os.path.dirname(__file__), '..', '..', '..', 'api',
                       'rest_api_version_history.rst')


def _headers(value=None):
    headers = {} if value is None else {microversion.HEADER: value}
    return webob.Request.blank('/', headers=headers).headers


class NegotiateTestCase(base.TestCase):

    def test_no_header_is_the_minimum(self):
        self.assertEqual((2, 0), microversion.negotiate(_headers()))

    def test_latest(self):
        # Update with each new microversion (and the gabbi test).
        self.assertEqual((2, 4), microversion.negotiate(
            _headers('accelerator latest')))
        self.assertEqual('2.4', str(microversion.MAX_VERSION))

    def test_cleaning_is_in_2_4(self):
        # The cleaning's 2.5 was folded into 2.4 before any release.
        self.assertRaises(exception.NotAcceptable, microversion.negotiate,
                          _headers('accelerator 2.5'))

    def test_explicit(self):
        for minor in range(5):
            self.assertEqual((2, minor), microversion.negotiate(
                _headers('accelerator 2.%d' % minor)))

    def test_bare_value(self):
        self.assertEqual((2, 1), microversion.negotiate(_headers('2.1')))

    def test_other_service_only(self):
        self.assertEqual((2, 0), microversion.negotiate(
            _headers('compute 2.90')))

    def test_several_services(self):
        self.assertEqual((2, 3), microversion.negotiate(
            _headers('compute 2.90, accelerator 2.3')))

    def test_not_acceptable(self):
        for value in ('accelerator 2.6', 'accelerator 1.0',
                      'accelerator 3.0', 'accelerator 10', '10', 'x.y',
                      'accelerator 2.6.1', 'accelerator 2.6 x'):
            self.assertRaises(exception.NotAcceptable,
                              microversion.negotiate, _headers(value))

    def test_huge_numbers_are_not_acceptable(self):
        # More digits than int() converts: a ValueError, a 500, before.
        huge = '1' * 5000
        for value in ('accelerator 2.' + huge, 'accelerator %s.0' % huge,
                      '2.' + huge, 'accelerator 2.1234567890'):
            with self.subTest(value=value[:20]):
                exc = self.assertRaises(exception.NotAcceptable,
                                        microversion.negotiate,
                                        _headers(value))
                self.assertIn('[2.0, 2.', exc.message)
                self.assertLess(len(exc.message), 200)

    def test_malformed_is_a_bad_request(self):
        # Values the existing Cyborg served as another version (int() of
        # each side), and two versions for this service.
        for value in ('accelerator 2.-1', 'accelerator 2.-0',
                      'accelerator 2.05', 'accelerator 02.5',
                      'accelerator +2.1', 'accelerator 2. 1', '2.05',
                      'accelerator 2.4, accelerator 2.0',
                      'accelerator 2.1,accelerator 2.1'):
            with self.subTest(value=value):
                exc = self.assertRaises(exception.InvalidVersionHeader,
                                        microversion.negotiate,
                                        _headers(value))
                self.assertEqual(400, exc.code)

    def test_other_services_around(self):
        self.assertEqual((2, 3), microversion.negotiate(_headers(
            'compute 2.1, accelerator 2.3, placement 1.39')))
        self.assertEqual((2, 0), microversion.negotiate(_headers(
            'compute 2.1, placement 1.39')))

    def test_messages_name_the_range(self):
        exc = self.assertRaises(exception.NotAcceptable,
                                microversion.negotiate,
                                _headers('accelerator 2.5'))
        self.assertIn('The supported version range is: [2.0, 2.4].',
                      exc.message)


    def test_negotiated_version_knows_the_range(self):
        version = microversion.negotiate(_headers('accelerator 2.3'))
        self.assertIsInstance(version, microversion_parse.Version)
        self.assertTrue(version.matches(microversion.MIN_VERSION,
                                        microversion.MAX_VERSION))


class LibraryGapsTestCase(base.TestCase):
    """What microversion_parse does not do, and negotiate() does (see
    cyborg/api/microversion.py): fails when the library changes, so that
    the code around it can be looked at again.
    """

    def test_bare_form_is_not_read(self):
        self.assertIsNone(microversion_parse.get_version(
            {microversion.HEADER: '2.1'}, microversion.SERVICE_TYPE))

    def test_service_named_twice_takes_the_last(self):
        self.assertEqual('2.0', microversion_parse.get_version(
            {microversion.HEADER: 'accelerator 2.5, accelerator 2.0'},
            microversion.SERVICE_TYPE))

    def test_lenient_numbers(self):
        self.assertEqual((2, 5),
                         microversion_parse.parse_version_string('2.05'))
        self.assertEqual((2, 1),
                         microversion_parse.parse_version_string('+2.1'))


class VersionsTestCase(base.TestCase):

    def test_versions_are_consecutive(self):
        minors = [int(v.split('.')[1]) for v in microversion.VERSIONS]
        self.assertEqual(list(range(len(minors))), minors)

    def test_every_version_is_in_the_history(self):
        with open(HISTORY) as f:
            history = f.read()
        for version in microversion.VERSIONS:
            self.assertIn('\n%s\n---' % version, history)

    def test_predicates(self):
        v20, v24 = microversion.Version(2, 0), microversion.Version(2, 4)
        for predicate in (microversion.allow_arq_project_id,
                          microversion.allow_device_profile_by_name,
                          microversion.allow_device_status,
                          microversion.allow_operator_api):
            self.assertFalse(predicate(v20))
            self.assertTrue(predicate(v24))
        self.assertFalse(microversion.allow_operator_api(
            microversion.Version(2, 3)))
        self.assertTrue(microversion.allow_device_status(
            microversion.Version(2, 3)))
        self.assertFalse(microversion.allow_device_status(
            microversion.Version(2, 2)))

    def test_response_headers(self):
        self.assertEqual(
            {'OpenStack-API-Version': 'accelerator 2.3',
             'OpenStack-API-Minimum-Version': '2.0',
             'OpenStack-API-Maximum-Version': '2.4',
             'Vary': 'OpenStack-API-Version'},
            microversion.response_headers(microversion.Version(2, 3)))
