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
"""Sphinx configuration of Cyborg's documentation."""

extensions = [
    'openstackdocstheme',
    'oslo_config.sphinxext',
    'oslo_config.sphinxconfiggen',
    'oslo_policy.sphinxext',
    'oslo_policy.sphinxpolicygen',
    # .. cyborg-openapi:: renders the API's OpenAPI description.
    'cyborg.api.openapi.sphinxext',
]

# oslo_config.sphinxconfiggen: write the sample configuration file from the
# code at build time, so that the docs never disagree with the options.
config_generator_config_file = [
    ('../../tools/config/cyborg-config-generator.conf',
     '_static/cyborg'),
]

# oslo_policy.sphinxpolicygen: _static/cyborg.policy.yaml.sample
policy_generator_config_file = (
    '../../tools/config/cyborg-policy-generator.conf')
sample_policy_basename = '_static/cyborg'

openstackdocs_repo_name = 'openstack/cyborg'
openstackdocs_use_storyboard = False
openstackdocs_auto_name = False
openstackdocs_bug_project = 'cyborg'
openstackdocs_bug_tag = 'doc'

project = 'Cyborg'
copyright = '2026, The Cyborg Authors'

source_suffix = '.rst'
master_doc = 'index'
exclude_patterns = []
pygments_style = 'native'

html_theme = 'openstackdocs'
html_static_path = ['_static']
