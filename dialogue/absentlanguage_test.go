package dialogue

import (
	"context"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestMissInAbsentLanguage: a question no page answers, in a language the
// help center has no pages in, is told that the pages are not in that
// language and asked again in theirs, in the customer's language; in a
// language it has pages in, it is the usual not-found reply. Seen chatting
// in Spanish and German on the (English) sample and GNOME help: "hola como
// puedo cambiar mi reserva" was told "no encontré eso en nuestras páginas
// de ayuda", though the English pages say how.
func TestMissInAbsentLanguage(t *testing.T) {
	g := &graph.Graph{
		Pages: []graph.Page{{URL: "https://help.example.com/booking", Title: "Changing a booking"}},
		Nodes: []graph.Node{{ID: "change", Page: "https://help.example.com/booking", Problem: "Changing a booking", Resolution: "Open My trips and choose Change.", Root: true, Actionable: true}},
	}
	multi, err := multilingualGraph()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		g    *graph.Graph
		msg  string
		want string
	}{
		{"Spanish to English pages", g, "hola como puedo cambiar mi reserva de hotel",
			"Lo siento, no encontré eso. Nuestras páginas de ayuda no están en español: ¿podría hacer su pregunta en inglés, en pocas palabras? Si prefiere hablar con una persona, solo dígalo."},
		{"German to English pages", g, "ich möchte meine Buchung stornieren und das Geld zurück",
			"Das habe ich leider nicht gefunden. Unsere Hilfeseiten gibt es nicht auf Deutsch: Können Sie Ihre Frage mit wenigen Worten auf Englisch stellen? Wenn Sie lieber mit einem Menschen sprechen möchten, sagen Sie es einfach."},
		{"French beside German and English pages", multi, "je voudrais changer la couleur de mon fond d'écran",
			"Désolé, je n’ai pas trouvé cela. Nos pages d’aide n’existent pas en français : pourriez-vous poser votre question en anglais, en quelques mots ? Si vous préférez parler à une personne, dites-le simplement."},
		{"German with German pages", multi, "ich möchte die Farbe meines Hintergrunds ändern",
			"Das habe ich in unseren Hilfeseiten leider nicht gefunden. Können Sie es mit wenigen Worten anders formulieren? Wenn Sie lieber mit einem Menschen sprechen möchten, sagen Sie es einfach."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &Session{}
			r, err := NewGraphAgent(tc.g, Options{}).Respond(context.Background(), s, tc.msg)
			if err != nil {
				t.Fatal(err)
			}
			if r.Text != tc.want {
				t.Errorf("%q: %s %q, want %q", tc.msg, r.Action, r.Text, tc.want)
			}
			if last := s.History[len(s.History)-1]; last.Text != r.Text {
				t.Errorf("history keeps %q, the reply says %q", last.Text, r.Text)
			}
		})
	}
}

// TestNoLanguageNoteWithoutPages: thanks in French after an answer from
// English pages is answered in French with no note that the answer is
// from the English pages: the reply quotes no page (quotesPages).
func TestNoLanguageNoteWithoutPages(t *testing.T) {
	g := &graph.Graph{
		Pages: []graph.Page{{URL: "https://help.example.com/booking", Title: "Changing a booking"}},
		Nodes: []graph.Node{{ID: "change", Page: "https://help.example.com/booking", Problem: "Changing a booking", Resolution: "Open My trips and choose Change.", Root: true, Actionable: true}},
	}
	r := lastReply(t, NewGraphAgent(g, Options{}), "how do i change my booking", "merci beaucoup")
	if !strings.HasPrefix(r.Text, "Je vous en prie") || strings.Contains(r.Text, "anglais") {
		t.Errorf("%s %q, want French thanks and no note on the pages' language", r.Action, r.Text)
	}
}
