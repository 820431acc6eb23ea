package dialogue

import (
	"slices"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/lexical"
)

// TestSpellerLeavesRealWords corrects against a small hand-made graph with
// and without a dictionary: a real word the pages lack is what the
// customer meant, unless a graph word is it with a letter doubled.
func TestSpellerLeavesRealWords(t *testing.T) {
	g := &graph.Graph{
		Pages: []graph.Page{{URL: "plans", Title: "Changing your plan"}},
		Nodes: []graph.Node{
			{ID: "plan", Page: "plans", Root: true, Problem: "Changing your plan",
				Resolution: "Planning ahead: your plan is charged monthly. Our shows list every plan and the planning tools."},
		},
	}
	an := newModelAnalyzer(lexical.English, nil)
	words := newGraphWords(an, g)
	dictionary := map[string]bool{"plane": true, "charger": true, "planing": true, "shoes": true, "fro": true}
	for _, tc := range []struct {
		word, withDictionary, without string
	}{
		{"plane", "plane", "plan"},           // a real word, not the graph's
		{"charger", "charger", "charged"},    // a real word, not the graph's
		{"shoes", "shoes", "shows"},          // a real word, not the graph's
		{"planing", "planning", "planning"},  // real, but "planning" with a letter typed once
		{"plann", "plan", "plan"},            // no word at all: a typo
		{"chargd", "charged", "charged"},     // no word at all: a typo
		{"planning", "planning", "planning"}, // the graph's own word
		{"quetzal", "quetzal", "quetzal"},    // nothing near it
		// Two letters of a function word swapped: the function word.
		{"teh", "the", "the"},
		{"waht", "what", "what"},
		{"adn", "and", "and"},
		{"fro", "fro", "for"}, // a real word
		{"hte", "the", "the"},
		{"eht", "eht", "eht"},    // not a swap of neighbours
		{"pnal", "pnal", "pnal"}, // a swap, but of no function word
	} {
		with := newSpeller(words, nil, func(w string) bool { return dictionary[w] })
		if got := with.word(tc.word); got != tc.withDictionary {
			t.Errorf("with a dictionary, word(%q) = %q, want %q", tc.word, got, tc.withDictionary)
		}
		without := newSpeller(words, nil, nil)
		if got := without.word(tc.word); got != tc.without {
			t.Errorf("without a dictionary, word(%q) = %q, want %q", tc.word, got, tc.without)
		}
	}
}

func TestDoublesALetter(t *testing.T) {
	for _, tc := range []struct {
		short, long string
		want        bool
	}{
		{"planing", "planning", true},
		{"adress", "address", true},
		{"tomorow", "tomorrow", true},
		{"plane", "planet", false}, // a letter added, not doubled
		{"plan", "plann", true},    // the last letter doubled
		{"lan", "llan", true},      // the first letter doubled
		{"plan", "plan", false},    // the same word
		{"planning", "planing", false},
		{"shows", "shoes", false},
	} {
		if got := doublesALetter(tc.short, tc.long); got != tc.want {
			t.Errorf("doublesALetter(%q, %q) = %v, want %v", tc.short, tc.long, got, tc.want)
		}
	}
}

// TestSpellerSplitsRunTogetherWords: two stop words typed without the
// space between them are read as two; a graph word, a real word, and a
// name that parts into a stop word and another word are left whole.
func TestSpellerSplitsRunTogetherWords(t *testing.T) {
	g := &graph.Graph{
		Pages: []graph.Page{{URL: "plans", Title: "Changing your plan"}},
		Nodes: []graph.Node{
			{ID: "plan", Page: "plans", Root: true, Problem: "Changing your plan",
				Resolution: "Your plan renews every month. Send a note to the team."},
		},
	}
	words := newGraphWords(newModelAnalyzer(lexical.English, nil), g)
	dictionary := map[string]bool{"into": true, "nothing": true}
	sp := newSpeller(words, nil, func(w string) bool { return dictionary[w] })
	for _, tc := range []struct{ text, want string }{
		{"canI change my plan", "can I change my plan"},
		{"DoI need a plan", "Do I need a plan"},
		{"doif my plan renews", "do if my plan renews"},
		{"how do I get into my plan", "how do I get into my plan"}, // a real word
		{"my plan renews", "my plan renews"},                       // the graph's words
		{"canplan", "canplan"},                                     // a stop word and a graph word: maybe a name
		{"my Norton plan", "my Norton plan"},                       // a name
		{"I arrive from Dover", "I arrive from Dover"},             // not the "d" of "I'd"
		{"Ian says doI need it", "Ian says do I need it"},          // a name; a capital opens "I"
	} {
		if got := sp.correct(tc.text); got != tc.want {
			t.Errorf("correct(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestSpellerRestoresAccents: a graph word typed without its accents is
// that word, in a language the speller has no dictionary for and so
// guesses nothing else in; a word the graph has as typed, and a stop
// word, stay.
func TestSpellerRestoresAccents(t *testing.T) {
	g := &graph.Graph{
		Pages: []graph.Page{{URL: "config", Title: "Configuración de la batería", Lang: "es"}},
		Nodes: []graph.Node{
			{ID: "c", Page: "config", Root: true, Problem: "Configuración de la batería",
				Resolution: "Abra la configuración y elija el porcentaje de la batería. Esta opción está arriba."},
		},
	}
	model := lexical.For("es")
	sp := newSpeller(newGraphWords(newModelAnalyzer(model, nil), g), nil, nil)
	for _, tc := range []struct{ text, want string }{
		{"ver el porcentaje de la bateria", "ver el porcentaje de la batería"},
		{"la configuracion", "la configuración"},
		{"la configuración", "la configuración"},
		{"esta opcion", "esta opción"}, // "esta" is a stop word, whatever "está" is
		{"la bateriaa", "la bateriaa"}, // no guesses without a dictionary
	} {
		if got := sp.correct(tc.text); got != tc.want {
			t.Errorf("correct(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
	// A letter of the language's own is no accent: "año" is not "ano",
	// nor German's "zählen" "zahlen".
	for lang, page := range map[string]string{"es": "Cada año se renueva.", "de": "Zählen Sie die Einträge."} {
		g := &graph.Graph{Pages: []graph.Page{{URL: "p", Title: "T", Lang: lang}},
			Nodes: []graph.Node{{ID: "n", Page: "p", Root: true, Problem: "T", Resolution: page}}}
		own := newSpeller(newGraphWords(newModelAnalyzer(lexical.For(lang), nil), g), nil, nil)
		for _, w := range []string{"ano", "zahlen"} {
			if got := own.correct(w); got != w {
				t.Errorf("%s: correct(%q) = %q, want it as typed", lang, w, got)
			}
		}
	}
	if a, b := model.Terms(sp.correct("configuracion")), model.Terms("configuración"); !slices.Equal(a, b) {
		t.Errorf("terms %v and %v: want one stem", a, b)
	}
}
