package dialogue

import (
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// pronounGraphDe is pronounGraph in German: pairing a headset, switching
// it on and off, and a laptop's page whose heading has all the words of
// "wie schalte ich es automatisch ein?" (how do I switch it on
// automatically).
func pronounGraphDe() *graph.Graph {
	const (
		headset = "https://help.example/de/headset-koppeln"
		power   = "https://help.example/de/headset-strom"
		laptop  = "https://help.example/de/laptop"
	)
	return &graph.Graph{
		Pages: []graph.Page{{URL: headset, Title: "Ein kabelloses Headset koppeln", Lang: "de"},
			{URL: power, Title: "Headset einschalten", Lang: "de"}, {URL: laptop, Title: "Laptop", Lang: "de"}},
		Nodes: []graph.Node{
			{ID: "pair", Page: headset, Problem: "Das kabellose Headset koppeln", Root: true, Actionable: true,
				Resolution: "Halten Sie die Kopplungstaste gedrückt, bis das Licht blau blinkt, und wählen Sie das Headset in der Liste."},
			{ID: "power", Page: power, Problem: "Das kabellose Headset schaltet sich ein oder aus", Root: true, Actionable: true,
				Resolution: "Drücken Sie die Ein-Taste drei Sekunden lang."},
			{ID: "resume", Page: laptop, Problem: "Der Laptop schaltet sich automatisch ein", Root: true, Actionable: true,
				Resolution: "Drücken Sie die Ein-Taste einmal, oder schließen und öffnen Sie den Deckel."},
			{ID: "battery", Page: laptop, Problem: "Den Akku des Laptops laden", Root: true, Actionable: true,
				Resolution: "Schließen Sie das Ladegerät an."},
		},
	}
}

// TestNamesByPronounLang: the pronouns of each language, by the language
// of the pages; English ones are read whatever the language.
func TestNamesByPronounLang(t *testing.T) {
	for _, tc := range []struct {
		lang, msg string
		want      bool
	}{
		{"de", "wie schalte ich es wieder ein?", true},
		{"de", "kann ich das rückgängig machen?", false}, // "das" inside: mostly an article
		{"de", "geht das auch auf dem mac?", false},
		{"de", "kann ich das später ändern? geht das", true},
		{"de", "gibt es eine app für den mac?", false}, // "es gibt": there is
		{"de", "wo finde ich das passwort?", false},
		{"de", "how do I turn it back on", true},
		{"fr", "comment je le réactive ?", true},
		{"fr", "est-ce que je peux annuler ça ?", true},
		{"fr", "on l'enlève comment ?", true},
		{"fr", "comment changer le mot de passe ?", false},
		{"fr", "ça marche pas, et le mot de passe ?", false}, // only the last clause asks
		{"es", "¿cómo lo vuelvo a activar?", true},
		{"es", "¿puedo desactivarlo?", true},
		{"es", "¿eso funciona en mac?", true},
		{"es", "¿dónde está la contraseña?", false},
		{"es", "¿es gratis la charla?", false},
		{"pt", "como eu desfaço isso?", true},
		{"pt", "dá pra desativá-lo?", true},
		{"pt", "onde fica a senha?", false},
		{"it", "come lo riattivo? posso disattivarlo?", true},
		{"it", "si può annullare questo?", true},
		{"it", "dove trovo la password?", false},
		{"nl", "hoe zet ik het weer aan?", true},
		{"nl", "kan ik dat ongedaan maken? werkt dat", true},
		{"nl", "waar vind ik het wachtwoord?", false}, // "het" the article
		{"ja", "それをもう一度オンにするには？", true},
		{"ja", "それぞれの設定はどこ？", false},
		{"en", "wie schalte ich es wieder ein?", false}, // another language's pronoun
		{"", "can I undo that?", true},
	} {
		if got := namesByPronoun(tc.msg, tc.lang); got != tc.want {
			t.Errorf("namesByPronoun(%q, %q) = %v, want %v", tc.msg, tc.lang, got, tc.want)
		}
	}
}
