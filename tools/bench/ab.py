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
"""Comparing versions (or settings) of Cyborg in alternating rounds.

A *side* is what runs: a source tree (its services started in the tree,
with the tree's own ``.venv`` when it has one), the existing OpenStack
Cyborg from a virtual environment (``upstream:VENV``), and how many API
workers and conductors.  A *round* starts one side's services afresh, on
a new database and a new RabbitMQ vhost, runs every concurrency level of
``arq_lifecycle.py`` on it, and stops them.  The rounds alternate between
the sides (A B A B ..., the side of the first round drawn at random), so
that a machine whose speed drifts is seen alike by all of them, and no
side keeps an advantage of place (the first deployment of a pair, a warm
database, a long-lived process).

For each level and figure, the summary gives each side's median over its
rounds and their spread (min and max), and, against the first side, the
ratio of the other side's figures with a 95 % confidence interval (or
99.9 %, ``--confidence``): the
mean of the logarithms of the ratios of the rounds taken in pairs (round
*i* of A with round *i* of B, neighbours in time), with Student's t.
When the interval contains 1 the verdict is "no difference measurable".
The same tree on both sides (``A A``) must come out that way: the
method's self-check.
"""

import math
import random
import statistics

# Student's t quantiles for two-sided intervals, by degrees of freedom
# (1 to 30; more use 30's, a little wider than they need be).
T_QUANTILES = {
    95.0: (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262,
           2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101,
           2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052,
           2.048, 2.045, 2.042),
    99.9: (636.62, 31.599, 12.924, 8.610, 6.869, 5.959, 5.408, 5.041,
           4.781, 4.587, 4.437, 4.318, 4.221, 4.140, 4.073, 4.015, 3.965,
           3.922, 3.883, 3.850, 3.819, 3.792, 3.768, 3.745, 3.725, 3.707,
           3.690, 3.674, 3.659, 3.646),
}

NO_DIFFERENCE = 'no difference measurable'

# Figures of a level, and whether more is better.
FIGURES = (('lifecycles_per_s', 'lifecycles/s', True),
           ('p50.profile', 'profile p50 ms', False),
           ('p50.create', 'create p50 ms', False),
           ('p50.bind', 'bind PATCH p50 ms', False),
           ('p50.resolve', 'resolved poll p50 ms', False),
           ('p50.delete', 'delete p50 ms', False),
           ('p99.bind', 'bind PATCH p99 ms', False),
           ('event_from_patch_p50', 'PATCH to Nova event p50 ms', False),
           ('cpu.api', 'API CPU ms/lifecycle', False),
           ('cpu.conductor', 'conductor CPU ms/lifecycle', False),
           ('cpu.bench', 'client CPU ms/lifecycle', False),
           ('placement_p50', 'Placement GET /resource_providers p50',
            False))


def t_quantile(df, confidence=95.0):
    """Student's t for a two-sided *confidence* % interval, *df*
    degrees of freedom.
    """
    table = T_QUANTILES[confidence]
    return table[min(df, len(table)) - 1]


def schedule(labels, rounds, rng=random):
    """The order of the rounds: the labels in turn, *rounds* times each,
    the first one drawn at random (A B A B ... or B A B A ...).

    :returns: [(label, index of its round)].
    """
    labels = list(labels)
    first = rng.randrange(len(labels))
    labels = labels[first:] + labels[:first]
    return [(label, index) for index in range(rounds) for label in labels]


_MAX_EXP = 700.0


def ratio(base, other, confidence=95.0):
    """The ratio of *other* to *base* with its *confidence* % interval.

    :param base: one figure per round of the base side.
    :param other: the same figure, same rounds, of the other side.
    :param confidence: 95.0 or 99.9 (T_QUANTILES).
    :returns: {'ratio', 'low', 'high', 'pairs', 'verdict'}; low and high
        are None with fewer than two pairs.
    """
    logs = [math.log(y / x) for x, y in zip(base, other)
            if x and y and x > 0 and y > 0]
    if not logs:
        return {'ratio': None, 'low': None, 'high': None, 'pairs': 0,
                'verdict': 'no figures'}
    mean = statistics.fmean(logs)
    result = {'ratio': round(math.exp(mean), 3), 'low': None,
              'high': None, 'pairs': len(logs), 'verdict': 'too few rounds'}
    if len(logs) >= 2:
        half = t_quantile(len(logs) - 1, confidence) * statistics.stdev(
            logs) / math.sqrt(len(logs))
        # Two noisy pairs at 99.9 % make an interval wider than a float:
        # bounded, it still contains 1 (no difference measurable).
        low = math.exp(max(mean - half, -_MAX_EXP))
        high = math.exp(min(mean + half, _MAX_EXP))
        result.update(low=round(low, 3), high=round(high, 3))
        if low <= 1.0 <= high:
            result['verdict'] = NO_DIFFERENCE
        else:
            result['verdict'] = 'higher' if low > 1.0 else 'lower'
    return result


def figure(level, name):
    """A figure of a round's level record ('p50.bind': ms.bind.p50)."""
    if name.startswith(('p50.', 'p99.')):
        quantile, phase = name.split('.', 1)
        return level['ms'].get(phase, {}).get(quantile)
    if name.startswith('cpu.'):
        return level['cpu_ms_per_lifecycle'].get(name[4:])
    return level.get(name)


def summarize(rounds, labels, confidence=95.0):
    """Per concurrency level and figure: each side's median and spread,
    the others' ratio to the first side.

    :param rounds: the ``round`` records (side, round, levels).
    :param labels: the sides, the base first.
    :returns: [summary record per level].
    """
    levels = sorted({int(c) for r in rounds for c in r['levels']})
    records = []
    for level in levels:
        by_side = {label: sorted(
            (r for r in rounds if r['side'] == label and
             str(level) in r['levels']), key=lambda r: r['round'])
            for label in labels}
        figures = {}
        for name, _, _ in FIGURES:
            values = {label: [figure(dict(r['levels'][str(level)],
                                          placement_p50=r.get(
                                              'placement_p50')), name)
                              for r in by_side[label]]
                      for label in labels}
            entry = {}
            for label in labels:
                present = [v for v in values[label] if v is not None]
                entry[label] = ({
                    'median': round(statistics.median(present), 2),
                    'min': round(min(present), 2),
                    'max': round(max(present), 2),
                    'rounds': [None if v is None else round(v, 2)
                               for v in values[label]]}
                    if present else None)
            for label in labels[1:]:
                entry[label + '/' + labels[0]] = ratio(
                    values[labels[0]], values[label], confidence)
            figures[name] = entry
        records.append({'phase': 'summary', 'concurrency': level,
                        'sides': list(labels), 'confidence': confidence,
                        'figures': figures})
    return records


def table(summary, descriptions):
    """The summary as text, one block per level.

    :param descriptions: {label: what the side runs}.
    """
    lines = []
    labels = summary[0]['sides'] if summary else []
    for label in labels:
        lines.append('%s: %s' % (label, descriptions.get(label, '')))
    for record in summary:
        lines.append('')
        lines.append('concurrency %d: median (min-max) of the rounds; '
                     'ratio to %s [%s %% interval]' % (
                         record['concurrency'], labels[0],
                         record['confidence']))
        head = '%-40s' % 'figure' + ''.join(
            '%-22s' % label for label in labels)
        lines.append(head + 'ratio')
        for name, text, _ in FIGURES:
            entry = record['figures'][name]
            if all(entry[label] is None for label in labels):
                continue
            row = '%-40s' % text
            for label in labels:
                side = entry[label]
                row += '%-22s' % ('-' if side is None else '%s (%s-%s)' % (
                    side['median'], side['min'], side['max']))
            for label in labels[1:]:
                r = entry[label + '/' + labels[0]]
                if r['ratio'] is None:
                    row += ' -'
                elif r['low'] is None:
                    row += ' %s: %.3f (%s)' % (label, r['ratio'],
                                               r['verdict'])
                else:
                    row += ' %s: %.3f [%.3f, %.3f] %s' % (
                        label, r['ratio'], r['low'], r['high'],
                        r['verdict'])
            lines.append(row)
    return '\n'.join(lines)
