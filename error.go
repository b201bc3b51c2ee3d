package lifeline

import (
	"errors"
	"fmt"
)

// Error codes shared by every layer. The HTTP layer maps each code to one
// status in a single table; users never see the text of an internal error.
const (
	EINVALID      = "invalid"
	ENOTFOUND     = "not_found"
	ECONFLICT     = "conflict"
	EUNAUTHORIZED = "unauthorized"
	ETOOMANY      = "too_many_requests"
	EINTERNAL     = "internal"
)

// Error is an error a user may see: Code says what kind it is, Message says
// it in words fit for a person. Fields carries per-field validation messages.
type Error struct {
	Code    string
	Message string
	Fields  map[string]string
}

func (e *Error) Error() string {
	return fmt.Sprintf("lifeline error: code=%s message=%s", e.Code, e.Message)
}

// Errorf returns an *Error with the given code and a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of err's *Error, EINTERNAL for any other
// non-nil error, and "" for nil.
func ErrorCode(err error) string {
	var e *Error
	switch {
	case err == nil:
		return ""
	case errors.As(err, &e):
		return e.Code
	default:
		return EINTERNAL
	}
}

// ErrorMessage returns the message of err's *Error, or a generic message for
// any other error so that internal details never reach a user.
func ErrorMessage(err error) string {
	var e *Error
	switch {
	case err == nil:
		return ""
	case errors.As(err, &e):
		return e.Message
	default:
		return "Something went wrong on our side. Please try again."
	}
}
