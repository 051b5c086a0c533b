package summary_test

import (
	"bytes"
	"encoding/gob"
	"reflect"
	"strconv"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// fill sets every field reachable from v to a non-zero value derived from
// n, with two elements in every slice, so that a codec that drops or
// mangles a field, present or future, fails the round trip. A pointer to
// a struct already being filled (FuncSummary.ForwardTarget) is filled one
// level deep and left nil below that.
func fill(t *testing.T, v reflect.Value, n *int) {
	t.Helper()
	fillIn(t, v, n, map[reflect.Type]int{})
}

func fillIn(t *testing.T, v reflect.Value, n *int, open map[reflect.Type]int) {
	t.Helper()
	fill := func(t *testing.T, v reflect.Value, n *int) { fillIn(t, v, n, open) }
	*n++
	switch v.Kind() {
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if !v.Type().Field(i).IsExported() {
				t.Fatalf("%s.%s is not exported: facts drop unexported fields", v.Type(), v.Type().Field(i).Name)
			}
			fill(t, v.Field(i), n)
		}
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 2, 2)
		for i := 0; i < 2; i++ {
			fill(t, s.Index(i), n)
		}
		v.Set(s)
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			fill(t, v.Index(i), n)
		}
	case reflect.Pointer:
		if open[v.Type().Elem()] > 1 {
			return
		}
		open[v.Type().Elem()]++
		v.Set(reflect.New(v.Type().Elem()))
		fill(t, v.Elem(), n)
		open[v.Type().Elem()]--
	case reflect.Bool:
		v.SetBool(*n%2 == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(-int64(*n))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(*n) | 1<<(v.Type().Bits()-1))
	case reflect.String:
		v.SetString("s\u00e9\"<" + strconv.Itoa(*n))
	default:
		t.Fatalf("unexpected field kind %s (%s) in FuncSummary", v.Kind(), v.Type())
	}
}

// TestFuncSummaryCodec checks that a FuncSummary survives the gob round
// trip that drivers (and the checker's SanityCheck) put facts through,
// now that it encodes itself (as JSON), and that the encoding is
// deterministic.
func TestFuncSummaryCodec(t *testing.T) {
	in := new(summary.FuncSummary)
	n := 0
	fill(t, reflect.ValueOf(in).Elem(), &n)
	encode := func() []byte {
		var buf bytes.Buffer
		if err := gob.NewEncoder(&buf).Encode(in); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	b1, b2 := encode(), encode()
	if !bytes.Equal(b1, b2) {
		t.Error("encoding is not deterministic")
	}
	out := new(summary.FuncSummary)
	if err := gob.NewDecoder(bytes.NewReader(b1)).Decode(out); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(in, out) {
		t.Errorf("round trip changed the fact:\n in: %+v\nout: %+v", in, out)
	}
	{
		empty := new(summary.FuncSummary)
		var buf bytes.Buffer
		if err := gob.NewEncoder(&buf).Encode(empty); err != nil {
			t.Fatal(err)
		}
		got := new(summary.FuncSummary)
		if err := gob.NewDecoder(&buf).Decode(got); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(empty, got) {
			t.Errorf("round trip changed the empty fact: %+v", got)
		}
	}
}
