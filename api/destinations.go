package api

import (
	"net/url"

	"lifeline"
	"lifeline/internal/netguard"
)

// publicDestination refuses a webhook address or push endpoint whose host
// is an IP address outside the public internet ("http://127.0.0.1/…",
// "http://[::ffff:169.254.169.254]/"), so the mistake is named when it is
// saved rather than as a failed delivery later. A name is judged at each
// connection by the delivery worker, which also re-checks every address.
// --private-webhooks (Config.AllowPrivateWebhooks) turns both checks off.
func (s *Server) publicDestination(rawURL, field string) error {
	if s.cfg.AllowPrivateWebhooks {
		return nil
	}
	u, err := url.Parse(rawURL)
	if err != nil || netguard.CheckHost(u.Hostname()) == nil {
		return nil // Validate has judged its form
	}
	return &lifeline.Error{Code: lifeline.EINVALID, Message: "Please check the highlighted fields.", Fields: map[string]string{
		field: "This address is not on the public internet. Use the public name or address of the service.",
	}}
}
