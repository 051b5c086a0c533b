package apis

import (
	"go/types"
	"strings"
)

// Import paths of the event-handling APIs.
const (
	Cache     = "k8s.io/client-go/tools/cache"
	Workqueue = "k8s.io/client-go/util/workqueue"
)

// HandlerKind is the kind of an event callback.
type HandlerKind int

// Handler kinds.
const (
	NoHandler        HandlerKind = iota
	InformerHandler              // a client-go informer callback: AddFunc/UpdateFunc/DeleteFunc, OnAdd/OnUpdate/OnDelete
	InformerFilter               // cache.FilteringResourceEventHandler.FilterFunc
	EventHandler                 // a controller-runtime handler: handler.Funcs, Create/Update/Delete/Generic methods
	PredicateHandler             // a controller-runtime predicate: predicate.Funcs, NewPredicateFuncs, predicate methods
	MapHandler                   // the func of handler.EnqueueRequestsFromMapFunc
	ListenerHandler              // a per-event method of a listener type of the program's own: Add(obj), Update(old, new)
)

var handlerKindNames = [...]string{
	NoHandler: "none", InformerHandler: "informer handler", InformerFilter: "informer filter",
	EventHandler: "event handler", PredicateHandler: "predicate", MapHandler: "map func",
	ListenerHandler: "listener",
}

// String returns the name used in messages.
func (k HandlerKind) String() string {
	if int(k) < len(handlerKindNames) {
		return handlerKindNames[k]
	}
	return "handler"
}

// handlerStructs maps the adapter structs whose func fields are handler
// bodies to their kind. Only func-typed fields count (FilteringResourceEventHandler.Handler
// is an interface, whose methods are found through its conversion).
var handlerStructs = map[[2]string]HandlerKind{
	{Cache, "ResourceEventHandlerFuncs"}:              InformerHandler,
	{Cache, "ResourceEventHandlerDetailedFuncs"}:      InformerHandler,
	{Cache, "TypedResourceEventHandlerFuncs"}:         InformerHandler,
	{Cache, "TypedResourceEventHandlerDetailedFuncs"}: InformerHandler,
	{Cache, "FilteringResourceEventHandler"}:          InformerFilter,
	{Handler, "TypedFuncs"}:                           EventHandler,
	{Predicate, "TypedFuncs"}:                         PredicateHandler,
	// controller-runtime < v0.19: the non-generic adapters.
	{Handler, "Funcs"}:   EventHandler,
	{Predicate, "Funcs"}: PredicateHandler,
}

// HandlerStruct returns the kind of handler bodies stored into the func
// fields of the named struct type t (looking through aliases, one pointer
// and instantiation), or NoHandler.
func HandlerStruct(t types.Type) HandlerKind {
	pkg, name, ok := NamedOf(t)
	if !ok {
		return NoHandler
	}
	return handlerStructs[[2]string{pkg, name}]
}

// handlerFuncArgs are functions whose argument is a handler body, with the
// argument index.
var handlerFuncArgs = map[Func]struct {
	kind HandlerKind
	arg  int
}{
	{Handler, "", "EnqueueRequestsFromMapFunc"}:      {MapHandler, 0},
	{Handler, "", "TypedEnqueueRequestsFromMapFunc"}: {MapHandler, 0},
	{Predicate, "", "NewPredicateFuncs"}:             {PredicateHandler, 0},
	{Predicate, "", "NewTypedPredicateFuncs"}:        {PredicateHandler, 0},
}

// HandlerFuncArg returns the kind of handler body that f takes as an
// argument, and the argument's index; NoHandler when f takes none.
func HandlerFuncArg(f Func) (HandlerKind, int) {
	if a, ok := handlerFuncArgs[f]; ok {
		return a.kind, a.arg
	}
	return NoHandler, -1
}

// handlerInterfaces maps the callback interfaces to their kind and
// callback methods: a user type converted to one of them is a handler.
var handlerInterfaces = map[[2]string]struct {
	kind    HandlerKind
	methods []string
}{
	{Cache, "ResourceEventHandler"}:      {InformerHandler, []string{"OnAdd", "OnUpdate", "OnDelete"}},
	{Cache, "TypedResourceEventHandler"}: {InformerHandler, []string{"OnAdd", "OnUpdate", "OnDelete"}},
	{Handler, "TypedEventHandler"}:       {EventHandler, []string{"Create", "Update", "Delete", "Generic"}},
	{Predicate, "TypedPredicate"}:        {PredicateHandler, []string{"Create", "Update", "Delete", "Generic"}},
}

// HandlerInterface returns the kind and callback method names of a
// callback interface type (cache.ResourceEventHandler,
// handler.TypedEventHandler, predicate.TypedPredicate and their aliases),
// or NoHandler.
func HandlerInterface(t types.Type) (HandlerKind, []string) {
	pkg, name, ok := NamedOf(t)
	if !ok {
		return NoHandler, nil
	}
	if _, isIface := types.Unalias(t).Underlying().(*types.Interface); !isIface {
		return NoHandler, nil
	}
	if h, ok := handlerInterfaces[[2]string{pkg, name}]; ok {
		return h.kind, h.methods
	}
	return NoHandler, nil
}

// IsQueueAdd reports whether f adds an item to a client-go workqueue:
// Add, AddRateLimited or AddAfter of any workqueue interface or type
// (controller-runtime's handlers receive the same interfaces).
func IsQueueAdd(f Func) bool {
	if f.Pkg != Workqueue || f.Recv == "" {
		return false
	}
	switch f.Name {
	case "Add", "AddRateLimited", "AddAfter":
		return true
	}
	return false
}

// IsQueueGet reports whether f takes an item from a client-go workqueue.
func IsQueueGet(f Func) bool { return f.Pkg == Workqueue && f.Recv != "" && f.Name == "Get" }

// IsWatchEventType reports whether t is watch.EventType.
func IsWatchEventType(t types.Type) bool { return IsNamed(t, Watch, "EventType", false) }

// Values of watch.EventType.
const (
	EventAdded    = "ADDED"
	EventModified = "MODIFIED"
	EventDeleted  = "DELETED"
	EventBookmark = "BOOKMARK"
	EventError    = "ERROR"
)

// CallbackEventType returns the watch event type a handler callback is
// called for: "ADDED" for AddFunc, OnAdd, CreateFunc and Create,
// "MODIFIED" for the update callbacks, "DELETED" for the delete ones, and
// "" for the others (generic events, map funcs, filters).
func CallbackEventType(callback string) string {
	switch callback {
	case "AddFunc", "OnAdd", "CreateFunc", "Create", "Add":
		return EventAdded
	case "UpdateFunc", "OnUpdate", "Update":
		return EventModified
	case "DeleteFunc", "OnDelete", "Delete":
		return EventDeleted
	}
	return ""
}

// EventTypeName returns the Go name of a watch.EventType value ("Added"
// for "ADDED"), or "" for an unknown value.
func EventTypeName(v string) string {
	switch v {
	case EventAdded:
		return "Added"
	case EventModified:
		return "Modified"
	case EventDeleted:
		return "Deleted"
	case EventBookmark:
		return "Bookmark"
	case EventError:
		return "Error"
	}
	return ""
}

// IdentityFieldNames are request or queue item fields that say what to
// reconcile, so carrying them in a request is not event data: the key, and
// identity such as the cluster of a multicluster request.
var IdentityFieldNames = map[string]bool{
	"Request": true, "NamespacedName": true, "ObjectKey": true, "Key": true, "key": true,
	"Name": true, "name": true, "Namespace": true, "namespace": true,
	"ClusterName": true, "clusterName": true, "Cluster": true, "cluster": true,
	"Shard": true, "shard": true, "Tenant": true, "tenant": true,
}

// externalIOFuncs are calls that perform external I/O: HTTP requests and
// SQL statements. Logging, metrics and event recording are not I/O in this
// sense.
var externalIOFuncs = map[Func]bool{
	{"net/http", "", "Get"}:                     true,
	{"net/http", "", "Head"}:                    true,
	{"net/http", "", "Post"}:                    true,
	{"net/http", "", "PostForm"}:                true,
	{"net/http", "Client", "Do"}:                true,
	{"net/http", "Client", "Get"}:               true,
	{"net/http", "Client", "Head"}:              true,
	{"net/http", "Client", "Post"}:              true,
	{"net/http", "Client", "PostForm"}:          true,
	{"net/http", "RoundTripper", "RoundTrip"}:   true,
	{"net/http", "Transport", "RoundTrip"}:      true,
	{"database/sql", "DB", "Exec"}:              true,
	{"database/sql", "DB", "ExecContext"}:       true,
	{"database/sql", "DB", "Query"}:             true,
	{"database/sql", "DB", "QueryContext"}:      true,
	{"database/sql", "DB", "QueryRow"}:          true,
	{"database/sql", "DB", "QueryRowContext"}:   true,
	{"database/sql", "DB", "Begin"}:             true,
	{"database/sql", "DB", "BeginTx"}:           true,
	{"database/sql", "Tx", "Exec"}:              true,
	{"database/sql", "Tx", "ExecContext"}:       true,
	{"database/sql", "Tx", "Query"}:             true,
	{"database/sql", "Tx", "QueryContext"}:      true,
	{"database/sql", "Tx", "QueryRow"}:          true,
	{"database/sql", "Tx", "QueryRowContext"}:   true,
	{"database/sql", "Tx", "Commit"}:            true,
	{"database/sql", "Stmt", "Exec"}:            true,
	{"database/sql", "Stmt", "ExecContext"}:     true,
	{"database/sql", "Stmt", "Query"}:           true,
	{"database/sql", "Stmt", "QueryContext"}:    true,
	{"database/sql", "Stmt", "QueryRow"}:        true,
	{"database/sql", "Stmt", "QueryRowContext"}: true,
	{"database/sql", "Conn", "ExecContext"}:     true,
	{"database/sql", "Conn", "QueryContext"}:    true,
	{"database/sql", "Conn", "QueryRowContext"}: true,
	{"database/sql", "Conn", "BeginTx"}:         true,
}

// IsExternalIO reports whether f performs external I/O: an HTTP request,
// an SQL statement, or any call into one of the configured SDK packages
// (import path prefixes).
func IsExternalIO(f Func, sdkPrefixes []string) bool {
	if externalIOFuncs[f] {
		return true
	}
	for _, p := range sdkPrefixes {
		if p != "" && (f.Pkg == p || strings.HasPrefix(f.Pkg, strings.TrimSuffix(p, "/")+"/")) {
			return true
		}
	}
	return false
}

// IsSplitKey reports whether f is cache.SplitMetaNamespaceKey, which a
// client-go sync handler calls on the queue's key (root R5).
func IsSplitKey(f Func) bool {
	return f.Pkg == Cache && f.Recv == "" && f.Name == "SplitMetaNamespaceKey"
}

// IsObjectNameKey reports whether t is cache.ObjectName, the typed key of
// newer client-go sync handlers (root R5).
func IsObjectNameKey(t types.Type) bool {
	pkg, name, ok := NamedOf(t)
	return ok && pkg == Cache && name == "ObjectName"
}

// IsGenericCallback reports whether a handler callback receives generic
// events, whose objects come from the user's own channel rather than the
// informer cache.
func IsGenericCallback(callback string) bool {
	return callback == "GenericFunc" || callback == "Generic"
}

// ListenerCallback returns the watch event type that a method of a
// listener type is called for, and the API object type it receives: a
// method named for an event kind (Add, OnAdd, Create or OnCreate; Update or
// OnUpdate; Delete or OnDelete) whose parameters, after an optional
// context.Context, are one object (two of the same type, the old and the
// new one, for an update; an add may take client-go's isInInitialList
// flag too): an API object, a runtime.Object or an empty interface. Such types are called by a generic
// controller of another package or module, one method per event kind, as
// the COSI sidecar's and argo's listeners are; what decides that a type is
// a listener is that it has both an add and an update method for the same
// object type (see the handlers package).
func ListenerCallback(m *types.Func) (event string, obj types.Type) {
	sig, ok := m.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || sig.Variadic() {
		return "", nil
	}
	var params []types.Type
	for i := 0; i < sig.Params().Len(); i++ {
		t := sig.Params().At(i).Type()
		if i == 0 && IsContext(t) {
			continue
		}
		params = append(params, t)
	}
	if len(params) == 0 || !listenedObject(params[0]) {
		return "", nil
	}
	switch m.Name() {
	case "Add", "OnAdd", "Create", "OnCreate":
		// client-go's OnAdd(obj, isInInitialList bool) has the flag too.
		if len(params) == 1 || len(params) == 2 && types.Identical(params[1].Underlying(), types.Typ[types.Bool]) {
			return EventAdded, params[0]
		}
	case "Update", "OnUpdate":
		if len(params) == 2 && types.Identical(params[0], params[1]) {
			return EventModified, params[0]
		}
	case "Delete", "OnDelete":
		if len(params) == 1 {
			return EventDeleted, params[0]
		}
	}
	return "", nil
}

// listenedObject reports whether a listener's callback can receive the
// object of an event through a parameter of type t: an API object, a
// runtime.Object, or an empty interface (client-go's callbacks).
func listenedObject(t types.Type) bool {
	if IsObject(t) || IsNamed(t, Runtime, "Object", false) {
		return true
	}
	iface, ok := types.Unalias(t).Underlying().(*types.Interface)
	return ok && iface.Empty()
}

// ListenerMethods returns the per-event methods of a listener type, by
// watch event type, and the object type they receive: t (a named
// non-interface type or a pointer to one) is a listener when its method
// set ms has an add and an update method (ListenerCallback) for one object
// type. It returns nil for other types.
func ListenerMethods(t types.Type, ms *types.MethodSet) (map[string]*types.Func, types.Type) {
	if _, isIface := types.Unalias(t).Underlying().(*types.Interface); isIface {
		return nil, nil
	}
	byEvent := make(map[string]*types.Func)
	var obj types.Type
	for i := 0; i < ms.Len(); i++ {
		f, ok := ms.At(i).Obj().(*types.Func)
		if !ok {
			continue
		}
		ev, o := ListenerCallback(f)
		if ev == "" {
			continue
		}
		if obj != nil && !types.Identical(obj, o) {
			return nil, nil
		}
		obj = o
		byEvent[ev] = f
	}
	if byEvent[EventAdded] == nil || byEvent[EventModified] == nil {
		return nil, nil
	}
	return byEvent, obj
}

// ListenerType is a listener type of a package (ListenerMethods): its
// pointer type, its per-event methods and the object type they receive.
type ListenerType struct {
	Ptr     types.Type
	Methods map[string]*types.Func
	Object  types.Type
}

// PackageListeners returns the listener types declared in pkg, in the
// order of their names; methodSet gives the method set of a type (the SSA
// program's cache).
func PackageListeners(pkg *types.Package, methodSet func(types.Type) *types.MethodSet) []ListenerType {
	var out []ListenerType
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok || named.TypeParams().Len() > 0 {
			continue
		}
		ptr := types.NewPointer(named)
		if byEvent, obj := ListenerMethods(ptr, methodSet(ptr)); byEvent != nil {
			out = append(out, ListenerType{Ptr: ptr, Methods: byEvent, Object: obj})
		}
	}
	return out
}
