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
"""tools/run-tests.sh, tools/tox-env.sh and tox.ini: the set-up the
README's command does, and the lint CI runs before the tests.

The script runs for real, with the programs it would change the machine
with (apt-get, dpkg-query, id, the database clients, the virtual
environment's Python) replaced by recorders on PATH.
"""

import ast
import configparser
import os
import re
import socket
import stat
import subprocess
import time

import fixtures

from cyborg.tests import base
from cyborg.tests.functional.fixtures import services

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..',
                                    '..', '..'))
SCRIPT = os.path.join(ROOT, 'tools', 'run-tests.sh')
TOX_ENV = os.path.join(ROOT, 'tools', 'tox-env.sh')


def _bindep_test_packages():
    """bindep.txt's packages of the "test" profile on the dpkg platform."""
    packages = []
    with open(os.path.join(ROOT, 'bindep.txt')) as f:
        for line in f:
            words = line.split('#')[0].replace('[', ' ').replace(
                ']', ' ').split()
            if not words:
                continue
            platforms = [w for w in words[1:] if w.startswith('platform:')]
            profiles = [w for w in words[1:] if ':' not in w]
            if ((not platforms or 'platform:dpkg' in platforms) and
                    (not profiles or 'test' in profiles)):
                packages.append(words[0])
    return packages


PACKAGES = _bindep_test_packages()


class RunTestsScriptTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        self.tmp = self.useFixture(fixtures.TempDir()).path
        self.bin = os.path.join(self.tmp, 'bin')
        self.calls = os.path.join(self.tmp, 'calls')
        self.venv = os.path.join(self.tmp, 'venv')
        os.makedirs(self.bin)
        open(self.calls, 'w').close()
        self.installed = set(PACKAGES)
        self.uid = 0
        # Every database client logs in (the user exists).
        self.citest_exists = True
        self.python_version = 'Python 3.x'
        self.failing = ()

    def _program(self, path, body):
        with open(path, 'w') as f:
            f.write('#!/bin/bash\n' + body)
        os.chmod(path, os.stat(path).st_mode | stat.S_IEXEC)

    def _recorder(self, name, body=''):
        self._program(os.path.join(self.bin, name),
                      'echo "%s $*" >> %s\n%s' % (name, self.calls, body))

    def _stubs(self):
        installed = ' '.join(sorted(self.installed))
        self._recorder('dpkg-query', 'for p in %s; do [ "$p" = "${@: -1}" ] '
                       '&& { echo "install ok installed"; exit 0; }; done\n'
                       'exit 1\n' % installed)
        self._recorder('id', 'echo %d\n' % self.uid)
        self._recorder('apt-get')
        self._recorder('umockdev-wrapper', 'exec "$@"\n')
        login = 'exit 0' if self.citest_exists else (
            '[[ "$*" == *openstack_citest*SELECT* ]] && exit 1; exit 0')
        self._recorder('mysql', login + '\n')
        self._recorder('psql', login + '\n')
        # The virtual environment's Python: records pip and pytest.
        os.makedirs(os.path.join(self.venv, 'bin'), exist_ok=True)
        self._program(os.path.join(self.venv, 'bin', 'python'),
                      'echo "venv-python $*" >> %s\n'
                      '[ "$1" = --version ] && echo "%s"\n'
                      'exit 0\n' % (self.calls, self.python_version))
        self._program(os.path.join(self.venv, 'bin', 'cyborg-all-in-one'),
                      'echo "all-in-one $*" >> %s\n' % self.calls)
        # The linters of tox -e pep8, in the virtual environment.
        for name in ('ruff', 'flake8', 'bashate'):
            self._program(os.path.join(self.venv, 'bin', name),
                          'echo "%s $*" >> %s\nexit %d\n' % (
                              name, self.calls, name in self.failing))

    def _run(self, *args, script=SCRIPT, stubs=True, **env):
        if stubs:
            self._stubs()
        # Not the CYBORG_* settings of the run that runs this test
        # (.ci/run exports CYBORG_TEST_REQUIRE).
        base_env = {k: v for k, v in os.environ.items()
                    if not k.startswith('CYBORG_')}
        env = dict(base_env, PATH=self.bin + ':' + os.environ['PATH'],
                   CYBORG_VENV=self.venv, **dict({'CYBORG_TEST_REQUIRE': ''},
                                                 **env))
        out = subprocess.run([script] + list(args), env=env, cwd=ROOT,
                             capture_output=True, text=True, timeout=120,
                             stdin=subprocess.DEVNULL)
        with open(self.calls) as f:
            calls = f.read().splitlines()
        open(self.calls, 'w').close()
        return out, calls

    def test_not_root_names_the_missing_packages_and_stops(self):
        self.uid = 1000
        self.installed -= {'umockdev', 'libcairo2-dev'}
        out, calls = self._run()
        self.assertEqual(1, out.returncode)
        self.assertIn('sudo apt-get install umockdev libcairo2-dev',
                      out.stderr)
        self.assertFalse([c for c in calls
                          if c.startswith(('apt-get', 'venv-python'))])

    def test_root_installs_the_missing_packages_once(self):
        self.installed -= {'gir1.2-umockdev-1.0', 'gcc'}
        out, calls = self._run()
        self.assertEqual(0, out.returncode, out.stderr)
        apt = [c for c in calls if c.startswith('apt-get')]
        self.assertEqual(2, len(apt), apt)
        self.assertRegex(apt[0], r'^apt-get update')
        self.assertRegex(apt[1], r'^apt-get install .*'
                         r' gir1.2-umockdev-1.0 gcc$')
        # Nothing missing: apt-get is not run at all.
        self.installed = set(PACKAGES)
        out, calls = self._run()
        self.assertFalse([c for c in calls if c.startswith('apt-get')])

    def test_arguments_replace_the_default_paths(self):
        out, calls = self._run('cyborg/tests/unit', '-k', 'policy')
        self.assertEqual(0, out.returncode, out.stderr)
        pytest = [c for c in calls if c.startswith('venv-python -m pytest')]
        self.assertEqual(1, len(pytest), calls)
        self.assertTrue(pytest[0].endswith(
            '--dist loadfile cyborg/tests/unit -k policy'), pytest[0])
        out, calls = self._run()
        pytest = [c for c in calls if c.startswith('venv-python -m pytest')]
        self.assertTrue(pytest[0].endswith('--dist loadfile'), pytest[0])

    def test_the_port_leases_it_leaves_are_said(self):
        # The files of free_port() (and tools/ha-cluster.sh) stay in the
        # machine's temporary directory after the run.
        shared = self.useFixture(fixtures.TempDir()).path
        out, _calls = self._run(CYBORG_TEST_SHARED_TMPDIR=shared)
        self.assertIn(os.path.join(shared, 'cyborg-test-ports'), out.stderr)
        with open(os.path.join(ROOT, 'README.rst')) as f:
            self.assertIn('cyborg-test-ports', f.read())

    def test_installs_only_when_something_changed(self):
        out, calls = self._run()
        self.assertEqual(0, out.returncode, out.stderr)
        pip = [c for c in calls if ' -m pip install ' in c]
        self.assertEqual(2, len(pip), calls)
        self.assertIn('-r umockdev-requirements.txt', pip[1])
        out, calls = self._run()
        self.assertEqual([], [c for c in calls if ' -m pip ' in c])
        # Another Python in the environment: install again.
        self.python_version = 'Python 3.y'
        out, calls = self._run()
        self.assertEqual(2, len([c for c in calls if ' -m pip ' in c]))

    def test_database_user_created_only_when_missing(self):
        out, calls = self._run()
        self.assertEqual(0, out.returncode, out.stderr)
        self.assertFalse([c for c in calls if 'CREATE' in c], calls)
        self.citest_exists = False
        out, calls = self._run()
        self.assertEqual(0, out.returncode, out.stderr)
        text = '\n'.join(calls)
        self.assertIn("CREATE USER IF NOT EXISTS 'openstack_citest'", text)
        self.assertIn('CREATE ROLE openstack_citest', text)

    def test_setup_log_is_the_runs_own(self):
        # A failing tools/test-setup.sh leaves a log named after this run,
        # not a fixed file another run overwrites.
        self._stubs()
        for name in ('mysql', 'sudo'):
            self._recorder(name, 'exit 1\n')
        out, calls = self._run(stubs=False, CYBORG_TEST_REQUIRE='mysql')
        self.assertEqual(1, out.returncode, out.stderr)
        match = re.search(r'log: (\S+)\)', out.stderr)
        self.assertIsNotNone(match, out.stderr)
        self.assertNotEqual('/tmp/cyborg-test-setup.log', match.group(1))
        self.assertTrue(os.path.exists(match.group(1)))
        os.unlink(match.group(1))

    def test_as_root_the_tests_files_are_on_a_tmpfs_of_their_own(self):
        self._stubs()
        # The virtual environment's Python says where pytest's files go.
        self._program(os.path.join(self.venv, 'bin', 'python'),
                      'echo "venv-python $*" >> %s\n'
                      '[ "$2" = pytest ] && echo "tmp $TMPDIR '
                      '$(stat -f -c %%T "$TMPDIR") '
                      '$CYBORG_TEST_SHARED_TMPDIR" >> %s && exit 3\n'
                      '[ "$1" = --version ] && echo "%s"\n'
                      'exit 0\n' % (self.calls, self.calls,
                                    self.python_version))
        shared = self.useFixture(fixtures.TempDir()).path
        out, calls = self._run(stubs=False, TMPDIR=shared)
        self.assertEqual(3, out.returncode, out.stderr)
        [(tmpdir, fs, named)] = [c.split()[1:] for c in calls
                                 if c.startswith('tmp ')]
        # The machine's directory is named (the port leases a second
        # suite sees, tools/ha-cluster.sh's state).
        self.assertEqual(shared, named)
        if os.geteuid() == 0:
            self.assertEqual('tmpfs', fs)
            self.assertEqual(os.path.join(self.venv, 'tmp'), tmpdir)
        # Nothing is left in the shared directory, nor mounted.
        self.assertEqual([], os.listdir(shared))
        with open('/proc/self/mounts') as f:
            self.assertNotIn(shared + '/', f.read())
        out, calls = self._run(stubs=False, TMPDIR=shared,
                               CYBORG_TEST_TMPFS='0')
        self.assertEqual(['tmp %s' % shared], [
            c.rsplit(' ', 2)[0] for c in calls if c.startswith('tmp ')])

    def test_tox_env_runs_the_commands_of_tox_ini(self):
        tox = configparser.ConfigParser(interpolation=None)
        tox.read(os.path.join(ROOT, 'tox.ini'))
        out, calls = self._run('pep8', script=TOX_ENV)
        self.assertEqual(0, out.returncode, out.stderr)
        commands = tox['testenv:pep8']['commands'].replace('\\\n', ' ')
        self.assertEqual(
            [' '.join(line.split()) for line in commands.splitlines()
             if line.strip()],
            [c for c in calls if c.split()[0] in ('ruff', 'flake8',
                                                   'bashate')])
        pip = [c for c in calls if ' -m pip install ' in c]
        self.assertTrue(pip[-1].endswith(' ruff hacking bashate'), pip)

    def test_tox_env_arguments_replace_posargs(self):
        out, calls = self._run(
            'functional', 'cyborg/tests/functional/test_api.py',
            script=TOX_ENV)
        self.assertEqual(0, out.returncode, out.stderr)
        self.assertIn('venv-python -m pytest -n auto --no-loadscope-reorder '
                      '--dist loadfile cyborg/tests/functional/test_api.py',
                      calls)
        # Installed with Cyborg itself (usedevelop), unlike pep8.
        pip = [c for c in calls if ' -m pip install ' in c]
        self.assertTrue(pip[-1].endswith(' -e .'), pip)
        out, calls = self._run('nope', script=TOX_ENV)
        self.assertEqual(2, out.returncode)
        self.assertIn("tox.ini has no environment 'nope'", out.stderr)

    def test_run_cyborg_installs_once(self):
        script = os.path.join(ROOT, 'tools', 'run-cyborg.sh')
        # Not the default port (6666): the suite holds it, as other
        # services hold it on a developer's machine.
        port = str(services.free_port())
        for attempt in range(2):
            out, calls = self._run('--simulate', 'fpga=1', '--port', port,
                                   script=script)
            self.assertEqual(0, out.returncode, out.stderr)
            self.assertEqual(
                2 if attempt == 0 else 0,
                len([c for c in calls if ' -m pip install ' in c]), calls)
            self.assertEqual('all-in-one --state-dir .state --simulate '
                             'fpga=1 --port ' + port, calls[-1])


class ToxTestCase(base.TestCase):
    """The docs and generator environments need no system package."""

    def _requirements(self, path, seen=()):
        names = []
        with open(path) as f:
            for line in f:
                line = line.split('#')[0].strip()
                if line.startswith('-r'):
                    included = os.path.join(os.path.dirname(path),
                                            line[2:].strip())
                    names += self._requirements(included)
                elif line and not line.startswith('-'):
                    names.append(re.split(r'[<>=!\[; ]', line)[0].lower())
        return names

    def _deps(self, tox, env):
        section = 'testenv:%s' % env
        deps = tox.get(section, 'deps', fallback=None)
        if deps is None:
            deps = tox.get('testenv', 'deps')
        while deps.strip().startswith('{['):
            ref = re.match(r'\{\[([^\]]+)\]deps\}', deps.strip()).group(1)
            deps = tox.get(ref, 'deps')
        names = []
        for line in deps.splitlines():
            line = line.strip().replace('{toxinidir}', ROOT)
            if line.startswith('-r'):
                names += self._requirements(line[2:])
            elif line and not line.startswith('-'):
                names.append(line.lower())
        return names

    def test_docs_and_generators_need_no_pygobject(self):
        tox = configparser.ConfigParser(interpolation=None)
        tox.read(os.path.join(ROOT, 'tox.ini'))
        for env in ('docs', 'genconfig', 'genpolicy', 'releasenotes'):
            deps = self._deps(tox, env)
            self.assertTrue(deps, env)
            self.assertNotIn('pygobject', deps, env)
        self.assertIn('sphinx', self._deps(tox, 'docs'))
        self.assertIn('reno', self._deps(tox, 'releasenotes'))
        for env in ('py3', 'functional'):
            self.assertIn('pygobject', self._deps(tox, env))
            self.assertIn('pytest-randomly', self._deps(tox, env))

    def test_pep8_env_checks_every_shell_script(self):
        tox = configparser.ConfigParser(interpolation=None)
        tox.read(os.path.join(ROOT, 'tox.ini'))
        commands = tox['testenv:pep8']['commands'].replace('\\\n', ' ')
        (bashate,) = [line.split() for line in commands.splitlines()
                      if line.strip().startswith('bashate')]
        scripts = subprocess.run(
            ['git', 'ls-files', '*.sh', '.ci/run'], cwd=ROOT, check=True,
            capture_output=True, text=True).stdout.split()
        self.assertTrue(scripts)
        self.assertEqual([], sorted(set(scripts) - set(bashate)))


class PackagingTestCase(base.TestCase):

    def test_every_directory_of_the_package_is_a_package(self):
        # A directory without __init__.py is a namespace package that
        # setuptools warns about at every install (dozens of lines).
        # (Only a directory whose name could be imported: setuptools leaves
        # the others, such as cyborg/tests/data/upstream-17.0.0, alone; one
        # that holds only such directories still counts.)
        missing = []
        for path, dirs, files in os.walk(os.path.join(ROOT, 'cyborg')):
            dirs[:] = [d for d in dirs if d.isidentifier()
                       and d != '__pycache__']
            if '__init__.py' not in files and os.listdir(path):
                missing.append(os.path.relpath(path, ROOT))
        self.assertEqual([], missing)

    def test_every_package_says_what_it_is(self):
        # A reader who opens a package's __init__.py finds a docstring
        # after the licence, not the licence alone.
        silent = []
        for path, dirs, files in os.walk(os.path.join(ROOT, 'cyborg')):
            if '__init__.py' in files:
                init = os.path.join(path, '__init__.py')
                with open(init) as f:
                    if not ast.get_docstring(ast.parse(f.read())):
                        silent.append(os.path.relpath(init, ROOT))
        self.assertEqual([], silent)



class HAClusterTestCase(base.TestCase):
    """tools/ha-cluster.sh: each checkout has a cluster of its own."""

    def setUp(self):
        super().setUp()
        self.tmp = self.useFixture(fixtures.TempDir()).path
        # The machine's port leases, the test's own.
        self.leases = os.path.join(self.tmp, 'cyborg-test-ports')

    def _script(self, checkout):
        tools = os.path.join(checkout, 'tools')
        script = os.path.join(tools, 'ha-cluster.sh')
        if not os.path.exists(script):
            os.makedirs(tools)
            with open(os.path.join(ROOT, 'tools', 'ha-cluster.sh')) as f:
                self._program_text(script, f.read())
        return script

    def _run(self, checkout, action):
        base_env = {k: v for k, v in os.environ.items()
                    if not k.startswith('CYBORG_HA_')}
        return subprocess.run(
            [self._script(checkout), action], capture_output=True,
            text=True, check=True, timeout=30,
            env=dict(base_env, CYBORG_TEST_SHARED_TMPDIR=self.tmp)).stdout

    def _env(self, checkout):
        out = self._run(checkout, 'env')
        return dict(line.split('=', 1) for line in out.splitlines())

    def _base(self, checkout):
        """The first port of the checkout's block."""
        return int(self._env(checkout)['CYBORG_HA_MYSQL_PORTS'].split(
            ',')[0]) - 1

    def _program_text(self, path, text):
        with open(path, 'w') as f:
            f.write(text)
        os.chmod(path, 0o700)

    def _lease(self, port, owner, age=0):
        os.makedirs(self.leases, exist_ok=True)
        path = os.path.join(self.leases, str(port))
        with open(path, 'w') as f:
            f.write(owner + '\n')
        when = time.time() - age
        os.utime(path, (when, when))

    def test_two_checkouts_share_nothing(self):
        one = self._env(os.path.join(self.tmp, 'one'))
        two = self._env(os.path.join(self.tmp, 'two'))
        for key in one:
            self.assertNotEqual(one[key], two[key], key)
        ports = [set(int(p) for key in (
            'CYBORG_HA_HAPROXY_PORT', 'CYBORG_HA_MYSQL_PORTS',
            'CYBORG_HA_AMQP_PORTS') for p in env[key].split(','))
            for env in (one, two)]
        self.assertEqual(set(), ports[0] & ports[1])
        self.assertTrue(all(17000 <= p < 20000 for p in ports[0] | ports[1]),
                        ports)
        # Each keeps its block.
        self.assertEqual(one, self._env(os.path.join(self.tmp, 'one')))
        # "env" only reads: no state directory is made.
        self.assertFalse(os.path.exists(one['CYBORG_HA_STATE_DIR']))

    def test_a_block_is_leased_until_down(self):
        one = os.path.join(self.tmp, 'one')
        env = self._env(one)
        base = self._base(one)
        self.assertEqual(
            [str(port) for port in range(base, base + 24)],
            sorted(os.listdir(self.leases)))
        with open(os.path.join(self.leases, str(base + 23))) as f:
            self.assertEqual(env['CYBORG_HA_STATE_DIR'] + '\n', f.read())
        self._run(one, 'down')
        self.assertEqual([], os.listdir(self.leases))

    def test_a_port_leased_or_listened_on_moves_the_block(self):
        # The block a checkout gets first (the lowest free one), given
        # back.
        probe = os.path.join(self.tmp, 'probe')
        first = self._base(probe)
        self._run(probe, 'down')
        # Leased by a running cluster (its state directory is there, the
        # lease however old), or by anyone within the hour.
        alive = self.useFixture(fixtures.TempDir()).path
        for owner, age in ((alive, 7200), ('', 60)):
            self._lease(first + 5, owner, age)
            self.assertNotEqual(first, self._base(
                os.path.join(self.tmp, 'leased-%d' % age)))
        # Stale (an hour old, its state directory gone): taken over.
        self._lease(first + 5, os.path.join(self.tmp, 'gone'), 7200)
        self.assertEqual(first, self._base(os.path.join(self.tmp, 'two')))
        self._run(os.path.join(self.tmp, 'two'), 'down')
        with socket.socket() as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind(('127.0.0.1', first + 7))
            sock.listen()
            self.assertNotEqual(first, self._base(
                os.path.join(self.tmp, 'three')))
