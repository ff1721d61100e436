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
"""Each word of the shared vocabulary is written in one place.

The services' names live in cyborg.servicegroup and the device health
states in cyborg.common.health_states; every other module of the package
(the tests aside) names them through those constants.  The judge of an
agent's liveness is cyborg.servicegroup and the back-off of retried work
cyborg.conductor.backoff: no other module computes either.  Text for people
is not code: comments, docstrings, option help and translatable messages
may spell them out, as the documentation does (the same rule as
test_vendor_names).
"""

import ast
import os

import cyborg
from cyborg import servicegroup
from cyborg.common import health_states
from cyborg.tests import base
from cyborg.tests.unit import test_vendor_names

ROOT = os.path.dirname(cyborg.__file__)

#: {the word: the module (under cyborg/) that defines it}
HOMES = {name: 'servicegroup.py' for name in servicegroup.BINARIES}
HOMES.update({state: 'common/health_states.py' for state in (
    health_states.HEALTHY, health_states.UNHEALTHY,
    health_states.RECOVERING, health_states.DRIVER_ERROR)})
EXEMPT = ('tests',)


def violations(source, path):
    """``[(line, word)]``: the vocabulary words *source* writes as code
    strings although *path* (relative to cyborg/) is not their home.
    """
    tree = ast.parse(source, path)
    text = test_vendor_names.text_nodes(tree)
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and id(node) not in text
            and HOMES.get(node.value, path) != path]


def _modules():
    for rel, path in test_vendor_names.package_modules(EXEMPT):
        with open(path, encoding='utf-8') as f:
            yield rel, f.read()


class VocabularyTestCase(base.TestCase):

    def test_each_word_is_written_in_its_home_only(self):
        found = ['cyborg/%s:%d %r' % (path, line, word)
                 for path, source in _modules()
                 for line, word in violations(source, path)]
        self.assertEqual([], found)

    def test_the_homes_define_the_words(self):
        # Read as if it were another module, each home writes its words:
        # the scan looks for what the homes hold.
        for word, home in sorted(HOMES.items()):
            with open(os.path.join(ROOT, home), encoding='utf-8') as f:
                written = [w for _line, w in violations(f.read(), 'x.py')]
            self.assertEqual(1, written.count(word), (word, home))

    def test_a_planted_literal_is_found(self):
        source = ('"""The cyborg-agent and healthy devices."""\n'
                  'from cyborg.i18n import _\n'
                  'BINARY = "cyborg-agent"\n'
                  'def f(device):\n'
                  '    """Whether a device is unhealthy."""\n'
                  '    return device["health"] == "unhealthy"\n'
                  'OPT = cfg.StrOpt("x", help="recovering devices")\n'
                  'MSG = _("No cyborg-conductor is up.")\n'
                  'PROBE = "cyborg-api-probe"\n'
                  'TOPIC = servicegroup.CONDUCTOR\n')
        self.assertEqual([(3, 'cyborg-agent'), (6, 'unhealthy')],
                         sorted(violations(source, 'conductor/x.py')))
        # In its home, a word is its definition.
        self.assertEqual([(6, 'unhealthy')],
                         violations(source, 'servicegroup.py'))


#: The functions that judge an agent's liveness: called from their home
#: only (the services ask cyborg.liveness, which asks
#: agents_up()).
JUDGES = ('agent_is_up', 'conductors_since')
BACKOFF_HOME = 'conductor/backoff.py'


def judging(source, path):
    """``[(line, what)]``: calls of a liveness judge, and exponential
    back-offs (``2 ** n``), outside their homes.
    """
    found = []
    for node in ast.walk(ast.parse(source, path)):
        if (isinstance(node, ast.Call) and path != 'servicegroup.py' and
                isinstance(node.func, (ast.Attribute, ast.Name)) and
                getattr(node.func, 'attr', getattr(node.func, 'id', None))
                in JUDGES):
            found.append((node.lineno, 'liveness'))
        if (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow)
                and isinstance(node.left, ast.Constant)
                and node.left.value == 2
                and not isinstance(node.right, ast.Constant)
                and path != BACKOFF_HOME):
            found.append((node.lineno, 'back-off'))
    return found


class OneJudgeTestCase(base.TestCase):

    def test_liveness_and_back_off_are_computed_in_their_homes(self):
        found = ['cyborg/%s:%d %s' % (path, line, what)
                 for path, source in _modules()
                 for line, what in judging(source, path)]
        self.assertEqual([], found)

    def test_a_planted_judge_is_found(self):
        source = ('from cyborg import servicegroup\n'
                  'LIMIT = 2 ** 31\n'
                  'def f(seen, since, n):\n'
                  '    wait = min(2 ** n, 60)\n'
                  '    return servicegroup.agent_is_up(seen, since)\n')
        self.assertEqual([(4, 'back-off'), (5, 'liveness')],
                         sorted(judging(source, 'conductor/x.py')))
        self.assertEqual([(4, 'back-off')],
                         judging(source, 'servicegroup.py'))
