// Package resource is a stub of k8s.io/apimachinery/pkg/api/resource.
//
// The stub keeps a quantity as an integer number of milli-units, which is
// enough for tests.
package resource

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// Format lists the notations a quantity can be written in.
type Format string

// The quantity formats.
const (
	DecimalExponent = Format("DecimalExponent")
	BinarySI        = Format("BinarySI")
	DecimalSI       = Format("DecimalSI")
)

// Scale is a power of ten.
type Scale int32

// Common scales.
const (
	Nano  Scale = -9
	Micro Scale = -6
	Milli Scale = -3
	Kilo  Scale = 3
	Mega  Scale = 6
	Giga  Scale = 9
	Tera  Scale = 12
)

// Quantity is a fixed-point representation of a number.
type Quantity struct {
	milli int64
	s     string
	Format
}

var suffixes = map[string]*big.Rat{
	"":   big.NewRat(1, 1),
	"m":  big.NewRat(1, 1000),
	"k":  big.NewRat(1000, 1),
	"M":  big.NewRat(1000000, 1),
	"G":  big.NewRat(1000000000, 1),
	"T":  big.NewRat(1000000000000, 1),
	"Ki": big.NewRat(1<<10, 1),
	"Mi": big.NewRat(1<<20, 1),
	"Gi": big.NewRat(1<<30, 1),
	"Ti": big.NewRat(1<<40, 1),
}

// ParseQuantity turns str into a Quantity, or returns an error.
func ParseQuantity(str string) (Quantity, error) {
	num := strings.TrimRight(str, "kMGTmi")
	suffix := str[len(num):]
	mult, ok := suffixes[suffix]
	if !ok || num == "" {
		return Quantity{}, fmt.Errorf("quantities must match the regular expression")
	}
	r, ok := new(big.Rat).SetString(num)
	if !ok {
		return Quantity{}, fmt.Errorf("quantities must match the regular expression")
	}
	r.Mul(r, mult)
	r.Mul(r, big.NewRat(1000, 1))
	format := DecimalSI
	if strings.HasSuffix(suffix, "i") {
		format = BinarySI
	}
	n := new(big.Int).Quo(r.Num(), r.Denom())
	return Quantity{milli: n.Int64(), s: str, Format: format}, nil
}

// MustParse turns str into a Quantity, panicking on error.
func MustParse(str string) Quantity {
	q, err := ParseQuantity(str)
	if err != nil {
		panic(fmt.Errorf("cannot parse '%v': %v", str, err))
	}
	return q
}

// NewQuantity returns a new Quantity representing value.
func NewQuantity(value int64, format Format) *Quantity {
	return &Quantity{milli: value * 1000, Format: format}
}

// NewMilliQuantity returns a new Quantity representing value/1000.
func NewMilliQuantity(value int64, format Format) *Quantity {
	return &Quantity{milli: value, Format: format}
}

// DeepCopy returns a copy of q.
func (q Quantity) DeepCopy() Quantity { return q }

// DeepCopyInto copies the receiver into out.
func (q *Quantity) DeepCopyInto(out *Quantity) { *out = *q }

// IsZero reports whether the quantity is zero.
func (q *Quantity) IsZero() bool { return q.milli == 0 }

// Sign returns -1, 0 or 1.
func (q *Quantity) Sign() int {
	switch {
	case q.milli < 0:
		return -1
	case q.milli > 0:
		return 1
	}
	return 0
}

// Add adds y to q.
func (q *Quantity) Add(y Quantity) { q.s = ""; q.milli += y.milli }

// Sub subtracts y from q.
func (q *Quantity) Sub(y Quantity) { q.s = ""; q.milli -= y.milli }

// Cmp returns -1, 0 or 1 when q is less than, equal to or greater than y.
func (q *Quantity) Cmp(y Quantity) int {
	switch {
	case q.milli < y.milli:
		return -1
	case q.milli > y.milli:
		return 1
	}
	return 0
}

// CmpInt64 compares q with y.
func (q *Quantity) CmpInt64(y int64) int { return q.Cmp(*NewQuantity(y, DecimalSI)) }

// Neg negates q.
func (q *Quantity) Neg() { q.s = ""; q.milli = -q.milli }

// Equal reports whether q and v are equal.
func (q Quantity) Equal(v Quantity) bool { return q.Cmp(v) == 0 }

// String formats q.
func (q *Quantity) String() string {
	if q.s != "" {
		return q.s
	}
	if q.milli%1000 == 0 {
		return strconv.FormatInt(q.milli/1000, 10)
	}
	return strconv.FormatInt(q.milli, 10) + "m"
}

// Value returns the value of q rounded up.
func (q *Quantity) Value() int64 {
	v := q.milli / 1000
	if q.milli%1000 > 0 {
		v++
	}
	return v
}

// MilliValue returns the value of q*1000.
func (q *Quantity) MilliValue() int64 { return q.milli }

// AsInt64 returns the value as an int64 when it is an integer.
func (q *Quantity) AsInt64() (int64, bool) {
	if q.milli%1000 != 0 {
		return 0, false
	}
	return q.milli / 1000, true
}

// AsApproximateFloat64 returns the value as a float64.
func (q *Quantity) AsApproximateFloat64() float64 { return float64(q.milli) / 1000 }

// Set sets q to value.
func (q *Quantity) Set(value int64) { q.s = ""; q.milli = value * 1000 }

// SetMilli sets q to value/1000.
func (q *Quantity) SetMilli(value int64) { q.s = ""; q.milli = value }
