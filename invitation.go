package lifeline

import (
	"fmt"
	"time"
)

// Invitation emails: when a wearer invites a supporter by email address,
// the server queues the invitation in the outbox (PurposeInvitation).

// InvitationSubject is the email's subject.
func InvitationSubject(wearer string) string {
	return PlainText(wearer) + " invited you to their Lifeline care circle"
}

// InvitationMessage tells the invitee who asks, what it means and what to
// do; acceptURL carries the one-time token, expires is in the wearer's
// time zone. The wearer's name is Quoted, inside sentences: whatever they
// typed reads as a name, never as this server's words.
func InvitationMessage(wearer, acceptURL string, expires time.Time) string {
	return fmt.Sprintf(`Hi,

You've been invited to a Lifeline care circle by %[1]s, who uses Lifeline to look after their recovery and would like you to be one of their supporters.

Being a supporter means %[1]s can choose to let you know when things get hard: for example an alert if they stay somewhere they wanted to avoid, or a call for help. Nothing is shared with you until you accept, and %[1]s decides what you may see and can change it at any time.

To accept, open this link and sign in (or create a free account):

%[2]s

The link works once and until %[3]s. If you don't know %[1]s or weren't expecting this, you can ignore this email; nothing happens.`,
		Quoted(wearer), acceptURL, expires.Format("Monday 2 January at 3:04 PM MST"))
}
