package email_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/notify"
	"github.com/helpgraph/helpgraph/notify/email"
	"github.com/helpgraph/helpgraph/notify/notifytest"
)

func TestSendOverEachTransport(t *testing.T) {
	tests := []struct {
		name    string
		o       notifytest.SMTPOptions
		wantTLS bool
	}{
		{"plain, no auth", notifytest.SMTPOptions{}, false},
		{"STARTTLS with auth", notifytest.SMTPOptions{User: "bot", Password: "pw", STARTTLS: true}, true},
		{"smtps", notifytest.SMTPOptions{User: "bot", Password: "pw", ImplicitTLS: true}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := notifytest.StartSMTP(t, tt.o)
			s, err := email.NewSender(srv.URL(), "Helpgraph <bot@example.com>", srv.TLSConfig())
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Send(context.Background(), "jane@example.com", "Hello", "Body text"); err != nil {
				t.Fatalf("Send: %v", err)
			}
			m := srv.Wait(t, 1)[0]
			if m.Subject != "Hello" || !strings.Contains(m.Body, "Body text") || m.To[0] != "jane@example.com" || m.From != "bot@example.com" {
				t.Errorf("got %+v", m)
			}
			if m.TLS != tt.wantTLS {
				t.Errorf("over TLS = %v, want %v", m.TLS, tt.wantTLS)
			}
			if m.Authed != (tt.o.User != "") {
				t.Errorf("authenticated = %v", m.Authed)
			}
		})
	}
}

func TestSendErrors(t *testing.T) {
	t.Run("no password over a connection without TLS", func(t *testing.T) {
		srv := notifytest.StartSMTP(t, notifytest.SMTPOptions{User: "bot", Password: "pw"})
		s, _ := email.NewSender(srv.URL(), "bot@example.com", nil)
		if err := s.Send(context.Background(), "jane@example.com", "x", "y"); err == nil {
			t.Fatal("sent a password in the clear")
		}
		if len(srv.Mails()) != 0 {
			t.Fatal("a message arrived")
		}
	})
	t.Run("wrong password", func(t *testing.T) {
		srv := notifytest.StartSMTP(t, notifytest.SMTPOptions{User: "bot", Password: "pw", STARTTLS: true})
		s, err := email.NewSender(strings.Replace(srv.URL(), ":pw@", ":nope@", 1), "bot@example.com", srv.TLSConfig())
		if err != nil {
			t.Fatal(err)
		}
		err = s.Send(context.Background(), "jane@example.com", "x", "y")
		if err == nil {
			t.Fatal("sent with a wrong password")
		}
	})
	t.Run("451 is retried", func(t *testing.T) {
		srv := notifytest.StartSMTP(t, notifytest.SMTPOptions{TempFailures: 1})
		s, _ := email.NewSender(srv.URL(), "bot@example.com", nil)
		err := s.Send(context.Background(), "jane@example.com", "x", "y")
		if err == nil || notify.IsPermanent(err) {
			t.Fatalf("first send: %v, want a temporary error", err)
		}
		if err := s.Send(context.Background(), "jane@example.com", "x", "y"); err != nil {
			t.Fatalf("second send: %v", err)
		}
	})
	t.Run("nobody listening is retried", func(t *testing.T) {
		s, _ := email.NewSender("smtp://127.0.0.1:1", "bot@example.com", nil)
		if err := s.Send(context.Background(), "jane@example.com", "x", "y"); err == nil || notify.IsPermanent(err) {
			t.Fatalf("send: %v, want a temporary error", err)
		}
	})
}

func TestNewSenderRefuses(t *testing.T) {
	for _, u := range []string{"http://mail.example", "smtp://", "smtp://mail.example:99999", "::"} {
		if _, err := email.NewSender(u, "bot@example.com", nil); err == nil {
			t.Errorf("NewSender(%q) accepted", u)
		}
	}
	if _, err := email.NewSender("smtp://mail.example", "", nil); err == nil {
		t.Error("NewSender without a sender accepted")
	}
}

func TestTeamAndCustomer(t *testing.T) {
	srv := notifytest.StartSMTP(t, notifytest.SMTPOptions{})
	s, _ := email.NewSender(srv.URL(), "bot@example.com", nil)
	ctx := context.Background()
	team := &email.Team{Sender: s, To: "team@example.com"}
	e := notify.Event{Kind: notify.Created, Ref: "HG-ABCDEF", Intent: "refund a booking", Contact: "jane@example.com",
		AdminURL:   "https://help.example/admin/handoffs/7",
		Transcript: []notify.Turn{{Role: "user", Text: "I want my money back"}, {Role: "agent", Text: "A person will reply."}}}
	if err := team.Deliver(ctx, e); err != nil {
		t.Fatal(err)
	}
	m := srv.Wait(t, 1)[0]
	for _, want := range []string{"HG-ABCDEF", "https://help.example/admin/handoffs/7", "Customer: I want my money back", "jane@example.com"} {
		if !strings.Contains(m.Subject+m.Body, want) {
			t.Errorf("team e-mail lacks %q:\n%s\n%s", want, m.Subject, m.Body)
		}
	}

	cust := &email.Customer{Sender: s, ChatURL: "https://help.example/"}
	reply := notify.Event{Kind: notify.Replied, Ref: "HG-ABCDEF", Contact: "jane@example.com",
		Message: &notify.Message{Seq: 4, Text: "Your refund is on its way."}}
	seen := reply
	seen.ReplySeen = func() bool { return true }
	if err := cust.Deliver(ctx, seen); !errors.Is(err, notify.ErrSkipped) {
		t.Errorf("a reply read in the chat: %v, want skipped", err)
	}
	noAddr := reply
	noAddr.Contact = ""
	if err := cust.Deliver(ctx, noAddr); !errors.Is(err, notify.ErrSkipped) {
		t.Errorf("no address: %v, want skipped", err)
	}
	reply.ReplySeen = func() bool { return false }
	if err := cust.Deliver(ctx, reply); err != nil {
		t.Fatal(err)
	}
	m = srv.Wait(t, 2)[1]
	if m.To[0] != "jane@example.com" || !strings.Contains(m.Body, "Your refund is on its way.") || !strings.Contains(m.Subject, "HG-ABCDEF") {
		t.Errorf("customer e-mail: %+v", m)
	}
}
