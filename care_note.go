package lifeline

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"
)

// A care note is a few kind words a supporter sends a person they support:
// their own, or one of NotePresets. The wearer reads them on the dashboard
// ("From your people") and may mute anyone; the supporter is not told.

// NoteMaxLength is the most characters a note holds, after Normalize.
const NoteMaxLength = 280

// NotesPerDay is how many notes one supporter may send one person a day.
const NotesPerDay = 5

// NotePreset is one of the ready-made notes a supporter can send with a tap.
type NotePreset struct {
	Key  string `json:"key"`
	Body string `json:"body"`
}

// NotePresets are the ready-made notes, in the order screens show them
// (migration 0040 lists their keys).
var NotePresets = []NotePreset{
	{"thinking_of_you", "Thinking of you today."},
	{"proud_of_you", "Proud of you, and of every day you keep going."},
	{"here_to_talk", "I'm here if you want to talk. Any time."},
	{"one_day", "One day at a time. You've got this, and you've got me."},
}

// PresetBody is the words of the preset named key, or "" for none.
func PresetBody(key string) string {
	for _, p := range NotePresets {
		if p.Key == key {
			return p.Body
		}
	}
	return ""
}

// CareNote is a note as the wearer sees it.
type CareNote struct {
	ID int64 `json:"id"`
	// SupporterID is the care link's id (the supporter on Care circle).
	SupporterID int64 `json:"supporterId"`
	// From is the supporter as the wearer knows them: their label, else
	// their account's name.
	From      string     `json:"from"`
	Body      string     `json:"body"`
	Preset    *string    `json:"preset"`
	CreatedAt time.Time  `json:"createdAt"`
	ReadAt    *time.Time `json:"readAt"`
}

// SentNote is a note as the supporter who wrote it sees it: what and when,
// never whether it was read or muted.
type SentNote struct {
	ID        int64     `json:"id"`
	Body      string    `json:"body"`
	Preset    *string   `json:"preset"`
	CreatedAt time.Time `json:"createdAt"`
	// Reaches names the wearer when the note is shown to them (not muted),
	// for the live event that puts it on their dashboard; set by SendNote
	// only, never sent to the supporter.
	Reaches int64 `json:"-"`
}

// NoteProblem is why a note is refused, in the words the supporter sees.
const (
	NoteEmpty    = "Write a few words, or pick one of the notes above."
	NoteTooLong  = "Keep the note to 280 characters."
	NoteBadChars = "Use letters, numbers and punctuation only (no tabs or hidden characters)."
)

// NormalizeNote is the one rule for a note's text: line breaks are kept
// (a note may have a short paragraph or two) but a run of blank lines is
// folded into one, spaces at the ends of lines and of the note are trimmed,
// and any other control, bidi or separator character refuses the note, as
// invalid UTF-8 does. It returns the text to store, or the problem.
func NormalizeNote(s string) (string, string) {
	if !utf8.ValidString(s) {
		return "", NoteBadChars
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	lines := strings.Split(s, "\n")
	out := make([]string, 0, len(lines))
	blank := false
	for _, line := range lines {
		if !IsPlainText(line) {
			return "", NoteBadChars
		}
		line = strings.TrimRight(line, " ")
		if line == "" {
			blank = len(out) > 0
			continue
		}
		if blank {
			out = append(out, "")
			blank = false
		}
		out = append(out, line)
	}
	s = strings.TrimSpace(strings.Join(out, "\n"))
	switch n := utf8.RuneCountInString(s); {
	case n == 0:
		return "", NoteEmpty
	case n > NoteMaxLength:
		return "", NoteTooLong
	}
	return s, ""
}

// CareNoteService stores care notes. Every method that names a link or a
// note answers ENOTFOUND when it is not the caller's (or the link is not
// active).
type CareNoteService interface {
	// SendNote stores a note from supporterID to the wearer of their active
	// link linkID: body already normalized, preset "" or a NotePresets key.
	SendNote(ctx context.Context, supporterID, linkID int64, body, preset string, now time.Time) (*SentNote, error)
	// SentNotes lists what supporterID sent on the link, newest first.
	SentNotes(ctx context.Context, supporterID, linkID int64, limit int) ([]*SentNote, error)
	// FindNotes lists the notes the wearer may read, newest first: not
	// from a muted or revoked supporter.
	FindNotes(ctx context.Context, wearerID int64, limit int) ([]*CareNote, error)
	// MarkNoteRead marks one of the wearer's notes read.
	MarkNoteRead(ctx context.Context, wearerID, noteID int64, now time.Time) (*CareNote, error)
	// MuteNotes mutes or unmutes the supporter of the wearer's link.
	MuteNotes(ctx context.Context, wearerID, linkID int64, muted bool) (*Supporter, error)
}
