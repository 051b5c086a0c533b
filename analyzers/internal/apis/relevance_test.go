package apis

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// TestTurnsMapsIntoSlices checks which packages the model summarises
// because they may hand out map order: those with an exported function
// (or a method of an exported map type) that takes a map and returns a
// slice, whatever the function is called.
func TestTurnsMapsIntoSlices(t *testing.T) {
	tests := []struct {
		name, src string
		want      bool
	}{
		{"generic keys", `package p
func Keys[M ~map[K]V, K comparable, V any](m M) []K {
	r := make([]K, 0, len(m))
	for k := range m { r = append(r, k) }
	return r
}`, true},
		{"variadic maps", `package p
func Entries[K comparable, V any](in ...map[K]V) []V { return nil }`, true},
		{"plain map", `package p
func Names(m map[string]int) []string { return nil }`, true},
		{"map type method", `package p
type Set map[string]struct{}
func (s Set) List() []string { return nil }`, true},
		{"map to map", `package p
func Copy(m map[string]int) map[string]int { return m }`, false},
		{"slice to slice", `package p
func Filter[T any](s []T, keep func(T) bool) []T { return s }`, false},
		{"unexported", `package p
func keys(m map[string]int) []string { return nil }`, false},
		{"struct method", `package p
type T struct{ m map[string]int }
func (t T) Keys() []string { return nil }`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "p.go", tt.src, 0)
			if err != nil {
				t.Fatal(err)
			}
			conf := types.Config{Importer: importer.Default()}
			pkg, err := conf.Check("example.com/p", fset, []*ast.File{f}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := TurnsMapsIntoSlices(pkg); got != tt.want {
				t.Errorf("TurnsMapsIntoSlices = %v, want %v", got, tt.want)
			}
		})
	}
}
