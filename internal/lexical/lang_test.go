package lexical

import (
	"slices"
	"testing"
)

func TestModelTerms(t *testing.T) {
	tests := []struct {
		lang, text string
		want       []string
	}{
		// German: stop words out, Snowball stems, umlauts folded.
		{"de", "Die Werbung wird auf YouTube nicht blockiert", []string{"werbung", "youtub", "blockiert"}},
		{"de", "Werbungen blockieren", []string{"werbung", "blocki"}},
		{"de-CH", "Filter für Browser", []string{"filt", "brows"}},
		// French and Spanish: stemmed with their accents, then folded, so
		// a word typed without its accent mostly meets the page's.
		{"fr", "Comment désactiver le filtrage HTTPS ?", []string{"desactiv", "filtrag", "http"}},
		{"fr", "comment desactiver le filtrage https", []string{"desactiv", "filtrag", "http"}},
		{"es", "¿Cómo instalo la aplicación?", []string{"instal", "aplic"}}, // "cómo" is "como", a stop word, with its accent
		{"es", "como instalo las aplicaciones", []string{"instal", "aplic"}},
		// Japanese: no spaces; bigrams within each script's run, particles out.
		{"ja", "広告ブロックが動作しない", []string{"広告", "ブロ", "ロッ", "ック", "動作", "しな", "ない"}},
		{"ja", "ＶＰＮに接続できない", []string{"vpn", "接続", "でき", "きな", "ない"}},
		// Chinese: no spaces; words as gse's dictionary segments them, and
		// the dictionary words within a longer one (文字大小: 文字, 大小).
		{"zh", "搬家了，时区怎么改", []string{"搬家", "时区", "怎么"}},
		{"zh", "更改屏幕上的文字大小", []string{"更改", "屏幕", "文字", "大小", "文字大小"}},
		{"zh-TW", "變更您的時區", []string{"變更", "時區"}}, // Traditional: its own dictionary
		// Chinese quoted on a Japanese page stays in pairs.
		{"ja", "时区怎么改", []string{"时区", "区怎", "怎么", "么改"}},
		// Korean: spaces, but particles and endings attached: bigrams
		// within each word meet the page's "프린터" and "종이".
		{"ko", "프린터에 종이가 걸렸어요", []string{"프린", "린터", "터에", "종이", "이가", "걸렸", "렸어", "어요"}},
		// Swedish: Snowball's stop list ("hur", "jag", "till", "en", "i", "mina").
		{"sv", "hur lägger jag till en signatur i mina mejl", []string{"lagg", "signatur", "mejl"}},
		// Norwegian Bokmål: Snowball's Norwegian stems and stop list
		// ("hvordan", "jeg", "på"; "å" too, though no evidence of
		// Norwegian: folded, it is English "a").
		{"nb", "hvordan logger jeg på med nøkkel", []string{"logg", "nøkkel"}},
		// Danish: Snowball's stop list ("hvor", "meget", "der", "er", "på").
		{"da", "hvor meget plads er der tilbage på harddisken", []string{"plad", "tilbag", "harddisk"}},
		// Polish: Stempel's stems and stopwords-iso's list ("jak"); a page's
		// "Wyświetlanie ukrytych plików" is wyswietlac ukryty plik.
		{"pl", "jak pokazac ukryte pliki", []string{"pokazac", "ukryty", "plik"}},
		{"pl", "wifi się rozłącza", []string{"wifi", "rozłaczac"}}, // a loanword Stempel would cut to "w" kept
		// Czech: no stemmer, words cut to their first four letters, then
		// folded ("zobrazují", "zobrazit", "zobrazení" meet).
		{"cs", "Reklamy se zobrazují", []string{"rekl", "se", "zobr"}},
		// Arabic: Snowball's stems, Savoy's stop list ("إلى") and the
		// question words it lacks ("كيف", how; "آخر", other).
		{"ar", "كيف أنسخ الملفات إلى جهاز آخر", []string{"انسخ", "ملف", "جهاز"}},
		// Indonesian: affixes off both ends ("ditampilkan", "tampil"),
		// Lucene's stop list ("yang", "tidak").
		{"id", "Iklan yang ditampilkan tidak hilang", []string{"iklan", "tampil", "hilang"}},
		// A language with no stemmer, nor a known inflection by endings,
		// still folds.
		{"tl", "Hindi Gumagana", []string{"hindi", "gumagana"}},
	}
	for _, tt := range tests {
		if got := For(tt.lang).Terms(tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("For(%q).Terms(%q) = %q, want %q", tt.lang, tt.text, got, tt.want)
		}
	}
}

// TestConversationalStopWords: the words of a customer's message that name
// no topic (question words, want, can, please, still), which the Snowball
// lists of running text lack, carry no content in each language; the
// topic's words do.
func TestConversationalStopWords(t *testing.T) {
	tests := []struct {
		lang, text string
		want       []string
	}{
		{"de", "Hallo, ich möchte bitte wissen, warum die Werbung immer noch angezeigt wird", []string{"wiss", "werbung", "angezeigt"}},
		{"de", "kannst du mir eigentlich sagen, wie ich mein Abo kündige?", []string{"sag", "abo", "kundig"}},
		{"de", "der Installer bricht seit gestern ab", []string{"install", "bricht", "gest"}},
		{"fr", "ça plante tout le temps depuis hier", []string{"plant", "temp", "hi"}},
		{"fr", "bonjour, comment je peux annuler mon abonnement svp", []string{"annul", "abon"}},
		{"fr", "pourquoi les pubs sont toujours là ? je voudrais les bloquer", []string{"pub", "bloqu"}},
		{"es", "hola, cómo puedo cancelar mi suscripción? gracias", []string{"cancel", "suscripcion"}},
		{"es", "quiero saber dónde está la configuración", []string{"sab", "configur"}},
		// Danish's Snowball list has "hvor" and "hvad" but not "hvordan"
		// (how), which matched every heading "Hvordan kalibrerer jeg …?".
		{"da", "hvordan formaterer jeg en usb-nøgle", []string{"format", "usb", "nøgl"}},
		{"es", "para tener una cuenta", []string{"cuent"}},
		{"fr", "je pense avoir un virus", []string{"pens", "virus"}},
		// An apology asks for nothing: "sorry i meant headphones".
		{"en", "sorry, i meant headphones", []string{"headphon"}},
		// "Exactly" asks nothing of its own.
		{"es", "¿qué hace exactamente este filtro?", []string{"filtr"}}, // "hace" is "does"
		{"fr", "que fait ce filtre exactement ?", []string{"fait", "filtr"}},
		// Typed without the accent, a stop word is still one.
		{"es", "donde esta la configuracion", []string{"configuracion"}},
		// Typed with its umlaut, a word is not the stop word it is without
		// one: "ändern" (to change) is not "andern" (others), "hält" (holds)
		// not the particle "halt"; "cómo" is still "como".
		{"de", "wie kann ich die Sprache ändern", []string{"sprach", "and"}},
		{"de", "der Filter hält nicht", []string{"filt", "halt"}},
		{"es", "¿cómo corto una uña?", []string{"cort", "una"}}, // "uña" (nail) is not "una"
		// The counterparts of the English list's function words that the
		// Snowball lists lack: how much, each, other, during, "unas",
		// prepositions fused with an article, colloquial articles.
		{"fr", "combien de place il me reste sur chaque disque", []string{"plac", "rest", "disqu"}},
		{"fr", "déplacer une fenêtre sur un autre bureau pendant la session", []string{"deplac", "fenetr", "bureau", "session"}},
		{"es", "se me rompieron unas teclas, hay algún teclado aquí?", []string{"romp", "tecl", "tecl"}},
		{"es", "cuánto espacio queda", []string{"espaci", "qued"}},
		{"de", "soll beim hochfahren automatisch starten", []string{"hochfahr", "automat", "start"}},
		{"de", "in der firma braucht man nen proxy", []string{"firma", "proxy"}},
		{"de", "bluetooth kopfhörer lassen sich nicht verbinden", []string{"bluetooth", "kopfhor", "verbind"}},
		// A function word that is also a noun a page is about is a term:
		// "son" (sound), "estado" (state).
		{"fr", "plus aucun son sur mon pc", []string{"son", "pc"}},
		{"es", "ver el estado de la batería", []string{"ver", "estad", "bat"}},
	}
	for _, tt := range tests {
		if got := For(tt.lang).Terms(tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("For(%q).Terms(%q) = %q, want %q", tt.lang, tt.text, got, tt.want)
		}
	}
}

// TestFunctionWordsAreTheSnowballLists: language identification counts
// the function words of running text, not the conversational ones ("ok",
// "info" and "comment" are English too).
func TestFunctionWordsAreTheSnowballLists(t *testing.T) {
	tests := []struct {
		lang, word string
		function   bool
	}{
		{"fr", "comment", false}, {"fr", "vous", true}, {"de", "bitte", false}, {"de", "nicht", true},
		{"es", "gracias", false}, {"es", "como", true}, {"en", "please", true},
	}
	for _, tt := range tests {
		m := For(tt.lang)
		if got := m.IsFunctionWord(tt.word); got != tt.function {
			t.Errorf("For(%q).IsFunctionWord(%q) = %v, want %v", tt.lang, tt.word, got, tt.function)
		}
		if !m.IsStopWord(tt.word) {
			t.Errorf("For(%q).IsStopWord(%q) = false", tt.lang, tt.word)
		}
	}
}

// TestContentWordsOfTheSnowballLists: a word of a Snowball list that is
// also a noun pages are about ("son", sound) still tells the language
// apart, but is no stop word.
func TestContentWordsOfTheSnowballLists(t *testing.T) {
	for _, tt := range []struct{ lang, word string }{{"fr", "son"}, {"es", "estado"}} {
		m := For(tt.lang)
		if !m.IsFunctionWord(tt.word) || m.IsStopWord(tt.word) {
			t.Errorf("For(%q): IsFunctionWord(%q) = %v, IsStopWord = %v, want true, false", tt.lang, tt.word, m.IsFunctionWord(tt.word), m.IsStopWord(tt.word))
		}
	}
}

// TestEnglishModelIsThePackage: the English model is the functions English
// results were measured with.
func TestEnglishModelIsThePackage(t *testing.T) {
	for _, s := range []string{"I can't log in to my account, it's locked!", "Booked bookings", "Café au lait über"} {
		for _, lang := range []string{"", "en", "en-GB"} {
			if got, want := For(lang).Terms(s), Terms(s); !slices.Equal(got, want) {
				t.Errorf("For(%q).Terms(%q) = %q, want %q", lang, s, got, want)
			}
			if got, want := For(lang).Words(s), Words(s); !slices.Equal(got, want) {
				t.Errorf("For(%q).Words(%q) = %q, want %q", lang, s, got, want)
			}
		}
	}
}

func TestStemmedLanguages(t *testing.T) {
	for _, l := range []string{"en", "de", "nl", "it", "pt", "fr", "es", "sv", "ru", "fi"} {
		if !slices.Contains(StemmedLanguages(), l) {
			t.Errorf("%s has no stemmer", l)
		}
	}
	if got := For("nl").Stem("fietsen"); got != "fiets" {
		t.Errorf("Dutch stem of fietsen = %q", got)
	}
	if got := For("it").Stem("abbonamento"); got != "abbon" {
		t.Errorf("Italian stem of abbonamento = %q", got)
	}
}

// TestSpanishEncliticTe: "te" after an infinitive or a gerund is taken off
// as Snowball takes off "la", "lo", "se"; present forms and nouns ending
// alike keep Snowball's stems.
func TestSpanishEncliticTe(t *testing.T) {
	es := For("es")
	tests := []struct{ word, want string }{
		{"registrarte", "registr"}, {"registro", "registr"}, {"registrar", "registr"},
		{"protegerte", "proteg"}, {"suscribirte", "suscrib"},
		{"ayudándote", "ayud"}, {"protegiéndote", "proteg"},
		// Snowball's own stems: present forms, nouns, te outside RV.
		{"comparte", "compart"}, {"reparte", "repart"}, {"advierte", "adviert"}, {"convierte", "conviert"},
		{"parte", "part"}, {"suerte", "suert"}, {"fuerte", "fuert"}, {"arte", "arte"},
		{"importante", "import"}, {"paquete", "paquet"}, {"cliente", "client"},
		{"registrarla", "registr"}, // Snowball's own enclitic
		// Infinitives too short for Snowball's RV: their pronoun too.
		{"verlo", "ver"}, {"verlas", "ver"}, {"darle", "dar"}, {"dárselo", "dar"}, {"irse", "ir"}, {"ver", "ver"},
		{"perla", "perl"}, {"verde", "verd"}, {"serie", "seri"},
	}
	for _, tt := range tests {
		if got := es.Stem(tt.word); got != tt.want {
			t.Errorf("Stem(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
}

func BenchmarkModelTerms(b *testing.B) {
	for _, tt := range []struct{ lang, text string }{
		{"en", "Ads are still shown on YouTube after I installed the extension"},
		{"de", "Die Werbung wird auf YouTube trotz der Erweiterung weiter angezeigt"},
		{"ja", "拡張機能を入れてもYouTubeで広告が表示されます"},
	} {
		m := For(tt.lang)
		b.Run(tt.lang, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				m.Terms(tt.text)
			}
		})
	}
}
