#!/usr/bin/env bash
# Runs every test of the project: the root module (analyzers, the model,
# drivers, end-to-end runs on the example operator and, through the plugin
# e2e, inside a real golangci-lint build), the stub check against the real
# Kubernetes modules, the verify module against the oldest and newest
# supported controller-runtime, and the verify fidelity suite against a real
# in-process API server.
set -euo pipefail
cd "$(dirname "$0")"

# Each step says when it starts, in seconds since the suite started, so a
# run's log gives the time of every step.
step() { printf '\n== [%ds] %s\n' "$SECONDS" "$*"; }
trap 'printf "\n== [%ds] done (exit %s)\n" "$SECONDS" "$?"' EXIT

# measure runs a command and then says its wall time, CPU time and the peak
# resident memory of its largest process (GNU time, when it is installed:
# Debian package "time"; .ci/run installs it).
measure() {
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f '== step: %e s wall, %U s user, %S s system, largest process %M KB' -- "$@"
	else
		"$@"
	fi
}

step "root module: go test ./..."
measure go test -count=1 -timeout 40m -skip '^(TestMetamorphic|TestDifferential)$' ./...

# The differential run (difftest/): generated reconcilers labelled by
# running them with verify, against the static checks' verdicts; its
# agreement per label is in the log.
step "differential run: generated reconcilers, verify as the oracle"
measure go test -count=1 -timeout 30m -run '^TestDifferential$' -v ./difftest/ 2>&1 |
	grep -v -e '^=== RUN' -e '^\s*--- PASS' -e '^PASS$'

# The metamorphic harness (analyzers/metamorphic_test.go) on its own, so its
# table per check (variants, sites, cases, verdicts kept) is in the log.
step "metamorphic harness: every check's testdata under semantics-preserving rewrites"
measure go test -count=1 -timeout 30m -run '^TestMetamorphic$' -v ./analyzers/ 2>&1 |
	grep -v -e '^=== RUN' -e '^\s*--- PASS' -e '^PASS$'

# The checks of a package run concurrently, each on its own view of the
# model (docs/architecture.md): the example operator once more, with a
# reconcilelint binary built with the race detector.
step "example operator with a race-detector build: checks run concurrently"
# GORACE: a race-built process sleeps 1 s at exit by default, and go vet
# starts one per package (830 here).
RECONCILELINT_E2E_RACE=1 GORACE=atexit_sleep_ms=0 measure go test -count=1 -timeout 40m -run '^TestExampleOperatorStandalone$' ./cmd/reconcilelint/

step "stubs match the real controller-runtime and k8s.io modules"
measure bash analyzers/internal/stubtest/checkstubs.sh -timeout 30m

step "verify: oldest and newest supported controller-runtime"
(cd verify && measure bash hack/test-versions.sh -count=1 -timeout 30m)

if [ -f testdata/fidelity/run.sh ]; then
	step "verify fidelity suite against a real API server"
	measure bash testdata/fidelity/run.sh
fi
