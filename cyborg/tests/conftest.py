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
"""pytest hooks of the whole suite: an environment of its own, the
README's default ports taken, random order, gabbi files in order.

The suite runs in a random order so that a test that depends on another
fails: pytest-randomly gives the seed (printed in the header and again
after the results, ``--randomly-seed`` replays it, ``-p no:randomly``
turns it off) and this file the order, in which the requests of one gabbi
YAML file (a sequence, not independent tests) stay together and in the
order of the file.  See cyborg/tests/README.rst.
"""

import os
import pathlib

import pytest

from cyborg.tests.fixtures import order
from cyborg.tests.fixtures import taken_ports

# Suites of their own, collected only when named, each a step of its own
# in CI (.ci/run): the HA tests (issue 42) need tools/ha-cluster.sh's
# cluster and take minutes (tools/run-tests.sh cyborg/tests/ha); the
# benchmarks' tiny runs test the measuring tools, each with deployments
# of its own (tools/run-tests.sh cyborg/tests/bench).
HA_TESTS = pathlib.Path(__file__).parent / 'ha'
BENCH_TESTS = pathlib.Path(__file__).parent / 'bench'
NAMED_ONLY = (HA_TESTS, BENCH_TESTS)
_HOLDER = pytest.StashKey[taken_ports.Holder]()


def pytest_ignore_collect(collection_path, config):
    if collection_path not in NAMED_ONLY:
        return None
    base = pathlib.Path(config.invocation_params.dir)
    for arg in config.args:
        named = (base / arg.split('::')[0]).resolve()
        if named == collection_path or collection_path in named.parents:
            return None
    return True


def pytest_configure(config):
    # No test, and no process a test starts, sees the developer's cloud:
    # the OpenStack variables of a sourced openrc (OS_CLOUD, OS_AUTH_URL,
    # ...), and oslo.config's OS_<GROUP>__<OPTION> overrides.  oslo.db's
    # OS_TEST_* choices of test databases stay.
    for name in list(os.environ):
        if name.startswith('OS_') and not name.startswith('OS_TEST_'):
            del os.environ[name]
    config.addinivalue_line(
        'markers', 'slow(weight): a test file that takes long (weight 1 to '
        '3); heavier files are handed to the workers first')
    if order.random_seed(config) is not None:
        # The order is ours (below): pytest-randomly's own would split the
        # gabbi files, whose start and stop gabbi expects around them.
        config.option.randomly_reorganize = False
        # Python's random module stays random: oslo.db names the test
        # databases with it, and two test processes (xdist workers, or
        # two developers replaying one seed) must not pick the same.
        config.option.randomly_reset_seed = False
    # The main process (xdist's controller, or the only one) holds the
    # README's default ports for the whole run: every test runs as on a
    # machine where other services have them (fixtures/taken_ports.py).
    if not hasattr(config, 'workerinput'):
        holder = config.stash[_HOLDER] = taken_ports.Holder()
        holder.start()


def pytest_unconfigure(config):
    holder = config.stash.get(_HOLDER, None)
    if holder is not None:
        holder.stop()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_collection_modifyitems(config, items):
    # Before gabbi's own wrapper, which finds each file's start and stop
    # (and gives its first request the start) by their places in *items*.
    seed = order.random_seed(config)
    if seed is not None:
        items[:] = order.shuffle(items, seed, order.gabbi_sequence,
                                 order.weight)
    return (yield)


def pytest_terminal_summary(terminalreporter, config):
    seed = order.random_seed(config)
    if seed is not None:
        terminalreporter.write_line(
            'Test order: --randomly-seed=%s (replay it with '
            'tools/run-tests.sh --randomly-seed=%s ...)' % (seed, seed))
