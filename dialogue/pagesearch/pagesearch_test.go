package pagesearch

import (
	"context"
	"reflect"
	"testing"

	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/messages"
)

func TestRespond(t *testing.T) {
	pages := []graph.Page{
		{URL: "account/password.md", Title: "Reset your password", Text: "# Reset your password\n\nOpen Settings and choose Forgot password. We e-mail you a link."},
		{URL: "billing/refund.md", Title: "Refunds", Text: "# Refunds\n\nWe refund a licence within 30 days of purchase. Write to billing."},
		{URL: "billing/invoice.md", Title: "Invoices", Text: "# Invoices\n\n## Download an invoice\n\nEvery invoice is in your account under Billing."},
		{URL: "broken.md", Title: "Refunds refunds", Text: "refund refund refund", Status: graph.PageFailed},
		{URL: "empty.md", Title: "Refund", Text: " "},
	}
	a := New(pages)
	tests := []struct {
		name     string
		said     []string // earlier messages of the session
		message  string
		action   dialogue.Action
		sources  []string
		wantText string
	}{
		{name: "title and text", message: "i forgot my password", action: dialogue.Resolution, sources: []string{"account/password.md"}, wantText: "Reset your password"},
		{name: "stemmed", message: "can I get refunded?", action: dialogue.Resolution, sources: []string{"billing/refund.md"}, wantText: "Refunds"},
		{name: "a heading's words", message: "download invoices", action: dialogue.Resolution, sources: []string{"billing/invoice.md"}, wantText: "Invoices"},
		{name: "no term matches", message: "the weather tomorrow", action: dialogue.Escalation, sources: []string{}, wantText: "No page matches your question."},
		{name: "stop words only", message: "what is it?", action: dialogue.Escalation, sources: []string{}, wantText: "No page matches your question."},
		// The earlier messages are part of the query.
		{name: "follow-up", said: []string{"my invoice"}, message: "where do I download it", action: dialogue.Resolution, sources: []string{"billing/invoice.md"}, wantText: "Invoices"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &dialogue.Session{}
			for _, m := range tt.said {
				if _, err := a.Respond(context.Background(), s, m); err != nil {
					t.Fatal(err)
				}
			}
			r, err := a.Respond(context.Background(), s, tt.message)
			if err != nil {
				t.Fatal(err)
			}
			if r.Action != tt.action || !reflect.DeepEqual(r.Sources, tt.sources) || r.Text != tt.wantText {
				t.Errorf("reply %+v, want %s %q from %q", r, tt.action, tt.wantText, tt.sources)
			}
			if n := len(s.History); n != 2*(len(tt.said)+1) {
				t.Errorf("history has %d turns, want %d", n, 2*(len(tt.said)+1))
			}
		})
	}
}

func TestNewByLanguageSearchesInTheCustomersLanguage(t *testing.T) {
	pages := []graph.Page{
		{URL: "en/update.md", Title: "Updating the app", Text: "Open settings and choose update."},
		{URL: "de/update.md", Title: "Die App aktualisieren", Text: "Öffnen Sie die Einstellungen und wählen Sie Aktualisierungen."},
	}
	a := NewByLanguage(pages, "en", nil)
	var s dialogue.Session
	// "aktualisiert" meets "aktualisieren" only through the German stemmer.
	r, err := a.Respond(context.Background(), &s, "Wie wird die App aktualisiert?")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Sources) != 1 || r.Sources[0] != "de/update.md" {
		t.Errorf("sources %v, want [de/update.md]", r.Sources)
	}
	s = dialogue.Session{}
	r, _ = a.Respond(context.Background(), &s, "Ich möchte einen Kuchen backen, bitte")
	if want := messages.Embedded().Text("de", "NoPageMatches"); r.Text != want {
		t.Errorf("no match: %q, want %q", r.Text, want)
	}
}

// TestNewByLanguageAnswersFromTheTranslation: a German question whose one
// content word only the English article has is answered with that
// article's German translation.
func TestNewByLanguageAnswersFromTheTranslation(t *testing.T) {
	pages := []graph.Page{
		{URL: "en/backup.md", Title: "Backup and restore", Text: "Export your settings to a backup file."},
		{URL: "de/backup.md", Title: "Sicherung und Wiederherstellung", Text: "Exportieren Sie Ihre Einstellungen in eine Sicherungsdatei."},
		{URL: "de/konto.md", Title: "Konto löschen", Text: "Öffnen Sie Ihr Konto und wählen Sie Löschen."},
	}
	a := NewByLanguage(pages, "en", nil)
	var s dialogue.Session
	r, err := a.Respond(context.Background(), &s, "Wie mache ich ein Backup, damit nichts verloren geht?")
	if err != nil {
		t.Fatal(err)
	}
	if s.Lang != "de" || len(r.Sources) != 1 || r.Sources[0] != "de/backup.md" {
		t.Errorf("lang %q, sources %v, want de, [de/backup.md]", s.Lang, r.Sources)
	}
}
