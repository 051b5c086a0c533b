#!/usr/bin/env bash
# Runs the fidelity suite: every scenario of the table against verify's
# in-memory store and against a real apiextensions-apiserver on embedded etcd,
# compared field by field (verify/README.md, "Fidelity contract"). CI runs it
# from test.sh.
#
# The first build compiles etcd and the API server: about 5 minutes on two
# busy cores. It all lands in Go's build cache (go env GOCACHE) and module
# cache (go env GOMODCACHE); keep those between CI runs and later builds only
# relink the test binary (about 30 s), after which the run takes about 6 s.
# Do not build with -trimpath: the test server finds its serving certificates
# through its source path.
#
# Environment: FIDELITY_TIMEOUT (default 20m, enough for a cold compile on a
# loaded machine), FIDELITY_SHOW=1 with -v prints every table,
# FIDELITY_VERBOSE=1 logs the servers. Extra arguments go to go test, e.g.
#   testdata/fidelity/run.sh -v -run 'TestFidelity/DeleteWithFinalizers$'
set -euo pipefail
cd "$(dirname "$0")"

unformatted=$(gofmt -l .)
if [ -n "$unformatted" ]; then
	echo "gofmt would change: $unformatted" >&2
	exit 1
fi
go vet ./...
exec go test -count=1 -timeout "${FIDELITY_TIMEOUT:-20m}" ./... "$@"
