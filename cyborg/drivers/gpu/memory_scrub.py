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
"""Write a pattern over a GPU's free device memory and read it back: the
gpu driver's ``scrub_memory`` clean step, through the CUDA driver API
(libcuda.so.1, which the nvidia driver installs) by ctypes::

    python3 -I -S memory_scrub.py PCI_ADDRESS

CUDA Driver API reference: cuInit, cuDeviceGetByPCIBusId, cuCtxCreate;
cuMemGetInfo; then as much of the free memory as can be allocated
(cuMemAlloc, CHUNK bytes at a time, halved down to MIN_CHUNK when the
GPU has no more), all of it held until the end so that each byte is
written once; each allocation filled with PATTERN (cuMemsetD32) and read
back READ bytes at a time (cuMemcpyDtoH, which waits for the fill),
compared on the host; cuMemFree, cuCtxDestroy.  What the context and
the driver hold is not written: the result says how much that is.

Prints one JSON object (scrub()'s, or ``{"error": ...}``); exit status 0
when every byte written read back, 1 when some did not, 2 when CUDA
could not be used.  The standard library only: the privileged helper
runs this file alone (cyborg.privsep.command.gpu_memory_scrub), and
tools/gpu-memory-scrub.py loads it alone.
"""

import ctypes
import json
import sys
import time

LIBRARY = 'libcuda.so.1'
#: The 32-bit word written (little-endian in memory): no zeros nor ones,
#: so that neither a cleared nor a floating read passes for it.
PATTERN = 0x5AA5C33C
CHUNK = 1 << 30
MIN_CHUNK = 2 << 20
READ = 64 << 20
#: Regions of a mismatch reported at most.
MISMATCHES_KEPT = 10
CUDA_ERROR_OUT_OF_MEMORY = 2

_DEVICEPTR = ctypes.c_uint64
_SIZE = ctypes.c_size_t
#: {exported symbol: argument types} (cuda.h: the ``_v2`` symbols are
#: what cuCtxCreate, cuMemAlloc... name); each returns a CUresult.
SIGNATURES = {
    'cuInit': (ctypes.c_uint,),
    'cuDeviceGetByPCIBusId': (ctypes.POINTER(ctypes.c_int),
                              ctypes.c_char_p),
    'cuCtxCreate_v2': (ctypes.POINTER(ctypes.c_void_p), ctypes.c_uint,
                       ctypes.c_int),
    'cuCtxDestroy_v2': (ctypes.c_void_p,),
    'cuMemGetInfo_v2': (ctypes.POINTER(_SIZE), ctypes.POINTER(_SIZE)),
    'cuMemAlloc_v2': (ctypes.POINTER(_DEVICEPTR), _SIZE),
    'cuMemsetD32_v2': (_DEVICEPTR, ctypes.c_uint, _SIZE),
    'cuMemcpyDtoH_v2': (ctypes.c_void_p, _DEVICEPTR, _SIZE),
    'cuMemFree_v2': (_DEVICEPTR,),
    'cuGetErrorName': (ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)),
}


class CudaError(Exception):
    """A CUDA call that did not succeed."""


def load(name=LIBRARY):
    """The CUDA driver library with SIGNATURES declared."""
    lib = ctypes.CDLL(name)
    for symbol, argtypes in SIGNATURES.items():
        function = getattr(lib, symbol)
        function.argtypes = argtypes
        function.restype = ctypes.c_int
    return lib


def _call(lib, symbol, *args, allowed=()):
    code = getattr(lib, symbol)(*args)
    if code and code not in allowed:
        name = ctypes.c_char_p()
        lib.cuGetErrorName(code, ctypes.pointer(name))
        raise CudaError('%s: %s (%d)' % (symbol, (name.value or b'?').decode(
            'ascii', 'replace'), code))
    return code


def _allocate(lib, held, free, chunk):
    """Add to *held* ``(pointer, size)`` of as much of *free* bytes as
    can be allocated.
    """
    size = min(chunk, free - free % MIN_CHUNK)
    while size >= MIN_CHUNK:
        pointer = _DEVICEPTR()
        if _call(lib, 'cuMemAlloc_v2', ctypes.pointer(pointer), size,
                 allowed=(CUDA_ERROR_OUT_OF_MEMORY,)):
            size //= 2
        else:
            held.append((pointer.value, size))


def _write_and_read(lib, held, pattern, read):
    """The regions of *held* that do not read *pattern* back."""
    word = pattern.to_bytes(4, 'little')
    expected = word * (read // 4)
    buffer = ctypes.create_string_buffer(read)
    mismatches = []
    offset = 0
    for pointer, size in held:
        _call(lib, 'cuMemsetD32_v2', pointer, pattern, size // 4)
        for start in range(0, size, read):
            length = min(read, size - start)
            _call(lib, 'cuMemcpyDtoH_v2', buffer, pointer + start, length)
            found = buffer.raw[:length]
            if found != expected[:length]:
                first = next(i for i in range(0, length, 4)
                             if found[i:i + 4] != word)
                mismatches.append({'offset': offset + start + first,
                                   'read': found[first:first + 4].hex()})
                if len(mismatches) >= MISMATCHES_KEPT:
                    return mismatches
        offset += size
    return mismatches


def scrub(lib, address, pattern=PATTERN, chunk=CHUNK, read=READ):
    """Write *pattern* over the free memory of the GPU at the PCI
    *address* and read it back, through *lib* (load()).

    :raises: CudaError.
    :returns: ``{"address", "total", "free" (bytes free once this
        process's context was made), "written" (bytes written and read
        back), "allocations", "pattern", "mismatches" ([{"offset" in the
        bytes written, "read": the first word read instead}]),
        "seconds"}``.
    """
    started = time.monotonic()
    _call(lib, 'cuInit', 0)
    device = ctypes.c_int()
    _call(lib, 'cuDeviceGetByPCIBusId', ctypes.pointer(device),
          address.encode('ascii'))
    context = ctypes.c_void_p()
    _call(lib, 'cuCtxCreate_v2', ctypes.pointer(context), 0, device)
    try:
        free, total = _SIZE(), _SIZE()
        _call(lib, 'cuMemGetInfo_v2', ctypes.pointer(free),
              ctypes.pointer(total))
        held = []
        try:
            _allocate(lib, held, free.value, chunk)
            mismatches = _write_and_read(lib, held, pattern, read)
        finally:
            for pointer, _size in held:
                lib.cuMemFree_v2(pointer)
    finally:
        lib.cuCtxDestroy_v2(context)
    return {'address': address, 'total': total.value, 'free': free.value,
            'written': sum(size for _pointer, size in held),
            'allocations': len(held), 'pattern': '0x%08x' % pattern,
            'mismatches': mismatches,
            'seconds': round(time.monotonic() - started, 3)}


def main(argv, lib=None):
    """The command line (module docstring); *lib*: load()'s."""
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        result = scrub(lib or load(), argv[0])
    except (OSError, AttributeError, CudaError) as exc:
        # OSError, AttributeError: no library, or one without a symbol.
        print(json.dumps({'address': argv[0], 'error': str(exc)}))
        return 2
    print(json.dumps(result, sort_keys=True))
    return 1 if result['mismatches'] else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
