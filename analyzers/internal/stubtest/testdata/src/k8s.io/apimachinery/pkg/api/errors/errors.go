// Package errors is a stub of k8s.io/apimachinery/pkg/api/errors.
package errors

import (
	"errors"
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// The HTTP status codes of net/http that the API errors carry. The stubs
// do not import net/http: it would add some 120 standard packages (about
// 170,000 lines) to every analysistest load.
const (
	httpStatusBadRequest            = 400
	httpStatusConflict              = 409
	httpStatusForbidden             = 403
	httpStatusGatewayTimeout        = 504
	httpStatusGone                  = 410
	httpStatusInternalServerError   = 500
	httpStatusNotAcceptable         = 406
	httpStatusNotFound              = 404
	httpStatusRequestEntityTooLarge = 413
	httpStatusServiceUnavailable    = 503
	httpStatusTooManyRequests       = 429
	httpStatusUnauthorized          = 401
	httpStatusUnprocessableEntity   = 422
)

// StatusError is an error intended for consumption by a REST API server;
// it can also be reconstructed by clients from a REST response.
type StatusError struct {
	ErrStatus metav1.Status
}

// APIStatus is exposed by errors that can be converted to an api.Status
// object for finer grained details.
type APIStatus interface {
	Status() metav1.Status
}

var _ error = &StatusError{}

// Error implements the Error interface.
func (e *StatusError) Error() string { return e.ErrStatus.Message }

// Status allows access to e's status without having to know the detailed
// workings of StatusError.
func (e *StatusError) Status() metav1.Status { return e.ErrStatus }

// UnexpectedObjectError can be returned by FromObject if it's passed a
// non-status object.
type UnexpectedObjectError struct {
	Object runtime.Object
}

// Error returns an error message describing the object.
func (u *UnexpectedObjectError) Error() string {
	return fmt.Sprintf("unexpected object: %v", u.Object)
}

func newStatus(code int32, reason metav1.StatusReason, qualified fmt.Stringer, name, msg string) *StatusError {
	details := &metav1.StatusDetails{Name: name}
	if gr, ok := qualified.(schema.GroupResource); ok {
		details.Group, details.Kind = gr.Group, gr.Resource
	}
	if gk, ok := qualified.(schema.GroupKind); ok {
		details.Group, details.Kind = gk.Group, gk.Kind
	}
	return &StatusError{metav1.Status{
		Status:  metav1.StatusFailure,
		Code:    code,
		Reason:  reason,
		Details: details,
		Message: msg,
	}}
}

// NewNotFound returns a new error which indicates that the resource of the
// kind and the name was not found.
func NewNotFound(qualifiedResource schema.GroupResource, name string) *StatusError {
	return newStatus(httpStatusNotFound, metav1.StatusReasonNotFound, qualifiedResource, name,
		fmt.Sprintf("%s %q not found", qualifiedResource.String(), name))
}

// NewAlreadyExists returns an error indicating the item requested exists by
// that identifier.
func NewAlreadyExists(qualifiedResource schema.GroupResource, name string) *StatusError {
	return newStatus(httpStatusConflict, metav1.StatusReasonAlreadyExists, qualifiedResource, name,
		fmt.Sprintf("%s %q already exists", qualifiedResource.String(), name))
}

// NewConflict returns an error indicating the item can't be updated as
// provided.
func NewConflict(qualifiedResource schema.GroupResource, name string, err error) *StatusError {
	return newStatus(httpStatusConflict, metav1.StatusReasonConflict, qualifiedResource, name,
		fmt.Sprintf("Operation cannot be fulfilled on %s %q: %v", qualifiedResource.String(), name, err))
}

// NewForbidden returns an error indicating the requested action was
// forbidden.
func NewForbidden(qualifiedResource schema.GroupResource, name string, err error) *StatusError {
	return newStatus(httpStatusForbidden, metav1.StatusReasonForbidden, qualifiedResource, name,
		fmt.Sprintf("%s %q is forbidden: %v", qualifiedResource.String(), name, err))
}

// NewInvalid returns an error indicating the item is invalid and cannot be
// processed.
func NewInvalid(qualifiedKind schema.GroupKind, name string, errs field.ErrorList) *StatusError {
	return newStatus(httpStatusUnprocessableEntity, metav1.StatusReasonInvalid, qualifiedKind, name,
		fmt.Sprintf("%s %q is invalid: %d error(s)", qualifiedKind.String(), name, len(errs)))
}

// NewBadRequest creates an error that indicates that the request is invalid
// and can not be processed.
func NewBadRequest(reason string) *StatusError {
	return &StatusError{metav1.Status{
		Status: metav1.StatusFailure, Code: httpStatusBadRequest,
		Reason: metav1.StatusReasonBadRequest, Message: reason,
	}}
}

// NewInternalError returns an error indicating the item is invalid and
// cannot be processed.
func NewInternalError(err error) *StatusError {
	return &StatusError{metav1.Status{
		Status: metav1.StatusFailure, Code: httpStatusInternalServerError,
		Reason: metav1.StatusReasonInternalError, Message: fmt.Sprintf("Internal error occurred: %v", err),
	}}
}

// NewRequestEntityTooLargeError returns an error indicating that the
// request entity was too large.
func NewRequestEntityTooLargeError(message string) *StatusError {
	return &StatusError{metav1.Status{
		Status: metav1.StatusFailure, Code: httpStatusRequestEntityTooLarge,
		Reason: metav1.StatusReasonRequestEntityTooLarge, Message: "Request entity too large: " + message,
	}}
}

// NewTooManyRequests creates an error that indicates that the client must
// try again later.
func NewTooManyRequests(message string, retryAfterSeconds int) *StatusError {
	return &StatusError{metav1.Status{
		Status: metav1.StatusFailure, Code: httpStatusTooManyRequests,
		Reason: metav1.StatusReasonTooManyRequests, Message: message,
		Details: &metav1.StatusDetails{RetryAfterSeconds: int32(retryAfterSeconds)},
	}}
}

// ReasonForError returns the HTTP status for a particular error.
func ReasonForError(err error) metav1.StatusReason {
	if status, ok := err.(APIStatus); ok || errors.As(err, &status) {
		return status.Status().Reason
	}
	return metav1.StatusReasonUnknown
}

func reasonAndCodeForError(err error) (metav1.StatusReason, int32) {
	if status, ok := err.(APIStatus); ok || errors.As(err, &status) {
		return status.Status().Reason, status.Status().Code
	}
	return metav1.StatusReasonUnknown, 0
}

func is(err error, reason metav1.StatusReason, code int32) bool {
	r, c := reasonAndCodeForError(err)
	if r == reason {
		return true
	}
	return r == metav1.StatusReasonUnknown && code != 0 && c == code
}

// IsNotFound returns true if the specified error was created by NewNotFound.
func IsNotFound(err error) bool {
	return is(err, metav1.StatusReasonNotFound, httpStatusNotFound)
}

// IsAlreadyExists determines if the err is an error which indicates that a
// specified resource already exists.
func IsAlreadyExists(err error) bool {
	return ReasonForError(err) == metav1.StatusReasonAlreadyExists
}

// IsConflict determines if the err is an error which indicates the provided
// update conflicts.
func IsConflict(err error) bool {
	return is(err, metav1.StatusReasonConflict, httpStatusConflict)
}

// IsInvalid determines if the err is an error which indicates the provided
// resource is not valid.
func IsInvalid(err error) bool {
	return is(err, metav1.StatusReasonInvalid, httpStatusUnprocessableEntity)
}

// IsBadRequest determines if err is an error which indicates that the
// request is invalid.
func IsBadRequest(err error) bool {
	return is(err, metav1.StatusReasonBadRequest, httpStatusBadRequest)
}

// IsForbidden determines if err is an error which indicates that the
// request is forbidden.
func IsForbidden(err error) bool {
	return is(err, metav1.StatusReasonForbidden, httpStatusForbidden)
}

// IsUnauthorized determines if err is an error which indicates that the
// request is unauthorized.
func IsUnauthorized(err error) bool {
	return is(err, metav1.StatusReasonUnauthorized, httpStatusUnauthorized)
}

// IsNotAcceptable determines if err is an error which indicates that the
// request failed due to an invalid Accept header.
func IsNotAcceptable(err error) bool {
	return is(err, metav1.StatusReasonNotAcceptable, httpStatusNotAcceptable)
}

// IsRequestEntityTooLargeError determines if err is an error which
// indicates the request entity is too large.
func IsRequestEntityTooLargeError(err error) bool {
	return is(err, metav1.StatusReasonRequestEntityTooLarge, httpStatusRequestEntityTooLarge)
}

// IsTooManyRequests determines if err is an error which indicates that
// there are too many requests that the server cannot handle.
func IsTooManyRequests(err error) bool {
	return is(err, metav1.StatusReasonTooManyRequests, httpStatusTooManyRequests)
}

// IsInternalError determines if err is an error which indicates an
// internal server error.
func IsInternalError(err error) bool {
	return is(err, metav1.StatusReasonInternalError, httpStatusInternalServerError)
}

// IsServerTimeout determines if err is an error which indicates that the
// request needs to be retried by the client.
func IsServerTimeout(err error) bool {
	return ReasonForError(err) == metav1.StatusReasonServerTimeout
}

// IsTimeout determines if err is an error which indicates that request
// times out due to long processing.
func IsTimeout(err error) bool {
	return is(err, metav1.StatusReasonTimeout, httpStatusGatewayTimeout)
}

// IsGone is true if the error indicates the requested resource is no
// longer available.
func IsGone(err error) bool {
	return is(err, metav1.StatusReasonGone, httpStatusGone)
}

// IsServiceUnavailable is true if the error indicates the underlying
// service is no longer available.
func IsServiceUnavailable(err error) bool {
	return is(err, metav1.StatusReasonServiceUnavailable, httpStatusServiceUnavailable)
}
