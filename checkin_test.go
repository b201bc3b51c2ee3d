package lifeline_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"lifeline"
)

func date(s string) lifeline.Date {
	d, err := lifeline.ParseDate(s)
	if err != nil {
		panic(err)
	}
	return d
}

// history builds check-ins newest first from "date:mood:craving[:use]" specs.
func history(specs ...string) []*lifeline.CheckIn {
	var out []*lifeline.CheckIn
	for _, s := range specs {
		c := &lifeline.CheckIn{Date: date(s[:10]), Mood: 5, CravingIntensity: 1}
		if len(s) > 10 {
			parts := strings.Split(s[11:], ":")
			c.Mood, _ = strconv.Atoi(parts[0])
			c.CravingIntensity, _ = strconv.Atoi(parts[1])
			c.SubstanceUse = len(parts) > 2 && parts[2] == "use"
		}
		out = append(out, c)
	}
	return out
}

func TestDateOfInTheUsersZone(t *testing.T) {
	load := func(name string) *time.Location {
		loc, err := time.LoadLocation(name)
		if err != nil {
			t.Fatal(err)
		}
		return loc
	}
	tests := []struct {
		name string
		at   string // UTC instant
		zone string
		want string
	}{
		{"Kiritimati is 14 hours ahead: already tomorrow", "2026-11-22T10:30:00Z", "Pacific/Kiritimati", "2026-11-23"},
		{"Kiritimati just before its midnight", "2026-11-22T09:59:59Z", "Pacific/Kiritimati", "2026-11-22"},
		{"Pago Pago is 11 hours behind: still yesterday", "2026-11-22T10:30:00Z", "Pacific/Pago_Pago", "2026-11-21"},
		{"Pago Pago at its midnight", "2026-11-22T11:00:00Z", "Pacific/Pago_Pago", "2026-11-22"},
		{"London in summer time (UTC+1) after 23:00 UTC", "2026-10-24T23:30:00Z", "Europe/London", "2026-10-25"},
		{"London on the night clocks go back", "2026-10-25T00:30:00Z", "Europe/London", "2026-10-25"},
		{"London in winter (UTC) after 23:00 UTC", "2026-10-25T23:30:00Z", "Europe/London", "2026-10-25"},
		{"London when clocks go forward", "2026-03-29T00:59:59Z", "Europe/London", "2026-03-29"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			at, _ := time.Parse(time.RFC3339, tt.at)
			if got := lifeline.DateOf(at, load(tt.zone)).String(); got != tt.want {
				t.Errorf("DateOf(%s, %s) = %s, want %s", tt.at, tt.zone, got, tt.want)
			}
		})
	}
}

func TestStreak(t *testing.T) {
	today := date("2026-11-22")
	tests := []struct {
		name    string
		history []*lifeline.CheckIn
		want    int
	}{
		{"no check-ins", nil, 0},
		{"only today", history("2026-11-22"), 1},
		{"today open, yesterday done", history("2026-11-21", "2026-11-20"), 2},
		{"last one two days ago", history("2026-11-20", "2026-11-19"), 0},
		{"a gap breaks the run", history("2026-11-22", "2026-11-21", "2026-11-19", "2026-11-18"), 2},
		{"a week", history("2026-11-22", "2026-11-21", "2026-11-20", "2026-11-19", "2026-11-18", "2026-11-17", "2026-11-16"), 7},
		{"a date ahead of today is skipped", history("2026-11-23", "2026-11-22", "2026-11-21"), 2},
		{"across the end of October (DST)", history("2026-10-26", "2026-10-25", "2026-10-24"), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := lifeline.Streak(lifeline.CheckInDates(tt.history), today); got != tt.want {
				t.Errorf("Streak = %d, want %d", got, tt.want)
			}
		})
	}
	t.Run("across the DST change itself", func(t *testing.T) {
		h := history("2026-10-26", "2026-10-25", "2026-10-24", "2026-10-23")
		if got := lifeline.Streak(lifeline.CheckInDates(h), date("2026-10-26")); got != 4 {
			t.Errorf("Streak over 25 October = %d, want 4", got)
		}
	})
}

func TestComputeStats(t *testing.T) {
	today := date("2026-11-22")
	h := history("2026-11-22:8:2", "2026-11-21:6:4", "2026-11-19:7:3", "2026-11-15:2:9")
	first, use := date("2026-10-01"), date("2026-11-10")

	s := lifeline.ComputeStats(streakOf(h, today), h, lifeline.Recovery{First: &first}, today)
	if s.StreakDays != 2 || s.WeeklyCheckins != 3 {
		t.Errorf("streak %d, weekly %d; want 2 and 3 (the 15th is outside the 7 days)", s.StreakDays, s.WeeklyCheckins)
	}
	if *s.AvgMood != 7 || *s.AvgCravings != 3 {
		t.Errorf("averages %v, %v; want 7.0 and 3.0", *s.AvgMood, *s.AvgCravings)
	}
	if *s.DaysSinceSubstanceUse != 52 || s.SubstanceUseReported {
		t.Errorf("days since = %d (reported %v); want 52 days since the first check-in", *s.DaysSinceSubstanceUse, s.SubstanceUseReported)
	}

	s = lifeline.ComputeStats(streakOf(h[:2], today), h[:2], lifeline.Recovery{First: &first, LastUse: &use}, today)
	if *s.DaysSinceSubstanceUse != 12 || !s.SubstanceUseReported {
		t.Errorf("days since = %d (reported %v); want 12 since the last reported use", *s.DaysSinceSubstanceUse, s.SubstanceUseReported)
	}
	if *s.AvgMood != 7 {
		t.Errorf("avg mood of 8 and 6 = %v, want 7", *s.AvgMood)
	}

	s = lifeline.ComputeStats(3, history("2026-11-22:7:1", "2026-11-21:8:2", "2026-11-20:8:2"), lifeline.Recovery{First: &first}, today)
	if *s.AvgMood != 7.7 || *s.AvgCravings != 1.7 {
		t.Errorf("averages %v, %v; want 7.7 and 1.7 (one decimal)", *s.AvgMood, *s.AvgCravings)
	}

	empty := lifeline.ComputeStats(0, nil, lifeline.Recovery{}, today)
	if empty.AvgMood != nil || empty.DaysSinceSubstanceUse != nil || empty.StreakDays != 0 {
		t.Errorf("stats without check-ins = %+v", empty)
	}
}

func TestRecoveryDaysFromTheSoberDate(t *testing.T) {
	d := func(s string) *lifeline.Date { v := date(s); return &v }
	today := date("2026-11-22")
	tests := []struct {
		name         string
		rec          lifeline.Recovery
		want         int
		wantReported bool
	}{
		{"no sober date, no use: from the first check-in", lifeline.Recovery{First: d("2026-11-01")}, 21, false},
		{"no sober date: from the last reported use", lifeline.Recovery{First: d("2026-11-01"), LastUse: d("2026-11-20")}, 2, true},
		{"a sober date wins over the first check-in", lifeline.Recovery{First: d("2026-11-01"), SoberDate: d("2025-11-22")}, 365, false},
		{"a use before the sober date does not count", lifeline.Recovery{LastUse: d("2026-01-05"), SoberDate: d("2026-02-01")}, 294, false},
		{"a use after the sober date is offered, not applied", lifeline.Recovery{LastUse: d("2026-11-20"), SoberDate: d("2026-02-01"), UseSinceSoberDate: d("2026-11-20")}, 294, false},
		{"the sober date today counts 0", lifeline.Recovery{SoberDate: d("2026-11-22")}, 0, false},
		{"a sober date without check-ins still counts", lifeline.Recovery{SoberDate: d("2026-11-12")}, 10, false},
		{"a sober date ahead of today after a zone change counts 0", lifeline.Recovery{SoberDate: d("2026-11-23")}, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := lifeline.ComputeStats(0, nil, tt.rec, today)
			if s.DaysSinceSubstanceUse == nil || *s.DaysSinceSubstanceUse != tt.want || s.SubstanceUseReported != tt.wantReported {
				t.Errorf("days = %v (reported %v), want %d (%v)", s.DaysSinceSubstanceUse, s.SubstanceUseReported, tt.want, tt.wantReported)
			}
			if s.SoberDate != tt.rec.SoberDate || s.UseSinceSoberDate != tt.rec.UseSinceSoberDate {
				t.Errorf("sober date %v, use since %v: want them as given", s.SoberDate, s.UseSinceSoberDate)
			}
		})
	}
}

func TestValidSoberDate(t *testing.T) {
	today := date("2026-11-22")
	tests := []struct {
		date string
		ok   bool
	}{
		{"2026-11-22", true},
		{"2019-03-04", true},
		{"2026-11-23", false},
		{"1899-12-31", false},
	}
	for _, tt := range tests {
		if err := lifeline.ValidSoberDate(date(tt.date), today); (err == nil) != tt.ok {
			t.Errorf("ValidSoberDate(%s) = %v, want ok %v", tt.date, err, tt.ok)
		}
	}
}

func TestPatternStillHoldsAfterACorrection(t *testing.T) {
	tests := []struct {
		name   string
		key    string
		recent []*lifeline.CheckIn // up to the key's date, newest first, after the correction
		want   bool
	}{
		{"the use is still reported", "substance:2026-11-22", history("2026-11-22:5:6:use"), true},
		{"corrected to no use", "substance:2026-11-22", history("2026-11-22:5:6"), false},
		{"that day's check-in deleted", "substance:2026-11-22", history("2026-11-21:5:6:use"), false},
		{"no check-ins left", "substance:2026-11-22", nil, false},
		{"cravings still strong on 3 of 5", "cravings:2026-11-22", history("2026-11-22:5:9", "2026-11-21:5:8", "2026-11-20:5:8"), true},
		{"an earlier day's cravings corrected down", "cravings:2026-11-22", history("2026-11-22:5:9", "2026-11-21:5:2", "2026-11-20:5:8"), false},
		{"an earlier low mood deleted breaks the run", "mood:2026-11-22", history("2026-11-22:3:1", "2026-11-21:2:1", "2026-11-19:1:1"), false},
		{"the low mood run stands", "mood:2026-11-22", history("2026-11-22:3:1", "2026-11-21:2:1", "2026-11-20:1:1"), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := lifeline.PatternStillHolds(tt.key, tt.recent); got != tt.want {
				t.Errorf("PatternStillHolds(%s) = %v, want %v", tt.key, got, tt.want)
			}
			if d, ok := lifeline.PatternAlertDate(tt.key); !ok || d.String() != "2026-11-22" {
				t.Errorf("PatternAlertDate(%s) = %v, %v", tt.key, d, ok)
			}
		})
	}
}

func TestCheckInAlerts(t *testing.T) {
	today := date("2026-11-22")
	week := history("2026-11-22", "2026-11-21", "2026-11-20", "2026-11-19", "2026-11-18", "2026-11-17", "2026-11-16")
	tests := []struct {
		name     string
		history  []*lifeline.CheckIn
		wantKeys []string // type=dedup key
	}{
		{"an ordinary day raises nothing", history("2026-11-22:6:3", "2026-11-21:5:2"), nil},
		{"seven days in a row", week, []string{"milestone=7:2026-11-16"}},
		{"eight days: the milestone is past", append(week, history("2026-11-15")...), nil},
		{"substance use reported", history("2026-11-22:5:6:use"), []string{"concerning_pattern=substance:2026-11-22"}},
		{"cravings 8+ on 3 of the last 5", history("2026-11-22:5:9", "2026-11-21:5:2", "2026-11-20:5:8", "2026-11-19:5:1", "2026-11-18:5:10"),
			[]string{"concerning_pattern=cravings:2026-11-22"}},
		{"cravings 8+ twice only", history("2026-11-22:5:9", "2026-11-21:5:2", "2026-11-20:5:8", "2026-11-19:5:1", "2026-11-18:5:1", "2026-11-17:5:10"), nil},
		{"low mood three days running", history("2026-11-22:3:1", "2026-11-21:2:1", "2026-11-20:1:1"), []string{"concerning_pattern=mood:2026-11-22"}},
		{"low mood with a gap day", history("2026-11-22:3:1", "2026-11-21:2:1", "2026-11-19:1:1"), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, a := range lifeline.CheckInAlerts(streakOf(tt.history, today), tt.history, today) {
				got = append(got, a.Type+"="+a.DedupKey)
				if a.Message == "" || a.Link == "" {
					t.Errorf("alert %s has no message or next step", a.DedupKey)
				}
			}
			if len(got) != len(tt.wantKeys) {
				t.Fatalf("alerts = %v, want %v", got, tt.wantKeys)
			}
			for i := range got {
				if got[i] != tt.wantKeys[i] {
					t.Errorf("alert %d = %s, want %s", i, got[i], tt.wantKeys[i])
				}
			}
		})
	}
}

func streakOf(h []*lifeline.CheckIn, today lifeline.Date) int {
	return lifeline.Streak(lifeline.CheckInDates(h), today)
}
