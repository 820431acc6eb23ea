package english

import (
	"slices"
	"testing"
)

// TestSituationsInOtherLanguages: labels of German, French and Spanish
// help pages (GNOME's help and the AdGuard KB, in their words), the
// situations they state and the look-alikes that state none, each checked
// by eye on the built graphs.
func TestSituationsInOtherLanguages(t *testing.T) {
	tests := []struct {
		lang, label string
		colon       bool
		want        string // the condition; "" when the label is no situation
	}{
		// German: a conjunction's clause keeps it (its verb comes last).
		{"de", "Wenn Sie eine Bluetooth-Maus verwenden", false, "wenn Sie eine Bluetooth-Maus verwenden"},
		{"de", "Falls keine Netzwerke in der Liste erscheinen", false, "falls keine Netzwerke in der Liste erscheinen"},
		{"de", "Sobald der Download abgeschlossen ist", false, "sobald der Download abgeschlossen ist"},
		{"de", "Im Falle eines Fehlers", false, "im Falle eines Fehlers"},
		{"de", "Für Administratoren", false, "Administratoren"},
		{"de", "Bei mehreren angeschlossenen Bildschirmen", false, "bei mehreren angeschlossenen Bildschirmen"},
		{"de", "Nach der Installation", true, "nach der Installation"},
		{"de", "Nach der Installation", false, ""}, // a section heading
		{"de", "Für weitere Informationen", false, ""},
		{"de", "Für jeden Stylus gibt es einen Bereich mit dessen Einstellungen", false, ""},
		{"de", "Falls die Festplatte zu voll ist, sollten Sie", true, ""},
		{"de", "Nach der Aktivierung können Sie mit der Anwendung weiterarbeiten", true, ""},
		{"de", "Als Erstes muss der DNS-Schutz aktiviert werden", true, ""},
		{"de", "Bei einigen ist ein Problem aufgetreten", false, ""},
		{"de", "Wenn der Drucker nicht druckt?", false, ""},
		{"de", "Klicken Sie auf Speichern", true, ""},
		{"de", "Drucker einrichten", false, ""},
		// French: the lead is left out, the clause reads on.
		{"fr", "Si vous utilisez une souris Bluetooth", false, "vous utilisez une souris Bluetooth"},
		{"fr", "Lorsque l’impression est terminée", false, "l’impression est terminée"},
		{"fr", "S’il n’y a aucun réseau dans la liste", false, "s’il n’y a aucun réseau dans la liste"},
		{"fr", "Dès que vous avez une licence", false, "dès que vous avez une licence"},
		{"fr", "Pour les administrateurs", false, "les administrateurs"},
		{"fr", "Pour votre deuxième licence", false, "votre deuxième licence"},
		{"fr", "En cas d’erreur", false, "erreur"},
		{"fr", "Vous avez un compte professionnel", false, "vous avez un compte professionnel"},
		{"fr", "Pour plus d’informations", false, ""},
		{"fr", "Pour modifier la taille du texte", false, ""},
		{"fr", "Pour vous déconnecter du VPN", false, ""},
		{"fr", "Pour s’inscrire", false, ""},
		{"fr", "Pour rassembler :", true, ""},
		{"fr", "Quand signaler des bogues", false, ""},
		{"fr", "Pour une meilleure compréhension, nous avons représenté ce processus", true, ""},
		{"fr", "Après l’activation, vous pouvez continuer à travailler", true, ""},
		{"fr", "Si vous changez de fournisseur d’encre, assurez-vous d’étalonner l’imprimante", true, ""},
		{"fr", "Cliquez sur Enregistrer", true, ""},
		// Portuguese, Italian and Dutch (written as GNOME's translations
		// write labels; rules from their grammar, not tuned on a set).
		{"pt", "Se você usa um mouse Bluetooth", false, "você usa um mouse Bluetooth"},
		{"pt", "Quando a impressão terminar", false, "a impressão terminar"},
		{"pt", "Para administradores", false, "administradores"},
		{"pt", "Para alterar o tamanho do texto", false, ""},
		{"pt", "Para mais informações", false, ""},
		{"pt", "No Android", false, ""}, // a variant, not a situation by itself
		{"it", "Se usi un mouse Bluetooth", false, "usi un mouse Bluetooth"},
		{"it", "Quando la stampa è terminata", false, "la stampa è terminata"},
		{"it", "Per gli amministratori", false, "gli amministratori"},
		{"it", "Per modificare la dimensione del testo", false, ""},
		{"it", "Per maggiori informazioni", false, ""},
		{"nl", "Als u een Bluetooth-muis gebruikt", false, "u een Bluetooth-muis gebruikt"},
		{"nl", "Wanneer het afdrukken klaar is", false, "het afdrukken klaar is"},
		{"nl", "Voor beheerders", false, "beheerders"},
		{"nl", "Voor meer informatie", false, ""},
		// Russian (as GNOME's Russian help writes labels).
		{"ru", "Если вы используете мышь Bluetooth", false, "вы используете мышь Bluetooth"},
		{"ru", "Когда печать завершена", false, "печать завершена"},
		{"ru", "Если сеть недоступна", false, "сеть недоступна"}, // a noun in -ть, no infinitive
		{"ru", "В случае ошибки", false, "ошибки"},
		{"ru", "Для администраторов", false, "администраторов"},
		{"ru", "Для Windows", false, "Windows"},
		{"ru", "У вас есть ноутбук", false, "у вас есть ноутбук"},
		{"ru", "После установки", true, "после установки"},
		{"ru", "После установки", false, ""}, // a section heading
		{"ru", "Для изменения размера текста", false, ""},
		{"ru", "Для получения дополнительной информации", false, ""},
		{"ru", "Если на диске осталось слишком мало места, нужно", true, ""},
		{"ru", "После установки можно продолжить работу", true, ""},
		{"ru", "Откройте настройки", true, ""},
		{"ru", "Как отменить задание печати", true, ""},
		// Spanish.
		{"es", "Si tienes una cuenta", false, "tienes una cuenta"},
		{"es", "Cuando el disco está lleno", false, "el disco está lleno"},
		{"es", "Para administradores", false, "administradores"},
		{"es", "Para Windows", false, "Windows"},
		{"es", "Para Twitter", false, "Twitter"}, // a name, not an infinitive
		{"es", "En caso de error", false, "error"},
		{"es", "Una vez que tengas una licencia", false, "una vez que tengas una licencia"},
		{"es", "Para más información", false, ""},
		{"es", "Para cambiar la contraseña", false, ""},
		{"es", "Para ver sus citas", false, ""},
		{"es", "Para cambiarlo", false, ""},
		{"es", "Para qué sirve", false, ""},
		{"es", "Durante la instalación puedes encontrarte con un error como este", true, ""},
		{"es", "Si quiere cambiar el nombre de una impresora, siga estos pasos", true, ""},
		{"es", "Abre la configuración", true, ""},
		{"es", "Tienes tres formas de resolver el problema", true, ""}, // introduces a list
		{"es", "Tienes una cuenta de empresa", false, "tienes una cuenta de empresa"},
		// An English label on a translated page is read as English.
		{"fr", "For Microsoft Windows 7", true, "microsoft windows 7"},
		{"de", "If you booked by phone", false, "you booked by phone"},
	}
	for _, tt := range tests {
		s := SituationsFor(tt.lang)
		got := s.IsSituation(tt.label, tt.colon)
		if got != (tt.want != "") {
			t.Errorf("%s: IsSituation(%q, %v) = %v, want %v", tt.lang, tt.label, tt.colon, got, !got)
			continue
		}
		if got {
			if c := s.Condition(tt.label); c != tt.want {
				t.Errorf("%s: Condition(%q) = %q, want %q", tt.lang, tt.label, c, tt.want)
			}
		}
	}
}

// TestSituationsStartsWithLead: a conjunction or a preposition opens a
// situation in running text; "you have" does so only as a label.
func TestSituationsStartsWithLead(t *testing.T) {
	tests := []struct {
		lang, text string
		want       bool
	}{
		{"de", "Wenn Sie einen Tintendrucker besitzen", true},
		{"de", "Für Administratoren", true},
		{"de", "Sie haben einen Tintendrucker", false},
		{"de", "Nach der Installation", false},
		{"fr", "Lorsqu’il est connecté", true},
		{"fr", "Vous avez un compte", false},
		{"es", "En caso de error", true},
		{"es", "Tienes una cuenta", false},
		{"es", "Sin conexión", false},
		{"ru", "Если вы используете ноутбук", true},
		{"ru", "Для администраторов", true},
		{"ru", "У вас есть ноутбук", false},
	}
	for _, tt := range tests {
		if got := SituationsFor(tt.lang).StartsWithLead(tt.text); got != tt.want {
			t.Errorf("%s: StartsWithLead(%q) = %v, want %v", tt.lang, tt.text, got, tt.want)
		}
	}
}

// TestSituationsEnglishUnchanged: English, an untagged page and a language
// without rules of its own read labels with the English rules.
func TestSituationsEnglishUnchanged(t *testing.T) {
	labels := []string{"If you booked by phone", "For members", "Online reservation as guest user",
		"For more information", "Members", "Booked by phone", "Follow these steps to apply online",
		"Für Administratoren", "Si tienes una cuenta"}
	for _, lang := range []string{"", "en", "en-GB", "ja", "pl"} {
		s := SituationsFor(lang)
		if s != English {
			t.Errorf("SituationsFor(%q) = %s rules, want English", lang, s.Lang())
		}
		for _, l := range labels {
			for _, colon := range []bool{false, true} {
				if got, want := s.IsSituation(l, colon), IsSituation(l, colon); got != want {
					t.Errorf("%q: IsSituation(%q, %v) = %v, want %v", lang, l, colon, got, want)
				}
			}
			if got, want := s.Condition(l), Condition(l); got != want {
				t.Errorf("%q: Condition(%q) = %q, want %q", lang, l, got, want)
			}
		}
	}
	if got := SituationLanguages(); !slices.Equal(got, []string{"de", "es", "fr", "it", "nl", "pt", "ru"}) {
		t.Errorf("SituationLanguages() = %q, want [de es fr it nl pt ru]", got)
	}
}

// TestVariantLeads: the page's language's prepositions name variants, and
// the English ones on every page (untranslated headings).
func TestVariantLeads(t *testing.T) {
	tests := []struct {
		lang, word string
		want       bool
	}{
		{"de", "unter", true}, {"de", "mit", true}, {"de", "und", false}, {"de", "on", true},
		{"fr", "sous", true}, {"fr", "avec", true}, {"fr", "et", false},
		{"es", "con", true}, {"es", "por", false}, {"es", "y", false},
		{"en", "on", true}, {"en", "unter", false},
	}
	for _, tt := range tests {
		if got := SituationsFor(tt.lang).IsVariantLead(tt.word); got != tt.want {
			t.Errorf("%s: IsVariantLead(%q) = %v, want %v", tt.lang, tt.word, got, tt.want)
		}
	}
}

func TestLead(t *testing.T) {
	for _, tc := range []struct {
		lang, cond, want string
	}{
		{"en", "to apply", "To apply"},
		{"en", "I was charged", "If I was charged"},
		{"en", "you booked by phone", "If you booked by phone"},
		{"en", "you use a mobile carrier e-mail address", "If you use a mobile carrier e-mail address"},
		{"en", "the card brand is not accepted", "If the card brand is not accepted"},
		{"en", "When the link has expired", "When the link has expired"},
		{"en", "points don't cover the full price", "If points don't cover the full price"},
		{"en", "you're using a private DNS server", "If you're using a private DNS server"},
		{"en", "you’ve lost your phone", "If you’ve lost your phone"},
		// Labels, as the page wrote them.
		{"en", "other companies", "Other companies"},
		{"en", "members", "Members"},
		{"en", "Windows", "Windows"},
		{"en", "with Tor", "With Tor"},
		{"en", "using the window switcher", "Using the window switcher"},
		{"en", "a medical determination", "A medical determination"},
		{"de", "with NordVPN", "With NordVPN"}, // an untranslated heading
		// Other languages: their own "if", never an English one.
		{"de", "wenn Sie eine Datensicherung erstellt haben", "Wenn Sie eine Datensicherung erstellt haben"},
		{"de", "falls Umbenennen ausgegraut ist", "Falls Umbenennen ausgegraut ist"},
		{"de", "in einem Browser", "In einem Browser"},
		{"de", "Sie haben mehrere Bildschirme angeschlossen", "Sie haben mehrere Bildschirme angeschlossen"},
		{"es", "ha creado su respaldo usando una aplicación", "Si ha creado su respaldo usando una aplicación"},
		{"es", "con el monitor del sistema", "Con el monitor del sistema"},
		{"fr", "vous avez des photos comme ci-dessus", "Si vous avez des photos comme ci-dessus"},
		{"fr", "s’il y a un périphérique sans fil dans la liste", "S’il y a un périphérique sans fil dans la liste"},
		{"fr", "avec le moniteur système", "Avec le moniteur système"},
		{"ja", "Windowsをお使いの場合", "Windowsをお使いの場合"},
		{"en", "", ""},
	} {
		if got := SituationsFor(tc.lang).Lead(tc.cond); got != tc.want {
			t.Errorf("Lead(%s, %q) = %q, want %q", tc.lang, tc.cond, got, tc.want)
		}
	}
}

func TestClauseEnd(t *testing.T) {
	for _, tc := range []struct {
		lang, text, want string
	}{
		{"de", "Falls Sie die Sicherung von einer Festplatte, einem USB-Laufwerk oder einem Rechner wiederherstellen wollen, können Sie sie zurück kopieren.",
			"Falls Sie die Sicherung von einer Festplatte, einem USB-Laufwerk oder einem Rechner wiederherstellen wollen"},
		{"de", "Wenn Sie ein Konto haben, klicken Sie auf Anmelden, um fortzufahren.", "Wenn Sie ein Konto haben"},
		{"de", "Wenn Sie ein Konto haben", ""},
		// Other languages end the clause at its first comma, as before.
		{"en", "If you booked online, by phone or through a partner, call us.", "If you booked online"},
		{"fr", "Si vous avez un compte, connectez-vous.", "Si vous avez un compte"},
	} {
		i := SituationsFor(tc.lang).ClauseEnd(tc.text)
		got := ""
		if i >= 0 {
			got = tc.text[:i]
		}
		if got != tc.want {
			t.Errorf("ClauseEnd(%s, %q) ends %q, want %q", tc.lang, tc.text, got, tc.want)
		}
	}
}
