# Copyright 2026 The Cyborg Authors
# SPDX-License-Identifier: Apache-2.0
"""Set options in an oslo-config-generator sample: stdin has lines
``section|option|value``; a value given twice for one option gives two
lines (a multi-valued option).  Usage: set_options.py SAMPLE OUTPUT.
"""

import collections
import sys


def main(sample, output):
    wanted = collections.OrderedDict()
    for line in sys.stdin:
        line = line.rstrip('\n')
        if not line:
            continue
        section, option, value = line.split('|', 2)
        wanted.setdefault(section, collections.OrderedDict()).setdefault(
            option, []).append(value)
    with open(sample) as f:
        lines = f.read().split('\n')
    result = []
    section = None
    done = set()
    for line in lines:
        if line.startswith('[') and line.endswith(']'):
            section = line[1:-1]
        result.append(line)
        for option, values in wanted.get(section, {}).items():
            if line.startswith('#%s = ' % option) or line == '#%s =' % option:
                result.extend('%s = %s' % (option, v) for v in values)
                done.add((section, option))
    for section, options in wanted.items():
        missing = [(o, v) for o, v in options.items()
                   if (section, o) not in done]
        if not missing:
            continue
        if '[%s]' % section not in lines:
            result.extend(['', '[%s]' % section])
        else:
            index = result.index('[%s]' % section) + 1
            for option, values in missing:
                for value in values:
                    result.insert(index, '%s = %s' % (option, value))
            continue
        for option, values in missing:
            result.extend('%s = %s' % (option, v) for v in values)
    with open(output, 'w') as f:
        f.write('\n'.join(result).rstrip('\n') + '\n')


if __name__ == '__main__':
    main(*sys.argv[1:])
