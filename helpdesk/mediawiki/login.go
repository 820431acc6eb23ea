package mediawiki

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"time"
)

// Environment variables of a private wiki's credentials: a bot password
// (Special:BotPasswords: the user name "Ann@helpgraph" and its password),
// which may read and nothing else.
const (
	EnvUser     = "HELPGRAPH_MEDIAWIKI_USER"
	EnvPassword = "HELPGRAPH_MEDIAWIKI_PASSWORD"
)

// credentials is a bot password, or none for a public wiki.
type credentials struct{ user, password string }

// maxLoginAnswer bounds the login steps' answers, a few hundred bytes.
const maxLoginAnswer = 1 << 20

// login signs in with the bot password, as the Action API has a client
// sign in: a login token asked for, then action=login posted with it; the
// session's cookies then ride on every request the reader makes.
func (r *Reader) login(ctx context.Context) error {
	if r.creds.user == "" {
		return nil
	}
	if r.API.Scheme != "https" && !loopback(r.API.Hostname()) {
		return fmt.Errorf("%s is not https: the bot password would travel in the clear", r.API.Redacted())
	}
	jar, err := cookiejar.New(nil)
	if err != nil {
		return err
	}
	hc := r.Client.HTTP
	if hc == nil {
		hc = &http.Client{Timeout: 60 * time.Second}
	}
	withJar := *hc
	withJar.Jar = jar
	r.Client.HTTP = &withJar

	var tokens struct {
		Query struct {
			Tokens struct {
				Login string `json:"logintoken"`
			} `json:"tokens"`
		} `json:"query"`
	}
	u := *r.API
	u.RawQuery = url.Values{"action": {"query"}, "meta": {"tokens"}, "type": {"login"}, "format": {"json"}}.Encode()
	if err := r.Client.GetJSON(ctx, u.String(), &tokens); err != nil {
		return fmt.Errorf("asking for a login token: %w", err)
	}
	if tokens.Query.Tokens.Login == "" {
		return fmt.Errorf("the wiki gave no login token")
	}
	form := url.Values{"action": {"login"}, "lgname": {r.creds.user}, "lgpassword": {r.creds.password},
		"lgtoken": {tokens.Query.Tokens.Login}, "format": {"json"}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.API.String(), strings.NewReader(form.Encode()))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("User-Agent", userAgent)
	resp, err := r.Client.HTTP.Do(req)
	if err != nil {
		return fmt.Errorf("signing in: %w", err)
	}
	defer resp.Body.Close()
	var answer struct {
		Login struct {
			Result string `json:"result"`
			Reason string `json:"reason"`
		} `json:"login"`
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, maxLoginAnswer)).Decode(&answer); err != nil {
		return fmt.Errorf("signing in: %s: %w", resp.Status, err)
	}
	if answer.Login.Result != "Success" {
		return fmt.Errorf("signing in as %s: %s %s (check %s and %s: a bot password from Special:BotPasswords)",
			r.creds.user, answer.Login.Result, answer.Login.Reason, EnvUser, EnvPassword)
	}
	return nil
}

// loopback reports whether host is this machine.
func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
