#!/bin/bash
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
#
# Cyborg's devstack plugin.  stack.sh, unstack.sh and clean.sh source it
# with the phase as arguments ("stack install", "unstack", ...); the work
# is done by the functions of lib/cyborg.

source "$CYBORG_DIR/devstack/lib/cyborg"

if is_cyborg_enabled; then
    if [[ "$1" == "stack" && "$2" == "install" ]]; then
        echo_summary "Installing Cyborg"
        install_cyborg

    elif [[ "$1" == "stack" && "$2" == "post-config" ]]; then
        echo_summary "Configuring Cyborg"
        configure_cyborg
        if is_service_enabled cyborg-api && is_service_enabled key; then
            create_cyborg_accounts
        fi
        if is_service_enabled nova && \
                [[ "$CYBORG_CONFIGURE_NOVA" == "True" ]]; then
            configure_nova_for_cyborg
        fi

    elif [[ "$1" == "stack" && "$2" == "extra" ]]; then
        # The database lives with the API and the conductor; an
        # agent-only node only needs RabbitMQ.
        if is_service_enabled cyborg-api cyborg-cond; then
            echo_summary "Creating Cyborg's database"
            init_cyborg
        fi
        echo_summary "Starting Cyborg"
        start_cyborg

    elif [[ "$1" == "stack" && "$2" == "test-config" ]]; then
        if is_service_enabled tempest; then
            echo_summary "Configuring tempest for Cyborg"
            configure_tempest_for_cyborg
        fi
    fi

    if [[ "$1" == "unstack" ]]; then
        stop_cyborg
    fi

    if [[ "$1" == "clean" ]]; then
        cleanup_cyborg
    fi
fi
