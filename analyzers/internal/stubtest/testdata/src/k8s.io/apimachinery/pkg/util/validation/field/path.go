// Package field is a stub of k8s.io/apimachinery/pkg/util/validation/field.
package field

// Path is a path to a field.
type Path struct {
	name   string
	parent *Path
}

// PathOption customises a path.
type PathOption func(o *pathOptions)

type pathOptions struct {
	path *Path
}

// NewPath creates a root path.
func NewPath(name string, moreNames ...string) *Path {
	r := &Path{name: name}
	for _, n := range moreNames {
		r = &Path{name: n, parent: r}
	}
	return r
}

// Child adds a child element.
func (p *Path) Child(name string, moreNames ...string) *Path {
	r := NewPath(name, moreNames...)
	r.Root().parent = p
	return r
}

// Root returns the root element.
func (p *Path) Root() *Path {
	for ; p.parent != nil; p = p.parent {
	}
	return p
}

// String renders the path.
func (p *Path) String() string {
	if p == nil {
		return "<nil>"
	}
	if p.parent == nil {
		return p.name
	}
	return p.parent.String() + "." + p.name
}

// Error is a validation error.
type Error struct {
	Type     ErrorType
	Field    string
	BadValue any
	Detail   string
}

// Error implements error.
func (e *Error) Error() string { return e.Field + ": " + e.Detail }

// ErrorType is the kind of validation error.
type ErrorType string

// ErrorList is a list of validation errors.
type ErrorList []*Error
