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
"""The capacity view: cyborg.db.queries.capacity and what
cyborg.api.capacity makes of it, each state counted, on SQLite; pages
of hosts and their totals.
"""

import datetime

import sqlalchemy as sa

from cyborg import liveness
from cyborg import servicegroup
from cyborg.api import capacity
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import attach_handle as attach_handle_queries
from cyborg.db.queries import capacity as capacity_queries
from cyborg.db.queries import device_config as config_queries
from cyborg.db.queries import hold
from cyborg.db.queries import host as host_queries
from cyborg.db.queries import service as service_queries
from cyborg.tests import base
from cyborg.tests.fixtures import inventory
from cyborg.tests.fixtures import statements

T0 = datetime.datetime(2026, 11, 24, 12, 0, 0)


@db_api.context_manager.writer
def _set_device(context, device_id, **values):
    context.session.execute(sa.update(models.Device).where(
        models.Device.id == device_id).values(**values))


@db_api.context_manager.writer
def _set_deployable(context, deployable_id, **values):
    context.session.execute(sa.update(models.Deployable).where(
        models.Deployable.id == deployable_id).values(**values))


@db_api.context_manager.writer
def _use_handles(context, deployable_id, count):
    handles = models.AttachHandle
    ids = context.session.execute(
        sa.select(handles.id).where(handles.deployable_id == deployable_id)
        .order_by(handles.id).limit(count)).scalars().all()
    context.session.execute(sa.update(handles).where(
        handles.id.in_(ids)).values(in_use=True))


@db_api.context_manager.writer
def _configure(context, device_uuid, hostname, state):
    config_queries.set_desired(context, device_uuid, hostname,
                               {'num_vfs': 2}, state, False)


@db_api.context_manager.writer
def _drop_rc(context, deployable_id):
    # As the attributes API deletes one (cyborg.conductor.devices
    # .attribute): the handles follow in the same transaction.
    context.session.execute(sa.delete(models.Attribute).where(
        models.Attribute.deployable_id == deployable_id,
        models.Attribute.key == 'rc'))
    attach_handle_queries.follow_resource_class(context, [deployable_id])


def _entry(entries, key, value):
    found = [e for e in entries if e[key] == value]
    assert len(found) == 1, (value, entries)
    return found[0]


def _counts(entry):
    return {name: entry[name] for name in capacity.COUNTS}


def _why(entry):
    return {k: v for k, v in entry['reserved_because'].items() if v}


def _summarize(groups, conductors):
    """The capacity view of get()'s groups, the agents judged in Python
    by cyborg.servicegroup: what view() and render() must answer.
    """
    up = servicegroup.agents_up(
        [{'host': group.host, 'last_seen_up': group.heartbeat,
          'last_report_at': group.reported, 'agent_up': group.recorded}
         for group in groups],
        conductors, servicegroup.now())
    hosts, totals = {}, {}
    for group in groups:
        numbers = capacity.counts(group, up[group.host])
        for entries in (hosts.setdefault(group.host, {}), totals):
            known = entries.get(group.resource_class)
            entries[group.resource_class] = numbers if known is None else [
                a + b for a, b in zip(known, numbers)]

    def listed(entries):
        # A deployable without a resource class sorts last.
        return [dict(zip(capacity.COUNTS, numbers), resource_class=rc,
                     reserved_because=dict(zip(capacity.REASONS,
                                               numbers[4:])))
                for rc, numbers in sorted(
                    entries.items(), key=lambda i: (i[0] is None, i[0] or ''))]

    return {'hosts': [{'host': host, 'agent': servicegroup.UP if up[host]
                       else servicegroup.DOWN,
                       'resource_classes': listed(hosts[host])}
                      for host in sorted(hosts)],
            'total': {'resource_classes': listed(totals)}}


class CapacityTests:
    """The tests, on the backend of the class they are mixed into
    (cyborg/tests/functional/db/test_capacity_queries.py: MariaDB and
    PostgreSQL).
    """

    def setUp(self):
        super().setUp()
        self.clock = self.time_fixture(T0)
        self.flags(service_down_time=60)

    def _agent(self, host, heartbeat=True):
        host_queries.create(self.context, host, reporting=True)
        host_queries.record_report(self.context, host, 1, 'h', '[]')
        if heartbeat:
            service_queries.heartbeat(self.context, host,
                                      servicegroup.AGENT)

    def _view(self, **filters):
        """The view as GET /v2/capacity answers it (view(), the agents
        judged in SQL), checked against the agents judged by
        cyborg.servicegroup on get()'s times (_summarize()): the two
        must never differ.
        """
        hosts, totals = capacity_queries.view(
            self.context, servicegroup.up_since(), **filters)
        self.assertIsNone(totals)
        view = capacity.render(hosts)
        groups, conductors = capacity_queries.get(self.context, **filters)
        self.assertEqual(_summarize(groups, conductors), view)
        return view

    def _pages(self, limit, **filters):
        """Every page of *limit* hosts: [(hosts, totals)]."""
        pages, marker = [], None
        while True:
            hosts, totals = capacity_queries.view(
                self.context, servicegroup.up_since(), limit=limit,
                marker=marker, **filters)
            page = capacity.render(hosts, totals, sort_hosts=False)
            pages.append(page)
            if len(page['hosts']) < limit:
                return pages
            marker = page['hosts'][-1]['host']

    def _fleet(self):
        """n1 (agent up): every state a handle of an up host can be in;
        n2 (agent down): a disabled FPGA with one bound handle.
        """
        self._agent('n1')
        free = inventory.add_device(self.context, 'n1', handles=4,
                                    address='0000:01:00.0')
        _use_handles(self.context, free['deployable_id'], 1)
        disabled = inventory.add_device(self.context, 'n1', handles=2,
                                        address='0000:02:00.0',
                                        status='maintaining')
        _use_handles(self.context, disabled['deployable_id'], 1)
        sick = inventory.add_device(self.context, 'n1', handles=2,
                                    address='0000:03:00.0', rc='PGPU',
                                    dev_type='GPU', driver='nvidia')
        _set_device(self.context, sick['device_id'], health='unhealthy')
        gone = inventory.add_device(self.context, 'n1', handles=3,
                                    address='0000:04:00.0', rc='PGPU',
                                    dev_type='GPU', driver='nvidia')
        _set_device(self.context, gone['device_id'], health='recovering')
        _set_deployable(self.context, gone['deployable_id'], removed_at=T0)
        _use_handles(self.context, gone['deployable_id'], 1)
        self._agent('n2')
        down = inventory.add_device(self.context, 'n2', handles=3,
                                    status='maintaining')
        _use_handles(self.context, down['deployable_id'], 1)
        # n2's agent falls silent; n1's keeps sending heartbeats.
        self.clock.advance(61)
        service_queries.heartbeat(self.context, 'n1', servicegroup.AGENT)

    def test_each_state_counted(self):
        self._fleet()
        view = self._view()
        self.assertEqual(['n1', 'n2'], [h['host'] for h in view['hosts']])
        n1, n2 = view['hosts']
        self.assertEqual(('up', 'down'), (n1['agent'], n2['agent']))
        fpga = _entry(n1['resource_classes'], 'resource_class', 'FPGA')
        self.assertEqual({'total': 6, 'free': 3, 'bound': 2,
                          'reserved': 1}, _counts(fpga))
        self.assertEqual({'disabled': 1}, _why(fpga))
        pgpu = _entry(n1['resource_classes'], 'resource_class', 'PGPU')
        self.assertEqual({'total': 5, 'free': 0, 'bound': 1,
                          'reserved': 4}, _counts(pgpu))
        # The gone, recovering device's free handles are counted under
        # both reasons.
        self.assertEqual({'unhealthy': 2, 'recovering': 2, 'gone': 2},
                         _why(pgpu))
        down = _entry(n2['resource_classes'], 'resource_class', 'FPGA')
        self.assertEqual({'total': 3, 'free': 0, 'bound': 1,
                          'reserved': 2}, _counts(down))
        self.assertEqual({'disabled': 2, 'agent_down': 2}, _why(down))
        total = view['total']['resource_classes']
        self.assertEqual(['FPGA', 'PGPU'],
                         [e['resource_class'] for e in total])
        self.assertEqual({'total': 9, 'free': 3, 'bound': 3,
                          'reserved': 3}, _counts(total[0]))
        self.assertEqual({'disabled': 3, 'agent_down': 2}, _why(total[0]))
        self.assertEqual(_counts(pgpu), _counts(total[1]))

    def test_every_reason_of_the_placement_push(self):
        # One device per reason judged from the rows, each with one
        # handle bound and two free: the free ones are reserved for it
        # (as cyborg.conductor.placement.sync.desired() reserves them),
        # on the host, in the totals and in a page's totals.
        self._agent('n1')
        for bus, reason in enumerate(capacity_queries.JUDGED, start=1):
            device = inventory.add_device(
                self.context, 'n1', handles=3, rc='CUSTOM_' + reason.upper(),
                address='0000:%02x:00.0' % bus)
            _use_handles(self.context, device['deployable_id'], 1)
            if reason == hold.DISABLED:
                _set_device(self.context, device['device_id'],
                            status='maintaining')
            elif reason in hold.CONFIG.values():
                _configure(self.context, device['device_uuid'], 'n1',
                           reason[len('config_'):])
            elif reason in hold.CLEAN_STATES:
                _set_device(self.context, device['device_id'],
                            clean_state=reason)
            elif reason == hold.GONE:
                _set_deployable(self.context, device['deployable_id'],
                                removed_at=T0)
            elif reason == hold.RESHAPING:
                # A deployable of the device's former shape, gone and
                # kept (its handle counts under its own class, gone).
                former = inventory.add_device(
                    self.context, 'n1', handles=1, rc='CUSTOM_FORMER',
                    address='0000:%02x:00.0' % (bus + 0x40))
                _set_deployable(self.context, former['deployable_id'],
                                device_id=device['device_id'],
                                removed_at=T0)
            else:
                _set_device(self.context, device['device_id'],
                            health=reason)
        # A device whose configuration reserves nothing (applied).
        applied = inventory.add_device(self.context, 'n1', handles=3,
                                       address='0000:7f:00.0')
        _configure(self.context, applied['device_uuid'], 'n1', 'applied')
        view = self._view()
        entries = {e['resource_class']: e
                   for e in view['hosts'][0]['resource_classes']}
        for reason in capacity_queries.JUDGED:
            entry = entries['CUSTOM_' + reason.upper()]
            self.assertEqual({'total': 3, 'free': 0, 'bound': 1,
                              'reserved': 2}, _counts(entry), reason)
            self.assertEqual({reason: 2}, _why(entry))
        self.assertEqual({'total': 3, 'free': 3, 'bound': 0,
                          'reserved': 0}, _counts(entries['FPGA']))
        self.assertEqual(view['total'], self._pages(1)[0]['total'])
        # The agent down: every free handle reserved for it too.
        self.clock.advance(61)
        view = self._view()
        for entry in view['hosts'][0]['resource_classes']:
            self.assertEqual(0, entry['free'])
            self.assertEqual(entry['total'] - entry['bound'],
                             entry['reserved_because']['agent_down'])
        self.assertEqual(view['total'], self._pages(1)[0]['total'])

    def test_the_counts_add_up(self):
        self._fleet()
        view = self._view()
        for host in view['hosts']:
            for entry in host['resource_classes']:
                self.assertEqual(entry['total'], entry['free'] +
                                 entry['bound'] + entry['reserved'])

    def test_filters(self):
        self._fleet()
        view = self._view(host='n2')
        self.assertEqual(['n2'], [h['host'] for h in view['hosts']])
        self.assertEqual(3, view['total']['resource_classes'][0]['total'])
        view = self._view(resource_class='PGPU')
        self.assertEqual(['n1'], [h['host'] for h in view['hosts']])
        self.assertEqual(['PGPU'], [e['resource_class'] for e in
                                    view['total']['resource_classes']])
        view = self._view(driver='nvidia', host='n1')
        self.assertEqual(5, view['total']['resource_classes'][0]['total'])
        view = self._view(driver='no-such-driver')
        self.assertEqual({'hosts': [], 'total': {'resource_classes': []}},
                         view)

    def test_a_report_alone_keeps_the_agent_up(self):
        # The later of the heartbeat and the report counts, as for the
        # conductor's own liveness check.
        self._agent('n1', heartbeat=False)
        inventory.add_device(self.context, 'n1', handles=1)
        self.clock.advance(30)
        self.assertEqual('up', self._view()['hosts'][0]['agent'])
        self.clock.advance(31)
        host = self._view()['hosts'][0]
        self.assertEqual('down', host['agent'])
        self.assertEqual({'agent_down': 1},
                         _why(host['resource_classes'][0]))

    def test_conductors_restart_is_not_an_agent_down(self):
        # No conductor ran for longer than service_down_time: the agent
        # could not be heard of, and is judged from the conductor's start
        # (servicegroup.agent_is_up), not found down.
        self._agent('n1')
        inventory.add_device(self.context, 'n1', handles=1)
        self.clock.advance(600)
        service_queries.heartbeat(self.context, 'c1', servicegroup.CONDUCTOR,
                                  started_at=T0 + datetime.timedelta(
                                      seconds=600))
        self.assertEqual('up', self._view()['hosts'][0]['agent'])
        self.clock.advance(61)
        service_queries.heartbeat(self.context, 'c1', servicegroup.CONDUCTOR)
        self.assertEqual('down', self._view()['hosts'][0]['agent'])

    def test_an_agent_recorded_down_stays_down_over_a_restart(self):
        # Recorded down before the conductor restarted, its inventory is
        # reserved in Placement: the view counted its accelerators free
        # for service_down_time after the restart.
        self._agent('n1')
        self._agent('n2')
        for host in ('n1', 'n2'):
            inventory.add_device(self.context, host, handles=3)
        self.clock.advance(61)
        self.assertTrue(host_queries.set_liveness(self.context, 'n2',
                                                  False))
        self.clock.advance(600)
        service_queries.heartbeat(self.context, 'c1', servicegroup.CONDUCTOR,
                                  started_at=T0 + datetime.timedelta(
                                      seconds=661))
        view = self._view()
        self.assertEqual([('n1', 'up', 3), ('n2', 'down', 0)], [
            (h['host'], h['agent'], h['resource_classes'][0]['free'])
            for h in view['hosts']])
        self.assertEqual({'n1': True, 'n2': False}, liveness.agents(
            self.context))
        # Heard of again: up, before the conductor records it back.
        service_queries.heartbeat(self.context, 'n2', servicegroup.AGENT)
        self.assertEqual(['up', 'up'],
                         [h['agent'] for h in self._view()['hosts']])

    def test_a_deployable_without_resource_class(self):
        self._agent('n1')
        inventory.add_device(self.context, 'n1', handles=1)
        bare = inventory.add_device(self.context, 'n1', handles=2,
                                    address='0000:05:00.0')
        _drop_rc(self.context, bare['deployable_id'])
        entries = self._view()['hosts'][0]['resource_classes']
        self.assertEqual(['FPGA', None],
                         [e['resource_class'] for e in entries])
        self.assertEqual(2, entries[1]['free'])

    def test_pages_and_their_totals(self):
        self._fleet()
        self._agent('n3')
        inventory.add_device(self.context, 'n3', handles=2, rc='PGPU',
                             dev_type='GPU', driver='nvidia')
        # n4's agent was never heard of: its free handles, held out by
        # nothing else, are reserved (agent_down) in the totals too.
        inventory.add_device(self.context, 'n4', handles=2)
        whole = self._view()
        self.assertEqual({'disabled': 3, 'agent_down': 4},
                         _why(whole['total']['resource_classes'][0]))
        for limit in (1, 2, 3):
            pages = self._pages(limit)
            # The hosts in name order, each once, over the pages.
            self.assertEqual(whole['hosts'], [
                host for page in pages for host in page['hosts']])
            # Every page's totals are the whole cloud's, computed by the
            # database: those the whole list sums.
            for page in pages:
                self.assertEqual(whole['total'], page['total'])
        self.assertEqual(3, len(self._pages(2)))
        # With filters, as the whole list with them.
        for filters in ({'resource_class': 'PGPU'}, {'host': 'n2'},
                        {'driver': 'nvidia'}, {'driver': 'none'}):
            whole = self._view(**filters)
            pages = self._pages(1, **filters)
            self.assertEqual(whole['hosts'], [
                host for page in pages for host in page['hosts']])
            self.assertEqual(whole['total'], pages[0]['total'])

    def test_page_totals_of_held_handles_without_resource_class(self):
        # The totals count every handle from the handles and their
        # resource class, and the held out deployables' apart: a held
        # deployable without a resource class, one gone, and one on a
        # host with no hosts row (never heard of) add up as the whole
        # list sums them.
        self._fleet()
        bare = inventory.add_device(self.context, 'n1', handles=3,
                                    address='0000:05:00.0',
                                    status='maintaining')
        _drop_rc(self.context, bare['deployable_id'])
        _use_handles(self.context, bare['deployable_id'], 1)
        gone = inventory.add_device(self.context, 'n5', handles=2,
                                    address='0000:06:00.0')
        _set_deployable(self.context, gone['deployable_id'], removed_at=T0)
        whole = self._view()
        self.assertEqual({'total': 3, 'free': 0, 'bound': 1,
                          'reserved': 2},
                         _counts(whole['total']['resource_classes'][-1]))
        for filters in ({}, {'resource_class': 'FPGA'}):
            whole = self._view(**filters)
            for page in self._pages(2, **filters):
                self.assertEqual(whole['total'], page['total'])

    def test_device_class(self):
        # Only the deployables a device class selects (the API's
        # device_class.selected()), whatever their providers show.
        self._agent('n1')
        self._agent('n2')
        one = inventory.add_device(self.context, 'n1', handles=2,
                                   address='0000:01:00.0')
        last = inventory.add_device(self.context, 'n1', handles=1,
                                    address='0000:02:00.0', rc='PGPU')
        _use_handles(self.context, last['deployable_id'], 1)
        inventory.add_device(self.context, 'n2', handles=1,
                             address='0000:09:00.0')
        selected = [one['deployable_id'], last['deployable_id']]
        view = self._view(deployable_ids=selected)
        self.assertEqual(['n1'], [h['host'] for h in view['hosts']])
        self.assertEqual(
            [('FPGA', 2, 2, 0), ('PGPU', 1, 0, 1)],
            [(e['resource_class'], e['total'], e['free'], e['bound'])
             for e in view['total']['resource_classes']])
        self.assertEqual({'hosts': [], 'total': {'resource_classes': []}},
                         self._view(deployable_ids=[]))
        # With the other filters, and a page's totals (those of the
        # class on every host).
        self.assertEqual(['PGPU'], [
            e['resource_class'] for e in self._view(
                deployable_ids=selected, resource_class='PGPU')['total'][
                    'resource_classes']])
        pages = self._pages(1, deployable_ids=selected)
        self.assertEqual(view['hosts'], [
            host for page in pages for host in page['hosts']])
        self.assertEqual(view['total'], pages[0]['total'])

    def test_a_page_after_the_last_host(self):
        self._fleet()
        hosts, totals = capacity_queries.view(
            self.context, servicegroup.up_since(), limit=5, marker='n2')
        self.assertEqual([], hosts)
        self.assertEqual(self._view()['total'],
                         capacity.render(hosts, totals)['total'])

    def test_one_statement(self):
        self._fleet()
        counter = self.useFixture(statements.StatementCounter(
            self.db.engine))
        with counter.counting():
            capacity_queries.get(self.context)
        self.assertEqual(1, counter.count)
        with counter.counting():
            capacity_queries.get(self.context, host='n1',
                                 resource_class='FPGA', driver='fake')
        self.assertEqual(1, counter.count)
        for arguments in ({}, {'limit': 1, 'marker': 'n1'},
                          {'host': 'n1', 'resource_class': 'FPGA',
                           'driver': 'fake', 'limit': 2}):
            with counter.counting():
                capacity_queries.view(self.context,
                                      servicegroup.up_since(), **arguments)
            self.assertEqual(1, counter.count)


class CapacityTestCase(CapacityTests, base.DbTestCase):
    BACKEND = 'sqlite'
