package apis

import (
	"go/constant"
	"go/types"
	"strings"
)

// Cache-owned reads and the knobs that disable deep copies, and the
// typed-client List.

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
	read, _ := cacheRead(f)
	return read
}

// IsUnorderedCacheList reports whether f returns the items (or keys) of an
// informer cache in the iteration order of the map that stores them, which
// changes from one call to the next: List of a client-go, generated,
// generic or dynamic lister, and the listing reads of cache.Store /
// cache.Indexer. (controller-runtime's cached client.List is the same
// read, recognised by its receiver: see IsCachedClient.)
func IsUnorderedCacheList(f Func) bool {
	_, many := cacheRead(f)
	return many
}

// cacheRead classifies a read of an informer cache: read says f returns
// cache-owned objects, many that it returns several in the cache's order.
func cacheRead(f Func) (read, many bool) {
	lister := IsLister(f) ||
		f.Pkg == ToolsCache && (f.Recv == "GenericLister" || f.Recv == "GenericNamespaceLister") ||
		f.Pkg == DynamicLister && (f.Recv == "Lister" || f.Recv == "NamespaceLister")
	switch {
	case lister:
		return f.Name == "Get" || f.Name == "List", f.Name == "List"
	case f.Pkg == ToolsCache && (f.Recv == "Store" || f.Recv == "Indexer" || f.Recv == "ThreadSafeStore"):
		return cacheStoreReads[f.Name], cacheListReads[f.Name]
	}
	return false, false
}

// DynamicLister is the package of the listers of dynamic informers.
const DynamicLister = "k8s.io/client-go/dynamic/dynamiclister"

// IsEventStruct reports whether t is one of controller-runtime's event
// structs (event.CreateEvent, TypedUpdateEvent[T], …), whose Object,
// ObjectOld and ObjectNew fields are the informer cache's objects.
func IsEventStruct(t types.Type) bool {
	pkg, name, ok := NamedOf(t)
	return ok && pkg == Event && strings.HasSuffix(name, "Event")
}

// IsEventObjectField reports whether name is a field of an event struct
// that holds a cached object.
func IsEventObjectField(name string) bool {
	return name == "Object" || name == "ObjectOld" || name == "ObjectNew"
}

// IsUnsafeDisableDeepCopyOption reports whether a Get or List option of
// type t with constant value v (nil when not constant) turns deep copies
// off: client.UnsafeDisableDeepCopy, or a UnsafeDisableDeepCopyOption
// that is not the constant false.
func IsUnsafeDisableDeepCopyOption(t types.Type, v constant.Value) bool {
	pkg, name, ok := NamedOf(t)
	if !ok || pkg != Client || name != "UnsafeDisableDeepCopyOption" {
		return false
	}
	return v == nil || v.Kind() != constant.Bool || constant.BoolVal(v)
}

// inPlaceMutators change slices of their argument in place, so that even a
// shallow copy of a cached object shares the change with the cache:
// RemoveFinalizer compacts the finalizer slice, SetStatusCondition and
// RemoveStatusCondition update or compact the conditions slice.
var inPlaceMutators = map[Func]bool{
	{Controllerutil, "", "RemoveFinalizer"}: true,
	{Meta, "", "SetStatusCondition"}:        true,
	{Meta, "", "RemoveStatusCondition"}:     true,
}

// MutatesInPlace reports whether f changes the slices of its argument in
// place (see inPlaceMutators).
func MutatesInPlace(f Func) bool { return inPlaceMutators[f] }

// IsTypedList reports whether f is List of a client-go typed client, a
// generated clientset or the dynamic client.
func IsTypedList(f Func) bool {
	if f.Name != "List" {
		return false
	}
	switch {
	case f.Pkg == Dynamic && f.Recv == "ResourceInterface":
		return true
	case IsTypedClient(f):
		return true
	}
	return false
}

// IsDeepCopy reports whether a method name makes a deep copy of its
// receiver (DeepCopy, DeepCopyObject).
func IsDeepCopy(name string) bool {
	return name == "DeepCopy" || name == "DeepCopyObject"
}

// IsDeepCopyInto reports whether a method name copies its receiver deeply
// into its argument (DeepCopyInto): *out = *in, part by part.
func IsDeepCopyInto(name string) bool {
	return name == "DeepCopyInto"
}

// cacheListReads are the reads of cache.Store, cache.Indexer and
// ThreadSafeStore that return several items (or keys).
var cacheListReads = map[string]bool{"List": true, "ListKeys": true, "ByIndex": true, "IndexKeys": true, "Index": true}

// IsCachedClient reports whether t is controller-runtime's client.Client
// (or client.WithWatch): the type of the manager's client, whose List is
// served from the informer cache. A plain client.Reader is left out: it is
// the type of the manager's APIReader, which lists from the API server in
// its stable order.
func IsCachedClient(t types.Type) bool {
	pkg, name, ok := NamedOf(t)
	return ok && pkg == Client && (name == "Client" || name == "WithWatch")
}
