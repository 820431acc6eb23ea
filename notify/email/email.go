// Package email sends the support desk's e-mails over SMTP (go-mail): the
// team is told of each new handoff, and a customer who left an address
// gets a support reply they have not read in the chat.
package email

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/wneessen/go-mail"

	"github.com/helpgraph/helpgraph/notify"
)

// Sender sends plain-text e-mails through one SMTP server.
type Sender struct {
	opts []mail.Option
	host string
	from string
}

// NewSender returns a sender for rawURL: smtp://user:pass@host:port
// (port 587 by default; STARTTLS whenever the server offers it) or
// smtps://user:pass@host:port (TLS from the start, port 465 by default).
// Credentials go with the best mechanism the server offers; PLAIN and
// LOGIN only over TLS. tlsConfig may be nil (system roots).
func NewSender(rawURL, from string, tlsConfig *tls.Config) (*Sender, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("SMTP URL: %w", err)
	}
	host := u.Hostname()
	if host == "" {
		return nil, fmt.Errorf("SMTP URL %q: no host", u.Redacted())
	}
	if from == "" {
		return nil, errors.New("e-mail needs a sender: set HELPGRAPH_MAIL_FROM or HELPGRAPH_SUPPORT_EMAIL")
	}
	if tlsConfig == nil {
		tlsConfig = &tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}
	}
	opts := []mail.Option{mail.WithTimeout(30 * time.Second), mail.WithTLSConfig(tlsConfig)}
	port := 587
	switch u.Scheme {
	case "smtp":
		opts = append(opts, mail.WithTLSPolicy(mail.TLSOpportunistic))
	case "smtps":
		port = 465
		opts = append(opts, mail.WithSSL())
	default:
		return nil, fmt.Errorf("SMTP URL %q: scheme %q, want smtp or smtps", u.Redacted(), u.Scheme)
	}
	if p := u.Port(); p != "" {
		if port, err = strconv.Atoi(p); err != nil || port <= 0 || port > 65535 {
			return nil, fmt.Errorf("SMTP URL %q: bad port %q", u.Redacted(), p)
		}
	}
	opts = append(opts, mail.WithPort(port))
	if user := u.User.Username(); user != "" {
		pass, _ := u.User.Password()
		opts = append(opts, mail.WithSMTPAuth(mail.SMTPAuthAutoDiscover), mail.WithUsername(user), mail.WithPassword(pass))
	}
	if _, err := mail.NewClient(host, opts...); err != nil {
		return nil, fmt.Errorf("SMTP URL %q: %w", u.Redacted(), err)
	}
	return &Sender{opts: opts, host: host, from: from}, nil
}

// Send sends one plain-text e-mail. An SMTP answer that retrying cannot
// change (a 5xx) is notify.Permanent.
func (s *Sender) Send(ctx context.Context, to, subject, body string) error {
	m := mail.NewMsg()
	if err := m.From(s.from); err != nil {
		return notify.Permanent(fmt.Errorf("sender %q: %w", s.from, err))
	}
	if err := m.To(to); err != nil {
		return notify.Permanent(fmt.Errorf("recipient %q: %w", to, err))
	}
	m.Subject(subject)
	m.SetDate()
	m.SetMessageID()
	m.SetBodyString(mail.TypeTextPlain, body)
	// A client per message: the dispatcher sends concurrently, and a
	// handoff's e-mails are few.
	c, err := mail.NewClient(s.host, s.opts...)
	if err != nil {
		return notify.Permanent(err)
	}
	if err := c.DialAndSendWithContext(ctx, m); err != nil {
		var se *mail.SendError
		var ne net.Error
		if errors.As(err, &se) && !se.IsTemp() && !errors.As(err, &ne) {
			return notify.Permanent(fmt.Errorf("sending to %s: %w", to, err))
		}
		return fmt.Errorf("sending to %s: %w", to, err)
	}
	return nil
}

// Team tells the team's address of each new handoff.
type Team struct {
	Sender *Sender
	To     string
}

func (t *Team) Name() string               { return "e-mail to the team" }
func (t *Team) Handles(k notify.Kind) bool { return k == notify.Created }

func (t *Team) Deliver(ctx context.Context, e notify.Event) error {
	subject := "New handoff " + e.Ref
	if e.Intent != "" {
		subject += ": " + oneLine(e.Intent, 80)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "A customer asked for a person. Reference: %s\n", e.Ref)
	if e.Contact != "" {
		fmt.Fprintf(&b, "Customer's e-mail: %s\n", e.Contact)
	}
	if e.AdminURL != "" {
		fmt.Fprintf(&b, "Answer it here: %s\n", e.AdminURL)
	}
	b.WriteString("\nConversation so far:\n\n")
	b.WriteString(notify.Transcript(e.Transcript))
	b.WriteString("\n")
	return t.Sender.Send(ctx, t.To, subject, b.String())
}

// Customer e-mails a support reply to the customer who left an address,
// Delay after it was written, unless the chat has shown it by then.
type Customer struct {
	Sender *Sender
	// After is how long a reply waits to be read in the chat.
	After time.Duration
	// ChatURL is where the customer continues the conversation.
	ChatURL string
}

func (c *Customer) Name() string                     { return "e-mail to the customer" }
func (c *Customer) Handles(k notify.Kind) bool       { return k == notify.Replied }
func (c *Customer) Delay(notify.Event) time.Duration { return c.After }

func (c *Customer) Deliver(ctx context.Context, e notify.Event) error {
	switch {
	case e.Contact == "":
		return fmt.Errorf("%w: the customer left no e-mail address", notify.ErrSkipped)
	case e.Message == nil:
		return notify.Permanent(errors.New("a reply event without its message"))
	case e.ReplySeen != nil && e.ReplySeen():
		return fmt.Errorf("%w: the customer read the reply in the chat", notify.ErrSkipped)
	}
	var b strings.Builder
	b.WriteString(e.Message.Text)
	fmt.Fprintf(&b, "\n\n-- \nYour reference number is %s.", e.Ref)
	if c.ChatURL != "" {
		fmt.Fprintf(&b, " You can also carry on in the chat: %s", c.ChatURL)
	}
	b.WriteString("\n")
	return c.Sender.Send(ctx, e.Contact, "Reply to your request "+e.Ref, b.String())
}

func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
