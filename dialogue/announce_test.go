package dialogue

import (
	"context"
	"slices"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestWithoutAnnouncement: an announcement of a request is cut from the
// words read as the request; what it leaves is what is asked.
func TestWithoutAnnouncement(t *testing.T) {
	for _, tc := range []struct {
		msg, rest string
		cut       bool
	}{
		{"hi, I have a question", "hi,", true},
		{"hello, quick question", "hello,", true},
		{"I've got a problem", "", true},
		{"can i ask you something?", "?", true},
		{"hey there, got a question for you", "hey there,", true},
		{"I have a question about my license", "about my license", true},
		{"i need some help.", "", true},
		{"i have a questionnaire to fill in", "i have a questionnaire to fill in", false},
		{"I need help setting up my printer", "I need help setting up my printer", false},
		{"my security question does not work", "my security question does not work", false},
		{"the problem is my printer", "the problem is my printer", false},
		{"Hallo, ich habe eine Frage", "Hallo,", true},
		{"j'ai une question sur ma licence", "sur ma licence", true},
		{"hola, tengo una duda", "hola,", true},
		{"у меня вопрос", "", true},
		{"質問があります", "", true},
		{"die Frage ist, wie", "die Frage ist, wie", false},
	} {
		rest, cut := withoutAnnouncement(tc.msg)
		if rest != tc.rest || cut != tc.cut {
			t.Errorf("withoutAnnouncement(%q) = %q, %v; want %q, %v", tc.msg, rest, cut, tc.rest, tc.cut)
		}
	}
}

// TestAnnouncementAsksWhat: a chat opened by announcing a request ("hi, I
// have a question", "I have a problem") is asked what it is; read as a
// request, its words found the page that says "question" or "problem".
// An announcement with its request is answered on the request's words.
func TestAnnouncementAsksWhat(t *testing.T) {
	const help = "https://help.example/"
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "faq", Page: help + "faq", Problem: "Frequently asked questions", Root: true, Actionable: true,
			Resolution: "Answers to the questions customers ask most, and a quick overview of the problems they have."},
		{ID: "license", Page: help + "license", Problem: "Activate your license", Root: true, Actionable: true,
			Resolution: "Open Settings, choose License and enter your key."},
	}}
	for _, tc := range []struct{ say, want string }{
		{"hi, I have a question", ""},
		{"I have a problem", ""},
		{"hello, quick question", ""},
		{"can i ask you something?", ""},
		{"I have a question about my license", "license"},
		{"what are the frequently asked questions?", "faq"},
	} {
		a, s := NewGraphAgent(g, Options{}), &Session{}
		r, err := a.Respond(context.Background(), s, tc.say)
		if err != nil {
			t.Fatal(err)
		}
		if r.NodeID != tc.want || tc.want == "" && r.Text != a.say(s, "HowCanIHelp") {
			t.Errorf("%q: %s at %q (%q), want %q", tc.say, r.Action, r.NodeID, r.Text, slices.DeleteFunc([]string{tc.want, "What can I help you with?"}, func(s string) bool { return s == "" })[0])
		}
	}
}

// TestAnnouncementInLanguage: announcing a request in the help center's
// language is asked what it is, in that language.
func TestAnnouncementInLanguage(t *testing.T) {
	checkConversationInLanguage(t, "de", map[string]string{
		"de/drucker.md": "# Einen Druckauftrag abbrechen\n\nÖffnen Sie die Druckerwarteschlange und klicken Sie bei dem hängenden Auftrag auf Abbrechen. Häufige Fragen zum Drucken stehen auf der Seite Drucker.\n",
	}, []struct{ msg, want string }{
		{"Hallo, ich habe eine Frage", "Wobei kann ich Ihnen helfen?"},
	})
}

// TestAnnouncementStandsOverDefaultLanguage: on a help center in German
// and English, "ich habe eine Frage" is asked what it is, in German; the
// German reply, no miss, is not given up for the English pages, whose
// speller read the message's one content word, "Frage", as "frame".
func TestAnnouncementStandsOverDefaultLanguage(t *testing.T) {
	g := &graph.Graph{
		Pages: []graph.Page{
			{URL: "https://help.example/de/passwort", Title: "Passwort zurücksetzen", Lang: "de"},
			{URL: "https://help.example/en/password", Title: "Reset your password", Lang: "en"},
			{URL: "https://help.example/en/frame", Title: "Frame rate", Lang: "en"},
			{URL: "https://help.example/en/export", Title: "Export a video", Lang: "en"},
		},
		Nodes: []graph.Node{
			{ID: "pw-de", Page: "https://help.example/de/passwort", Problem: "Passwort zurücksetzen", Root: true, Actionable: true,
				Resolution: "Öffnen Sie die Einstellungen, wählen Sie Sicherheit und klicken Sie auf Passwort zurücksetzen."},
			{ID: "pw-en", Page: "https://help.example/en/password", Problem: "Reset your password", Root: true, Actionable: true,
				Resolution: "Open Settings, choose Security and click Reset password."},
			{ID: "frame", Page: "https://help.example/en/frame", Problem: "Change the frame rate", Root: true, Actionable: true,
				Resolution: "Open the export settings and choose a frame rate."},
			{ID: "export", Page: "https://help.example/en/export", Problem: "Export a video", Root: true, Actionable: true,
				Resolution: "Choose File, then Export, and pick a format for the video."},
		},
	}
	a, s := NewGraphAgent(g, Options{}), &Session{ClientLang: "de"}
	r, err := a.Respond(context.Background(), s, "Hallo, ich habe eine Frage")
	if err != nil {
		t.Fatal(err)
	}
	if r.NodeID != "" || s.Lang != "de" || r.Text != a.say(s, "HowCanIHelp") {
		t.Errorf("reply %s at %q in %q: %q, want German's \"What can I help you with?\"", r.Action, r.NodeID, s.Lang, r.Text)
	}
}
