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
daemon): the records drivers read, such as the NVIDIA driver's XID
errors.

Reading the kernel's ring buffer takes CAP_SYSLOG where
``kernel.dmesg_restrict`` is 1 (Debian's default).  The daemon reads all
of ``/dev/kmsg`` (a fixed path: the caller cannot choose another file)
and hands back only the records whose message holds a mark of
``cyborg.common.privsep_allowlists.KERNEL_LOG_MARKS`` (``NVRM: Xid``) and
that are newer than what the agent saw, with the highest sequence number of the
buffer: the unprivileged agent never sees the rest of the log.

Each read() of ``/dev/kmsg`` returns one record: a line
``<priority>,<sequence>,<timestamp us>,<flags>;<message>``, then
continuation lines that start with a space (``SUBSYSTEM=pci``); the
kernel escapes a newline or an unprintable byte of a message as ``\\xNN``.
A read fails with ``EAGAIN`` once the buffer is read, and with ``EPIPE``
when records were overwritten before they were read (the next read
returns the oldest record left).  See the kernel's
``Documentation/ABI/testing/dev-kmsg``.

The parsing functions here are plain functions: the tests (and anyone)
call them on recorded dumps, unprivileged.
"""

import collections
import os

from cyborg import privsep
from cyborg.common import privsep_allowlists

#: The kernel log the daemon reads (nothing else).
KMSG = '/dev/kmsg'
#: What the message of a record handed back holds (one of them).
MARKS = privsep_allowlists.KERNEL_LOG_MARKS
#: The most records one read hands back (the newest).
MAX_RECORDS = 1000
#: Bytes asked of each read(): more than the longest record (8 KiB); a
#: read smaller than its record fails.
READ_SIZE = 16384


def parse_line(line):
    """``(sequence, message)`` of a record's first line (bytes), or None
    for a continuation line or anything else.
    """
    if not line or line[:1].isspace():
        return None
    header, sep, message = line.partition(b';')
    fields = header.split(b',')
    if not sep or len(fields) < 4 or not fields[1].isdigit():
        return None
    return int(fields[1]), message.decode('utf-8', 'replace')


def parse(chunks):
    """The records of *chunks*, as ``(sequence, message)`` tuples.

    :param chunks: bytes: the reads of ``/dev/kmsg`` (one record each), or
        a recorded dump cut anywhere.  Continuation lines are ignored.
    """
    pending = b''
    for chunk in chunks:
        pending += chunk
        *lines, pending = pending.split(b'\n')
        for line in lines:
            record = parse_line(line)
            if record is not None:
                yield record
    record = parse_line(pending)
    if record is not None:
        yield record


def chunks(read):
    """What *read()* returns, call after call, until the buffer is read.

    :param read: a function of no argument returning bytes (one read of
        the file).
    :returns: an iterator of the non-empty reads; it ends at ``EAGAIN``
        (the end of ``/dev/kmsg``) or an empty read (the end of a
        recorded file), and skips ``EPIPE`` (records overwritten).
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
    """The records of *records* with a mark of MARKS, newer than
    *after_seq*.

    A buffer whose highest sequence number is below *after_seq* has been
    numbered anew since (the log was reset): all its records are new.

    :param records: ``(sequence, message)`` tuples, oldest first.
    :param after_seq: the highest sequence number of the last read (-1:
        none).
    :param limit: the most records returned (the newest).
    :returns: ``{"last_seq": the highest sequence number of records (-1
        when there is none), "records": [[sequence, message], ...]}``.
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
    """Read a kernel log (``/dev/kmsg`` or a recorded dump of it) with the
    privileges of the caller: see select().

    :param path: the file.
    :param after_seq: as for select().
    :raises: OSError when the file cannot be opened or read
        (PermissionError without CAP_SYSLOG).
    :returns: as select().
    """
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        return select(parse(chunks(lambda: os.read(fd, READ_SIZE))),
                      int(after_seq))
    finally:
        os.close(fd)


@privsep.kernel_log_pctxt.entrypoint
def driver_records(after_seq):
    """The records of the kernel log (``/dev/kmsg``) that drivers read
    (a mark of MARKS: the NVIDIA driver's XID errors), newer than
    *after_seq*, as root with CAP_SYSLOG.

    :param after_seq: the highest sequence number of the last read (the
        ``last_seq`` it returned), or -1.
    :raises: OSError when ``/dev/kmsg`` cannot be read.
    :returns: ``{"last_seq": int, "records": [[sequence, message],
        ...]}``, at most MAX_RECORDS records.
    """
    return read_records(KMSG, after_seq)
