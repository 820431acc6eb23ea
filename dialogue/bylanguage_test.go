package dialogue

import (
	"context"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/lexical"
	"github.com/helpgraph/helpgraph/internal/messages"
)

// titleSearch is a part that answers with the first of its pages whose
// title shares a term with the message, in its language's words.
type titleSearch struct {
	pages []graph.Page
	words *lexical.Model
}

func (t titleSearch) Respond(_ context.Context, s *Session, msg string) (Reply, error) {
	s.History = append(s.History, Turn{Role: "user", Text: msg})
	r := Reply{Action: Escalation, Text: "none"}
	for _, p := range t.pages {
		if lexical.Common(t.words.Terms(p.Title), t.words.Terms(msg)) > 0 {
			r = Reply{Action: Resolution, Text: p.Title, Sources: []string{p.URL}}
			break
		}
	}
	s.History = append(s.History, Turn{Role: "agent", Text: r.Text, Action: r.Action})
	return r, nil
}

func TestByLanguageAnswersInTheCustomersLanguage(t *testing.T) {
	pages := []graph.Page{
		{URL: "en/vpn.md", Title: "Setting up the VPN connection"},
		{URL: "en/billing.md", Title: "Invoices and billing"},
		{URL: "de/vpn.md", Title: "Die VPN-Verbindung einrichten"},
	}
	b := NewByLanguage(pages, "en", nil, func(pages []graph.Page, words *lexical.Model, _ *messages.Catalog) Agent {
		return titleSearch{pages, words}
	})
	note := messages.Embedded().Text("de", "OtherLanguage", "Language", "Deutsch", "Default", "Englisch")
	for _, tc := range []struct {
		msg, lang, source string
		noted             bool
	}{
		{"Wie richte ich die VPN-Verbindung auf meinem Rechner ein?", "de", "de/vpn.md", false},
		{"Where do I find my invoices and billing history?", "en", "en/billing.md", false},
		// No German page on billing: the English one, said so in German.
		{"Wo finde ich meine Rechnungen? Ich brauche das billing für die Firma", "de", "en/billing.md", true},
	} {
		var s Session
		r, err := b.Respond(context.Background(), &s, tc.msg)
		if err != nil {
			t.Fatal(err)
		}
		if s.Lang != tc.lang || len(r.Sources) != 1 || r.Sources[0] != tc.source {
			t.Errorf("%q: lang %q, sources %v; want %q, [%s]", tc.msg, s.Lang, r.Sources, tc.lang, tc.source)
		}
		if got := strings.HasPrefix(r.Text, note); got != tc.noted {
			t.Errorf("%q: reply %q: noted other language %v, want %v", tc.msg, r.Text, got, tc.noted)
		}
	}
}

// A baseline settles a message tied between languages on function words by
// its pages' words, as the graph agent does (TestTiedLanguageThroughTheAgent),
// so that the two are compared on ranking, not on language routing.
func TestByLanguageSettlesTiesOnPageWords(t *testing.T) {
	pages := []graph.Page{
		{URL: "en/dns.md", Title: "DNS leaks on Windows", Text: "A DNS leak sends your queries to your provider."},
		{URL: "es/dns.md", Title: "Posibles fugas de DNS en Windows", Text: "Una fuga de DNS envía tus consultas a tu proveedor."},
		{URL: "fr/dns.md", Title: "Fuites DNS sous Windows", Text: "Une fuite DNS envoie vos requêtes à votre fournisseur."},
	}
	b := NewByLanguage(pages, "en", nil, func(pages []graph.Page, words *lexical.Model, _ *messages.Catalog) Agent {
		return titleSearch{pages, words}
	})
	const msg = "fuga de dns en windows" // Spanish and French "de", "en"
	for _, tc := range []struct {
		conversation, want string
	}{
		{"", "es"},   // "fuga" is a word of the Spanish pages only
		{"fr", "fr"}, // a French conversation stays French
	} {
		if got := b.messageLanguage(&Session{Lang: tc.conversation}, msg); got != tc.want {
			t.Errorf("%q in a conversation in %q: %q, want %q", msg, tc.conversation, got, tc.want)
		}
	}
}
