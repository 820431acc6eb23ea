package dialogue

import (
	"context"
	"strings"
	"testing"
)

func TestTwoQuestions(t *testing.T) {
	for _, tc := range []struct {
		msg, first, rest string
	}{
		{"how do i add a user and how do i change the wifi password?", "how do i add a user", "how do i change the wifi password?"},
		{"How do I add a user? How do I change the wifi password?", "How do I add a user", "How do I change the wifi password?"},
		{"where is the log file, and can I change the log level?", "where is the log file", "can I change the log level?"},
		// One question.
		{"what does the sync button do and is it safe to press", "", ""},
		{"what is a bookmark folder and how do i make one", "", ""},
		{"Where are my old invoices? Can they be printed again?", "", ""},
		{"how do i add a user and change the wifi password?", "", ""},
		{"how do i add a user", "", ""},
		{"how and why?", "", ""},
		{"my wifi is slow and how do i fix it", "", ""},
		{"how do i add users, groups and roles", "", ""},
	} {
		first, rest, ok := twoQuestions(tc.msg)
		if ok != (tc.rest != "") || ok && (first != tc.first || rest != tc.rest) {
			t.Errorf("twoQuestions(%q) = %q, %q, %v; want %q, %q", tc.msg, first, rest, ok, tc.first, tc.rest)
		}
	}
}

// TestTwoQuestionsInLanguages: German, French, Spanish, Portuguese,
// Italian and Dutch questions open
// with their own question words, and two of them are told apart as two
// English ones are, in the conversation's or the pages' language; an
// English message is read as before whatever the language given.
func TestTwoQuestionsInLanguages(t *testing.T) {
	for _, tc := range []struct {
		lang, msg, first, rest string
	}{
		{"de", "wie lege ich einen Benutzer an und wie ändere ich das WLAN-Passwort?", "wie lege ich einen Benutzer an", "wie ändere ich das WLAN-Passwort?"},
		{"de", "Wo finde ich die Rechnung? Kann ich die Zahlungsart ändern?", "Wo finde ich die Rechnung", "Kann ich die Zahlungsart ändern?"},
		{"fr", "comment ajouter un utilisateur et comment changer le mot de passe wifi ?", "comment ajouter un utilisateur", "comment changer le mot de passe wifi ?"},
		{"fr", "où est le fichier journal, et puis-je changer le niveau de détail ?", "où est le fichier journal", "puis-je changer le niveau de détail ?"},
		{"es", "¿cómo añado un usuario? ¿y cómo cambio la contraseña del wifi?", "¿cómo añado un usuario", "cómo cambio la contraseña del wifi?"},
		{"es", "donde esta la factura y puedo cambiar la forma de pago", "donde esta la factura", "puedo cambiar la forma de pago"},
		{"pt", "como adiciono um usuário e como mudo a senha do wifi?", "como adiciono um usuário", "como mudo a senha do wifi?"},
		{"it", "dove trovo la fattura e posso cambiare il metodo di pagamento?", "dove trovo la fattura", "posso cambiare il metodo di pagamento?"},
		{"nl", "hoe voeg ik een gebruiker toe en hoe wijzig ik het wifi-wachtwoord?", "hoe voeg ik een gebruiker toe", "hoe wijzig ik het wifi-wachtwoord?"},
		{"fr", "how do i add a user and how do i change the wifi password?", "how do i add a user", "how do i change the wifi password?"},
		// One question.
		{"de", "wie lege ich einen Benutzer an und kann ich es später löschen?", "", ""},
		{"fr", "comment ajouter un utilisateur et je peux le supprimer ensuite ?", "", ""},
		{"es", "¿cómo añado un usuario y cambio la contraseña?", "", ""},
		{"es", "mi wifi va lento y cómo lo arreglo", "", ""},
		{"es", "dónde está la factura en qué menú aparece", "", ""}, // "en" is Dutch's "and" only
		// Another language's openers do not count.
		{"en", "wie lege ich einen Benutzer an und wie ändere ich das WLAN-Passwort?", "", ""},
	} {
		first, rest, ok := twoQuestions(tc.msg, tc.lang)
		if ok != (tc.rest != "") || ok && (first != tc.first || rest != tc.rest) {
			t.Errorf("twoQuestions(%q, %s) = %q, %q, %v; want %q, %q", tc.msg, tc.lang, first, rest, ok, tc.first, tc.rest)
		}
	}
}

// TestSecondQuestionOffered: of two questions in one message, the one the
// reply did not answer is named and offered, its words as the option's
// value (the message is ranked whole, as before); a message of one
// question offers no such thing.
func TestSecondQuestionOffered(t *testing.T) {
	a := fixtureAgent(t, Options{})
	ctx := context.Background()
	for _, tc := range []struct{ msg, answeredAt, offered string }{
		{"how do I cancel my reservation and how do I earn loyalty points?", "points", "how do I cancel my reservation"},
		{"how do I earn loyalty points? and how do I cancel my reservation?", "points", "how do I cancel my reservation"},
	} {
		s := &Session{}
		r, err := a.Respond(ctx, s, tc.msg)
		if err != nil {
			t.Fatal(err)
		}
		also := a.say(s, "AlsoAsked", "Question", tc.offered)
		if r.NodeID != tc.answeredAt || !strings.HasSuffix(r.Text, also) {
			t.Errorf("%q: %s at %s %q; want at %s, ending %q", tc.msg, r.Action, r.NodeID, r.Text, tc.answeredAt, also)
		}
		if n := len(r.Options); n == 0 || r.Options[n-1].Value != tc.offered {
			t.Errorf("%q: options %v; want %q last", tc.msg, r.Options, tc.offered)
		}
	}
	r, err := a.Respond(ctx, &Session{}, "how do I cancel my reservation?")
	if err != nil || strings.Contains(r.Text, "You also asked") {
		t.Errorf("one question: %q (%v)", r.Text, err)
	}
}

func TestUnanswered(t *testing.T) {
	a := fixtureAgent(t, Options{})
	const cancel, points = "how do I cancel my reservation?", "how do I earn loyalty points?"
	for _, tc := range []struct {
		ids   []string
		other string
		ok    bool
	}{
		{[]string{"points"}, "how do I cancel my reservation", true},
		{[]string{"", "cancel"}, "how do I earn loyalty points", true}, // an option names one
		{[]string{"points", "cancel"}, "", false},                      // both taken up
		{[]string{"login"}, "", false},                                 // neither: which was meant is unknown
	} {
		other, ok := a.unanswered(tc.ids, cancel, points)
		if other != tc.other || ok != tc.ok {
			t.Errorf("unanswered(%q) = %q, %v; want %q, %v", tc.ids, other, ok, tc.other, tc.ok)
		}
	}
}

// TestUnansweredSharedWords: a word both questions have ("change") names
// neither; the answer on the screen's resolution leaves the wallpaper
// unanswered, and says so.
func TestUnansweredSharedWords(t *testing.T) {
	g := graphOfFiles(t, map[string]string{
		"resolution.md": "# Change the screen resolution\n\nOpen Displays and choose a resolution, then click Apply.\n",
		"background.md": "# Change the desktop background\n\nRight-click the desktop and choose Change Background.\n",
	})
	a := NewGraphAgent(g, Options{})
	var resolution string
	for _, n := range g.Nodes {
		if n.Page == "resolution.md" && n.Root {
			resolution = n.ID
		}
	}
	other, ok := a.unanswered([]string{resolution}, "how do i change my wallpaper", "how do i change the screen resolution?")
	if other != "how do i change my wallpaper" || !ok {
		t.Errorf("unanswered = %q, %v; want the wallpaper question", other, ok)
	}
	// A question all of whose words the other has is named by them.
	if other, ok := a.unanswered([]string{resolution}, "how do i change it", "how do i change the screen resolution"); ok {
		t.Errorf("unanswered = %q, %v; want neither left (the first is named by its one word)", other, ok)
	}
}
