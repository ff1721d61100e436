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
"""The benchmarks of tools/bench/ at a tiny size: each runs against real
processes and its counts add up (no time is asserted).

Not part of the main suite (cyborg/tests/conftest.py leaves this folder
out unless it is named): ``tools/run-tests.sh cyborg/tests/bench``, a
step of its own in CI (.ci/run).  They test the measuring tools, and
each starts deployments of its own, which made them the main suite's
longest tests.
"""
