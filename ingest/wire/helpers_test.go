package wire_test

import (
	"fmt"
	"time"

	"lifeline/ingest/wire"
)

func showFix(f wire.Fix) string {
	s := fmt.Sprintf("{seq %d ts %s lat %v lon %v", f.Seq, f.TS.Format(time.RFC3339Nano), f.Lat, f.Lon)
	if f.Acc != nil {
		s += fmt.Sprintf(" acc %v", *f.Acc)
	}
	if f.Bat != nil {
		s += fmt.Sprintf(" bat %d", *f.Bat)
	}
	return s + "}"
}

func ptr[T any](v T) *T { return &v }
