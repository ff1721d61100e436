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
"""The privileged read of the kernel log (runs in the cyborg_kernel_log
daemon, CAP_SYSLOG: ``kernel.dmesg_restrict`` is 1 on Debian).

It hands back only the records of ``/dev/kmsg`` with a mark of MARKS
newer than the agent saw, never the rest of the log.  Each read() returns
one record, ``<priority>,<sequence>,<timestamp us>,<flags>;<message>``
then continuation lines starting with a space; ``EAGAIN`` at the end,
``EPIPE`` after records were overwritten (ABI/testing/dev-kmsg).
"""

import collections
import itertools
import os

from cyborg import privsep
from cyborg.common import privsep_allowlists

KMSG = '/dev/kmsg'
MARKS = privsep_allowlists.KERNEL_LOG_MARKS
#: The most records one read hands back (the newest).
MAX_RECORDS = 1000
#: More than the longest record (8 KiB): a smaller read fails.
READ_SIZE = 16384


def parse_line(line):
    """``(sequence, message)`` of a record's first line (bytes), or None."""
    if not line or line[:1].isspace():
        return None
    header, sep, message = line.partition(b';')
    fields = header.split(b',')
    if not sep or len(fields) < 4 or not fields[1].isdigit():
        return None
    return int(fields[1]), message.decode('utf-8', 'replace')


def parse(chunks):
    """``(sequence, message)`` of the records of *chunks* (reads of
    ``/dev/kmsg``, or a recorded dump cut anywhere).
    """
    pending = b''
    # The newline ends the last line, cut or not.
    for chunk in itertools.chain(chunks, [b'\n']):
        pending += chunk
        *lines, pending = pending.split(b'\n')
        for line in lines:
            record = parse_line(line)
            if record is not None:
                yield record


def chunks(read):
    """The non-empty results of *read()* until ``EAGAIN`` or an empty
    read (a recorded file's end), skipping ``EPIPE``.
    """
    while True:
        try:
            data = read()
        except BlockingIOError:
            return
        except BrokenPipeError:
            continue
        if not data:
            return
        yield data


def select(records, after_seq, limit=MAX_RECORDS):
    """``{"last_seq", "records": [[sequence, message]]}``: the newest
    *limit* of *records* (oldest first) with a mark of MARKS newer than
    *after_seq* (all when the log was reset: its numbers are all below).
    """
    last = -1
    marked = collections.deque(maxlen=limit)
    for seq, message in records:
        last = max(last, seq)
        if any(mark in message for mark in MARKS):
            marked.append((seq, message))
    if last < after_seq:
        after_seq = -1
    return {'last_seq': last,
            'records': [[seq, message] for seq, message in marked
                        if seq > after_seq]}


def read_records(path, after_seq):
    """select() of the kernel log *path*, with the caller's privileges."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        return select(parse(chunks(lambda: os.read(fd, READ_SIZE))),
                      int(after_seq))
    finally:
        os.close(fd)


@privsep.kernel_log_pctxt.entrypoint
def driver_records(after_seq):
    """read_records() of ``/dev/kmsg`` with CAP_SYSLOG."""
    return read_records(KMSG, after_seq)
