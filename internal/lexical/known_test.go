package lexical

import (
	"slices"
	"testing"
)

// fakeVocabulary is a help center's words as Known reads them.
type fakeVocabulary struct {
	stems  map[string]bool
	folded map[string]string
}

func vocabularyOf(lang string, words ...string) *fakeVocabulary {
	v := &fakeVocabulary{stems: map[string]bool{}, folded: map[string]string{}}
	for _, w := range words {
		s := For(lang).Stem(w)
		v.stems[s] = true
		v.folded[Fold(w)] = s
	}
	return v
}

func (v *fakeVocabulary) HasStem(s string) bool { return v.stems[s] }

func (v *fakeVocabulary) FoldedStem(f string) (string, bool) {
	s, ok := v.folded[f]
	return s, ok
}

func TestKnown(t *testing.T) {
	tests := []struct {
		name, lang string
		vocabulary []string
		word       string
		words      []string // nil: not known
	}{
		{"another form of a known word", "de", []string{"kündigen"}, "kündige", []string{"kündige"}},
		{"unknown", "de", []string{"kündigen"}, "abo", nil},
		// Compounds: parts of the vocabulary, with linking letters.
		{"compound", "de", []string{"software", "schaden"}, "schadsoftware", []string{"schad", "software"}},
		{"compound, linking s", "de", []string{"verbindung", "fehler"}, "verbindungsfehler", []string{"verbindungs", "fehler"}},
		{"compound of three", "de", []string{"daten", "verkehr", "verbrauch"}, "datenverkehrverbrauch", []string{"daten", "verkehr", "verbrauch"}},
		{"compound, accents", "de", []string{"lizenz", "schlüssel"}, "lizenzschlüssel", []string{"lizenz", "schlüssel"}},
		{"part too short", "de", []string{"abo", "kosten"}, "abokosten", nil},
		{"one part unknown", "de", []string{"software"}, "schadsoftware", nil},
		{"Dutch compound", "nl", []string{"wachtwoord", "beheer"}, "wachtwoordbeheer", []string{"wachtwoord", "beheer"}},
		{"Hungarian compound", "hu", []string{"egér", "gomb"}, "egérgomb", []string{"egér", "gomb"}},
		{"French writes no compounds", "fr", []string{"mot", "passe", "navigateur", "page"}, "navigateurpage", nil},
		// Participles: ge- and an ending around the verb's stem.
		{"participle -t", "de", []string{"kündigen"}, "gekündigt", []string{"gekündigt"}},
		{"an adjective that looks like a participle, of a short stem", "de", []string{"samen"}, "gesamte", nil},
		{"participle -t, no umlaut typed", "de", []string{"löschen"}, "geloescht", nil},
		{"participle, inflected", "de", []string{"sperren"}, "gesperrten", []string{"gesperrten"}},
		{"a noun that looks like a strong participle", "de", []string{"raten", "danken"}, "geräten", nil},
		{"participle -et", "de", []string{"öffnen"}, "geöffnet", []string{"geöffnet"}},
		{"Dutch participle -d", "nl", []string{"blokkeren"}, "geblokkeerd", []string{"geblokkeerd"}},
		// Accents left out: the vocabulary's word with them.
		{"Spanish accent left out", "es", []string{"aplicación"}, "aplicacion", []string{"aplicacion"}},
		{"French accent left out: the stems meet", "fr", []string{"réinitialisé"}, "reinitialise", []string{"reinitialise"}},
		{"Portuguese accent left out", "pt", []string{"configuração"}, "configuracao", []string{"configuracao"}},
		// Persian endings off (words as EachWord folds them: Arabic yeh and kaf).
		{"Persian adjective ending", "fa", []string{"ويندوز"}, "ويندوزي", []string{"ويندوزي"}},
		{"Persian plural and ezafe", "fa", []string{"كامپيوتر"}, "كامپيوترهاي", []string{"كامپيوترهاي"}},
		{"Persian possessive", "fa", []string{"سرور"}, "سرورم", []string{"سرورم"}},
		{"Persian remainder too short", "fa", []string{"دو"}, "دوم", nil},
		// English is read as it always was.
		{"English", "en", []string{"password", "manager"}, "passwordmanager", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := For(tt.lang)
			v := vocabularyOf(tt.lang, tt.vocabulary...)
			words, stems := m.Known(tt.word, v)
			if !slices.Equal(words, tt.words) {
				t.Fatalf("Known(%q) words = %q, want %q", tt.word, words, tt.words)
			}
			for i, s := range stems {
				if !v.HasStem(s) {
					t.Errorf("Known(%q): part %q has stem %q, not the vocabulary's", tt.word, words[i], s)
				}
			}
		})
	}
}

func TestJoinParticle(t *testing.T) {
	tests := []struct {
		lang, message string
		vocabulary    []string
		particle      int // the particle's position
		verb          int // -1: joins none
		stem          string
	}{
		{"de", "wo gebe ich den code ein", []string{"eingeben"}, 5, 1, "eingeb"},
		{"de", "wie schalte ich premium frei", []string{"freischalten"}, 4, 1, "freischalt"},
		// The nearest word that joins it: not a stop word or another particle.
		{"de", "ich lade die app herunter", []string{"herunterladen"}, 4, 1, "herunterlad"},
		{"de", "wo gebe ich den code ein", []string{"geben"}, 5, -1, ""}, // the pages lack "eingeben"
		{"de", "auf dem iphone", []string{"aufdem"}, 0, -1, ""},          // the first word joins nothing
		// A particle closes its clause: before a content word it is an
		// article or a preposition.
		{"de", "wie tippe ich ein è oder ç", []string{"eintippen"}, 3, -1, ""},
		{"de", "wie tippe ich ein", []string{"eintippen"}, 3, 1, "eintipp"},
		{"nl", "hoe zet ik de filter aan", []string{"aanzetten"}, 5, 1, "aanzet"},
		{"fr", "je rentre le code en", []string{"enrentre"}, 4, -1, ""}, // French has no separable verbs
	}
	for _, tt := range tests {
		m := For(tt.lang)
		words := m.Words(tt.message)
		verb, stem, ok := m.JoinParticle(words, tt.particle, vocabularyOf(tt.lang, tt.vocabulary...))
		if tt.verb < 0 {
			if ok {
				t.Errorf("%s %q: %q joined to %q (%s), want none", tt.lang, tt.message, words[tt.particle], words[verb], stem)
			}
			continue
		}
		if !ok || verb != tt.verb || stem != tt.stem {
			t.Errorf("%s %q: JoinParticle = %d %q %v, want %d %q", tt.lang, tt.message, verb, stem, ok, tt.verb, tt.stem)
		}
	}
}

func BenchmarkKnown(b *testing.B) {
	m := For("de")
	v := vocabularyOf("de", "daten", "verkehr", "verbrauch", "software", "schaden", "lizenz", "schlüssel")
	for b.Loop() {
		m.Known("datenverkehrverbrauch", v)
		m.Known("unbekannt", v)
	}
}
