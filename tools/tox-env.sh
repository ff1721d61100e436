#!/bin/bash
# Copyright 2026 The Cyborg Authors
# SPDX-License-Identifier: Apache-2.0
#
# Run a tox environment of tox.ini without tox: its deps are installed
# into ./.venv, or the environment's envdir (tools/venv.sh, once per
# change of the requirements) and
# its commands run there, with its setenv, stopping at the first failing
# one as tox does.
#
#   tools/tox-env.sh ENV [ARGUMENTS...]
#
# for example "tools/tox-env.sh pep8" (the lint CI runs, see .ci/run),
# "tools/tox-env.sh docs" or "tools/tox-env.sh genconfig".  ARGUMENTS
# replace {posargs} as "tox -e ENV -- ARGUMENTS" would.  Those who have
# tox (pip install 'tox>=4') run "tox -e ENV" instead: same commands, in
# a virtual environment of tox's own under .tox/.

set -eu
cd "$(dirname "$0")/.."

if [ $# -lt 1 ]; then
    echo "usage: $0 ENV [ARGUMENTS...]" >&2
    exit 2
fi

PYTHON=${PYTHON:-python3}

# tox.ini read with Python's configparser, written out as shell lines
# (quoted with shlex.quote) for eval: "PIP_ARGS=(...)", then the setenv
# lines as "export K=V" and each command as "run WORD...".  It exits 2 for
# an environment tox.ini does not have.
read_env() {
    "$PYTHON" - "$@" <<'PY'
import configparser
import os
import re
import shlex
import sys

env, posargs = sys.argv[1], sys.argv[2:]
ini = configparser.ConfigParser(interpolation=None)
ini.read('tox.ini')
section = 'testenv:' + env
if not ini.has_section(section):
    if not re.fullmatch(r'py3\d*', env):
        sys.exit(2)
    section = 'testenv'


def expand(value):
    """{[section]key} references and {toxinidir}."""
    value = re.sub(r'\{\[([^\]]+)\](\w+)\}',
                   lambda m: expand(ini.get(m.group(1), m.group(2))),
                   value)
    return value.replace('{toxinidir}', os.getcwd())


def get(key):
    for name in (section, 'testenv'):
        if ini.has_option(name, key):
            return expand(ini.get(name, key))
    return ''


def lines(value):
    value = value.replace('\\\n', ' ')
    return [line.strip() for line in value.splitlines()
            if line.strip() and not line.strip().startswith('#')]


def substitute(word):
    match = re.fullmatch(r'\{posargs(?::(.*))?\}', word)
    if not match:
        return [word]
    return posargs if posargs else shlex.split(match.group(1) or '')


def quoted(words):
    return ' '.join(shlex.quote(word) for word in words)


pip = [word for dep in lines(get('deps')) for word in shlex.split(dep)]
if get('skip_install').lower() != 'true':
    pip += ['-e', '.']
print('PIP_ARGS=(%s)' % quoted(pip))
if get('envdir'):
    print('VENV=%s' % shlex.quote(get('envdir')))
for line in lines(get('setenv')):
    print('export %s' % shlex.quote(line))
for line in lines(get('commands')):
    print('run %s' % quoted(
        [w for word in shlex.split(line) for w in substitute(word)]))
PY
}

ENV_NAME=$1
shift
spec=$(read_env "$ENV_NAME" "$@") || {
    echo "tox.ini has no environment '$ENV_NAME'" >&2
    exit 2
}

run() {
    local rc=0
    echo "[tox-env $ENV_NAME] $*" >&2
    "$@" || rc=$?
    if [ $rc != 0 ]; then
        echo "[tox-env $ENV_NAME] FAILED (exit status $rc): $*" >&2
        exit $rc
    fi
}

# shellcheck source=tools/venv.sh
. tools/venv.sh
PIP_ARGS=()
eval "$(grep -E '^(PIP_ARGS|VENV)=' <<<"$spec")"
ensure_venv "tox-$ENV_NAME" "${PIP_ARGS[@]}"
VIRTUAL_ENV=$(cd "$VENV" && pwd)
export PATH="$VIRTUAL_ENV/bin:$PATH" VIRTUAL_ENV
eval "$(grep -vE '^(PIP_ARGS|VENV)=' <<<"$spec")"
