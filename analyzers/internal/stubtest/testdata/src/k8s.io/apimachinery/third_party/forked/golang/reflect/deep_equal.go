// Package reflect is a stub of k8s.io/apimachinery/third_party/forked/golang/reflect.
package reflect

import "reflect"

// Equalities maps types to custom equality functions.
type Equalities map[reflect.Type]reflect.Value

// EqualitiesOrDie builds Equalities from funcs, panicking on error.
func EqualitiesOrDie(funcs ...any) Equalities {
	e := Equalities{}
	if err := e.AddFuncs(funcs...); err != nil {
		panic(err)
	}
	return e
}

// AddFuncs registers several equality functions.
func (e Equalities) AddFuncs(funcs ...any) error {
	for _, f := range funcs {
		if err := e.AddFunc(f); err != nil {
			return err
		}
	}
	return nil
}

// AddFunc registers an equality function of the form func(a, b T) bool.
func (e Equalities) AddFunc(eqFunc any) error {
	fv := reflect.ValueOf(eqFunc)
	e[fv.Type().In(0)] = fv
	return nil
}

// DeepEqual is like reflect.DeepEqual but uses the registered functions and
// treats nil and empty slices and maps as equal.
func (e Equalities) DeepEqual(a1, a2 any) bool {
	return e.deepValueEqual(reflect.ValueOf(a1), reflect.ValueOf(a2), false)
}

// DeepEqualWithNilDifferentFromEmpty is DeepEqual that distinguishes nil
// from empty.
func (e Equalities) DeepEqualWithNilDifferentFromEmpty(a1, a2 any) bool {
	return e.deepValueEqual(reflect.ValueOf(a1), reflect.ValueOf(a2), true)
}

// DeepDerivative is like DeepEqual but unset fields of a1 are ignored.
func (e Equalities) DeepDerivative(a1, a2 any) bool {
	v1 := reflect.ValueOf(a1)
	if !v1.IsValid() || v1.IsZero() {
		return true
	}
	return e.DeepEqual(a1, a2)
}

func (e Equalities) deepValueEqual(v1, v2 reflect.Value, nilDiffersFromEmpty bool) bool {
	if !v1.IsValid() || !v2.IsValid() {
		return v1.IsValid() == v2.IsValid()
	}
	if v1.Type() != v2.Type() {
		return false
	}
	if fv, ok := e[v1.Type()]; ok {
		return fv.Call([]reflect.Value{v1, v2})[0].Bool()
	}
	switch v1.Kind() {
	case reflect.Slice:
		if !nilDiffersFromEmpty && v1.Len() == 0 && v2.Len() == 0 {
			return true
		}
		if v1.IsNil() != v2.IsNil() || v1.Len() != v2.Len() {
			return false
		}
		for i := 0; i < v1.Len(); i++ {
			if !e.deepValueEqual(v1.Index(i), v2.Index(i), nilDiffersFromEmpty) {
				return false
			}
		}
		return true
	case reflect.Array:
		for i := 0; i < v1.Len(); i++ {
			if !e.deepValueEqual(v1.Index(i), v2.Index(i), nilDiffersFromEmpty) {
				return false
			}
		}
		return true
	case reflect.Map:
		if !nilDiffersFromEmpty && v1.Len() == 0 && v2.Len() == 0 {
			return true
		}
		if v1.IsNil() != v2.IsNil() || v1.Len() != v2.Len() {
			return false
		}
		for _, k := range v1.MapKeys() {
			w := v2.MapIndex(k)
			if !w.IsValid() || !e.deepValueEqual(v1.MapIndex(k), w, nilDiffersFromEmpty) {
				return false
			}
		}
		return true
	case reflect.Pointer, reflect.Interface:
		if v1.IsNil() || v2.IsNil() {
			return v1.IsNil() == v2.IsNil()
		}
		return e.deepValueEqual(v1.Elem(), v2.Elem(), nilDiffersFromEmpty)
	case reflect.Struct:
		for i := 0; i < v1.NumField(); i++ {
			if !e.deepValueEqual(v1.Field(i), v2.Field(i), nilDiffersFromEmpty) {
				return false
			}
		}
		return true
	case reflect.Func:
		return v1.IsNil() && v2.IsNil()
	}
	if v1.CanInterface() && v2.CanInterface() {
		return reflect.DeepEqual(v1.Interface(), v2.Interface())
	}
	return v1.String() == v2.String()
}
