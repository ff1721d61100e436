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
"""Cyborg's embedded mode: everything a trial needs in one process.

``cyborg-all-in-one`` (cyborg/cmd/all_in_one.py) runs the API, a conductor
and an agent in one process over oslo.messaging's in-memory transport, and
serves next to the API, on the same port:

* ``placement``: the real openstack-placement WSGI application on a SQLite
  database of its own, without Keystone;
* ``nova``: a stand-in for Nova that records the external events Cyborg
  sends and answers for the servers it is told of;
* ``server``: the threaded WSGI server that dispatches by path prefix.

The separate services never import any of it; the stand-in for Nova also
runs on its own (``python -m cyborg.embedded.nova``), for trying them
without a Nova.
"""
