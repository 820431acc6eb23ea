package dialogue

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/internal/langid"
	"github.com/helpgraph/helpgraph/internal/messages"
)

// fakePages are a help center's page languages (the first the default)
// and, if set, how many of a message's words each language's pages have.
type fakePages struct {
	langs []string
	words map[string]int
}

func (f fakePages) hasPagesIn(l string) bool { return slices.Contains(f.langs, l) }
func (f fakePages) defaultLanguage() string  { return f.langs[0] }
func (f fakePages) pageWords(l, _ string) int {
	if n, ok := f.words[l]; ok {
		return n
	}
	return -1
}

// TestToldLanguage: slight evidence (one function word, or a majority
// without a clear margin) names only a language the help center has pages
// in, the browser asks for no other and whose pages have as many of the
// message's words as the default language's; sure evidence names any
// language the bot speaks.
func TestToldLanguage(t *testing.T) {
	detect := langid.New("en", "de", "fr", "es", "ja")
	englishOnly := []string{"en"}
	all := []string{"en", "de", "fr", "es", "ja"}
	tests := []struct {
		msg    string
		pages  []string
		client string         // the browser's or widget's language
		words  map[string]int // the message's words each language's pages have
		want   string
	}{
		// English homographs of German's "dies", "man", "bin", French
		// "pour": left to the conversation's language.
		{"battery dies fast", englishOnly, "", nil, ""},
		{"man page missing", englishOnly, "", nil, ""},
		{"bin folder deleted", englishOnly, "", nil, ""},
		{"pour over settings page", englishOnly, "", nil, ""},
		// With German pages, the same word stands.
		{"battery dies fast", all, "", nil, "de"},
		{"usar icloud private relay junto con adguard", all, "", nil, "es"},
		{"usar icloud private relay junto con adguard", englishOnly, "", nil, ""},
		// English writes no accents: two French function words and an
		// accented word are French, though the pages are English; one
		// function word is not ("café au lait").
		{"comment désinstaller un paquet avec pip", englishOnly, "", nil, "fr"},
		{"comment desinstaller un paquet avec pip", englishOnly, "", nil, ""},
		{"café au lait stains on my screen", englishOnly, "", nil, ""},
		{"comment désinstaller un paquet avec pip", []string{"de", "en"}, "", nil, ""},
		{"mi contraseña no funciona", englishOnly, "", nil, "es"},
		// Sure evidence names a language without pages (the catalog's).
		{"Die Werbung wird auf YouTube immer noch angezeigt", englishOnly, "", nil, "de"},
		{"donde introduzco la clave de licencia", englishOnly, "", nil, "es"},
		{"YouTubeで広告が消えない", englishOnly, "", nil, "ja"},
		{"How do I move my license to a new computer?", englishOnly, "", nil, "en"},
		{"vpn dns", all, "", nil, ""},
		// Slight evidence gives way to the language the customer's
		// browser asks for, where there are pages in it; sure does not.
		{"battery dies fast", all, "en", nil, ""},
		{"battery dies fast", all, "de", nil, "de"},
		{"usar icloud private relay junto con adguard", all, "es", nil, "es"},
		{"usar icloud private relay junto con adguard", []string{"en", "de", "fr", "es"}, "ja", nil, "es"},
		{"Die Werbung wird auf YouTube immer noch angezeigt", all, "en", nil, "de"},
		// Slight evidence gives way to the default language where its
		// pages have more of the message's words (counts as the adguard
		// help center's pages have them).
		{"bin folder deleted", all, "", map[string]int{"en": 3, "de": 1}, ""},
		{"battery dies fast", all, "", map[string]int{"en": 2, "de": 2}, "de"},
		{"usar icloud private relay junto con adguard", all, "", map[string]int{"en": 4, "es": 6}, "es"},
		{"adguard protege contra phishing y malware?", all, "", map[string]int{"en": 4, "es": 4}, "es"},
		// Two German function words are more than the pages' words say.
		{"wie lange dauert die reset e-mail?", all, "", map[string]int{"en": 3, "de": 2}, "de"},
		{"Die Werbung wird auf YouTube immer noch angezeigt", all, "", map[string]int{"en": 9, "de": 1}, "de"}, // sure
	}
	for _, tt := range tests {
		pages := fakePages{langs: tt.pages, words: tt.words}
		if got := toldLanguage(detect, tt.msg, tt.client, pages); got != tt.want {
			t.Errorf("toldLanguage(%q, pages %v, client %q) = %q, want %q", tt.msg, tt.pages, tt.client, got, tt.want)
		}
	}
}

// TestTiedLanguage: among languages tied on a message's function words,
// the conversation's, then the browser's, else the one whose pages have
// strictly the most of its words; none on a tie of page words, or where
// they are not known.
func TestTiedLanguage(t *testing.T) {
	all := []string{"en", "de", "fr", "es", "ja"}
	esFr := []string{"es", "fr"}
	tests := []struct {
		name                 string
		tied                 []string
		conversation, client string
		pages                []string
		words                map[string]int
		want                 string
	}{
		{"the Spanish pages have more of its words", esFr, "", "", all, map[string]int{"en": 2, "es": 3, "fr": 2}, "es"},
		{"the French pages have more", esFr, "", "", all, map[string]int{"es": 1, "fr": 2}, "fr"},
		{"as many", esFr, "", "", all, map[string]int{"es": 2, "fr": 2}, ""},
		{"not known", esFr, "", "", all, nil, ""},
		{"the conversation's stands", esFr, "fr", "", all, map[string]int{"es": 3, "fr": 2}, "fr"},
		{"the browser's stands", esFr, "en", "fr", all, map[string]int{"es": 3, "fr": 2}, "fr"},
		{"a conversation in another language", esFr, "en", "", all, map[string]int{"es": 3, "fr": 2}, "es"},
		{"no pages in the leader", esFr, "", "", []string{"en", "fr"}, map[string]int{"es": 3, "fr": 2}, "fr"},
		{"no tie", nil, "", "", all, map[string]int{"es": 3}, ""},
	}
	for _, tt := range tests {
		got := tiedLanguage(tt.tied, "msg", tt.conversation, tt.client, fakePages{langs: tt.pages, words: tt.words})
		if got != tt.want {
			t.Errorf("%s: tiedLanguage = %q, want %q", tt.name, got, tt.want)
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
		if got := toldLanguage(detect, msg, "", fakePages{langs: []string{"en"}}); got != "" && got != "en" {
			t.Errorf("toldLanguage(%q) = %q on English pages", msg, got)
		}
	}
}

// TestHomographKeepsLanguage: through the agent, an English message with a
// German function-word homograph keeps the conversation in English on an
// English-only help center, and on one with German pages where the
// customer's browser asks for English or the English pages have more of
// its words; a German sentence, or German words, are German.
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
		// English words that are Polish stop words (go, to, my) are no
		// evidence of Polish: only Polish's own function words are.
		{"English pages, Polish homographs", NewGraphAgent(sampleGraph(t), Options{}), "", "go to my account settings", "en"},
		{"English pages, Polish sentence", NewGraphAgent(sampleGraph(t), Options{}), "", "nie mogę się zalogować, jak zmienić hasło", "pl"},
		// Indonesian acts English speakers type too ("ya", "hai", "oke")
		// say their act in any language; "cs" is no act at all.
		{"English pages, ya", NewGraphAgent(sampleGraph(t), Options{}), "", "ya", "en"},
		{"English pages, hai", NewGraphAgent(sampleGraph(t), Options{}), "", "hai", "en"},
		{"English pages, cs", NewGraphAgent(sampleGraph(t), Options{}), "", "cs", "en"},
		{"English pages, Indonesian thanks", NewGraphAgent(sampleGraph(t), Options{}), "", "makasih ya", "id"},
		{"German pages, English browser", multi, "en", "password dies after reset", "en"},
		// The English pages have more of its words than the German.
		{"German pages, no browser", multi, "", "password dies after reset", "en"},
		// One German function word, words of the German pages.
		{"German pages, German words", multi, "", "anmeldeseite lädt nicht", "de"},
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

// TestToldLanguageAdguard: on the AdGuard help center (../shared, pages in
// five languages), every development question (testdata/questions) that the
// detector tells any language of is read in its own (the detector alone,
// with Norwegian among the bot's languages, told "cómo instalar adguard en
// mi tele android" Norwegian), and fewer of the English
// homographs switch language than the detector alone would (11 of 20).
func TestToldLanguageAdguard(t *testing.T) {
	g, err := buildGraph(filepath.Join("..", "..", "shared", "data", "helpcenters", "adguard-kb"))
	if err != nil {
		t.Skipf("AdGuard help center: %v", err)
	}
	a := NewGraphAgent(g, Options{})
	for _, lang := range []string{"en", "de", "fr", "es", "ja"} {
		f, err := os.Open(filepath.Join("..", "testdata", "questions", "adguard-"+lang+".jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			var q struct{ Question string }
			if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
				t.Fatal(err)
			}
			if told := a.langs.detect.all.Detect(q.Question); told != "" {
				if got := a.messageLanguage(&Session{}, q.Question); got != lang {
					t.Errorf("%s: %q: %q, detected %q", lang, q.Question, got, told)
				}
			}
		}
		f.Close()
	}
	b, err := os.ReadFile(filepath.Join("..", "internal", "langid", "testdata", "homographs-en.txt"))
	if err != nil {
		t.Fatal(err)
	}
	switched, detected := 0, 0
	for _, msg := range strings.Split(string(b), "\n") {
		if msg == "" || msg[0] == '#' {
			continue
		}
		if l := a.langs.detect.all.Detect(msg); l != "" && l != "en" {
			detected++
		}
		if l := a.messageLanguage(&Session{}, msg); l != "en" {
			switched++
		}
	}
	t.Logf("homographs read as another language: %d of the detector's %d", switched, detected)
	if switched >= detected {
		t.Errorf("%d homographs switched language, the detector alone %d", switched, detected)
	}
}

// TestTiedLanguageThroughTheAgent: on a help center with English, Spanish
// and French pages, a message tied between Spanish and French on its
// function words ("de", "en") is Spanish where only the Spanish pages have
// its other words, and answered from them; a French conversation keeps it
// French.
func TestTiedLanguageThroughTheAgent(t *testing.T) {
	g := graphOfFiles(t, map[string]string{
		"en/dns-leaks.md": "# DNS leaks on Windows\n\nA DNS leak sends your DNS queries to your provider's server instead of the one you chose. Turn on the fallback server to stop it.\n",
		"es/dns-leaks.md": "# Posibles fugas de DNS en Windows\n\nUna fuga de DNS envía tus consultas al servidor de tu proveedor en lugar del que elegiste. Activa el servidor alternativo para evitarla.\n",
		"fr/dns-leaks.md": "# Fuites DNS sous Windows\n\nUne fuite DNS envoie vos requêtes au serveur de votre fournisseur au lieu de celui que vous avez choisi. Activez le serveur de secours pour l'éviter.\n",
	})
	a := NewGraphAgent(g, Options{})
	const msg = "fuga de dns en windows"
	// Dutch, a language the bot speaks without pages here, ties too.
	if tied := a.langs.detect.all.Tied(msg); !slices.Contains(tied, "es") || !slices.Contains(tied, "fr") {
		t.Fatalf("Tied(%q) = %q, want es and fr among them", msg, tied)
	}
	s := &Session{ID: "tied"}
	r, err := a.Respond(context.Background(), s, msg)
	if err != nil {
		t.Fatal(err)
	}
	if s.Lang != "es" || len(r.Sources) == 0 || !strings.HasPrefix(r.Sources[0], "es/") {
		t.Errorf("%q: language %q, sources %v; want es and es/dns-leaks.md", msg, s.Lang, r.Sources)
	}
	if got := a.messageLanguage(&Session{Lang: "fr"}, msg); got != "fr" {
		t.Errorf("%q in a French conversation: %q, want fr", msg, got)
	}
}

// TestToldLanguageTiedWithPages: where trigrams choose between languages
// tied on function words, the one the help center has pages in stands
// over one it has none in (an Italian help center's customer is not
// answered as a Spanish one); a language without pages that is not tied
// with the pages' still stands.
func TestToldLanguageTiedWithPages(t *testing.T) {
	tests := []struct {
		msg   string
		pages []string
		want  string
	}{
		// Italian and Spanish tie on "la", "del", "mio"; trigrams say Spanish.
		{"cambiare la password del mio utente", []string{"it"}, "it"},
		{"cambiare la password del mio utente", []string{"it", "es"}, "es"},
		{"mudar a data e a hora", []string{"pt"}, "pt"},
		{"donde introduzco la clave de licencia", []string{"it"}, "es"},
		{"Die Werbung wird auf YouTube immer noch angezeigt", []string{"it"}, "de"},
		// "con" is Spanish and Italian: no tie where only Spanish has pages.
		{"usar icloud private relay junto con adguard", []string{"en", "de", "fr", "es", "ja"}, "es"},
		// English read as French on "a", "on", "server" (sure, by
		// trigrams) is English on a help center without French pages.
		{"run a minecraft java server on a raspberry pi", []string{"en"}, "en"},
	}
	for _, tt := range tests {
		detect := newDetectors(tt.pages, messages.Embedded().Languages())
		if got := chooseLanguage(detect, fakePages{langs: tt.pages}, &Session{}, tt.msg); got != tt.want {
			tied := detect.all.Tied(tt.msg)
			t.Errorf("chooseLanguage(%q) on pages %v = %q, want %q (tied %v)", tt.msg, tt.pages, got, tt.want, tied)
		}
	}
}
