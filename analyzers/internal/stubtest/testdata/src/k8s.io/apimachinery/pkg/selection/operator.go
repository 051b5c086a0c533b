// Package selection is a stub of k8s.io/apimachinery/pkg/selection.
package selection

// Operator is a label selector operator.
type Operator string

// The selector operators.
const (
	DoesNotExist Operator = "!"
	Equals       Operator = "="
	DoubleEquals Operator = "=="
	In           Operator = "in"
	NotEquals    Operator = "!="
	NotIn        Operator = "notin"
	Exists       Operator = "exists"
	GreaterThan  Operator = "gt"
	LessThan     Operator = "lt"
)
