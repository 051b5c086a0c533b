// Package unstructured is a stub of
// k8s.io/apimachinery/pkg/apis/meta/v1/unstructured.
package unstructured

import (
	"fmt"

	"k8s.io/apimachinery/pkg/runtime"
)

// NestedFieldNoCopy returns a reference to a nested field.
func NestedFieldNoCopy(obj map[string]any, fields ...string) (any, bool, error) {
	var val any = obj
	for i, field := range fields {
		if val == nil {
			return nil, false, nil
		}
		m, ok := val.(map[string]any)
		if !ok {
			return nil, false, fmt.Errorf("%v accessor error: %v is of the type %T, expected map[string]interface{}", fields[:i+1], val, val)
		}
		val, ok = m[field]
		if !ok {
			return nil, false, nil
		}
	}
	return val, true, nil
}

// NestedFieldCopy returns a deep copy of the value of a nested field.
func NestedFieldCopy(obj map[string]any, fields ...string) (any, bool, error) {
	val, found, err := NestedFieldNoCopy(obj, fields...)
	if !found || err != nil {
		return nil, found, err
	}
	return runtime.DeepCopyJSONValue(val), true, nil
}

// NestedString returns the string value of a nested field.
func NestedString(obj map[string]any, fields ...string) (string, bool, error) {
	val, found, err := NestedFieldNoCopy(obj, fields...)
	if !found || err != nil {
		return "", found, err
	}
	s, ok := val.(string)
	if !ok {
		return "", false, fmt.Errorf("%v accessor error: %v is of the type %T, expected string", fields, val, val)
	}
	return s, true, nil
}

// NestedBool returns the bool value of a nested field.
func NestedBool(obj map[string]any, fields ...string) (bool, bool, error) {
	val, found, err := NestedFieldNoCopy(obj, fields...)
	if !found || err != nil {
		return false, found, err
	}
	b, ok := val.(bool)
	if !ok {
		return false, false, fmt.Errorf("%v accessor error: %v is of the type %T, expected bool", fields, val, val)
	}
	return b, true, nil
}

// NestedInt64 returns the int64 value of a nested field.
func NestedInt64(obj map[string]any, fields ...string) (int64, bool, error) {
	val, found, err := NestedFieldNoCopy(obj, fields...)
	if !found || err != nil {
		return 0, found, err
	}
	i, ok := val.(int64)
	if !ok {
		return 0, false, fmt.Errorf("%v accessor error: %v is of the type %T, expected int64", fields, val, val)
	}
	return i, true, nil
}

// NestedStringSlice returns a copy of []string value of a nested field.
func NestedStringSlice(obj map[string]any, fields ...string) ([]string, bool, error) {
	val, found, err := NestedFieldNoCopy(obj, fields...)
	if !found || err != nil {
		return nil, found, err
	}
	list, ok := val.([]any)
	if !ok {
		return nil, false, fmt.Errorf("%v accessor error: %v is of the type %T, expected []interface{}", fields, val, val)
	}
	out := make([]string, 0, len(list))
	for _, v := range list {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out, true, nil
}

// NestedSlice returns a deep copy of []interface{} value of a nested field.
func NestedSlice(obj map[string]any, fields ...string) ([]any, bool, error) {
	val, found, err := NestedFieldCopy(obj, fields...)
	if !found || err != nil {
		return nil, found, err
	}
	s, ok := val.([]any)
	if !ok {
		return nil, false, fmt.Errorf("%v accessor error: %v is of the type %T, expected []interface{}", fields, val, val)
	}
	return s, true, nil
}

// NestedStringMap returns a copy of map[string]string value of a nested field.
func NestedStringMap(obj map[string]any, fields ...string) (map[string]string, bool, error) {
	m, found, err := NestedMap(obj, fields...)
	if !found || err != nil {
		return nil, found, err
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		s, ok := v.(string)
		if !ok {
			return nil, false, fmt.Errorf("%v accessor error: contains non-string value", fields)
		}
		out[k] = s
	}
	return out, true, nil
}

// NestedMap returns a deep copy of map[string]interface{} value of a nested field.
func NestedMap(obj map[string]any, fields ...string) (map[string]any, bool, error) {
	val, found, err := NestedFieldCopy(obj, fields...)
	if !found || err != nil {
		return nil, found, err
	}
	m, ok := val.(map[string]any)
	if !ok {
		return nil, false, fmt.Errorf("%v accessor error: %v is of the type %T, expected map[string]interface{}", fields, val, val)
	}
	return m, true, nil
}

// SetNestedField sets the value of a nested field to a deep copy of the
// value provided.
func SetNestedField(obj map[string]any, value any, fields ...string) error {
	m := obj
	for i, field := range fields[:len(fields)-1] {
		if val, ok := m[field]; ok && val != nil {
			valMap, ok := val.(map[string]any)
			if !ok {
				return fmt.Errorf("value cannot be set because %v is not a map[string]interface{}", fields[:i+1])
			}
			m = valMap
		} else {
			newVal := make(map[string]any)
			m[field] = newVal
			m = newVal
		}
	}
	m[fields[len(fields)-1]] = runtime.DeepCopyJSONValue(value)
	return nil
}

// SetNestedStringSlice sets the string slice value of a nested field.
func SetNestedStringSlice(obj map[string]any, value []string, fields ...string) error {
	m := make([]any, 0, len(value))
	for _, v := range value {
		m = append(m, v)
	}
	return SetNestedField(obj, m, fields...)
}

// SetNestedStringMap sets the map[string]string value of a nested field.
func SetNestedStringMap(obj map[string]any, value map[string]string, fields ...string) error {
	m := make(map[string]any, len(value))
	for k, v := range value {
		m[k] = v
	}
	return SetNestedField(obj, m, fields...)
}

// SetNestedMap sets the map[string]interface{} value of a nested field.
func SetNestedMap(obj map[string]any, value map[string]any, fields ...string) error {
	return SetNestedField(obj, value, fields...)
}

// RemoveNestedField removes the nested field from the obj.
func RemoveNestedField(obj map[string]any, fields ...string) {
	m := obj
	for _, field := range fields[:len(fields)-1] {
		x, ok := m[field].(map[string]any)
		if !ok {
			return
		}
		m = x
	}
	delete(m, fields[len(fields)-1])
}
