package web

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/conversation/sqlite"
	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/messages"
)

func TestChatPageLanguage(t *testing.T) {
	env := newTestEnv(t, Config{})
	tests := []struct {
		path, accept string
		lang, label  string
	}{
		{"/", "", "en", "Your question"},
		{"/", "de-CH,de;q=0.9,en;q=0.5", "de", "Ihre Frage"},
		{"/embed?lang=fr", "de", "fr", "Votre question"},
		{"/embed?lang=ja-JP", "", "ja", "ご質問"},
		{"/?lang=es", "", "es", "Su pregunta"},
		{"/", "et,lv;q=0.8", "en", "Your question"}, // no catalog: English
		{"/", "et,ru;q=0.8", "ru", "Ваш вопрос"},    // the first the catalog speaks
	}
	for _, tt := range tests {
		req := httptest.NewRequest("GET", tt.path, nil)
		if tt.accept != "" {
			req.Header.Set("Accept-Language", tt.accept)
		}
		_, page := env.do(t, req)
		if !strings.Contains(page, `<html lang="`+tt.lang+`" dir="ltr">`) || !strings.Contains(page, tt.label) {
			t.Errorf("GET %s (Accept-Language %q): want lang %q and %q in the page", tt.path, tt.accept, tt.lang, tt.label)
		}
		if tt.lang != "en" && strings.Contains(page, "Your question") {
			t.Errorf("GET %s: English label in a %s page", tt.path, tt.lang)
		}
	}
}

// TestRightToLeft: a chat in a language written right to left (added to
// the catalog by the help center's messages file) lays the page out right
// to left, and each text the chat shows reads in its own direction.
func TestRightToLeft(t *testing.T) {
	file := filepath.Join(t.TempDir(), "messages.ar.toml")
	if err := os.WriteFile(file, []byte("YourQuestion = \"سؤالك\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	catalog, err := messages.New(file)
	if err != nil {
		t.Fatal(err)
	}
	env := newTestEnvWith(t, Config{}, func(d *Deps) { d.Messages = catalog })
	form := url.Values{"message": {"كيف أغير الحجز"}, "lang": {"ar"}}
	req := httptest.NewRequest("POST", "/", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, _ := env.do(t, req)
	// The test's agent tells no language: the widget's lang stands.
	loc := strings.TrimSuffix(resp.Header.Get("Location"), "#latest") + "&lang=ar"
	_, page := env.do(t, httptest.NewRequest("GET", loc, nil))
	for _, want := range []string{`<html lang="ar" dir="rtl">`, "سؤالك", `<p dir="auto">كيف أغير الحجز</p>`, `<div class="text" dir="auto">`, `<textarea id="message" name="message"`} {
		if !strings.Contains(page, want) {
			t.Errorf("Arabic chat page lacks %s", want)
		}
	}
	if !strings.Contains(page, `dir="auto" placeholder=`) {
		t.Error("the message box does not take its text's direction")
	}
	for lang, want := range map[string]string{"ar": "rtl", "he-IL": "rtl", "fa": "rtl", "en": "ltr", "de-CH": "ltr", "": "ltr"} {
		if got := textDirection(lang); got != want {
			t.Errorf("textDirection(%q) = %q, want %q", lang, got, want)
		}
	}
}

func TestWidgetLabels(t *testing.T) {
	env := newTestEnv(t, Config{})
	_, js := env.do(t, httptest.NewRequest("GET", "/widget.js", nil))
	i := strings.Index(js, "/*HELPGRAPH_LABELS*/")
	j := strings.Index(js, "/**/")
	if i < 0 || j < i {
		t.Fatal("widget.js has no labels")
	}
	var labels map[string]map[string]string
	if err := json.Unmarshal([]byte(js[i+len("/*HELPGRAPH_LABELS*/"):j]), &labels); err != nil {
		t.Fatalf("widget labels: %v", err)
	}
	if labels["de"]["open"] != "Hilfe" || labels["ja"]["close"] != "閉じる" || labels["en"]["openLabel"] != "Open the help chat" {
		t.Errorf("widget labels = %v", labels)
	}
}

// clientLangAgent answers like the fake agent, in the language the client
// asked for, as the graph agent does with a message too short to tell.
type clientLangAgent struct{ dialogue.Agent }

func (a clientLangAgent) Respond(ctx context.Context, s *dialogue.Session, msg string) (dialogue.Reply, error) {
	s.Lang = s.ClientLang
	return a.Agent.Respond(ctx, s, msg)
}

func TestHandoffInCustomersLanguage(t *testing.T) {
	ctx := context.Background()
	convs, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "conv.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { convs.Close() })
	store := &memStore{}
	if _, err := store.Replace(ctx, bookingGraph("Graph A"), json.RawMessage(`{}`)); err != nil {
		t.Fatal(err)
	}
	srv := New(Config{EmailReplies: true}, Deps{Graphs: store, Conversations: convs,
		NewAgent: func(g *graph.Graph) dialogue.Agent { return clientLangAgent{newFakeAgent(g)} }})
	if _, err := srv.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	env := &testEnv{srv: srv, store: store, convs: convs}
	say := func(id, msg string) chatResponse {
		b, _ := json.Marshal(chatRequest{SessionID: id, Message: msg, Lang: "de-DE"})
		req := httptest.NewRequest("POST", "/api/chat", strings.NewReader(string(b)))
		req.Header.Set("Content-Type", "application/json")
		_, body := env.do(t, req)
		var r chatResponse
		if err := json.Unmarshal([]byte(body), &r); err != nil {
			t.Fatalf("%q: %v", body, err)
		}
		return r
	}
	r := say("", "Mensch bitte")
	if r.Action != dialogue.Escalation || !strings.Contains(r.Reply, "Ihre Vorgangsnummer ist "+r.Handoff.Ref) {
		t.Fatalf("escalation reply = %q, want the German reference text", r.Reply)
	}
	en := messages.Embedded()
	for _, tt := range []struct{ msg, want, english string }{
		{"kein@mail", "Das sieht nicht nach einer E-Mail-Adresse aus", en.Text("en", "ContactInvalid")},
		{"kunde@example.de", "Vielen Dank. Wir antworten zusätzlich an kunde@example.de.", "Thank you. We will also answer at"},
		{"noch eine Frage", "Zu Ihrer Anfrage " + r.Handoff.Ref + " hinzugefügt.", "Added to your request"},
	} {
		got := say(r.SessionID, tt.msg)
		if !strings.Contains(got.Reply, tt.want) || strings.Contains(got.Reply, tt.english) {
			t.Errorf("reply to %q = %q, want it to contain %q", tt.msg, got.Reply, tt.want)
		}
	}
}

func TestClientLanguage(t *testing.T) {
	tests := []struct {
		in   []string
		want string
	}{
		{[]string{"de-CH"}, "de"},
		{[]string{"", "fr-CA,fr;q=0.9,en;q=0.8"}, "fr"},
		{[]string{"pt_BR"}, "pt"},
		{[]string{"not a tag!", ""}, ""},
		{[]string{strings.Repeat("de,", 200)}, ""}, // too long to read
	}
	for _, tt := range tests {
		if got := clientLanguage(tt.in...); got != tt.want {
			t.Errorf("clientLanguage(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
