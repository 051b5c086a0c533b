#!/usr/bin/env bash
# Runs the verify module's tests against the oldest supported
# controller-runtime (the one go.mod requires) and against the newest.
# Needs only Go and the module proxy. Usage: hack/test-versions.sh [go test flags]
set -euo pipefail
cd "$(dirname "$0")/.."

NEWEST_CR=v0.25.2
NEWEST_K8S=v0.37.2

echo "== oldest: $(go list -m -f '{{.Path}}@{{.Version}}' sigs.k8s.io/controller-runtime)"
go vet ./...
go test "$@" ./...

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp go.mod "$tmp/go.mod"
cp go.sum "$tmp/go.sum"
go mod edit -modfile="$tmp/go.mod" \
	-require=sigs.k8s.io/controller-runtime@"$NEWEST_CR" \
	-require=k8s.io/api@"$NEWEST_K8S" \
	-require=k8s.io/apimachinery@"$NEWEST_K8S" \
	-require=k8s.io/client-go@"$NEWEST_K8S"
go mod tidy -modfile="$tmp/go.mod"
echo "== newest: $(go list -modfile="$tmp/go.mod" -m -f '{{.Path}}@{{.Version}}' sigs.k8s.io/controller-runtime)"
go vet -modfile="$tmp/go.mod" ./...
go test -modfile="$tmp/go.mod" "$@" ./...
