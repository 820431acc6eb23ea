package messages

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// catalogKeys returns each embedded file's message ids, with the plural
// forms of a plural message ("MoreOptions.other").
func catalogKeys(t *testing.T) map[string]map[string]bool {
	t.Helper()
	files, err := fs.Glob(locales, "locales/*.toml")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]bool{}
	for _, f := range files {
		b, err := fs.ReadFile(locales, f)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := toml.Unmarshal(b, &m); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		keys := map[string]bool{}
		for k, v := range m {
			keys[k] = true
			if forms, ok := v.(map[string]any); ok {
				keys[k+".other"] = forms["other"] != nil
			}
		}
		out[strings.TrimSuffix(filepath.Base(f), ".toml")] = keys
	}
	return out
}

func TestEveryLanguageHasEveryEnglishKey(t *testing.T) {
	all := catalogKeys(t)
	en := all["en"]
	if len(en) < 40 {
		t.Fatalf("English catalog has %d keys; the embedded file did not load", len(en))
	}
	for _, lang := range []string{"de", "fr", "es", "ja", "zh", "ko", "pl", "uk", "cs"} {
		if all[lang] == nil {
			t.Errorf("no catalog for %s", lang)
		}
	}
	for lang, keys := range all {
		for k, ok := range en {
			if ok && !keys[k] {
				t.Errorf("%s.toml lacks %s", lang, k)
			}
		}
		for k := range keys {
			if !en[k] {
				t.Errorf("%s.toml has %s, which en.toml lacks", lang, k)
			}
		}
	}
}

// TestTranslationsDiffer catches a text pasted untranslated: no language's
// text equals the English one, short labels that are words in both aside.
func TestTranslationsDiffer(t *testing.T) {
	c := Embedded()
	same := map[string]bool{"ConversationLabel": true, "Assistant": true, "HelpfulNo": true}
	sameIn := map[string]bool{"da Send": true, "nb Send": true} // Danish and Norwegian "send", the imperative
	all := catalogKeys(t)
	for k := range all["en"] {
		if strings.Contains(k, ".") || same[k] || k == "MoreOptions" {
			continue
		}
		en := c.Text("en", k, "Ref", "R", "Address", "a@b.c", "Problem", "p", "Lead", "L", "Language", "x", "Default", "y")
		for lang := range all {
			if lang == "en" || sameIn[lang+" "+k] {
				continue
			}
			got := c.Text(lang, k, "Ref", "R", "Address", "a@b.c", "Problem", "p", "Lead", "L", "Language", "x", "Default", "y")
			if got == en {
				t.Errorf("%s %s is the English text %q", lang, k, en)
			}
		}
	}
}

func TestText(t *testing.T) {
	c := Embedded()
	tests := []struct {
		lang, id string
		data     []any
		want     string
	}{
		{"en", "Greeting", nil, "Hello! What can I help you with?"},
		{"de", "Greeting", nil, "Hallo! Wobei kann ich Ihnen helfen?"},
		{"de-CH", "Greeting", nil, "Hallo! Wobei kann ich Ihnen helfen?"},
		{"it", "Greeting", nil, "Buongiorno! Come posso aiutarLa?"},
		{"pt-BR", "SuggestOne", nil, "Não tenho certeza se entendi. É sobre este assunto?"},
		{"nl", "TalkToPerson", nil, "Met een medewerker praten"},
		{"et", "Greeting", nil, "Hello! What can I help you with?"}, // no Estonian: English
		{"pl", "Greeting", nil, "Dzień dobry! W czym mogę pomóc?"},
		{"", "Greeting", nil, "Hello! What can I help you with?"},
		{"fr", "FollowUpAdded", []any{"Ref", "HG-7"}, "Ajouté à votre demande HG-7. Une personne vous répondra ici."},
		{"ja", "ClarifyAbout", []any{"Problem", "広告"}, "「広告」について：次のうち、どれに当てはまりますか？"},
		{"zh-CN", "SuggestOne", nil, "我不太确定是否理解了您的意思。是关于这个吗？"},
		{"ko-KR", "TalkToPerson", nil, "상담원과 이야기하기"},
		{"en", "NoSuchMessage", nil, "NoSuchMessage"},
	}
	for _, tt := range tests {
		if got := c.Text(tt.lang, tt.id, tt.data...); got != tt.want {
			t.Errorf("Text(%q, %q) = %q, want %q", tt.lang, tt.id, got, tt.want)
		}
	}
}

func TestPlural(t *testing.T) {
	c := Embedded()
	tests := []struct {
		lang  string
		count int
		want  string
	}{
		{"en", 1, " (Or tell me in a few words: there is one more.)"},
		{"en", 3, " (Or tell me in a few words: there are 3 more.)"},
		{"de", 1, " (Oder sagen Sie es mir mit wenigen Worten: Es gibt noch eine weitere Möglichkeit.)"},
		{"de", 4, " (Oder sagen Sie es mir mit wenigen Worten: Es gibt noch 4 weitere Möglichkeiten.)"},
		{"fr", 2, " (Ou dites-le-moi en quelques mots : il y a encore 2 autres possibilités.)"},
		{"ja", 1, "（または短い言葉でお知らせください。ほかに1件あります。）"},
		{"pt", 1, " (Ou diga em poucas palavras: há mais uma.)"},
		{"it", 3, " (Oppure me lo dica in poche parole: ce ne sono ancora 3.)"},
		{"nl", 2, " (Of zeg het in een paar woorden: er zijn er nog 2.)"},
		{"ru", 1, " (Или напишите в нескольких словах: есть ещё 1 вариант.)"},
		{"ru", 3, " (Или напишите в нескольких словах: есть ещё 3 варианта.)"},
		{"ru", 5, " (Или напишите в нескольких словах: есть ещё 5 вариантов.)"},
		{"pl", 3, " (Albo napisz w kilku słowach: są jeszcze 3.)"},
		{"pl", 5, " (Albo napisz w kilku słowach: jest jeszcze 5.)"},
		{"zh", 4, "（或者用几个词告诉我：还有 4 项。）"},
		{"ko", 2, " (또는 몇 단어로 말씀해 주세요. 2개가 더 있습니다.)"},
		{"uk", 5, " (Або напишіть кількома словами: є ще 5 варіантів.)"},
		{"cs", 1, " (Nebo to napište několika slovy: je tu ještě jedna.)"},
		{"nb", 1, " (Eller si det med noen få ord: det er én til.)"},
		{"nb", 3, " (Eller si det med noen få ord: det er 3 til.)"},
		{"ar", 1, " (أو أخبرني بكلمات قليلة: هناك خيار آخر واحد.)"},
		{"ar", 2, " (أو أخبرني بكلمات قليلة: هناك خياران آخران.)"},
		{"ar", 3, " (أو أخبرني بكلمات قليلة: هناك 3 خيارات أخرى.)"},
		{"ar", 11, " (أو أخبرني بكلمات قليلة: هناك 11 خيارًا آخر.)"},
		{"ar", 100, " (أو أخبرني بكلمات قليلة: هناك 100 خيار آخر.)"},
	}
	for _, tt := range tests {
		if got := c.Plural(tt.lang, "MoreOptions", tt.count); got != tt.want {
			t.Errorf("Plural(%q, %d) = %q, want %q", tt.lang, tt.count, got, tt.want)
		}
	}
}

func TestMatch(t *testing.T) {
	c := Embedded()
	tests := []struct {
		in   []string
		want string
	}{
		{[]string{"de-CH, de;q=0.9, en;q=0.8"}, "de"},
		{[]string{"fr"}, "fr"},
		{[]string{"ja-JP"}, "ja"},
		{[]string{"", "es-MX,es;q=0.9"}, "es"},
		{[]string{"zz"}, ""},
		{[]string{"et, lv"}, ""},
		{nil, ""},
	}
	for _, tt := range tests {
		if got := c.Match(tt.in...); got != tt.want {
			t.Errorf("Match(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestOverrideFile(t *testing.T) {
	dir := t.TempDir()
	de := filepath.Join(dir, "messages.de.toml")
	if err := os.WriteFile(de, []byte("Greeting = \"Servus! Was kann ich für Sie tun?\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fi := filepath.Join(dir, "fi.json")
	if err := os.WriteFile(fi, []byte(`{"Greeting": "Hei! Miten voin auttaa?"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := New(de, fi)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Text("de", "Greeting"); got != "Servus! Was kann ich für Sie tun?" {
		t.Errorf("overridden de Greeting = %q", got)
	}
	if got := c.Text("de", "Welcome"); got != "Gern geschehen! Kann ich Ihnen sonst noch helfen?" {
		t.Errorf("a text the file leaves alone changed: %q", got)
	}
	if got := c.Text("fi", "Greeting"); got != "Hei! Miten voin auttaa?" {
		t.Errorf("added fi Greeting = %q", got)
	}
	if got := c.Text("fi", "Welcome"); got != c.Text("en", "Welcome") {
		t.Errorf("a text the added language lacks = %q, want the English", got)
	}
	if !slices.Contains(c.Languages(), "fi") || !c.Has("fi-FI") {
		t.Errorf("Languages() = %v, want fi added", c.Languages())
	}

	bad := filepath.Join(dir, "de.toml")
	if err := os.WriteFile(bad, []byte("Greeting = \n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := New(bad); err == nil || !strings.Contains(err.Error(), bad) {
		t.Errorf("New(malformed file) error = %v, want one naming the file", err)
	}
	if _, err := New(filepath.Join(dir, "missing.de.toml")); err == nil {
		t.Error("New(missing file) = nil error")
	}
}

func TestLanguageName(t *testing.T) {
	tests := []struct{ lang, in, want string }{
		{"en", "de", "Englisch"},
		{"de", "en", "German"},
		{"en", "ja", "英語"},
		{"en", "es", "inglés"},
	}
	for _, tt := range tests {
		if got := LanguageName(tt.lang, tt.in); got != tt.want {
			t.Errorf("LanguageName(%q, %q) = %q, want %q", tt.lang, tt.in, got, tt.want)
		}
	}
}
