package dialogue

import "github.com/helpgraph/helpgraph/internal/lexical"

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
	{"neu beginnen", ActRestart}, {"von vorn", ActRestart}, {"von vorne", ActRestart},
	// French
	{"bonjour", ActGreeting}, {"salut", ActGreeting}, {"bonsoir", ActGreeting},
	{"merci", ActThanks}, {"merci beaucoup", ActThanks}, {"ça a marché", ActThanks}, {"au revoir", ActThanks},
	{"oui", ActYes}, {"oui exactement", ActYes}, {"exactement", ActYes}, {"non", ActNo}, {"non merci", ActNo},
	{"aucune", ActNoneOfThese}, {"aucun", ActNoneOfThese}, {"aucune de celles ci", ActNoneOfThese},
	{"je ne sais pas", ActDontKnow}, {"aucune idée", ActDontKnow},
	{"parler à un humain", ActHuman}, {"parler à une personne", ActHuman}, {"parler à un conseiller", ActHuman},
	{"recommencer", ActRestart},
	// Spanish
	{"hola", ActGreeting}, {"buenos días", ActGreeting}, {"buenas tardes", ActGreeting},
	{"gracias", ActThanks}, {"muchas gracias", ActThanks}, {"eso funcionó", ActThanks}, {"adiós", ActThanks},
	{"sí", ActYes}, {"si", ActYes}, {"claro", ActYes}, {"exacto", ActYes}, {"no gracias", ActNo},
	{"ninguna", ActNoneOfThese}, {"ninguno", ActNoneOfThese}, {"ninguna de esas", ActNoneOfThese},
	{"no sé", ActDontKnow}, {"no lo sé", ActDontKnow}, {"ni idea", ActDontKnow},
	{"hablar con una persona", ActHuman}, {"hablar con un agente", ActHuman}, {"hablar con un humano", ActHuman},
	{"empezar de nuevo", ActRestart},
	// Japanese
	{"こんにちは", ActGreeting}, {"こんばんは", ActGreeting}, {"おはようございます", ActGreeting},
	{"ありがとう", ActThanks}, {"ありがとうございます", ActThanks}, {"ありがとうございました", ActThanks}, {"解決しました", ActThanks},
	{"はい", ActYes}, {"そうです", ActYes}, {"いいえ", ActNo}, {"違います", ActNo},
	{"どれでもない", ActNoneOfThese}, {"どれでもありません", ActNoneOfThese}, {"当てはまらない", ActNoneOfThese},
	{"わからない", ActDontKnow}, {"わかりません", ActDontKnow},
	{"担当者", ActHuman}, {"担当者と話したい", ActHuman}, {"人と話したい", ActHuman}, {"オペレーター", ActHuman},
	{"最初からやり直す", ActRestart}, {"やり直す", ActRestart},
}

// actByPhrase is actPhrases by normalised phrase.
var actByPhrase = func() map[string]Act {
	m := make(map[string]Act, len(actPhrases))
	for _, p := range actPhrases {
		m[lexical.Normalize(p.phrase)] = p.act
	}
	return m
}()

// phraseAct returns the act msg says as a whole in another language than
// English, or ActNone.
func phraseAct(msg string) Act {
	if len(msg) > maxActPhrase {
		return ActNone
	}
	return actByPhrase[lexical.Normalize(msg)]
}

// maxActPhrase bounds the bytes of a message looked up as an act phrase.
const maxActPhrase = 64
