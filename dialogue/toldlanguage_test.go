package dialogue

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/internal/langid"
)

// TestToldLanguage: slight evidence (one function word, or a majority
// without a clear margin) names only a language the help center has pages
// in; sure evidence names any language the bot speaks.
func TestToldLanguage(t *testing.T) {
	detect := langid.New("en", "de", "fr", "es", "ja")
	englishOnly := []string{"en"}
	all := []string{"en", "de", "fr", "es", "ja"}
	tests := []struct {
		msg    string
		pages  []string
		client string // the browser's or widget's language
		want   string
	}{
		// English homographs of German's "dies", "man", "bin", French
		// "pour": left to the conversation's language.
		{"battery dies fast", englishOnly, "", ""},
		{"man page missing", englishOnly, "", ""},
		{"bin folder deleted", englishOnly, "", ""},
		{"pour over settings page", englishOnly, "", ""},
		// With German pages, the same word stands.
		{"battery dies fast", all, "", "de"},
		{"usar icloud private relay junto con adguard", all, "", "es"},
		{"usar icloud private relay junto con adguard", englishOnly, "", ""},
		// Sure evidence names a language without pages (the catalog's).
		{"Die Werbung wird auf YouTube immer noch angezeigt", englishOnly, "", "de"},
		{"donde introduzco la clave de licencia", englishOnly, "", "es"},
		{"YouTubeで広告が消えない", englishOnly, "", "ja"},
		{"How do I move my license to a new computer?", englishOnly, "", "en"},
		{"vpn dns", all, "", ""},
		// Slight evidence gives way to the language the customer's
		// browser asks for, where there are pages in it; sure does not.
		{"battery dies fast", all, "en", ""},
		{"battery dies fast", all, "de", "de"},
		{"usar icloud private relay junto con adguard", all, "es", "es"},
		{"usar icloud private relay junto con adguard", []string{"en", "de", "fr", "es"}, "ja", "es"},
		{"Die Werbung wird auf YouTube immer noch angezeigt", all, "en", "de"},
	}
	for _, tt := range tests {
		has := func(l string) bool { return slices.Contains(tt.pages, l) }
		if got := toldLanguage(detect, tt.msg, tt.client, has); got != tt.want {
			t.Errorf("toldLanguage(%q, pages %v, client %q) = %q, want %q", tt.msg, tt.pages, tt.client, got, tt.want)
		}
	}
}

// TestToldLanguageHomographs: on an English-only help center, none of the
// short English messages with a foreign function-word homograph
// (internal/langid/testdata/homographs-en.txt, written before the rule)
// switches the conversation to another language.
func TestToldLanguageHomographs(t *testing.T) {
	detect := langid.New("en", "de", "fr", "es", "ja")
	b, err := os.ReadFile(filepath.Join("..", "internal", "langid", "testdata", "homographs-en.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, msg := range strings.Split(string(b), "\n") {
		if msg == "" || msg[0] == '#' {
			continue
		}
		if got := toldLanguage(detect, msg, "", func(l string) bool { return l == "en" }); got != "" && got != "en" {
			t.Errorf("toldLanguage(%q) = %q on English pages", msg, got)
		}
	}
}

// TestHomographKeepsLanguage: through the agent, an English message with a
// German function-word homograph keeps the conversation in English on an
// English-only help center, and on one with German pages where the
// customer's browser asks for English; a German sentence is German.
func TestHomographKeepsLanguage(t *testing.T) {
	multi := multilingualAgent(t)
	tests := []struct {
		name        string
		agent       *GraphAgent
		client, msg string
		want        string
	}{
		{"English pages", NewGraphAgent(sampleGraph(t), Options{}), "", "battery dies fast", "en"},
		{"English pages, German sentence", NewGraphAgent(sampleGraph(t), Options{}), "", "Ich kann mich nicht mit meinem Passwort anmelden", "de"},
		{"German pages, English browser", multi, "en", "password dies after reset", "en"},
		{"German pages, no browser", multi, "", "password dies after reset", "de"},
	}
	for _, tt := range tests {
		s := &Session{ID: tt.name, ClientLang: tt.client}
		if _, err := tt.agent.Respond(context.Background(), s, tt.msg); err != nil {
			t.Fatal(err)
		}
		if s.Lang != tt.want {
			t.Errorf("%s: %q: conversation language %q, want %q", tt.name, tt.msg, s.Lang, tt.want)
		}
	}
}
