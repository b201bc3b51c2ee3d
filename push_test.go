package lifeline_test

import (
	"strings"
	"testing"

	"lifeline"
)

const (
	rfcP256dh = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
	rfcAuth   = "BTBZMqHH6r4Tts7J_aSIgg"
)

func TestPushSubscriptionValidate(t *testing.T) {
	for _, tc := range []struct {
		name      string
		sub       lifeline.PushSubscription
		badFields []string
	}{
		{"a browser's subscription", lifeline.PushSubscription{Endpoint: "https://fcm.googleapis.com/fcm/send/abc", P256dh: rfcP256dh, Auth: rfcAuth, Label: "Chrome on Android"}, nil},
		{"not a URL", lifeline.PushSubscription{Endpoint: "fcm/send/abc", P256dh: rfcP256dh, Auth: rfcAuth}, []string{"endpoint"}},
		{"another scheme", lifeline.PushSubscription{Endpoint: "ftp://push.example.org/abc", P256dh: rfcP256dh, Auth: rfcAuth}, []string{"endpoint"}},
		{"credentials in the URL", lifeline.PushSubscription{Endpoint: "https://me:pw@push.example.org/abc", P256dh: rfcP256dh, Auth: rfcAuth}, []string{"endpoint"}},
		{"a compressed key", lifeline.PushSubscription{Endpoint: "https://push.example.org/abc", P256dh: "A" + rfcP256dh[1:44], Auth: rfcAuth}, []string{"p256dh"}},
		{"padded base64", lifeline.PushSubscription{Endpoint: "https://push.example.org/abc", P256dh: rfcP256dh + "=", Auth: rfcAuth + "=="}, []string{"p256dh", "auth"}},
		{"a short auth", lifeline.PushSubscription{Endpoint: "https://push.example.org/abc", P256dh: rfcP256dh, Auth: "AAAA"}, []string{"auth"}},
		{"a long label", lifeline.PushSubscription{Endpoint: "https://push.example.org/abc", P256dh: rfcP256dh, Auth: rfcAuth, Label: strings.Repeat("x", 81)}, []string{"label"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.sub.Validate()
			if tc.badFields == nil {
				if err != nil {
					t.Fatalf("Validate: %v", err)
				}
				return
			}
			e, ok := err.(*lifeline.Error)
			if !ok || e.Code != lifeline.EINVALID {
				t.Fatalf("Validate: %v, want invalid", err)
			}
			for _, f := range tc.badFields {
				if e.Fields[f] == "" {
					t.Errorf("no message for %s: %v", f, e.Fields)
				}
			}
			if len(e.Fields) != len(tc.badFields) {
				t.Errorf("fields %v, want only %v", e.Fields, tc.badFields)
			}
		})
	}
}

// FuzzPushSubscriptionValidate: what a browser (or anyone) posts never
// panics, and what passes fits the table's constraints.
func FuzzPushSubscriptionValidate(f *testing.F) {
	f.Add("https://fcm.googleapis.com/fcm/send/abc", rfcP256dh, rfcAuth, "Chrome on Android")
	f.Add("http://[::1]:80/x", "BA", "", "")
	f.Add("https://push.example.org/ a", rfcP256dh, rfcAuth, strings.Repeat("é", 81))
	f.Fuzz(func(t *testing.T, endpoint, p256dh, auth, label string) {
		s := lifeline.PushSubscription{Endpoint: endpoint, P256dh: p256dh, Auth: auth, Label: label}
		if s.Validate() != nil {
			return
		}
		if len(s.P256dh) != 87 || len(s.Auth) != 22 || len(s.Endpoint) > 1000 || strings.ContainsAny(s.Endpoint, " \t\r\n") ||
			!(strings.HasPrefix(s.Endpoint, "https://") || strings.HasPrefix(s.Endpoint, "http://")) {
			t.Fatalf("accepted %+v", s)
		}
	})
}
