package dialogue

import (
	"context"
	"strings"
	"testing"
)

// TestMoreLanguagesPhrases: Portuguese, Italian, Dutch and Russian acts said as
// a whole message are read as such, and in their language (the detector
// cannot tell a language from a word or two).
func TestMoreLanguagesPhrases(t *testing.T) {
	for _, tc := range []struct {
		msg  string
		act  Act
		lang string
	}{
		{"obrigado!", ActThanks, "pt"},
		{"valeu, deu certo", ActThanks, "pt"},
		{"nao funcionou", ActNotSolved, "pt"},
		{"quero falar com um atendente", ActHuman, "pt"},
		{"você é um robô?", ActBotQuestion, "pt"},
		{"nenhuma dessas", ActNoneOfThese, "pt"},
		{"grazie mille", ActThanks, "it"},
		{"non funziona ancora", ActNotSolved, "it"},
		{"vorrei parlare con un operatore", ActHuman, "it"},
		{"va bene", ActAck, "it"},
		{"sì", ActYes, ""}, // Spanish's too
		{"dank je wel", ActThanks, "nl"},
		{"het werkt nog steeds niet", ActNotSolved, "nl"},
		{"ik wil met een medewerker praten", ActHuman, "nl"},
		{"nee", ActNo, "nl"},
		{"perfect", ActNone, ""}, // English "perfect" is no Dutch phrase
		{"спасибо!", ActThanks, "ru"},
		{"всё равно не работает", ActNotSolved, "ru"},
		{"хочу поговорить с человеком", ActHuman, "ru"},
		{"нет", ActNo, "ru"},
		{"tack så mycket!", ActThanks, "sv"},
		{"det fungerar fortfarande inte", ActNotSolved, "sv"},
		{"det funkar inte", ActNotSolved, "sv"},
		{"jag vill prata med en person", ActHuman, "sv"},
		{"okej, tack", ActThanks, "sv"},
		{"båda", ActAll, "sv"},
		{"nej", ActNo, ""}, // Danish's too
		{"tusind tak", ActThanks, "da"},
		{"det virker stadig ikke", ActNotSolved, "da"},
		{"jeg vil tale med en person", ActHuman, "da"},
		{"begge", ActAll, ""}, // Norwegian's too
		{"lost", ActNone, ""}, // English, however Swedish "löst" folds
		{"ja", ActYes, "de"},  // German's too: no Swedish row
		{"dziękuję!", ActThanks, "pl"},
		{"dalej nie działa", ActNotSolved, "pl"},
		{"chcę rozmawiać z konsultantem", ActHuman, "pl"},
		{"nie", ActNo, "pl"},
		{"дякую!", ActThanks, "uk"},
		{"все одно не працює", ActNotSolved, "uk"},
		{"хочу поговорити з людиною", ActHuman, "uk"},
		{"tusen takk!", ActThanks, "nb"},
		{"det fungerer fortsatt ikke", ActNotSolved, "nb"},
		{"jeg vil snakke med en person", ActHuman, "nb"},
		{"er du en robot?", ActBotQuestion, ""}, // Danish's too
		{"nei", ActNo, "nb"},
		{"شكرا جزيلا", ActThanks, "ar"},
		{"ما زال لا يعمل", ActNotSolved, "ar"},
		{"أريد التحدث مع شخص من فضلك", ActHuman, "ar"},
		{"هل أنت روبوت؟", ActBotQuestion, "ar"},
		{"نعم", ActYes, "ar"},
		{"خیلی ممنون", ActThanks, "fa"},
		{"هنوز کار نمی‌کنه", ActNotSolved, "fa"},
		{"نمیدونم", ActDontKnow, "fa"},
		{"آره", ActYes, "fa"},
		{"çok teşekkürler", ActThanks, "tr"},
		{"hala çalışmıyor", ActNotSolved, "tr"},
		{"müşteri temsilcisi", ActHuman, "tr"},
		{"cảm ơn nhiều", ActThanks, "vi"},
		{"vẫn không được", ActNotSolved, "vi"},
		{"tôi không biết", ActDontKnow, "vi"},
		{"ευχαριστώ πολύ", ActThanks, "el"},
		{"ακόμα δεν λειτουργεί", ActNotSolved, "el"},
		{"תודה רבה", ActThanks, "he"},
		{"עדיין לא עובד", ActNotSolved, "he"},
		{"אני רוצה נציג", ActHuman, "he"},
		{"makasih ya", ActThanks, "id"},
		{"masih nggak bisa", ActNotSolved, "id"},
		{"mau bicara dengan petugas", ActHuman, "id"},
		{"apakah kamu bot?", ActBotQuestion, "id"},
		{"iya", ActYes, "id"},
		{"halo", ActGreeting, ""}, // Polish's too
		{"děkuji", ActThanks, "cs"},
		{"dekuji", ActThanks, "cs"}, // without its accents
		{"pořád to nefunguje", ActNotSolved, "cs"},
		{"chci mluvit s člověkem", ActHuman, "cs"},
		{"ne", ActNo, "cs"},
	} {
		if got := phraseAct(tc.lang, tc.msg); got != tc.act {
			t.Errorf("phraseAct(%q) = %v, want %v", tc.msg, got, tc.act)
		}
		if got := phraseLanguage(tc.msg); got != tc.lang {
			t.Errorf("phraseLanguage(%q) = %q, want %q", tc.msg, got, tc.lang)
		}
	}
}

// TestPutOffInEveryLanguage: a yes or no put off ("not right now", "noch
// nicht", "plus tard") answers no, as "not yet" does in English; matched
// as a request, its words ("moment", "tarde") found any page that uses
// them (the ssa replay's "not right now" after an answer on Medicare was
// answered from the page on applying for retirement benefits).
func TestPutOffInEveryLanguage(t *testing.T) {
	for _, tc := range []struct{ msg, lang string }{
		{"noch nicht", "de"}, {"jetzt nicht", "de"}, {"später", "de"},
		{"pas encore", "fr"}, {"pas maintenant", "fr"}, {"plus tard", "fr"},
		{"todavía no", "es"}, {"ahora no", "es"}, {"más tarde", "es"},
		{"ainda não", "pt"}, {"agora não", "pt"}, {"mais tarde", "pt"},
		{"non ancora", "it"}, {"non adesso", "it"}, {"più tardi", "it"},
		{"nog niet", "nl"}, {"nu niet", "nl"},
		{"пока нет", "ru"}, {"не сейчас", "ru"}, {"позже", "ru"},
		{"まだです", "ja"}, {"あとで", "ja"},
		{"jeszcze nie", "pl"}, {"nie teraz", "pl"}, {"później", "pl"},
	} {
		if got := phraseAct(tc.lang, tc.msg); got != ActNo {
			t.Errorf("phraseAct(%q) = %v, want a no", tc.msg, got)
		}
		if got := phraseLanguage(tc.msg); got != tc.lang {
			t.Errorf("phraseLanguage(%q) = %q, want %q", tc.msg, got, tc.lang)
		}
	}
}

// TestPortugueseHelpCenter: on a help center in Portuguese the bot's own
// words are Portuguese: a suggestion, a thanks and a request for a person.
func TestPortugueseHelpCenter(t *testing.T) {
	checkConversationInLanguage(t, "pt", map[string]string{
		"pt/impressora.md": "# Cancelar um trabalho de impressão\n\nAbra a fila de impressão e clique em Cancelar no trabalho que travou.\n",
		"pt/som.md":        "# Não há som no computador\n\nVerifique se o som não está mudo e se os alto-falantes certos estão escolhidos nas configurações de som.\n",
	}, []struct{ msg, want string }{
		{"como cancelar uma impressão que travou", "Abra a fila de impressão"},
		{"obrigado", "De nada!"},
		{"quero falar com um atendente", "Claro."},
	})
}

// checkConversationInLanguage talks to a help center of files in lang,
// each message of steps in turn: each reply must hold its want and the
// conversation stay in lang.
func checkConversationInLanguage(t *testing.T, lang string, files map[string]string, steps []struct{ msg, want string }) {
	t.Helper()
	a := NewGraphAgent(graphOfFiles(t, files), Options{})
	s := &Session{ID: lang}
	for _, step := range steps {
		r, err := a.Respond(context.Background(), s, step.msg)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(r.Text, step.want) || s.Lang != lang {
			t.Errorf("%q: %q in %q, want %q in %s", step.msg, r.Text, s.Lang, step.want, lang)
		}
	}
}

// TestSwedishHelpCenter: on a help center in Swedish the bot's own words
// are Swedish: an answer, thanks, a question about what was answered
// naming it by a pronoun ("den"), and a request for a person.
func TestSwedishHelpCenter(t *testing.T) {
	checkConversationInLanguage(t, "sv", map[string]string{
		"sv/skrivare.md": "# Avbryt en utskrift\n\nÖppna utskriftskön och klicka på Avbryt vid utskriften som har fastnat.\n\n# Ta bort en skrivare\n\nÖppna Inställningar, välj Skrivare och klicka på Ta bort vid skrivaren.\n",
		"sv/ljud.md":     "# Inget ljud från datorn\n\nKontrollera att ljudet inte är avstängt och att rätt högtalare är vald i ljudinställningarna.\n",
	}, []struct{ msg, want string }{
		{"hur avbryter jag en utskrift som har fastnat", "Öppna utskriftskön"},
		{"tack", "Varsågod!"},
		{"hej", "Hej! Vad kan jag hjälpa dig med?"},
		{"jag vill prata med en person", "Självklart."},
	})
	for _, tc := range []struct {
		msg  string
		want bool
	}{
		{"hur tar jag bort den?", true}, {"kan jag ångra det", true}, {"hur tar jag bort en skrivare", false},
	} {
		if got := namesByPronoun(tc.msg, "sv"); got != tc.want {
			t.Errorf("namesByPronoun(%q, sv) = %v, want %v", tc.msg, got, tc.want)
		}
	}
	if !followUp.MatchString("och om det är en nätverksskrivare?") {
		t.Error(`"och om …" is no follow-up`)
	}
}

// TestDanishHelpCenter: on a help center in Danish the bot's own words
// are Danish, and "og hvordan sletter jeg den?" names the answer's topic.
func TestDanishHelpCenter(t *testing.T) {
	checkConversationInLanguage(t, "da", map[string]string{
		"da/printer.md": "# Annuller et udskriftsjob\n\nÅbn udskriftskøen, og klik på Annuller ved det job, der sidder fast.\n",
		"da/lyd.md":     "# Ingen lyd fra computeren\n\nKontrollér, at lyden ikke er slået fra, og at de rigtige højttalere er valgt i lydindstillingerne.\n",
	}, []struct{ msg, want string }{
		{"hvordan annullerer jeg et udskriftsjob der sidder fast", "Åbn udskriftskøen"},
		{"tusind tak", "Det var så lidt!"},
		{"jeg vil tale med en person", "Selvfølgelig."},
	})
	if !namesByPronoun("og hvordan sletter jeg den?", "da") || !followUp.MatchString("og hvis det er en netværksprinter?") {
		t.Error(`"og hvordan sletter jeg den?" is no follow-up naming its topic`)
	}
}

// TestAllInEveryLanguage: "both" and "all of them" in the catalog's
// languages say every option applies, and name no topic: with nothing
// offered, "beides" found a page that says it.
func TestAllInEveryLanguage(t *testing.T) {
	a := NewGraphAgent(graphOfFiles(t, map[string]string{
		"de/anzeige.md": "# Unscharfe Anzeige\n\nBeides kann helfen: die Auflösung ändern oder den Bildschirm neu verbinden.\n",
	}), Options{})
	for _, msg := range []string{"beides", "alle", "les deux", "tous", "ambos", "los dos", "os dois", "entrambi", "tutti e due", "allebei", "båda", "bägge", "begge", "оба", "все", "両方", "全部"} {
		if got := phraseAct("", msg); got != ActAll {
			t.Errorf("phraseAct(%q) = %v, want all", msg, got)
		}
		if r := a.readMessage(msg); len(r.terms) > 0 {
			t.Errorf("readMessage(%q).terms = %q, want none", msg, r.terms)
		}
	}
}

// TestClosingInEveryLanguage: saying there is nothing more ("das war's,
// danke", "rien d'autre, merci", "eso es todo") thanks and takes leave in
// the catalog's languages, as "that's all, thanks" does in English; read as
// a request, its words found a page on a proxy or one that says "rien".
func TestClosingInEveryLanguage(t *testing.T) {
	for _, tc := range []struct {
		msg   string
		lang  string
		close bool
	}{
		{"das war's, danke", "de", true},
		{"nichts weiter", "de", true},
		{"c'est tout, merci", "fr", true},
		{"rien d'autre", "fr", true},
		{"eso es todo, gracias", "es", true},
		{"nada más", "es", true},
		{"é só isso, obrigado", "pt", true},
		{"niente altro, grazie", "it", true},
		{"dat was het, bedankt", "nl", true},
		{"det var allt, tack", "sv", true},
		{"det var det", "da", true},
		{"это всё, спасибо", "ru", true},
		{"以上です", "ja", true},
		{"danke", "de", false}, // thanks alone: "anything else?"
	} {
		if got := phraseAct(tc.lang, tc.msg); got != ActThanks {
			t.Errorf("phraseAct(%q) = %v, want thanks", tc.msg, got)
		}
		if got := phraseLanguage(tc.msg); got != tc.lang {
			t.Errorf("phraseLanguage(%q) = %q, want %q", tc.msg, got, tc.lang)
		}
		if got := closes(messageAcks(tc.msg)); got != tc.close {
			t.Errorf("closes(%q) = %v, want %v", tc.msg, got, tc.close)
		}
	}
}

// TestThaiHelpCenter: Thai writes no spaces between words, so a sentence
// was one word and no request met a page; read as character pairs, as
// Chinese and Japanese are, "how do I change my password" finds the page
// on changing it.
func TestThaiHelpCenter(t *testing.T) {
	a := NewGraphAgent(graphOfFiles(t, map[string]string{
		"th/password.md": "# เปลี่ยนรหัสผ่าน\n\nเปิดการตั้งค่า เลือกบัญชี แล้วกดเปลี่ยนรหัสผ่าน\n",
		"th/order.md":    "# ยกเลิกคำสั่งซื้อ\n\nไปที่คำสั่งซื้อของฉัน แล้วกดยกเลิกคำสั่งซื้อที่ยังไม่ได้จัดส่ง\n",
	}), Options{})
	checkFirstSources(t, a, map[string]string{
		"ฉันจะเปลี่ยนรหัสผ่านได้อย่างไร": "th/password.md",
		"อยากยกเลิกคำสั่งซื้อ":           "th/order.md",
	})
}
