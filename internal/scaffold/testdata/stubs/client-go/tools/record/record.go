// Package record stubs client-go's record for the scaffold's tests.
package record

// EventRecorder stubs record.EventRecorder.
type EventRecorder interface{ Event() }
