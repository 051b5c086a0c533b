// Package permanentretry defines the RL5004 check: a permanent error, which
// no retry can fix, returned as a plain error instead of a
// reconcile.TerminalError, so controller-runtime retries it forever.
//
// Two sources count as permanent: the error of parsing the reconciled
// object's own spec, labels or annotations (strconv, resource.ParseQuantity,
// time.ParseDuration, json.Unmarshal, url.Parse, label selectors,
// templates; the table is in the apis package), directly or through
// helpers of any package whose summary marks their error Permanent; and an
// API error that an apierrors.IsInvalid, IsBadRequest,
// IsRequestEntityTooLargeError or IsNotAcceptable test identified on the
// way to the return. Parsing data of other objects (a ConfigMap or Secret
// named in the spec) is not reported: that data becomes valid when the
// other object changes, and its watch fires.
//
// The suggested fix wraps the returned error in reconcile.TerminalError,
// adding the import; it is offered only when the parse (or the tested API
// error) is the only source of the returned error.
//
// This package imports the summary and diag packages; it never imports a
// driver.
package permanentretry
