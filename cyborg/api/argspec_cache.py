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
"""A cache of the argument specs pecan computes on every request.

pecan routes each request by inspecting the signatures of the controller
methods it walks through (``pecan.util.getargspec``, about 13 calls for a
``/v2/<resource>`` request), and each call builds a new ``namedtuple``
class with ``eval``: that was the largest single CPU cost of a cyborg-api
request (about a quarter of a ``GET /v2/device_profiles?name=``, see
doc/source/admin/performance.rst).  A method's argument spec never changes
once the class is defined, so it is computed once per function.

Kept although it replaces a function in modules of pecan, which offers no
seam for it: measured with ``tools/bench/arq_lifecycle.py --compare``
(issue 22, 400 lifecycles against the same code without it; the cache
then covered oslo.middleware's lookups too, which
cyborg.api.middleware.response_hook now avoids), cyborg-api spends about
50 % more CPU per ARQ lifecycle without it, and lifecycles per second
drop by 19 %.  ``tests/unit/api/test_argspec_cache.py`` fails if pecan
stops looking the function up where it is replaced.

Looked at again for issue 39, in pecan 1.8.0 (the newest release in the
package index here): there is no option or hook for it.  ``expose()``
computes the spec once (into the function's private ``_pecan`` dict), but
routing never reads it back: ``Pecan.invoke_controller``, and
RestController's ``_route``, ``_get_args_for_controller`` and
``_find_sub_controllers`` call ``getargspec`` at each request
(``routing.find_object`` too, for a ``_route``).  The override points
that would avoid it are RestController's private methods and
``Pecan.invoke_controller``: each would be a copy of pecan's routing
code, a larger dependence on pecan's internals than this one name.
"""

import functools
import threading

from pecan import core
from pecan import decorators
from pecan import rest
from pecan import routing
from pecan import util

_MODULES = (core, decorators, rest, routing)
_lock = threading.Lock()
_original = util.getargspec


def _once_per_function(original):
    """*original*(method), computed once per underlying function.

    A bound method is a new object at each attribute access, but its
    argument spec is that of its function (``self`` included), so the
    function is the key.
    """
    cached = functools.lru_cache(maxsize=1024)(original)

    def spec(method):
        func = getattr(method, '__func__', method)
        try:
            return cached(func)
        except TypeError:  # not hashable: never cached
            return original(method)
    spec.__doc__ = '%s, computed once per function.' % original.__name__
    spec.cache_info = cached.cache_info
    return spec


# pecan.util.getargspec, computed once per function.
getargspec = _once_per_function(_original)


def install():
    """Make pecan use the cache (idempotent)."""
    with _lock:
        for module in _MODULES:
            module.getargspec = getargspec
