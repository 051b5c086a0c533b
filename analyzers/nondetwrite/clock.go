package nondetwrite

import (
	"go/constant"
	"go/token"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// clockTruncation returns the granularity a clock value v was truncated or
// rounded to with a constant duration (apis.ClockRounding), looking through
// the functions that keep the instant (Format, UTC, metav1.NewTime, …),
// conversions, and a local variable whose address is stored.
func clockTruncation(s *summary.Summary, v ssa.Value) (time.Duration, bool) {
	for i := 0; i < 16 && v != nil; i++ {
		switch x := ssax.StripConv(v).(type) {
		case *ssa.Convert:
			v = x.X
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return 0, false
			}
			v = x.X
		case *ssa.Alloc:
			// now := metav1.NewTime(…); w.Status.T = &now
			v = ssax.SingleStored(x)
		case *ssa.Call:
			fc := s.Forward(&x.Call)
			callee := ssax.CalleeFunc(fc)
			if callee == nil {
				return 0, false
			}
			args := ssax.RecvFirstArgs(fc)
			round, keep := apis.ClockRounding(apis.FuncOf(callee))
			switch {
			case round && len(args) == 2:
				c, ok := args[1].(*ssa.Const)
				if !ok || c.Value == nil {
					return 0, false
				}
				d, exact := constant.Int64Val(c.Value)
				return time.Duration(d), exact && d > 0
			case keep && len(args) >= 1:
				v = args[0]
			default:
				return 0, false
			}
		default:
			return 0, false
		}
	}
	return 0, false
}
