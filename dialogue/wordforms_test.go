package dialogue

import (
	"context"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// smallHelpCenter is a one-language help center of one node a page: each
// page's title is its node's problem, with the given text.
func smallHelpCenter(lang string, pages ...[2]string) *graph.Graph {
	g := &graph.Graph{}
	for i, p := range pages {
		url := "https://help.example/" + lang + "/" + string(rune('a'+i))
		g.Pages = append(g.Pages, graph.Page{URL: url, Title: p[0], Lang: lang})
		g.Nodes = append(g.Nodes, graph.Node{ID: url, Page: url, Problem: p[0], Root: true, Actionable: true, Resolution: p[1]})
	}
	return g
}

// TestWordsTheGraphLacks: a message's word that no page has is read as
// the pages' words it is a form of (lexical.Known): a German compound as
// its parts, a participle as its verb, a word typed without its accents as
// the pages' word with them; a separable verb's particle is joined to it
// (lexical.JoinParticle); an English verb and its particle are the one
// word the pages write for them (lexical.JoinPhrasal). Each message
// matches its page only so.
func TestWordsTheGraphLacks(t *testing.T) {
	german := smallHelpCenter("de",
		[2]string{"Konto löschen", "Öffnen Sie die Einstellungen und wählen Sie Konto löschen. Das Löschen kann nicht rückgängig gemacht werden."},
		[2]string{"Konto sperren", "Wenn Sie Ihr Konto sperren, kann sich niemand mehr anmelden. Zum Entsperren schreiben Sie uns."},
		[2]string{"Passwort ändern", "Unter Sicherheit können Sie das Passwort ändern."},
		[2]string{"Rechnung herunterladen", "Jede Rechnung finden Sie im Bereich Zahlungen."},
		[2]string{"Code eingeben", "Den Code aus der E-Mail tippen Sie unter Aktivierung."},
		[2]string{"Code anfordern", "Einen neuen Code schicken wir Ihnen per E-Mail."},
	)
	spanish := smallHelpCenter("es",
		[2]string{"Instalar la aplicación", "Descargue la aplicación desde la tienda e instálela."},
		[2]string{"Instalar la extensión", "Abra la tienda del navegador e instale la extensión."},
		[2]string{"Cambiar la contraseña", "En Seguridad puede cambiar la contraseña."},
	)
	// The pages write the nouns solid, more often than the verb and its
	// particle apart (lexical.JoinPhrasal, vocab.readSolid).
	english := smallHelpCenter("en",
		[2]string{"Shutdown", "Choose shutdown in the user menu. A shutdown stops every app; the shutdown takes a minute."},
		[2]string{"Restart", "Choose restart in the user menu to restart the box."},
		[2]string{"Backups", "A backup keeps a copy of the box. Make a backup before an upgrade, restore a backup from the list."},
		[2]string{"Upgrades", "Upgrades install new versions of the apps."},
	)
	tests := []struct {
		name string
		g    *graph.Graph
		msg  string
		page string // the page's title
	}{
		{"English verb and particle", english, "how do i back it up", "Backups"},
		{"English verb and particle, a past", english, "is the box backed up", "Backups"},
		{"English verb and particle apart", english, "how do i shut the box down", "Shutdown"},
		{"German compound", german, "wie funktioniert die Kontosperre", "Konto sperren"},
		{"German compound, linking s", german, "wo ist der Rechnungsbereich", "Rechnung herunterladen"},
		{"German participle", german, "mein Konto ist gesperrt", "Konto sperren"},
		{"German separable verb", german, "wo gebe ich den Code ein", "Code eingeben"},
		{"Spanish accent left out", spanish, "instalar la aplicacion", "Instalar la aplicación"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := NewGraphAgent(tt.g, Options{})
			r, err := a.Respond(context.Background(), &Session{ID: tt.name}, tt.msg)
			if err != nil {
				t.Fatal(err)
			}
			want := ""
			for _, p := range tt.g.Pages {
				if p.Title == tt.page {
					want = p.URL
				}
			}
			if r.Action != Resolution || len(r.Sources) == 0 || r.Sources[0] != want {
				t.Errorf("%q: %s %q from %v, want the page %q", tt.msg, r.Action, r.Text, r.Sources, tt.page)
			}
		})
	}
}

// TestSpellerKeepsFormsOfTheGraphsWords: in a language without a
// dictionary, a word the pages lack is no typo of the word one letter away:
// it may be another form of their word, or a word they do not use.
func TestSpellerKeepsFormsOfTheGraphsWords(t *testing.T) {
	g := smallHelpCenter("fr",
		[2]string{"Anciennes versions", "Les vieilles versions de Windows ne sont plus prises en charge."},
		[2]string{"Mode veille", "En veille, la veille de l'écran coupe la protection. La veille est réglable."},
		[2]string{"Appui long", "Un appui long sur l'icône, un appui sur le bouton, un appui double."},
	)
	a := NewGraphAgent(g, Options{})
	for _, tt := range []struct{ msg, want string }{
		{"une vieille version de windows", "une vieille version de windows"}, // "vieille" is no "veille"
		{"une appli qui plante", "une appli qui plante"},                     // "appli" is no "appui"
		{"je regarde la tele", "je regarde la tele"},                         // nor "te le"
	} {
		if got := a.readMessage(tt.msg).text; got != tt.want {
			t.Errorf("readMessage(%q).text = %q, want %q", tt.msg, got, tt.want)
		}
	}
}

// TestPagesParticiplesAreTheirVerbs: a page's participle is stemmed as its
// verb where the pages have the verb ("gekündigte" and "kündigen"), so a
// message's verb meets it; a word that only looks like one is left alone.
func TestPagesParticiplesAreTheirVerbs(t *testing.T) {
	g := smallHelpCenter("de",
		[2]string{"Abo kündigen", "Wählen Sie im Konto Abo kündigen."},
		[2]string{"Nach der Kündigung", "Ein gekündigtes Abo läuft bis zum Ende des Monats. Die gesamte Laufzeit bleibt."},
	)
	a := NewGraphAgent(g, Options{})
	for _, tt := range []struct {
		word, as string
		same     bool
	}{
		{"gekündigtes", "kündigen", true},
		{"gesamte", "samen", false},
	} {
		if got := a.an.stem(tt.word) == a.an.stem(tt.as); got != tt.same {
			t.Errorf("stem(%q) = %q, stem(%q) = %q: same %v, want %v", tt.word, a.an.stem(tt.word), tt.as, a.an.stem(tt.as), got, tt.same)
		}
	}
}
