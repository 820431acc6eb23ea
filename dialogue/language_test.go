package dialogue

import (
	"context"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/lexical"
	"github.com/helpgraph/helpgraph/internal/messages"
)

// multilingualGraph is testdata/multilingual, a help center written for
// these tests: the password article in English, German and Japanese, the
// refund article in English only.
var multilingualGraph = sync.OnceValues(func() (*graph.Graph, error) {
	return buildGraph(filepath.Join("testdata", "multilingual"))
})

func multilingualAgent(t *testing.T) *GraphAgent {
	t.Helper()
	g, err := multilingualGraph()
	if err != nil {
		t.Fatal(err)
	}
	return NewGraphAgent(g, Options{HumanHandoff: true})
}

func TestAnswersInTheCustomersLanguage(t *testing.T) {
	a := multilingualAgent(t)
	tests := []struct {
		name, msg string
		page      string // the first source's language folder
		note      string // a word that the pages are in another language
	}{
		{"English", "I forgot my password", "en/", ""},
		{"German", "ich habe mein Passwort vergessen", "de/", ""},
		{"Japanese", "パスワードを忘れました", "ja/", ""},
		// Offline, words meet only where both languages use them (product
		// and technical terms): the LLM's rewrite is what translates.
		{"French: no French pages", "le login avec Google ne marche pas", "en/", "Nous n’avons pas de page à ce sujet en français ; cette réponse provient de nos pages en anglais."},
		{"German: no German page matches", "ich will einen Refund für meine Subscription", "en/", "Zu diesem Thema haben wir keine Seite auf Deutsch; diese Antwort stammt aus unseren Seiten auf Englisch."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &Session{ID: tt.name}
			r, err := a.Respond(context.Background(), s, tt.msg)
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Sources) == 0 || !strings.Contains(r.Sources[0], tt.page) {
				t.Fatalf("reply %q from %v, want a page under %s", r.Text, r.Sources, tt.page)
			}
			if tt.note != "" && !strings.HasPrefix(r.Text, tt.note) {
				t.Errorf("reply = %q, want it to open with %q", r.Text, tt.note)
			}
			if tt.note == "" && strings.Contains(r.Text, "\n\n") && strings.Contains(r.Text, "page") {
				t.Errorf("reply = %q: a note about another language where the customer's has the page", r.Text)
			}
			// The note is said once a conversation.
			if tt.note != "" {
				r2, _ := a.Respond(context.Background(), s, tt.msg)
				if strings.Contains(r2.Text, tt.note) {
					t.Errorf("second reply repeats the note: %q", r2.Text)
				}
			}
		})
	}
}

// englishFixedTexts returns the English catalog's sentences of three words
// or more, template fields cut out: what no reply to a customer writing in
// another language may contain.
func englishFixedTexts(t *testing.T, pages *graph.Graph) []string {
	t.Helper()
	var pageText strings.Builder
	for _, n := range pages.Nodes {
		pageText.WriteString(n.Problem + " " + n.Condition + " " + n.Resolution + " ")
	}
	en := messages.Embedded()
	var out []string
	field := regexp.MustCompile(`\{\{[^}]*\}\}|[“”"]`)
	sentence := regexp.MustCompile(`[^.?!:;()]+`)
	for _, id := range englishIDs {
		text := en.Text("en", id)
		if id == "MoreOptions" {
			text = en.Plural("en", id, 3)
		}
		for _, part := range field.Split(text, -1) {
			for _, s := range sentence.FindAllString(part, -1) {
				s = strings.TrimSpace(s)
				if len(strings.Fields(s)) >= 3 && !strings.Contains(pageText.String(), s) {
					out = append(out, s)
				}
			}
		}
	}
	if len(out) < 20 {
		t.Fatalf("only %d English fixed texts: the catalog did not load", len(out))
	}
	return out
}

// englishIDs are the dialogue's message ids (the web's are tested there).
var englishIDs = []string{"Clarify", "ClarifyAbout", "WhichOne", "ChooseForMore", "Suggest", "NotFound", "Describe",
	"LeadNoneOfThose", "LeadNotIt", "LeadNoProblem", "LeadAllRight", "CantResolveHandoff", "CantResolveContact",
	"NotSolvedHandoff", "NotSolvedContact", "HumanHandoff", "HumanContact", "StartOver", "Greeting", "Welcome",
	"WhatElse", "HowCanIHelp", "OtherLanguage", "MoreOptions"}

// TestNoEnglishFixedTextInOtherLanguages: conversations in German, French,
// Spanish, Japanese, Portuguese, Italian, Dutch, Russian, Swedish, Danish, Norwegian and Arabic, over pages in their
// language or only in English, get none of the agent's English fixed
// texts.
func TestNoEnglishFixedTextInOtherLanguages(t *testing.T) {
	a := multilingualAgent(t)
	g, _ := multilingualGraph()
	fixed := englishFixedTexts(t, g)
	scripts := map[string][]string{
		"de": {"ich habe mein Passwort vergessen", "die E-Mail kommt nicht an", "start over",
			"wie kann ich meine Lieferadresse bei der Bestellung ändern", "wie kann ich meine Lieferadresse bei der Bestellung ändern",
			"ich möchte mein Abonnement kündigen", "das hat nicht geholfen"},
		"fr": {"j'ai oublié mon mot de passe", "start over", "comment changer mon adresse de livraison pour la commande",
			"comment changer mon adresse de livraison pour la commande"},
		"es": {"olvidé mi contraseña y no puedo entrar", "start over", "cómo cambio la dirección de envío de mi pedido",
			"cómo cambio la dirección de envío de mi pedido"},
		"ja": {"パスワードを忘れました", "再設定メールが届かない", "start over", "注文の配送先住所を変更したい", "注文の配送先住所を変更したい"},
		// Languages the bot speaks with no page in them.
		"pt": {"esqueci a minha senha e não consigo entrar", "start over", "como posso mudar o endereço de entrega do meu pedido",
			"como posso mudar o endereço de entrega do meu pedido", "obrigado"},
		"it": {"ho dimenticato la mia password e non riesco a entrare", "start over", "come posso cambiare l'indirizzo di consegna del mio ordine",
			"come posso cambiare l'indirizzo di consegna del mio ordine"},
		"nl": {"ik ben mijn wachtwoord vergeten en kan niet inloggen", "start over", "hoe kan ik het bezorgadres van mijn bestelling wijzigen",
			"hoe kan ik het bezorgadres van mijn bestelling wijzigen"},
		"ru": {"я забыл пароль и не могу войти", "start over", "как изменить адрес доставки моего заказа",
			"как изменить адрес доставки моего заказа", "спасибо"},
		"sv": {"jag har glömt mitt lösenord och kan inte logga in", "start over", "hur ändrar jag leveransadressen för min beställning",
			"hur ändrar jag leveransadressen för min beställning", "tack"},
		"da": {"jeg har glemt min adgangskode og kan ikke logge ind", "start over", "hvordan ændrer jeg leveringsadressen for min ordre",
			"hvordan ændrer jeg leveringsadressen for min ordre", "tusind tak"},
		"nb": {"jeg har glemt passordet mitt og kan ikke logge meg inn", "start over", "hvordan endrer jeg leveringsadressen for bestillingen min",
			"hvordan endrer jeg leveringsadressen for bestillingen min", "tusen takk"},
		"ar": {"نسيت كلمة المرور ولا أستطيع تسجيل الدخول", "start over", "كيف أغير عنوان التوصيل الخاص بطلبي",
			"كيف أغير عنوان التوصيل الخاص بطلبي", "شكرا جزيلا"},
	}
	for lang, script := range scripts {
		s := &Session{ID: lang}
		for _, msg := range script {
			r, err := a.Respond(context.Background(), s, msg)
			if err != nil {
				t.Fatal(err)
			}
			if s.Lang != lang {
				t.Errorf("%s: %q: conversation language %q", lang, msg, s.Lang)
			}
			for _, f := range fixed {
				if strings.Contains(r.Text, f) {
					t.Errorf("%s: reply to %q has the English %q:\n%s", lang, msg, f, r.Text)
				}
			}
		}
	}
}

func TestFolderLanguage(t *testing.T) {
	tests := []struct{ url, want string }{
		{"de/general/account.md", "de"},
		{"https://help.example.com/fr-fr/articles/12", "fr"},
		{"/i18n/ja/docusaurus-plugin-content-docs/x.md", "ja"},
		{"pt_BR/guia.md", "pt"},
		{"guides/it/setup.md", ""}, // a deeper folder is a topic
		{"account/password.md", ""},
		{"de.md", ""},
		{"https://help.example.com/", ""},
		{"api/intro.md", ""},
	}
	for _, tt := range tests {
		if got := FolderLanguage(tt.url); got != tt.want {
			t.Errorf("FolderLanguage(%q) = %q, want %q", tt.url, got, tt.want)
		}
	}
}

// TestEnglishHelpCenterIsOneLanguage: an English help center without
// language folders is one agent with the English word model.
func TestEnglishHelpCenterIsOneLanguage(t *testing.T) {
	a := NewGraphAgent(sampleGraph(t), Options{})
	if a.langs.parts != nil || a.langs.lang != "en" || a.an.model.Lang() != "en" {
		t.Errorf("sample help center: parts %v, language %q", a.langs.parts, a.langs.lang)
	}
}

func TestPageLanguages(t *testing.T) {
	g := &graph.Graph{
		Pages: []graph.Page{
			{URL: "https://help.example.com/a", Title: "Passwort zurücksetzen", Lang: "de-AT"},
			{URL: "fr/compte/mot-de-passe.md", Title: "Mot de passe"},
			{URL: "https://help.example.com/b", Title: "How do I reset my password?"},
			{URL: "https://help.example.com/c", Title: "Where is my invoice and how can I download it?"},
		},
	}
	got := PageLanguages(g, "xx")
	want := map[string]string{
		"https://help.example.com/a": "de", // recorded by the reader
		"fr/compte/mot-de-passe.md":  "fr", // its folder
		"https://help.example.com/b": "en", // the rest's text
		"https://help.example.com/c": "en",
	}
	for u, l := range want {
		if got[u] != l {
			t.Errorf("%s: %q, want %q", u, got[u], l)
		}
	}
}

// TestPhraseLanguage: a message made of act phrases is in their language,
// which the language detector cannot tell from so few words.
func TestPhraseLanguage(t *testing.T) {
	for _, tc := range []struct{ msg, want string }{
		{"d'accord, merci", "fr"},
		{"vale, gracias", "es"},
		{"Alles klar, danke!", "de"},
		{"ok merci", "fr"},
		{"わかりました", "ja"},
		{"ok", ""},                       // any language
		{"ok merci danke", ""},           // two
		{"merci, comment annuler ?", ""}, // a request of its own
		{"thanks", ""},                   // English acts are patterns: the detector's
	} {
		if got := phraseLanguage(tc.msg); got != tc.want {
			t.Errorf("phraseLanguage(%q) = %q, want %q", tc.msg, got, tc.want)
		}
	}
}

func TestActPhrases(t *testing.T) {
	tests := []struct {
		msg  string
		want Act
	}{
		{"Danke!", ActThanks},
		{"vielen Dank.", ActThanks},
		{"Merci beaucoup !", ActThanks},
		{"¡Muchas gracias!", ActThanks},
		{"ありがとうございます。", ActThanks},
		{"Hallo", ActGreeting},
		{"Hallo? Ist da jemand?", ActGreeting},
		{"Il y a quelqu'un ?", ActGreeting},
		{"¿Hola? ¿Hay alguien ahí?", ActGreeting},
		{"誰かいますか？", ActGreeting},
		{"ist da jemand, der mir bei der Installation hilft?", ActNone}, // a request of its own
		{"Ja", ActYes},
		{"Sí", ActYes},
		{"はい", ActYes},
		{"Nein", ActNo},
		{"keine davon", ActNoneOfThese},
		{"je ne sais pas", ActDontKnow},
		{"je sais pas", ActDontKnow}, // as it is said, the "ne" left out
		{"hablar con una persona", ActHuman},
		{"Ich möchte mit einem Menschen sprechen", ActHuman},
		{"kann ich bitte mit einem Mitarbeiter sprechen? Mein Abo ist weg", ActHuman},
		{"je voudrais parler à un conseiller s'il vous plaît", ActHuman},
		{"quiero hablar con una persona", ActHuman},
		{"すみません、人と話したいです", ActHuman},
		{"Bist du ein Bot?", ActBotQuestion},
		{"¿Eres un robot?", ActBotQuestion},
		{"ボットですか？", ActBotQuestion},
		{"オペレーターの設定を変えたい", ActNone},
		{"wo finde ich die Mitarbeiter-Einstellungen?", ActNone}, // one word is a person request only alone
		{"Neu beginnen", ActRestart},
		{"danke, aber wie kündige ich mein Abo?", ActNone}, // a request of its own
		{"ja, ich habe mein Passwort vergessen", ActNone},
		// An acknowledgement beside another act says that act; alone, it
		// acknowledges.
		{"vale, gracias", ActThanks},
		{"ok merci", ActThanks},
		{"Alles klar, danke!", ActThanks},
		{"d'accord", ActAck},
		{"Vale.", ActAck},
		{"わかりました", ActAck},
		{"vale, ¿y cómo cambio el fondo?", ActNone}, // a request of its own
		{"super wichtig: mein Konto ist gesperrt", ActNone},
		// What was just said did not work.
		{"hat nicht geklappt", ActNotSolved},
		{"ok, ça ne marche toujours pas", ActNotSolved},
		{"No funcionó.", ActNotSolved},
		{"うまくいきませんでした。", ActNotSolved},
		{"immer noch dasselbe", ActNotSolved},
		{"toujours pareil", ActNotSolved},
		{"nada ha cambiado", ActNotSolved},
		{"vergiss es", ActWithdraw},
		{"laisse tomber", ActWithdraw},
		{"olvídalo", ActWithdraw},
		{"mein Drucker funktioniert nicht", ActNone}, // a request of its own
		// Chinese: no spaces, so a request for a person of three or more
		// characters counts wherever it stands; Korean as spaced words.
		{"谢谢！", ActThanks},
		{"你是机器人吗？", ActBotQuestion},
		{"我要转人工", ActHuman},
		{"人工智能怎么关", ActNone},
		{"还是不行", ActNotSolved},
		{"감사합니다", ActThanks},
		{"네", ActYes},
		{"상담원 연결해 주세요", ActHuman},
		{"죄송한데 상담원 연결 가능한가요", ActHuman},
		{"상담원 화면 설정", ActNone},
	}
	for _, tt := range tests {
		if got := ClassifyAct(tt.msg); got != tt.want {
			t.Errorf("ClassifyAct(%q) = %v, want %v", tt.msg, got, tt.want)
		}
	}
	seen := map[string]bool{} // within a language: two may share one (actInLanguage)
	for _, p := range actPhrases {
		k := p.lang + " " + lexical.Normalize(p.phrase)
		if seen[k] {
			t.Errorf("act phrase %q twice", p.phrase)
		}
		seen[k] = true
	}
}

// TestActsInTheCustomersLanguage: a German customer's thanks and request
// for a person are understood and answered in German.
func TestActsInTheCustomersLanguage(t *testing.T) {
	a := multilingualAgent(t)
	s := &Session{ID: "de"}
	for _, tt := range []struct{ msg, want string }{
		{"ich habe mein Passwort vergessen", ""},
		{"Danke!", "Gern geschehen!"},
		{"Mitarbeiter", "Gern. Ich gebe Ihr Anliegen an unser Support-Team weiter"},
		{"Ich möchte mit einem Menschen sprechen", "Gern. Ich gebe Ihr Anliegen an unser Support-Team weiter"},
	} {
		r, err := a.Respond(context.Background(), s, tt.msg)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(r.Text, tt.want) {
			t.Errorf("reply to %q = %q, want it to open with %q", tt.msg, r.Text, tt.want)
		}
	}
}

// A chosen option keeps the conversation's language: "Talk to a person"
// sends back English words whatever the customer's language.
func TestChosenOptionKeepsLanguage(t *testing.T) {
	a := multilingualAgent(t)
	s := &Session{ID: "de-person"}
	r, err := a.Respond(context.Background(), s, "ich habe mein Passwort vergessen")
	if err != nil || s.Lang != "de" {
		t.Fatalf("first turn: lang %q, %v", s.Lang, err)
	}
	r, err = a.Respond(context.Background(), s, TalkToPersonValue)
	if err != nil {
		t.Fatal(err)
	}
	if s.Lang != "de" {
		t.Errorf("after the option the conversation is in %q, want de (reply %q)", s.Lang, r.Text)
	}
	if want := a.opts.Messages.Text("de", "HumanHandoff"); r.Action == Escalation && !strings.Contains(r.Text, want[:20]) {
		t.Errorf("escalation %q is not in German (want %q)", r.Text, want)
	}
}

// TestActsAnsweredFromAnotherLanguage: a German customer of an English help
// center asks for a person, or whether this is a bot, in a whole sentence:
// the act is read before the sentence is cut to its content words.
func TestActsAnsweredFromAnotherLanguage(t *testing.T) {
	a := NewGraphAgent(sampleGraph(t), Options{})
	for _, tt := range []struct {
		msg  string
		want Action
	}{
		{"Ich möchte mit einem Menschen sprechen", Escalation},
		{"Kann ich bitte mit einem Mitarbeiter sprechen?", Escalation},
	} {
		s := &Session{ID: "de", ClientLang: "de"}
		r, err := a.Respond(context.Background(), s, tt.msg)
		if err != nil {
			t.Fatal(err)
		}
		if r.Action != tt.want {
			t.Errorf("%q (language %q): %s %q, want %s", tt.msg, s.Lang, r.Action, r.Text, tt.want)
		}
	}
}

// The default language answers a customer whose language has no pages
// unless the help center has fewer than half as many pages in it as in its
// largest language.
func TestMainLanguage(t *testing.T) {
	for _, tc := range []struct {
		name  string
		def   string
		pages map[string]int
		want  string
	}{
		{"the default has the most pages", "en", map[string]int{"en": 242, "de": 258, "fr": 258}, "en"},
		{"a few pages left untranslated", "en", map[string]int{"en": 13, "fr": 230}, "fr"},
		{"no pages in the default", "en", map[string]int{"de": 20, "fr": 30}, "fr"},
		{"half as many is enough", "en", map[string]int{"en": 50, "es": 100}, "en"},
		{"the first among equals", "en", map[string]int{"fr": 10, "de": 10}, "de"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var langs []string
			for l := range tc.pages {
				langs = append(langs, l)
			}
			slices.Sort(langs)
			if got := mainLanguage(tc.def, langs, func(l string) int { return tc.pages[l] }); got != tc.want {
				t.Errorf("mainLanguage(%q, %v) = %q, want %q", tc.def, tc.pages, got, tc.want)
			}
		})
	}
}
