package stubcheck

import (
	"fmt"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// partialInterfaces lists the interfaces whose stub may declare only a
// subset of the real methods. They are large interfaces that reconcilers
// consume (call methods on) but never implement, so a missing method can
// only make a test program fail to compile, never change its meaning.
// Every method the stub does declare is still checked.
var partialInterfaces = map[string]bool{
	"k8s.io/client-go/kubernetes.Interface":                     true,
	"k8s.io/client-go/kubernetes/typed/core/v1.CoreV1Interface": true,
	"k8s.io/client-go/kubernetes/typed/apps/v1.AppsV1Interface": true,
	"k8s.io/client-go/informers.SharedInformerFactory":          true,
	"k8s.io/client-go/informers/core/v1.Interface":              true,
	"sigs.k8s.io/controller-runtime/pkg/cache.Cache":            true,
	"sigs.k8s.io/controller-runtime/pkg/cache.Informers":        true,
	"sigs.k8s.io/controller-runtime/pkg/webhook.Server":         true,
	// The methods that take or return net/http types (and healthz.Checker,
	// a func of *http.Request) are not stubbed, so that no stub imports
	// net/http (see the stubtest package documentation).
	"sigs.k8s.io/controller-runtime/pkg/manager.Manager":                  true,
	"sigs.k8s.io/controller-runtime/pkg/cluster.Cluster":                  true,
	"sigs.k8s.io/controller-runtime/pkg/conversion.Registry":              true,
	"sigs.k8s.io/controller-runtime/pkg/recorder.EventRecorder":           true,
	"k8s.io/client-go/tools/events.EventRecorder":                         true,
	"k8s.io/client-go/tools/events.AnnotatedEventRecorder":                true,
	"k8s.io/apimachinery/pkg/api/meta.RESTMapper":                         true,
	"k8s.io/apimachinery/pkg/runtime.ApplyConfiguration":                  true,
	"k8s.io/client-go/tools/cache.SharedIndexInformer":                    true,
	"k8s.io/client-go/tools/cache.SharedInformer":                         true,
	"k8s.io/client-go/tools/cache.Controller":                             true,
	"k8s.io/client-go/tools/cache.ResourceEventHandlerRegistration":       true,
	"k8s.io/client-go/informers/internalinterfaces.SharedInformerFactory": true,
	// Typed clients: the expansion methods (pod logs, eviction, proxy,
	// namespace finalize) and the scale subresource are not stubbed.
	"k8s.io/client-go/kubernetes/typed/core/v1.PodInterface":         true,
	"k8s.io/client-go/kubernetes/typed/core/v1.PodExpansion":         true,
	"k8s.io/client-go/kubernetes/typed/core/v1.ServiceInterface":     true,
	"k8s.io/client-go/kubernetes/typed/core/v1.ServiceExpansion":     true,
	"k8s.io/client-go/kubernetes/typed/core/v1.NamespaceInterface":   true,
	"k8s.io/client-go/kubernetes/typed/core/v1.NamespaceExpansion":   true,
	"k8s.io/client-go/kubernetes/typed/apps/v1.DeploymentInterface":  true,
	"k8s.io/client-go/kubernetes/typed/apps/v1.StatefulSetInterface": true,
	"k8s.io/client-go/informers/core/v1.TypedPodInformer":            true,
	"k8s.io/client-go/informers/core/v1.TypedConfigMapInformer":      true,
	"k8s.io/client-go/informers/core/v1.TypedSecretInformer":         true,
	"k8s.io/client-go/informers/core/v1.TypedServiceInformer":        true,
}

// testdataDir is the GOPATH root of the stub tree (its src holds the stubs).
func testdataDir(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func loadStubs(t *testing.T) []*packages.Package {
	t.Helper()
	gopath := testdataDir(t)
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  filepath.Join(gopath, "src"),
		Env:  append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOFLAGS=", "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatalf("loading stubs: %v", err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("stub packages have errors")
	}
	return pkgs
}

func loadReal(t *testing.T, paths []string) map[string]*packages.Package {
	t.Helper()
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedTypes,
		Env:  append(os.Environ(), "GO111MODULE=on", "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, paths...)
	if err != nil {
		t.Fatalf("loading real packages: %v", err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("real packages have errors")
	}
	m := make(map[string]*packages.Package)
	for _, p := range pkgs {
		m[p.PkgPath] = p
	}
	return m
}

// qual prints every package by its full import path, so that stub and
// real type strings are comparable.
func qual(p *types.Package) string { return p.Path() }

func tstr(t types.Type) string {
	s := types.TypeString(t, qual)
	return strings.ReplaceAll(s, "interface{}", "any")
}

func tparamsString(l *types.TypeParamList) string {
	if l == nil || l.Len() == 0 {
		return ""
	}
	var parts []string
	for i := 0; i < l.Len(); i++ {
		tp := l.At(i)
		parts = append(parts, tp.Obj().Name()+" "+tstr(tp.Constraint()))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func TestStubsMatchReal(t *testing.T) {
	stubs := loadStubs(t)
	var paths []string
	for _, p := range stubs {
		paths = append(paths, p.PkgPath)
	}
	real := loadReal(t, paths)
	n := 0
	for _, sp := range stubs {
		rp := real[sp.PkgPath]
		if rp == nil || rp.Types == nil {
			t.Errorf("%s: no real package", sp.PkgPath)
			continue
		}
		if sp.Name != rp.Name {
			t.Errorf("%s: package name %s, real %s", sp.PkgPath, sp.Name, rp.Name)
		}
		c := &checker{t: t, pkg: sp.PkgPath}
		scope := sp.Types.Scope()
		for _, name := range scope.Names() {
			so := scope.Lookup(name)
			if !so.Exported() {
				continue
			}
			n++
			ro := rp.Types.Scope().Lookup(name)
			if ro == nil {
				c.errorf(name, "not declared in the real package")
				continue
			}
			c.object(so, ro)
		}
	}
	t.Logf("checked %d exported declarations in %d stub packages", n, len(stubs))
}

type checker struct {
	t   *testing.T
	pkg string
}

func (c *checker) errorf(name, format string, args ...any) {
	c.t.Helper()
	c.t.Errorf("%s.%s: %s", c.pkg, name, fmt.Sprintf(format, args...))
}

func (c *checker) same(name, what, stub, real string) {
	c.t.Helper()
	if stub != real {
		c.errorf(name, "%s differs\n\tstub: %s\n\treal: %s", what, stub, real)
	}
}

func kind(o types.Object) string {
	switch o.(type) {
	case *types.Func:
		return "func"
	case *types.Var:
		return "var"
	case *types.Const:
		return "const"
	case *types.TypeName:
		return "type"
	}
	return fmt.Sprintf("%T", o)
}

func (c *checker) object(so, ro types.Object) {
	name := so.Name()
	if kind(so) != kind(ro) {
		c.errorf(name, "is a %s in the stub but a %s in the real package", kind(so), kind(ro))
		return
	}
	switch so := so.(type) {
	case *types.Func, *types.Var:
		c.same(name, "type", tstr(so.Type()), tstr(ro.Type()))
	case *types.Const:
		c.same(name, "type", tstr(so.Type()), tstr(ro.Type()))
		c.same(name, "value", so.Val().ExactString(), ro.(*types.Const).Val().ExactString())
	case *types.TypeName:
		c.typeName(so, ro.(*types.TypeName))
	}
}

func (c *checker) typeName(so, ro *types.TypeName) {
	name := so.Name()
	if so.IsAlias() != ro.IsAlias() {
		c.errorf(name, "alias in stub: %v, in real: %v", so.IsAlias(), ro.IsAlias())
		return
	}
	if so.IsAlias() {
		sa, ok1 := so.Type().(*types.Alias)
		ra, ok2 := ro.Type().(*types.Alias)
		if ok1 && ok2 {
			c.same(name, "alias type parameters", tparamsString(sa.TypeParams()), tparamsString(ra.TypeParams()))
			c.same(name, "alias right-hand side", tstr(sa.Rhs()), tstr(ra.Rhs()))
		}
		c.same(name, "aliased type", tstr(types.Unalias(so.Type())), tstr(types.Unalias(ro.Type())))
		return
	}
	sn, ok1 := so.Type().(*types.Named)
	rn, ok2 := ro.Type().(*types.Named)
	if !ok1 || !ok2 {
		c.same(name, "type", tstr(so.Type()), tstr(ro.Type()))
		return
	}
	c.same(name, "type parameters", tparamsString(sn.TypeParams()), tparamsString(rn.TypeParams()))
	su, ru := sn.Underlying(), rn.Underlying()
	switch su := su.(type) {
	case *types.Struct:
		rs, ok := ru.(*types.Struct)
		if !ok {
			c.errorf(name, "struct in stub, %s in real", tstr(ru))
			break
		}
		c.structFields(name, su, rs)
	case *types.Interface:
		ri, ok := ru.(*types.Interface)
		if !ok {
			c.errorf(name, "interface in stub, %s in real", tstr(ru))
			break
		}
		c.iface(name, su, ri)
	default:
		c.same(name, "underlying type", tstr(su), tstr(ru))
	}
	c.methods(name, sn, rn)
}

func (c *checker) structFields(name string, ss, rs *types.Struct) {
	real := make(map[string]*types.Var)
	for i := 0; i < rs.NumFields(); i++ {
		real[rs.Field(i).Name()] = rs.Field(i)
	}
	for i := 0; i < ss.NumFields(); i++ {
		sf := ss.Field(i)
		if !sf.Exported() {
			continue
		}
		rf := real[sf.Name()]
		if rf == nil {
			c.errorf(name, "field %s not in the real struct", sf.Name())
			continue
		}
		if sf.Embedded() != rf.Embedded() {
			c.errorf(name, "field %s: embedded %v, real %v", sf.Name(), sf.Embedded(), rf.Embedded())
		}
		c.same(name+"."+sf.Name(), "field type", tstr(sf.Type()), tstr(rf.Type()))
	}
}

func (c *checker) iface(name string, si, ri *types.Interface) {
	if !si.IsMethodSet() || !ri.IsMethodSet() {
		c.same(name, "constraint", tstr(si), tstr(ri))
		return
	}
	real := make(map[string]*types.Func)
	for i := 0; i < ri.NumMethods(); i++ {
		real[ri.Method(i).Name()] = ri.Method(i)
	}
	for i := 0; i < si.NumMethods(); i++ {
		sm := si.Method(i)
		rm := real[sm.Name()]
		if rm == nil {
			c.errorf(name, "method %s not in the real interface", sm.Name())
			continue
		}
		c.same(name+"."+sm.Name(), "method signature", tstr(sm.Type()), tstr(rm.Type()))
	}
	if si.NumMethods() != ri.NumMethods() && !partialInterfaces[c.pkg+"."+name] {
		var missing []string
		have := make(map[string]bool)
		for i := 0; i < si.NumMethods(); i++ {
			have[si.Method(i).Name()] = true
		}
		for m := range real {
			if !have[m] {
				missing = append(missing, m)
			}
		}
		sort.Strings(missing)
		c.errorf(name, "interface lacks methods %v", missing)
	}
}

func (c *checker) methods(name string, sn, rn *types.Named) {
	for i := 0; i < sn.NumMethods(); i++ {
		sm := sn.Method(i)
		if !sm.Exported() {
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(rn), false, rn.Obj().Pkg(), sm.Name())
		rm, ok := obj.(*types.Func)
		if !ok {
			c.errorf(name, "method %s not in the real type", sm.Name())
			continue
		}
		c.same(name+"."+sm.Name(), "method signature", tstr(sm.Type()), tstr(rm.Type()))
		if recvPtr(sm) != recvPtr(rm) {
			c.errorf(name, "method %s: pointer receiver %v, real %v", sm.Name(), recvPtr(sm), recvPtr(rm))
		}
	}
}

func recvPtr(f *types.Func) bool {
	recv := f.Type().(*types.Signature).Recv()
	if recv == nil {
		return false
	}
	_, ok := recv.Type().(*types.Pointer)
	return ok
}

// TestDump writes, for each package named in STUBCHECK_DUMP (comma
// separated), the exported API of the real package to STUBCHECK_OUT
// (default: standard output). It is a tool for writing stubs, skipped by
// default.
func TestDump(t *testing.T) {
	list := os.Getenv("STUBCHECK_DUMP")
	if list == "" {
		t.Skip("STUBCHECK_DUMP not set")
	}
	real := loadReal(t, strings.Split(list, ","))
	var b strings.Builder
	for _, path := range strings.Split(list, ",") {
		p := real[path]
		fmt.Fprintf(&b, "==== package %s // %s\n", p.Name, path)
		scope := p.Types.Scope()
		for _, name := range scope.Names() {
			o := scope.Lookup(name)
			if !o.Exported() {
				continue
			}
			switch o := o.(type) {
			case *types.Func:
				fmt.Fprintf(&b, "func %s %s\n", name, tstr(o.Type()))
			case *types.Var:
				fmt.Fprintf(&b, "var %s %s\n", name, tstr(o.Type()))
			case *types.Const:
				fmt.Fprintf(&b, "const %s %s = %s\n", name, tstr(o.Type()), o.Val().ExactString())
			case *types.TypeName:
				if a, ok := o.Type().(*types.Alias); ok {
					fmt.Fprintf(&b, "type %s%s = %s\n", name, tparamsString(a.TypeParams()), tstr(a.Rhs()))
					continue
				}
				n, ok := o.Type().(*types.Named)
				if !ok {
					continue
				}
				fmt.Fprintf(&b, "type %s%s %s\n", name, tparamsString(n.TypeParams()), tstr(n.Underlying()))
				for i := 0; i < n.NumMethods(); i++ {
					m := n.Method(i)
					if !m.Exported() {
						continue
					}
					star := ""
					if recvPtr(m) {
						star = "*"
					}
					fmt.Fprintf(&b, "\tmethod (%s%s) %s %s\n", star, name, m.Name(), tstr(m.Type()))
				}
			}
		}
	}
	if out := os.Getenv("STUBCHECK_OUT"); out != "" {
		if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	fmt.Print(b.String())
}
