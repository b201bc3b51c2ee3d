package store_test

import (
	"context"
	"testing"
	"time"

	"lifeline"
	"lifeline/store/storetest"
)

func intp(v int) *int { return &v }

func TestMeasureResponsesStayWithTheirOwner(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	var alice, bruno int64
	db.Pool.QueryRow(ctx, `INSERT INTO users (email) VALUES ('a@example.org') RETURNING id`).Scan(&alice)
	db.Pool.QueryRow(ctx, `INSERT INTO users (email) VALUES ('b@example.org') RETURNING id`).Scan(&bruno)
	at := time.Date(2026, 11, 20, 8, 0, 0, 0, time.UTC)
	phq := &lifeline.MeasureResponse{UserID: alice, Instrument: "phq9", Total: 6, Band: "mild", Note: "a long week",
		Answers: []*int{intp(1), intp(1), intp(1), intp(1), intp(1), intp(1), intp(0), intp(0), intp(0), nil}, TakenAt: at}
	bam := &lifeline.MeasureResponse{UserID: alice, Instrument: "bam", Subscores: map[string]int{"use": 0, "risk": 7, "protective": 15},
		Answers: make([]*int, 23), TakenAt: at.Add(time.Hour)}
	for i := range bam.Answers {
		if i < 6 || i > 12 {
			bam.Answers[i] = intp(i % 5)
		}
	}
	for _, r := range []*lifeline.MeasureResponse{phq, bam} {
		if err := db.SaveMeasureResponse(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	now := &lifeline.MeasureResponse{UserID: bruno, Instrument: "auditc", Total: 0, Band: "none", Answers: []*int{intp(0), intp(0), intp(0)}}
	if err := db.SaveMeasureResponse(ctx, now); err != nil || now.ID == 0 || now.TakenAt.IsZero() {
		t.Fatalf("saved without a time: %+v, %v", now, err)
	}

	list, err := db.MeasureResponses(ctx, alice, at.Add(-time.Hour))
	if err != nil || len(list) != 2 || list[0].ID != phq.ID || list[1].ID != bam.ID {
		t.Fatalf("MeasureResponses = %+v, %v; want both, oldest first", list, err)
	}
	got := list[0]
	if got.UserID != alice || got.Total != 6 || got.Band != "mild" || got.Note != "a long week" || !got.TakenAt.Equal(at) ||
		len(got.Answers) != 10 || *got.Answers[0] != 1 || got.Answers[9] != nil || got.Subscores != nil {
		t.Errorf("phq9 read back as %+v", got)
	}
	if b := list[1]; b.Subscores["risk"] != 7 || b.Subscores["protective"] != 15 || b.Answers[7] != nil || *b.Answers[13] != 3 {
		t.Errorf("bam read back as %+v", b)
	}
	if later, _ := db.MeasureResponses(ctx, alice, at.Add(time.Minute)); len(later) != 1 || later[0].ID != bam.ID {
		t.Errorf("since filters: %+v", later)
	}
	if others, _ := db.MeasureResponses(ctx, bruno, time.Time{}); len(others) != 1 || others[0].ID != now.ID {
		t.Errorf("bruno sees %+v", others)
	}
	if h, _ := db.MeasureHistory(ctx, alice, "phq9", 10); len(h) != 1 || h[0].ID != phq.ID {
		t.Errorf("history = %+v", h)
	}

	if _, err := db.SetMeasureNote(ctx, bruno, phq.ID, "mine now"); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		t.Errorf("another user's note = %v", err)
	}
	if err := db.DeleteMeasureResponse(ctx, bruno, phq.ID); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		t.Errorf("another user's delete = %v", err)
	}
	if r, err := db.SetMeasureNote(ctx, alice, phq.ID, ""); err != nil || r.Note != "" || r.Total != 6 {
		t.Errorf("clear note = %+v, %v", r, err)
	}
	if err := db.DeleteMeasureResponse(ctx, alice, phq.ID); err != nil {
		t.Error(err)
	}
	if h, _ := db.MeasureHistory(ctx, alice, "phq9", 10); len(h) != 0 {
		t.Errorf("deleted response still listed: %+v", h)
	}
}

func TestMeasureSchedules(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	var alice int64
	db.Pool.QueryRow(ctx, `INSERT INTO users (email) VALUES ('a@example.org') RETURNING id`).Scan(&alice)
	if s, last, err := db.MeasureSchedules(ctx, alice); err != nil || len(s) != 0 || len(last) != 0 {
		t.Fatalf("fresh = %v %v %v", s, last, err)
	}
	for _, every := range []int{3, 0} {
		if err := db.SetMeasureSchedule(ctx, alice, "gad7", every); err != nil {
			t.Fatal(err)
		}
	}
	at := time.Date(2026, 11, 20, 8, 0, 0, 0, time.UTC)
	for _, d := range []time.Duration{0, 48 * time.Hour} {
		r := &lifeline.MeasureResponse{UserID: alice, Instrument: "gad7", Band: "minimal", Answers: make([]*int, 8), TakenAt: at.Add(d)}
		if err := db.SaveMeasureResponse(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	s, last, err := db.MeasureSchedules(ctx, alice)
	if err != nil || len(s) != 1 || s["gad7"].EveryDays != 0 || !s["gad7"].Chosen || !last["gad7"].Equal(at.Add(48*time.Hour)) {
		t.Errorf("schedules = %+v, last = %v, %v", s, last, err)
	}
	if err := db.SetMeasureSchedule(ctx, alice, "gad7", 91); err == nil {
		t.Error("91 days was stored; migration 0042 allows 0 to 90")
	}
}

func TestMeasureRemindersOncePerDueDate(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	var robin, kai int64
	db.Pool.QueryRow(ctx, `INSERT INTO users (email, timezone) VALUES ('r@example.org', 'America/Chicago') RETURNING id`).Scan(&robin)
	db.Pool.QueryRow(ctx, `INSERT INTO users (email) VALUES ('k@example.org') RETURNING id`).Scan(&kai)
	for _, id := range []int64{robin, kai} {
		if _, err := db.Pool.Exec(ctx, `INSERT INTO channels (user_id, kind, address, confirmed_at) VALUES ($1, 'email', $1::text || '@example.org', now())`, id); err != nil {
			t.Fatal(err)
		}
	}
	taken := time.Date(2026, 11, 10, 15, 0, 0, 0, time.UTC)
	take := func(user int64, instrument string, at time.Time) {
		t.Helper()
		r := &lifeline.MeasureResponse{UserID: user, Instrument: instrument, Band: "minimal", Answers: make([]*int, 3), TakenAt: at}
		if err := db.SaveMeasureResponse(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	take(robin, "bam", taken)
	take(robin, "gad7", taken)
	take(kai, "bam", taken)
	for _, s := range []struct {
		user       int64
		instrument string
		every      int
	}{{robin, "bam", 7}, {robin, "gad7", 7}, {kai, "bam", 0}} {
		if err := db.EnsureMeasureSchedule(ctx, s.user, s.instrument, s.every); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.EnsureMeasureSchedule(ctx, robin, "bam", 30); err != nil {
		t.Fatal(err)
	}
	queue := func(at time.Time) int {
		t.Helper()
		n, err := db.QueueMeasureReminders(ctx, at)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := queue(taken.Add(6 * 24 * time.Hour)); n != 0 {
		t.Errorf("a day early: %d queued", n)
	}
	due := taken.Add(7*24*time.Hour + time.Minute)
	if n := queue(due); n != 1 {
		t.Errorf("due: %d queued, want one for both of Robin's questionnaires (Kai's schedule is off)", n)
	}
	if n := queue(due.Add(time.Hour)); n != 0 {
		t.Errorf("again: %d queued", n)
	}
	var key, purpose, role string
	db.Pool.QueryRow(ctx, `SELECT idempotency_key, purpose, role FROM outbox WHERE user_id = $1`, robin).Scan(&key, &purpose, &role)
	if purpose != "measure_reminder" || role != "wearer" || key[:len("measure:")] != "measure:" {
		t.Errorf("row = %s %s %s", key, purpose, role)
	}
	take(robin, "bam", due.Add(2*time.Hour))
	if n := queue(due.Add(3 * time.Hour)); n != 0 {
		t.Errorf("after taking it: %d queued", n)
	}
}
