package v1

import "time"

// Time is a wrapper around time.Time which supports correct marshaling to
// YAML and JSON.
type Time struct {
	time.Time `protobuf:"-"`
}

// DeepCopyInto copies the receiver into out.
func (t *Time) DeepCopyInto(out *Time) { *out = *t }

// NewTime returns a wrapped instance of the provided time.
func NewTime(time time.Time) Time {
	return Time{time}
}

// Date returns the Time corresponding to the supplied parameters.
func Date(year int, month time.Month, day, hour, min, sec, nsec int, loc *time.Location) Time {
	return Time{time.Date(year, month, day, hour, min, sec, nsec, loc)}
}

// Now returns the current local time.
func Now() Time {
	return Time{time.Now()}
}

// IsZero returns true if the value is nil or time is zero.
func (t *Time) IsZero() bool {
	if t == nil {
		return true
	}
	return t.Time.IsZero()
}

// Before reports whether the time instant t is before u.
func (t *Time) Before(u *Time) bool {
	if t != nil && u != nil {
		return t.Time.Before(u.Time)
	}
	return false
}

// Equal reports whether the time instant t is equal to u.
func (t *Time) Equal(u *Time) bool {
	if t == nil || u == nil {
		return t == nil && u == nil
	}
	return t.Time.Equal(u.Time)
}

// Unix returns the local time corresponding to the given Unix time.
func Unix(sec int64, nsec int64) Time {
	return Time{time.Unix(sec, nsec)}
}

// Rfc3339Copy returns a copy of the Time at second-level precision.
func (t Time) Rfc3339Copy() Time {
	return Time{t.Time.Truncate(time.Second)}
}

// MicroTime is version of Time with microsecond level precision.
type MicroTime struct {
	time.Time `protobuf:"-"`
}

// DeepCopyInto copies the receiver into out.
func (t *MicroTime) DeepCopyInto(out *MicroTime) { *out = *t }

// NewMicroTime returns a wrapped instance of the provided time.
func NewMicroTime(time time.Time) MicroTime {
	return MicroTime{time}
}

// NowMicro returns the current local time.
func NowMicro() MicroTime {
	return MicroTime{time.Now()}
}

// IsZero returns true if the value is nil or time is zero.
func (t *MicroTime) IsZero() bool {
	if t == nil {
		return true
	}
	return t.Time.IsZero()
}

// Before reports whether the time instant t is before u.
func (t *MicroTime) Before(u *MicroTime) bool {
	if t != nil && u != nil {
		return t.Time.Before(u.Time)
	}
	return false
}

// Equal reports whether the time instant t is equal to u.
func (t *MicroTime) Equal(u *MicroTime) bool {
	if t == nil || u == nil {
		return t == nil && u == nil
	}
	return t.Time.Equal(u.Time)
}

// UnixMicro returns the local time corresponding to the given Unix time.
func UnixMicro(sec int64, nsec int64) MicroTime {
	return MicroTime{time.Unix(sec, nsec)}
}

// Duration is a wrapper around time.Duration which supports correct
// marshaling to YAML and JSON.
type Duration struct {
	time.Duration `protobuf:"varint,1,opt,name=duration,casttype=time.Duration"`
}
