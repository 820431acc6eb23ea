package dialogue

import (
	"slices"
	"testing"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

// TestLanguageSynonyms: each language's generic groups (synonyms.LANG.txt)
// fold a variant into its head term, as a phrase or a word, with or without
// its accents; a word left out because its stem is another word's stays
// itself; English's groups stay English's.
func TestLanguageSynonyms(t *testing.T) {
	for _, tc := range []struct {
		lang, text string
		want       []string
	}{
		{"es", "no puedo iniciar sesion", []string{"login"}},
		{"es", "cerrar la sesión", []string{"logout"}},
		{"es", "quiero darme de baja", []string{"cancel"}},
		{"es", "borrar un usuario", []string{"elimin", "usuari"}},
		{"es", "quitar un usuario", []string{"elimin", "usuari"}},
		{"es", "modificar la clave de acceso", []string{"cambi", "contrasen"}},
		{"es", "mi correo electrónico", []string{"email"}},
		{"es", "agregar una impresora", []string{"anad", "impresor"}},
		// "ajustar" is left out: it stems as "ajustes", the settings.
		{"es", "abrir los ajustes", []string{"abrir", "ajust"}},
		{"de", "Benutzer entfernen", []string{"benutz", "entfern"}},
		{"de", "Benutzer löschen", []string{"benutz", "entfern"}},
		{"de", "das Kennwort bearbeiten", []string{"passwort", "ander"}},
		{"de", "die Webseite", []string{"onlin"}},
		{"de", "E-Mail", []string{"email"}},
		{"de", "es klappt nicht", []string{"fehlgeschlag"}},
		// "ändern" is left out: it stems as "and", as the English word does.
		{"de", "Drag and Drop", []string{"drag", "and", "drop"}},
		{"fr", "changer mon mot de passe", []string{"modifi", "password"}},
		{"fr", "ouvrir une session", []string{"login"}},
		{"fr", "ça ne s'affiche pas", []string{"trouv"}},
		{"fr", "la mise a jour", []string{"actualis"}},
		{"fr", "rajouter un compte", []string{"ajout", "compt"}},
		// "listé" is left out: it stems as "liste".
		{"fr", "une liste", []string{"list"}},
		// Software's new names for the old lists are one word with them.
		{"en", "how do i whitelist a site", []string{"allowlist", "site"}},
		{"en", "add it to the white list", []string{"add", "allowlist"}},
		{"en", "my blacklist", []string{"blocklist"}},
		// An English group is no Spanish one.
		{"es", "money back", []string{"money", "back"}},
	} {
		an := newModelAnalyzer(lexical.For(tc.lang), nil)
		if got := an.terms(tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("%s: terms(%q) = %q, want %q", tc.lang, tc.text, got, tc.want)
		}
	}
}

// TestLanguageFillers: each language's chat words (fillers.LANG.txt) ask
// for nothing in that language alone.
func TestLanguageFillers(t *testing.T) {
	for _, tc := range []struct {
		lang, word string
		want       bool
	}{
		{"es", "genial", true},
		{"es", "perfecto", true},
		{"de", "super", true},
		{"de", "prima", true},
		{"fr", "génial", true},
		{"fr", "parfait", true},
		{"en", "genial", false},
		{"es", "parfait", false},
		{"fr", "impresora", false},
	} {
		an := newModelAnalyzer(lexical.For(tc.lang), nil)
		terms := an.terms(tc.word)
		if got := len(terms) == 1 && an.filler.has(terms[0]); got != tc.want {
			t.Errorf("%s: %q (terms %q) is filler: %v, want %v", tc.lang, tc.word, terms, got, tc.want)
		}
	}
}
