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

func TestChannelValidatePush(t *testing.T) {
	for _, tc := range []struct {
		name      string
		sub       lifeline.Channel
		badFields []string
	}{
		{"a browser's subscription", lifeline.Channel{Kind: lifeline.ChannelPush, Address: "https://fcm.googleapis.com/fcm/send/abc", P256dh: rfcP256dh, Auth: rfcAuth, Label: "Chrome on Android"}, nil},
		{"not a URL", lifeline.Channel{Kind: lifeline.ChannelPush, Address: "fcm/send/abc", P256dh: rfcP256dh, Auth: rfcAuth}, []string{"address"}},
		{"another scheme", lifeline.Channel{Kind: lifeline.ChannelPush, Address: "ftp://push.example.org/abc", P256dh: rfcP256dh, Auth: rfcAuth}, []string{"address"}},
		{"credentials in the URL", lifeline.Channel{Kind: lifeline.ChannelPush, Address: "https://me:pw@push.example.org/abc", P256dh: rfcP256dh, Auth: rfcAuth}, []string{"address"}},
		{"a compressed key", lifeline.Channel{Kind: lifeline.ChannelPush, Address: "https://push.example.org/abc", P256dh: "A" + rfcP256dh[1:44], Auth: rfcAuth}, []string{"p256dh"}},
		{"padded base64", lifeline.Channel{Kind: lifeline.ChannelPush, Address: "https://push.example.org/abc", P256dh: rfcP256dh + "=", Auth: rfcAuth + "=="}, []string{"p256dh", "auth"}},
		{"a short auth", lifeline.Channel{Kind: lifeline.ChannelPush, Address: "https://push.example.org/abc", P256dh: rfcP256dh, Auth: "AAAA"}, []string{"auth"}},
		{"a long label", lifeline.Channel{Kind: lifeline.ChannelPush, Address: "https://push.example.org/abc", P256dh: rfcP256dh, Auth: rfcAuth, Label: strings.Repeat("x", 81)}, []string{"label"}},
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

// FuzzChannelValidatePush: what a browser (or anyone) posts never
// panics, and what passes fits the table's constraints.
func FuzzChannelValidatePush(f *testing.F) {
	f.Add("https://fcm.googleapis.com/fcm/send/abc", rfcP256dh, rfcAuth, "Chrome on Android")
	f.Add("http://[::1]:80/x", "BA", "", "")
	f.Add("https://push.example.org/ a", rfcP256dh, rfcAuth, strings.Repeat("é", 81))
	f.Fuzz(func(t *testing.T, endpoint, p256dh, auth, label string) {
		s := lifeline.Channel{Kind: lifeline.ChannelPush, Address: endpoint, P256dh: p256dh, Auth: auth, Label: label}
		if s.Validate() != nil {
			return
		}
		if len(s.P256dh) != 87 || len(s.Auth) != 22 || len(s.Address) > 1000 || strings.ContainsAny(s.Address, " \t\r\n") ||
			!(strings.HasPrefix(s.Address, "https://") || strings.HasPrefix(s.Address, "http://")) {
			t.Fatalf("accepted %+v", s)
		}
	})
}
