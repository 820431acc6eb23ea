package dialogue

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

func TestTranslations(t *testing.T) {
	urls := []string{
		"en/general/license.md", "de/general/license.md", "ja/general/license.md",
		"en/general/only-english.md",
		"docs/setup.md", "i18n/fr/docs/setup.md",
		"https://h.example/hc/en-us/articles/123-Reset-your-password",
		"https://h.example/hc/de/articles/123-Passwort-zurucksetzen",
		"https://h.example/hc/de/articles/1234-Anderes",
		"en/guides/it/x.md", "de/guides/it/x.md",
		"manual/ch05.en.html#network", "manual/ch05.de.html#network", "manual/ch05.html", "notes.fr.md",
	}
	var pages []graph.Page
	for _, u := range urls {
		pages = append(pages, graph.Page{URL: u})
	}
	// A help desk's reader records each article's locale.
	pages[6].Lang, pages[7].Lang, pages[8].Lang = "en-US", "de", "de"
	// The page reader records a language its file name gives (page.fileLanguages).
	pages[11].Lang, pages[12].Lang, pages[14].Lang = "en", "de", "fr"
	pageLang := PageLanguages(&graph.Graph{Pages: pages}, "en")
	got := Translations(pages, pageLang)
	want := map[string]map[string]string{
		"en/general/license.md": {"de": "de/general/license.md", "ja": "ja/general/license.md"},
		"de/general/license.md": {"en": "en/general/license.md", "ja": "ja/general/license.md"},
		"ja/general/license.md": {"en": "en/general/license.md", "de": "de/general/license.md"},
		"docs/setup.md":         {"fr": "i18n/fr/docs/setup.md"},
		"i18n/fr/docs/setup.md": {"en": "docs/setup.md"},
		"https://h.example/hc/en-us/articles/123-Reset-your-password": {"de": "https://h.example/hc/de/articles/123-Passwort-zurucksetzen"},
		"https://h.example/hc/de/articles/123-Passwort-zurucksetzen":  {"en": "https://h.example/hc/en-us/articles/123-Reset-your-password"},
		"en/guides/it/x.md":           {"de": "de/guides/it/x.md"},
		"de/guides/it/x.md":           {"en": "en/guides/it/x.md"},
		"manual/ch05.en.html#network": {"de": "manual/ch05.de.html#network"},
		"manual/ch05.de.html#network": {"en": "manual/ch05.en.html#network"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Translations:\n got %v\nwant %v", got, want)
	}
}

// TestAnswersFromTheTranslation: a German message whose words meet only
// the English article (its English terms) is answered from the German
// translation of that article, at the same section, with no note.
func TestAnswersFromTheTranslation(t *testing.T) {
	a := multilingualAgent(t)
	for _, msg := range []string{"wie lange dauert die reset e-mail?", "mein login mit dem reset link geht nicht"} {
		s := &Session{}
		r, err := a.Respond(context.Background(), s, msg)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Sources) == 0 || r.Sources[0] != "de/account/password.md" {
			t.Errorf("%q: reply %q from %v, want de/account/password.md", msg, r.Text, r.Sources)
		}
		if strings.Contains(r.Text, "Englisch") {
			t.Errorf("%q: reply %q notes another language", msg, r.Text)
		}
	}
	s := &Session{}
	r, _ := a.Respond(context.Background(), s, "wie lange dauert die reset e-mail?")
	if !strings.Contains(r.Text, "Spam-Ordner") {
		t.Errorf("reply %q, want the section on the reset e-mail (Spam-Ordner)", r.Text)
	}
}
