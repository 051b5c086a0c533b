#!/usr/bin/env bash
# checkstubs.sh compares every exported declaration of the GOPATH stubs in
# testdata/src with the real controller-runtime, client-go, apimachinery,
# api, logr, uuid and go-cmp modules pinned in testdata/stubcheck/go.mod.
#
# It needs the Go module proxy (or a warm module cache) the first time. The
# first run compiles the real packages (a few minutes on 2 cores); later
# runs use the build cache.
#
# Usage: analyzers/internal/stubtest/checkstubs.sh [extra go test flags]
set -euo pipefail
cd "$(dirname "$0")/testdata/stubcheck"
# The stubcheck module is separate from the repository module; do not let a
# go.work or GOFLAGS from the caller change how it is built.
export GOWORK=off
export GOFLAGS=-mod=readonly
exec nice -n 10 go test -count=1 -run 'TestStubsMatchReal' "$@" .
