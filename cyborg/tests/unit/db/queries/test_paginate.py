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
"""Tests of cyborg.db.queries.paginate.select_page (statements built once
per shape, values bound)."""

import sqlalchemy as sa

from cyborg import exception
from cyborg.db import api as db_api
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import paginate
from cyborg.tests import base
from cyborg.tests.fixtures import inventory

TABLE = device_queries.TABLE


class SelectPageTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        # Five devices on two hosts; vendors repeat so that the sort on
        # vendor needs its tie-break on id.
        self.devices = []
        for index in range(5):
            self.devices.append(inventory.add_device(
                self.context, 'host%d' % (index % 2),
                vendor='0x%04d' % (index % 3),
                address='0000:0c:00.%d' % index))
        self.uuids = [d['device_uuid'] for d in self.devices]

    @db_api.context_manager.reader
    def page(self, context, **kwargs):
        return [row.uuid for row in paginate.select_page(
            context, TABLE, **kwargs)]

    def test_all_in_id_order(self):
        self.assertEqual(self.uuids, self.page(self.context))
        self.assertEqual(self.uuids[::-1],
                         self.page(self.context, sort_dir='desc'))

    def test_equality_and_in_filters(self):
        self.assertEqual(self.uuids[0::2], self.page(
            self.context, filters={'hostname': 'host0'}))
        # A list of one value is an equality, several an IN list.
        self.assertEqual(self.uuids[0::2], self.page(
            self.context, filters={'hostname': ['host0']}))
        self.assertEqual(self.uuids, self.page(
            self.context, filters={'hostname': ['host0', 'host1']}))
        self.assertEqual([], self.page(self.context,
                                       filters={'hostname': []}))
        self.assertEqual([self.uuids[2]], self.page(
            self.context, filters={'hostname': 'host0', 'vendor': '0x0002'}))

    def test_pages_after_marker_never_overlap(self):
        for sort_dir in ('asc', 'desc'):
            seen, marker = [], None
            while True:
                page = self.page(self.context, limit=2, marker=marker,
                                 sort_key='vendor', sort_dir=sort_dir)
                if not page:
                    break
                seen.extend(page)
                marker = page[-1]
            self.assertEqual(sorted(self.uuids), sorted(seen), sort_dir)
            self.assertEqual(self.page(self.context, sort_key='vendor',
                                       sort_dir=sort_dir), seen)

    def test_unknown_marker(self):
        self.assertRaises(exception.MarkerNotFound, self.page,
                          self.context, marker='missing', limit=1)

    def test_one_statement_per_shape(self):
        paginate._page_statement.cache_clear()
        self.page(self.context, limit=2, filters={'hostname': 'host0'})
        info = paginate._page_statement.cache_info()
        self.page(self.context, limit=3, filters={'hostname': 'host1'})
        after = paginate._page_statement.cache_info()
        self.assertEqual(info.currsize, after.currsize)
        self.assertEqual(info.hits + 1, after.hits)
        # Another shape (a marker) is another statement.
        self.page(self.context, limit=3, marker=self.uuids[0])
        self.assertEqual(after.currsize + 1,
                         paginate._page_statement.cache_info().currsize)

    @db_api.context_manager.reader
    def based(self, context, base, **kwargs):
        return [tuple(row) for row in paginate.select_page(
            context, TABLE, base=base, **kwargs)]

    def test_base_select_keeps_its_columns_and_pages(self):
        # A prebuilt base (its own columns, here fewer than the table's)
        # is filtered, ordered and cut like the table itself.
        base = sa.select(TABLE.c.uuid, TABLE.c.hostname)
        host0 = [(uuid, 'host0') for uuid in self.uuids[0::2]]
        self.assertEqual(host0, self.based(
            self.context, base, filters={'hostname': 'host0'}))
        self.assertEqual(host0[1:], self.based(
            self.context, base, filters={'hostname': 'host0'},
            marker=self.uuids[0], limit=5))
        self.assertEqual(host0[::-1][:1], self.based(
            self.context, base, filters={'hostname': 'host0'},
            sort_dir='desc', limit=1))
