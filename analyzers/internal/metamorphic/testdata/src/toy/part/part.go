// Package part holds a type with a generated-style DeepCopy, for the
// rule that stores into a deep copy of a part assigned back.
package part

// Spec is a part of a value.
type Spec struct {
	Replicas int
	Note     string
}

// DeepCopyInto copies in into out.
func (in *Spec) DeepCopyInto(out *Spec) { *out = *in }

// DeepCopy copies in.
func (in *Spec) DeepCopy() *Spec {
	out := new(Spec)
	in.DeepCopyInto(out)
	return out
}
