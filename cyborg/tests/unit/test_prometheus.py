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
"""The Prometheus alerting rules and the Grafana dashboard of etc/.

promtool (Debian package ``prometheus``; ``CYBORG_TEST_REQUIRE=promtool``
makes its absence a failure, as in CI) checks the rules, runs their unit
tests (etc/prometheus/cyborg-alerts.test.yaml) and parses every query of
the dashboard (as recording rules).  Every metric the rules and the
dashboard name must be one Cyborg exports (cyborg.metrics).
"""

import json
import os
import re
import subprocess

import fixtures
import yaml

from cyborg import metrics
from cyborg.tests import base
from cyborg.tests.fixtures import backends

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..',
                                    '..'))
RULES = os.path.join(ROOT, 'etc', 'prometheus', 'cyborg-alerts.yaml')
RULE_TESTS = os.path.join(ROOT, 'etc', 'prometheus',
                          'cyborg-alerts.test.yaml')
DASHBOARD = os.path.join(ROOT, 'etc', 'grafana', 'cyborg-dashboard.json')

# The series Prometheus makes itself, which a rule may name.
PROMETHEUS_SERIES = {'up'}
# What is not a metric name in the queries: PromQL's functions,
# aggregations and keywords, and the label names used in them.
_NOT_METRICS = {
    'sum', 'by', 'rate', 'increase', 'histogram_quantile', 'topk', 'time',
    'le', 'and', 'or', 'unless', 'without', 'on', 'ignoring',
    'group_left', 'group_right', 'bool', 'offset', 'max', 'min', 'avg',
    'count'}
_IDENTIFIER = re.compile(r'[a-zA-Z_:][a-zA-Z0-9_:]*')


def fleet():
    """The fleet gauges: every Gauge of cyborg.metrics."""
    return [value for value in vars(metrics).values()
            if isinstance(value, metrics.Gauge)]


def exported_names():
    """Every metric name Cyborg exports, as Prometheus sees them
    (counters' ``_total``, histograms' ``_bucket``, ``_sum``, ``_count``).
    """
    names = {gauge.name for gauge in fleet()}
    for metric in metrics.DEVICE_METRICS + metrics.DEVICE_STATE:
        names.add(metric.name + ('_total' if metric.type == 'counter'
                                 else ''))
    for family in metrics.REGISTRY.collect():
        for sample in family.samples:
            names.add(sample.name)
        if family.type == 'counter':
            names.add(family.name + '_total')
        elif family.type == 'histogram':
            names.update(family.name + suffix
                         for suffix in ('_bucket', '_sum', '_count'))
    return names


def _expressions_of_rules():
    with open(RULES) as f:
        rules = yaml.safe_load(f)
    return [rule['expr'] for group in rules['groups']
            for rule in group['rules']]


def _expressions_of_dashboard():
    with open(DASHBOARD) as f:
        dashboard = json.load(f)
    return [target['expr'] for panel in dashboard['panels']
            for target in panel.get('targets', ())]


def metric_names(expr):
    """The metric names an expression selects: its identifiers, less
    what is in quotes, in label matchers and in by()/without() lists,
    and PromQL's words.
    """
    expr = re.sub(r'"[^"]*"', '""', expr)
    expr = re.sub(r'\{[^}]*\}', '', expr)
    expr = re.sub(r'\b(by|without|on|ignoring)\s*\([^)]*\)', '', expr)
    expr = re.sub(r'\[[^\]]*\]', '', expr)
    names = set()
    for match in _IDENTIFIER.finditer(expr):
        word = match.group()
        if word in _NOT_METRICS or re.match(r'^\d', word):
            continue
        # A function call: a word followed by "(".
        if expr[match.end():].lstrip().startswith('('):
            continue
        names.add(word)
    return names


class MetricNamesTestCase(base.TestCase):
    """Without promtool: the names the rules and the dashboard use."""

    def test_the_name_finder(self):
        self.assertEqual(
            {'cyborg_a_bucket'},
            metric_names('histogram_quantile(0.95, sum by (le, work) '
                         '(rate(cyborg_a_bucket{x="y z"}[5m])))'))
        self.assertEqual({'up', 'cyborg_b'},
                         metric_names('up{job=~"a|b"} == 0 or cyborg_b'))

    def test_rules_name_only_exported_metrics(self):
        exported = exported_names() | PROMETHEUS_SERIES
        named = set()
        for expr in _expressions_of_rules():
            named |= metric_names(expr)
        self.assertEqual(set(), named - exported)
        self.assertIn('cyborg_agent_up', named)

    def test_dashboard_names_only_exported_metrics(self):
        exported = exported_names()
        named = set()
        for expr in _expressions_of_dashboard():
            named |= metric_names(expr)
        self.assertEqual(set(), named - exported)
        # Every panel's metrics exist, and the dashboard shows every
        # fleet gauge but the refresh time.
        self.assertEqual(
            set(), {g.name for g in fleet()
                    if g is not metrics.FLEET_REFRESH} - named)


class PromtoolTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        backends.check(self, 'promtool')

    def _promtool(self, *args, cwd=None):
        result = subprocess.run(['promtool'] + list(args), cwd=cwd,
                                capture_output=True, text=True, timeout=60)
        self.assertEqual(0, result.returncode,
                         result.stdout + result.stderr)
        return result.stdout

    def test_check_rules(self):
        out = self._promtool('check', 'rules', RULES)
        self.assertIn('SUCCESS', out)

    def test_the_rules_unit_tests(self):
        self._promtool('test', 'rules', os.path.basename(RULE_TESTS),
                       cwd=os.path.dirname(RULE_TESTS))

    def test_the_dashboard_queries_parse(self):
        rules = {'groups': [{'name': 'dashboard', 'rules': [
            {'record': 'cyborg_dashboard:query_%d' % index, 'expr': expr}
            for index, expr in enumerate(_expressions_of_dashboard())]}]}
        path = os.path.join(self.useFixture(fixtures.TempDir()).path,
                            'dashboard.yaml')
        with open(path, 'w') as f:
            yaml.safe_dump(rules, f)
        self._promtool('check', 'rules', path)
