package delivery

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"lifeline"
)

// Claims in messages: a supporter's alert carries a one-tap "I'm on it"
// link (email), an action button (ntfy) or an action (web push); the
// wearer hears of each step (claim_notice) and a claimer is reminded of a
// claim still open (claim_reminder).

// claimStep words a claim notice to the wearer or a reminder to the
// claimer.
func claimStep(m Message, item *lifeline.OutboxItem, base string) Message {
	st := item.Step
	m.Type, m.Priority = item.Purpose, "high"
	if item.Purpose == lifeline.PurposeClaimReminder {
		m.Title = lifeline.ClaimReminderSubject(lifeline.PlainText(item.Wearer))
		m.Body = lifeline.ClaimReminderMessage(lifeline.Quoted(item.Wearer), st.At.In(item.RecipientLocation))
		m.URL = base + "/supporting"
		return m
	}
	m.Title = lifeline.ClaimNoticeSubject(lifeline.PlainText(st.Actor), st.Kind)
	m.Body = lifeline.ClaimNoticeMessage(lifeline.Quoted(st.Actor), st.Kind, st.Note, st.At.In(item.RecipientLocation))
	m.URL = base + "/alerts"
	if st.Kind == lifeline.StepResolved {
		m.Priority = "default"
	}
	return m
}

// claimVia is where a one-tap link would go with item, or "" when it
// carries none: only a supporter's alert, sent by email, web push or ntfy.
func claimVia(item *lifeline.OutboxItem) string {
	if item.Purpose != lifeline.PurposeAlert || item.Role != "supporter" || item.Resolution || item.Alert == nil {
		return ""
	}
	switch {
	case item.Channel == lifeline.ChannelEmail:
		return lifeline.ViaEmail
	case item.Channel == lifeline.ChannelPush:
		return lifeline.ViaPush
	case item.Channel == lifeline.ChannelWebhook && item.Ntfy:
		return lifeline.ViaNtfy
	}
	return ""
}

// withClaimLink adds the one-tap link to m. A link that cannot be made
// leaves the message as it was: the alert matters more than the button.
func (w *Worker) withClaimLink(ctx context.Context, item *lifeline.OutboxItem, m Message, now time.Time) Message {
	via := claimVia(item)
	if via == "" {
		return m
	}
	token, err := w.cfg.Outbox.MakeClaimLink(ctx, item.ID, via, now)
	if err != nil {
		w.cfg.Logger.Warn("claim link", "id", item.ID, "err", err)
		return m
	}
	base := strings.TrimRight(w.cfg.PublicURL, "/")
	m.ClaimToken = token
	if via == lifeline.ViaEmail {
		m.ClaimURL = base + "/claim#token=" + token
		m.Body += "\n\n" + lifeline.ClaimLinkNote(m.ClaimURL)
	} else {
		m.ClaimURL = base + "/api/claim-links/claim"
	}
	return m
}

// ntfyClaimAction sets the ntfy Actions header of a message with a one-tap
// link: an HTTP action that posts the token as JSON and clears the
// notification. It uses ntfy's JSON form of the header, so the label's
// apostrophe and the body's quotes need no escaping rules of the short
// form.
func ntfyClaimAction(h http.Header, m Message) {
	if m.ClaimToken == "" || !strings.HasPrefix(m.ClaimURL, "http") {
		return
	}
	body, _ := json.Marshal(map[string]string{"token": m.ClaimToken})
	actions, _ := json.Marshal([]ntfyAction{{Action: "http", Label: "I'm on it", URL: m.ClaimURL, Method: http.MethodPost,
		Headers: map[string]string{"Content-Type": "application/json"}, Body: string(body), Clear: true}})
	h.Set("Actions", string(actions))
}

// ntfyAction is one of ntfy's action buttons.
type ntfyAction struct {
	Action  string            `json:"action"`
	Label   string            `json:"label"`
	URL     string            `json:"url"`
	Method  string            `json:"method"`
	Headers map[string]string `json:"headers"`
	Body    string            `json:"body"`
	Clear   bool              `json:"clear"`
}
