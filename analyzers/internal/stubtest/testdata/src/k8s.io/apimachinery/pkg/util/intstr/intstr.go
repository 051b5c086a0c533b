// Package intstr is a stub of k8s.io/apimachinery/pkg/util/intstr.
package intstr

import "strconv"

// Type represents the stored type of IntOrString.
type Type int64

// The kinds of IntOrString.
const (
	Int    Type = iota // The IntOrString holds an int.
	String             // The IntOrString holds a string.
)

// IntOrString holds an int32 or a string.
type IntOrString struct {
	Type   Type   `protobuf:"varint,1,opt,name=type,casttype=Type"`
	IntVal int32  `protobuf:"varint,2,opt,name=intVal"`
	StrVal string `protobuf:"bytes,3,opt,name=strVal"`
}

// FromInt creates an IntOrString holding an int.
func FromInt(val int) IntOrString { return IntOrString{Type: Int, IntVal: int32(val)} }

// FromInt32 creates an IntOrString holding an int32.
func FromInt32(val int32) IntOrString { return IntOrString{Type: Int, IntVal: val} }

// FromString creates an IntOrString holding a string.
func FromString(val string) IntOrString { return IntOrString{Type: String, StrVal: val} }

// Parse creates an IntOrString from a string, as an int when it parses.
func Parse(val string) IntOrString {
	i, err := strconv.Atoi(val)
	if err != nil {
		return FromString(val)
	}
	return FromInt(i)
}

// String returns the string form.
func (intstr *IntOrString) String() string {
	if intstr == nil {
		return "<nil>"
	}
	if intstr.Type == String {
		return intstr.StrVal
	}
	return strconv.Itoa(intstr.IntValue())
}

// IntValue returns the int form.
func (intstr *IntOrString) IntValue() int {
	if intstr.Type == String {
		i, _ := strconv.Atoi(intstr.StrVal)
		return i
	}
	return int(intstr.IntVal)
}
