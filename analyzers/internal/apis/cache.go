package apis

import "strings"

// Cache-owned reads and the knobs that disable deep copies (checks.md
// RL6001), and the typed-client List (RL2004).

// ToolsCache is the client-go informer cache package.
const ToolsCache = "k8s.io/client-go/tools/cache"

// cacheStoreReads are the reads of cache.Store and cache.Indexer whose
// results are the informer's own objects.
var cacheStoreReads = map[string]bool{
	"Get": true, "GetByKey": true, "List": true, "ByIndex": true, "Index": true,
}

// IsCacheRead reports whether f returns objects owned by an informer
// cache: Get and List of a client-go or generated lister, and the reads of
// cache.Store / cache.Indexer.
func IsCacheRead(f Func) bool {
	switch {
	case IsListerPkg(f.Pkg) && strings.HasSuffix(f.Recv, "Lister"):
		return f.Name == "Get" || f.Name == "List"
	case f.Pkg == ToolsCache && (f.Recv == "Store" || f.Recv == "Indexer" || f.Recv == "ThreadSafeStore"):
		return cacheStoreReads[f.Name]
	}
	return false
}

// IsTypedList reports whether f is List of a client-go typed client, a
// generated clientset or the dynamic client.
func IsTypedList(f Func) bool {
	if f.Name != "List" {
		return false
	}
	switch {
	case f.Pkg == Dynamic && f.Recv == "ResourceInterface":
		return true
	case IsTypedClientPkg(f.Pkg) && strings.HasSuffix(f.Recv, "Interface"):
		return true
	}
	return false
}

// IsUnsafeDisableDeepCopy reports whether the package-level object
// pkg.name is controller-runtime's client.UnsafeDisableDeepCopy option.
func IsUnsafeDisableDeepCopy(pkg, name string) bool {
	return pkg == Client && name == "UnsafeDisableDeepCopy"
}

// IsDeepCopy reports whether a method name makes a deep copy of its
// receiver (DeepCopy, DeepCopyObject).
func IsDeepCopy(name string) bool {
	return name == "DeepCopy" || name == "DeepCopyObject"
}
