package english

import (
	"slices"
	"strings"
	"testing"
)

func TestIntentsFor(t *testing.T) {
	tests := []struct {
		name, lang, problem, condition string
		want                           []string
	}{
		{"de topic", "de", "Erweiterte Einstellungen", "", []string{
			"Was sollte ich über Erweiterte Einstellungen wissen?",
			"Ich habe ein Problem mit Erweiterte Einstellungen",
			"Ich brauche Hilfe bei Erweiterte Einstellungen",
			"Was gilt für Erweiterte Einstellungen?",
			"Frage zu Erweiterte Einstellungen",
		}},
		{"de clause condition follows a comma", "de-DE", "Die App aktivieren", "wenn Sie ein Konto haben", []string{
			"Was sollte ich über die App aktivieren wissen, wenn Sie ein Konto haben?",
			"Ich habe ein Problem mit die App aktivieren, wenn Sie ein Konto haben",
			"Ich brauche Hilfe bei die App aktivieren, wenn Sie ein Konto haben",
			"Was gilt für die App aktivieren, wenn Sie ein Konto haben?",
			"Frage zu die App aktivieren, wenn Sie ein Konto haben",
		}},
		{"de prepositional condition follows directly", "de", "Videos ansehen", "in einem Browser", []string{
			"Was sollte ich über Videos ansehen wissen in einem Browser?",
			"Ich habe ein Problem mit Videos ansehen in einem Browser",
			"Ich brauche Hilfe bei Videos ansehen in einem Browser",
			"Was gilt für Videos ansehen in einem Browser?",
			"Frage zu Videos ansehen in einem Browser",
		}},
		{"de question", "de", "Was ist ein **Inhaltsblocker**?", "", []string{
			"Was ist ein Inhaltsblocker?",
			"Ich möchte wissen: Was ist ein Inhaltsblocker",
			"Bitte sagen Sie mir: Was ist ein Inhaltsblocker",
			"Frage: Was ist ein Inhaltsblocker?",
			"Können Sie mir helfen? Was ist ein Inhaltsblocker?",
		}},
		{"fr topic lower-cased, other condition in parentheses", "fr", "Mode de filtrage", "vous avez un compte", []string{
			"Que dois-je savoir sur mode de filtrage (vous avez un compte) ?",
			"J'ai un problème avec mode de filtrage (vous avez un compte)",
			"J'ai besoin d'aide pour mode de filtrage (vous avez un compte)",
			"Pouvez-vous m'expliquer mode de filtrage (vous avez un compte) ?",
			"Question sur mode de filtrage (vous avez un compte)",
		}},
		{"fr question with a space before its mark", "fr", "Pourquoi est-ce nécessaire ?", "", []string{
			"Pourquoi est-ce nécessaire ?",
			"Je voudrais savoir : Pourquoi est-ce nécessaire",
			"Pouvez-vous me dire : Pourquoi est-ce nécessaire",
			"Question : Pourquoi est-ce nécessaire ?",
			"Pouvez-vous m'aider ? Pourquoi est-ce nécessaire ?",
		}},
		{"es topic with a clause condition", "es", "Cambiar la contraseña", "una vez que tienes una cuenta", []string{
			"¿Qué debo saber sobre cambiar la contraseña, una vez que tienes una cuenta?",
			"Tengo un problema con cambiar la contraseña, una vez que tienes una cuenta",
			"Necesito ayuda con cambiar la contraseña, una vez que tienes una cuenta",
			"¿Me puedes explicar cambiar la contraseña, una vez que tienes una cuenta?",
			"Pregunta sobre cambiar la contraseña, una vez que tienes una cuenta",
		}},
		{"es question keeps one pair of marks", "es", "¿Cómo funciona?", "", []string{
			"¿Cómo funciona?",
			"Quisiera saber: Cómo funciona",
			"Por favor, dime: Cómo funciona",
			"Pregunta: ¿Cómo funciona?",
			"¿Me puedes ayudar? ¿Cómo funciona?",
		}},
		{"ja: no templates, the node's own words", "ja", "詳細設定", "", []string{"詳細設定"}},
		{"ja: the condition in parentheses, then the problem alone", "ja", "インストール", "Windows 7", []string{"インストール (Windows 7)", "インストール"}},
		{"an English heading on a German page reads as English", "de", "Rules for which there is no priority weight", "",
			Intents("Rules for which there is no priority weight", "")},
		{"English unchanged", "en", "Changing a reservation", "if you booked by phone",
			Intents("Changing a reservation", "if you booked by phone")},
		{"an empty tag is English", "", "Cancellation fees", "", Intents("Cancellation fees", "")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := IntentsFor(tt.lang).Intents(tt.problem, tt.condition)
			if !slices.Equal(got, tt.want) {
				t.Errorf("IntentsFor(%q).Intents(%q, %q) =\n%q\nwant\n%q", tt.lang, tt.problem, tt.condition, got, tt.want)
			}
		})
	}
}

func TestIntentTemplatesFallbacks(t *testing.T) {
	tests := []struct {
		lang, problem, parent string
		conds                 []string
		wantNumbered          string
		wantPart              string
		wantJoined            string
	}{
		{"en", "Examples", "Filter rules", []string{"as a member", "by phone"},
			"Tell me about examples (2)", "Examples in filter rules", "as a member and by phone"},
		{"de", "Beispiele", "Filterregeln", []string{"für Administratoren", "unter Android"},
			"Frage zu Beispiele (2)", "Beispiele (Filterregeln)", "für Administratoren und unter Android"},
		{"fr", "Exemples", "Règles", []string{"a", "b"}, "Question sur Exemples (2)", "Exemples (Règles)", "a et b"},
		{"es", "Ejemplos", "Reglas", []string{"a", "b"}, "Pregunta sobre Ejemplos (2)", "Ejemplos (Reglas)", "a y b"},
		{"pt", "Exemplos", "Regras", []string{"a", "b"}, "Pergunta sobre Exemplos (2)", "Exemplos (Regras)", "a e b"},
		{"it", "Esempi", "Regole", []string{"a", "b"}, "Domanda su Esempi (2)", "Esempi (Regole)", "a e b"},
		{"nl", "Voorbeelden", "Regels", []string{"a", "b"}, "Vraag over Voorbeelden (2)", "Voorbeelden (Regels)", "a en b"},
		{"ja", "例", "ルール", []string{"a", "b"}, "例 (2)", "例 (ルール)", "a; b"},
	}
	for _, tt := range tests {
		tpl := IntentsFor(tt.lang)
		if got := tpl.Numbered(tt.problem, 2); got != tt.wantNumbered {
			t.Errorf("%s: Numbered(%q, 2) = %q, want %q", tt.lang, tt.problem, got, tt.wantNumbered)
		}
		if got := tpl.Part(tt.problem, tt.parent); got != tt.wantPart {
			t.Errorf("%s: Part(%q, %q) = %q, want %q", tt.lang, tt.problem, tt.parent, got, tt.wantPart)
		}
		if got := tpl.JoinConditions(tt.conds); got != tt.wantJoined {
			t.Errorf("%s: JoinConditions(%q) = %q, want %q", tt.lang, tt.conds, got, tt.wantJoined)
		}
	}
}

// TestIntentFiles checks every data file: templates for questions and
// topics, each with its placeholder, none repeated (pickIntents needs at
// least three distinct intents).
func TestIntentFiles(t *testing.T) {
	langs := IntentLanguages()
	if !slices.Equal(langs, []string{"de", "es", "fr", "it", "nl", "pt"}) {
		t.Errorf("IntentLanguages() = %q, want de, es, fr, it, nl, pt", langs)
	}
	for _, l := range langs {
		tpl := IntentsFor(l)
		if tpl.Lang() != l {
			t.Errorf("IntentsFor(%q).Lang() = %q", l, tpl.Lang())
		}
		for _, s := range []struct {
			name, placeholder string
			lines             []string
		}{{"question", "{q}", tpl.question}, {"topic", "{t}", tpl.topic}, {"numbered", "{k}", []string{tpl.numbered}}} {
			if len(s.lines) < 3 && s.name != "numbered" {
				t.Errorf("%s: [%s] has %d templates, want at least 3", l, s.name, len(s.lines))
			}
			seen := map[string]bool{}
			for _, line := range s.lines {
				if !strings.Contains(line, s.placeholder) {
					t.Errorf("%s: [%s] template %q lacks %s", l, s.name, line, s.placeholder)
				}
				if s.name != "numbered" && !strings.Contains(line, "{c}") {
					t.Errorf("%s: [%s] template %q lacks {c}", l, s.name, line)
				}
				if seen[line] {
					t.Errorf("%s: [%s] template %q twice", l, s.name, line)
				}
				seen[line] = true
			}
		}
		if tpl.and == "" {
			t.Errorf("%s: no [and]", l)
		}
	}
}
