package delivery

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
)

// ntfyTags are ntfy's emoji short codes per message priority.
var ntfyTags = map[string]string{"urgent": "rotating_light,sos", "high": "warning", "default": "bell"}

// sendWebhook posts m to url: as JSON, or with ntfy as an ntfy message
// (the body is the text; Title, Priority, Tags and Click are headers). A
// 4xx answer other than 408 and 429 is permanent.
func sendWebhook(ctx context.Context, client *http.Client, url string, ntfy bool, m Message) error {
	var body []byte
	contentType := "application/json"
	if ntfy {
		body, contentType = []byte(m.Body), "text/plain; charset=utf-8"
	} else {
		var err error
		if body, err = json.Marshal(m); err != nil {
			return permanent(err)
		}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return permanent(fmt.Errorf("webhook URL: %w", err))
	}
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("User-Agent", "Lifeline")
	req.Header.Set("Idempotency-Key", m.Key)
	if ntfy {
		req.Header.Set("Title", headerText(m.Title))
		req.Header.Set("Priority", m.Priority)
		req.Header.Set("Tags", ntfyTags[m.Priority])
		if m.URL != "" && strings.HasPrefix(m.URL, "http") {
			req.Header.Set("Click", m.URL)
		}
		ntfyClaimAction(req.Header, m)
	}
	resp, err := client.Do(req)
	if err != nil {
		return unreachable("webhook", err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	switch {
	case resp.StatusCode < 300:
		return nil
	case resp.StatusCode >= 400 && resp.StatusCode < 500 && resp.StatusCode != http.StatusRequestTimeout && resp.StatusCode != http.StatusTooManyRequests:
		return permanent(fmt.Errorf("webhook answered %s", resp.Status))
	}
	return fmt.Errorf("webhook answered %s", resp.Status)
}

// headerText keeps a header ASCII: ntfy decodes RFC 2047 words.
func headerText(s string) string {
	return mime.BEncoding.Encode("utf-8", s)
}
