package web

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/helpgraph/helpgraph/notify"
	"github.com/helpgraph/helpgraph/notify/email"
	"github.com/helpgraph/helpgraph/notify/notifytest"
	"github.com/helpgraph/helpgraph/notify/webhook"
)

// loadDesk is the desk of the load test: e-mail to a real SMTP server and
// a webhook, both on loopback, as serve configures them.
func loadDesk(t *testing.T) *notify.Dispatcher {
	smtp := notifytest.StartSMTP(t, notifytest.SMTPOptions{})
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
	}))
	t.Cleanup(hook.Close)
	sender, err := email.NewSender(smtp.URL(), "help@example.com", nil)
	if err != nil {
		t.Fatal(err)
	}
	d := notify.NewDispatcher([]notify.Sink{
		&email.Team{Sender: sender, To: "team@example.com"},
		&email.Customer{Sender: sender},
		&webhook.Sink{URL: hook.URL, Secret: "s"},
	}, notify.Options{})
	t.Cleanup(func() {
		d.Close(context.Background())
		t.Logf("desk: %d deliveries logged, %d e-mails received", len(d.Deliveries()), len(smtp.Mails()))
	})
	return d
}
