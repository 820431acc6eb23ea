package dialogue

import (
	"strings"
	"unicode"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

// actPhrases are the dialogue acts customers say in the catalog's other
// languages as a whole message ("danke", "はい"), one row a phrase: the
// English acts are the patterns of acts.go. A message is looked up as
// lexical.Normalize has it (lower case, punctuation out).
var actPhrases = []struct {
	phrase string
	act    Act
}{
	// German
	{"hallo", ActGreeting}, {"guten tag", ActGreeting}, {"guten morgen", ActGreeting}, {"servus", ActGreeting}, {"moin", ActGreeting},
	{"danke", ActThanks}, {"vielen dank", ActThanks}, {"danke schön", ActThanks}, {"danke sehr", ActThanks}, {"das hat geholfen", ActThanks}, {"tschüss", ActThanks},
	{"ja", ActYes}, {"ja genau", ActYes}, {"genau", ActYes}, {"nein", ActNo}, {"nein danke", ActNo},
	{"keine davon", ActNoneOfThese}, {"nichts davon", ActNoneOfThese}, {"keins davon", ActNoneOfThese},
	{"weiß nicht", ActDontKnow}, {"ich weiß nicht", ActDontKnow}, {"keine ahnung", ActDontKnow},
	{"mitarbeiter", ActHuman}, {"mit einem menschen sprechen", ActHuman}, {"mit einem mitarbeiter sprechen", ActHuman},
	{"mit einer person sprechen", ActHuman}, {"mit jemandem sprechen", ActHuman}, {"mit einem echten menschen sprechen", ActHuman},
	{"bist du ein bot", ActBotQuestion}, {"bist du ein mensch", ActBotQuestion}, {"sind sie ein bot", ActBotQuestion}, {"sind sie ein mensch", ActBotQuestion},
	{"neu beginnen", ActRestart}, {"von vorn", ActRestart}, {"von vorne", ActRestart},
	{"hat nicht geklappt", ActNotSolved}, {"hat nicht funktioniert", ActNotSolved}, {"klappt nicht", ActNotSolved}, {"funktioniert nicht", ActNotSolved},
	{"geht immer noch nicht", ActNotSolved}, {"funktioniert immer noch nicht", ActNotSolved}, {"hat nicht geholfen", ActNotSolved},
	{"alles klar", ActAck}, {"in ordnung", ActAck}, {"verstanden", ActAck}, {"super", ActAck}, {"prima", ActAck}, {"gut", ActAck}, {"sehr gut", ActAck},
	// French
	{"bonjour", ActGreeting}, {"salut", ActGreeting}, {"bonsoir", ActGreeting},
	{"merci", ActThanks}, {"merci beaucoup", ActThanks}, {"ça a marché", ActThanks}, {"au revoir", ActThanks},
	{"oui", ActYes}, {"oui exactement", ActYes}, {"exactement", ActYes}, {"non", ActNo}, {"non merci", ActNo},
	{"aucune", ActNoneOfThese}, {"aucun", ActNoneOfThese}, {"aucune de celles ci", ActNoneOfThese},
	{"je ne sais pas", ActDontKnow}, {"aucune idée", ActDontKnow},
	{"parler à un humain", ActHuman}, {"parler à une personne", ActHuman}, {"parler à un conseiller", ActHuman}, {"parler à quelqu'un", ActHuman},
	{"es tu un robot", ActBotQuestion}, {"êtes vous un robot", ActBotQuestion}, {"es tu un bot", ActBotQuestion}, {"es tu humain", ActBotQuestion}, {"êtes vous humain", ActBotQuestion},
	{"recommencer", ActRestart},
	{"ça n'a pas marché", ActNotSolved}, {"ça ne marche pas", ActNotSolved}, {"ça ne marche toujours pas", ActNotSolved}, {"ça ne fonctionne pas", ActNotSolved},
	{"ça n'a pas fonctionné", ActNotSolved}, {"ça n'a pas aidé", ActNotSolved}, {"toujours pas", ActNotSolved},
	{"d'accord", ActAck}, {"parfait", ActAck}, {"très bien", ActAck}, {"compris", ActAck}, {"entendu", ActAck}, {"je vois", ActAck}, {"génial", ActAck},
	// Spanish
	{"hola", ActGreeting}, {"buenos días", ActGreeting}, {"buenas tardes", ActGreeting},
	{"gracias", ActThanks}, {"muchas gracias", ActThanks}, {"eso funcionó", ActThanks}, {"adiós", ActThanks},
	{"sí", ActYes}, {"si", ActYes}, {"claro", ActYes}, {"exacto", ActYes}, {"no gracias", ActNo},
	{"ninguna", ActNoneOfThese}, {"ninguno", ActNoneOfThese}, {"ninguna de esas", ActNoneOfThese},
	{"no sé", ActDontKnow}, {"no lo sé", ActDontKnow}, {"ni idea", ActDontKnow},
	{"hablar con una persona", ActHuman}, {"hablar con un agente", ActHuman}, {"hablar con un humano", ActHuman}, {"hablar con alguien", ActHuman},
	{"eres un bot", ActBotQuestion}, {"eres un robot", ActBotQuestion}, {"eres humano", ActBotQuestion}, {"eres una persona", ActBotQuestion},
	{"empezar de nuevo", ActRestart},
	{"no funcionó", ActNotSolved}, {"no ha funcionado", ActNotSolved}, {"no funciona", ActNotSolved}, {"sigue sin funcionar", ActNotSolved},
	{"sigue igual", ActNotSolved}, {"no me sirvió", ActNotSolved}, {"no sirvió", ActNotSolved},
	{"vale", ActAck}, {"de acuerdo", ActAck}, {"entendido", ActAck}, {"perfecto", ActAck}, {"genial", ActAck}, {"muy bien", ActAck}, {"ya veo", ActAck},
	// Japanese
	{"こんにちは", ActGreeting}, {"こんばんは", ActGreeting}, {"おはようございます", ActGreeting},
	{"ありがとう", ActThanks}, {"ありがとうございます", ActThanks}, {"ありがとうございました", ActThanks}, {"解決しました", ActThanks},
	{"はい", ActYes}, {"そうです", ActYes}, {"いいえ", ActNo}, {"違います", ActNo},
	{"どれでもない", ActNoneOfThese}, {"どれでもありません", ActNoneOfThese}, {"当てはまらない", ActNoneOfThese},
	{"わからない", ActDontKnow}, {"わかりません", ActDontKnow},
	{"担当者", ActHuman}, {"担当者と話したい", ActHuman}, {"人と話したい", ActHuman}, {"オペレーター", ActHuman},
	{"最初からやり直す", ActRestart}, {"やり直す", ActRestart},
	{"ボットですか", ActBotQuestion}, {"ロボットですか", ActBotQuestion}, {"人間ですか", ActBotQuestion},
	{"うまくいきませんでした", ActNotSolved}, {"解決しませんでした", ActNotSolved}, {"できませんでした", ActNotSolved}, {"直りませんでした", ActNotSolved},
	{"了解", ActAck}, {"了解しました", ActAck}, {"わかりました", ActAck}, {"なるほど", ActAck},
	// Any language: "ok merci", "okay, danke".
	{"ok", ActAck}, {"okay", ActAck},
}

// actByPhrase is actPhrases by normalised phrase.
var actByPhrase = func() map[string]Act {
	m := make(map[string]Act, len(actPhrases))
	for _, p := range actPhrases {
		m[lexical.Normalize(p.phrase)] = p.act
	}
	return m
}()

// humanPhrases are the requests for a person of several words ("mit einem
// Menschen sprechen", "人と話したい"): as the English actHuman does, they
// win wherever they stand in a message ("ich möchte mit einem Menschen
// sprechen"). A single word ("Mitarbeiter") is one only as a whole message.
var humanPhrases = func() []string {
	var out []string
	for _, p := range actPhrases {
		if p.act != ActHuman {
			continue
		}
		n := lexical.Normalize(p.phrase)
		if strings.Contains(n, " ") || isKanaPhrase(n) {
			out = append(out, n)
		}
	}
	return out
}()

// isKanaPhrase reports whether s, in an unspaced script, is a phrase
// rather than a word: hiragana particles join it to other script's words
// ("人と話したい"; not "オペレーター").
func isKanaPhrase(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Hiragana, r) }) &&
		strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Katakana, r) })
}

// phraseAct returns the act msg says in another language than English, or
// ActNone: a request for a person anywhere in it (humanPhrases), else an
// act that is the whole message.
func phraseAct(msg string) Act {
	n := lexical.Normalize(msg)
	for _, p := range humanPhrases {
		if containsWords(n, p) {
			return ActHuman
		}
	}
	if len(msg) > maxActPhrase {
		return ActNone
	}
	if act := actByPhrase[n]; act != ActNone {
		return act
	}
	// "vale, gracias", "ok merci", "alles klar, danke": an acknowledgement
	// beside another act says that act; acknowledgements alone, ActAck.
	rest, acked := withoutAcks(n)
	switch {
	case !acked:
		return ActNone
	case rest == "":
		return ActAck
	}
	return actByPhrase[rest]
}

// ackPhrases are the acknowledgements of actPhrases, normalised.
var ackPhrases = func() []string {
	var out []string
	for _, p := range actPhrases {
		if p.act == ActAck {
			out = append(out, lexical.Normalize(p.phrase))
		}
	}
	return out
}()

// withoutAcks returns the normalised message n without the
// acknowledgements that open or close it, and whether it had any.
func withoutAcks(n string) (string, bool) {
	acked := false
	for trimmed := true; trimmed; {
		trimmed = false
		for _, p := range ackPhrases {
			if n == p {
				return "", true
			}
			if r, ok := strings.CutPrefix(n, p+" "); ok {
				n, trimmed, acked = r, true, true
			} else if r, ok := strings.CutSuffix(n, " "+p); ok {
				n, trimmed, acked = r, true, true
			}
		}
	}
	return n, acked
}

// containsWords reports whether the normalised text has phrase as whole
// words; in unspaced scripts, anywhere.
func containsWords(text, phrase string) bool {
	if isKanaPhrase(phrase) {
		return strings.Contains(text, phrase)
	}
	return strings.Contains(" "+text+" ", " "+phrase+" ")
}

// maxActPhrase bounds the bytes of a message looked up as an act phrase.
const maxActPhrase = 64
