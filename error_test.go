package lifeline_test

import (
	"errors"
	"fmt"
	"testing"

	"lifeline"
)

func TestErrorCodeAndMessage(t *testing.T) {
	wrapped := fmt.Errorf("store: find user: %w", lifeline.Errorf(lifeline.ENOTFOUND, "User not found."))
	tests := []struct {
		name        string
		err         error
		wantCode    string
		wantMessage string
	}{
		{"nil has no code", nil, "", ""},
		{"domain error keeps its code", lifeline.Errorf(lifeline.EINVALID, "Name is required"), lifeline.EINVALID, "Name is required"},
		{"wrapped domain error is found", wrapped, lifeline.ENOTFOUND, "User not found."},
		{"other errors are internal and hidden", errors.New("pq: connection refused"), lifeline.EINTERNAL, "Something went wrong on our side. Please try again."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := lifeline.ErrorCode(tt.err); got != tt.wantCode {
				t.Errorf("ErrorCode() = %q, want %q", got, tt.wantCode)
			}
			if got := lifeline.ErrorMessage(tt.err); got != tt.wantMessage {
				t.Errorf("ErrorMessage() = %q, want %q", got, tt.wantMessage)
			}
		})
	}
}
