package dialogue

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

// actPhrases are the dialogue acts customers say in the catalog's other
// languages as a whole message ("danke", "はい"), one row a phrase: the
// English acts are the patterns of acts.go. A message is looked up as
// phraseKey has it (lower case, punctuation and accents out).
var actPhrases = []struct {
	phrase string
	act    Act
	lang   string // "" in any language
}{
	// German
	{"hallo", ActGreeting, "de"}, {"guten tag", ActGreeting, "de"}, {"guten morgen", ActGreeting, "de"}, {"servus", ActGreeting, "de"}, {"moin", ActGreeting, "de"},
	{"ist da jemand", ActGreeting, "de"}, {"jemand da", ActGreeting, "de"}, {"hallo ist da jemand", ActGreeting, "de"}, {"hallo jemand da", ActGreeting, "de"}, {"bist du da", ActGreeting, "de"}, {"sind sie da", ActGreeting, "de"}, {"bist du noch da", ActGreeting, "de"}, {"sind sie noch da", ActGreeting, "de"},
	{"danke", ActThanks, "de"}, {"vielen dank", ActThanks, "de"}, {"danke schön", ActThanks, "de"}, {"danke sehr", ActThanks, "de"}, {"das hat geholfen", ActThanks, "de"}, {"hat geklappt", ActThanks, "de"}, {"es hat geklappt", ActThanks, "de"}, {"das hat geklappt", ActThanks, "de"}, {"hat funktioniert", ActThanks, "de"}, {"es funktioniert", ActThanks, "de"}, {"jetzt geht es", ActThanks, "de"}, {"geht jetzt", ActThanks, "de"}, {"jetzt funktioniert es", ActThanks, "de"}, {"es funktioniert jetzt", ActThanks, "de"}, {"tschüss", ActThanks, "de"},
	{"ja", ActYes, "de"}, {"ja genau", ActYes, "de"}, {"genau", ActYes, "de"}, {"nein", ActNo, "de"}, {"nein danke", ActNo, "de"}, {"noch nicht", ActNo, "de"}, {"nein noch nicht", ActNo, "de"}, {"jetzt nicht", ActNo, "de"}, {"gerade nicht", ActNo, "de"}, {"später", ActNo, "de"}, {"vielleicht später", ActNo, "de"}, {"das ist es nicht", ActNoneOfThese, "de"}, {"nein das ist es nicht", ActNoneOfThese, "de"}, {"nein das ist es auch nicht", ActNoneOfThese, "de"}, {"das ist es auch nicht", ActNoneOfThese, "de"}, {"nein das ist nicht das problem", ActNoneOfThese, "de"}, {"das stimmt nicht", ActNoneOfThese, "de"}, {"stimmt nicht", ActNoneOfThese, "de"}, {"nein stimmt nicht", ActNoneOfThese, "de"},
	{"beides", ActAll, "de"}, {"beide", ActAll, ""}, {"alle", ActAll, ""}, {"alle davon", ActAll, "de"}, {"alles davon", ActAll, "de"}, {"alle drei", ActAll, "de"}, {"beides trifft zu", ActAll, "de"}, {"beide treffen zu", ActAll, "de"}, {"alle treffen zu", ActAll, "de"},
	{"keine davon", ActNoneOfThese, "de"}, {"nichts davon", ActNoneOfThese, "de"}, {"keins davon", ActNoneOfThese, "de"},
	{"weiß nicht", ActDontKnow, "de"}, {"ich weiß nicht", ActDontKnow, "de"}, {"keine ahnung", ActDontKnow, "de"},
	{"mitarbeiter", ActHuman, "de"}, {"mit einem menschen sprechen", ActHuman, "de"}, {"mit einem mitarbeiter sprechen", ActHuman, "de"},
	{"mit einer person sprechen", ActHuman, "de"}, {"mit jemandem sprechen", ActHuman, "de"}, {"mit einem echten menschen sprechen", ActHuman, "de"},
	{"wer bist du", ActBotQuestion, "de"}, {"wer sind sie", ActBotQuestion, "de"}, {"bist du ein bot", ActBotQuestion, "de"}, {"ist das ein bot", ActBotQuestion, "de"}, {"bist du ein roboter", ActBotQuestion, "de"}, {"sind sie ein roboter", ActBotQuestion, "de"}, {"rede ich mit einem bot", ActBotQuestion, "de"}, {"bist du ein mensch", ActBotQuestion, "de"}, {"sind sie ein bot", ActBotQuestion, "de"}, {"sind sie ein mensch", ActBotQuestion, "de"},
	{"neu beginnen", ActRestart, "de"}, {"von vorn", ActRestart, "de"}, {"von vorne", ActRestart, "de"},
	{"hat nicht geklappt", ActNotSolved, "de"}, {"das hat nicht geklappt", ActNotSolved, "de"}, {"es hat nicht geklappt", ActNotSolved, "de"}, {"das hat nicht funktioniert", ActNotSolved, "de"}, {"es hat nicht funktioniert", ActNotSolved, "de"}, {"das funktioniert nicht", ActNotSolved, "de"}, {"es funktioniert nicht", ActNotSolved, "de"}, {"das geht nicht", ActNotSolved, "de"}, {"es geht nicht", ActNotSolved, "de"}, {"das hat nicht geholfen", ActNotSolved, "de"}, {"immer noch das gleiche problem", ActNotSolved, "de"}, {"immer noch dasselbe problem", ActNotSolved, "de"}, {"hat nicht funktioniert", ActNotSolved, "de"}, {"klappt nicht", ActNotSolved, "de"}, {"funktioniert nicht", ActNotSolved, "de"}, {"funktioniert nicht immer", ActNotSolved, "de"}, {"geht nicht immer", ActNotSolved, "de"}, {"es funktioniert nicht immer", ActNotSolved, "de"},
	{"geht immer noch nicht", ActNotSolved, "de"}, {"funktioniert immer noch nicht", ActNotSolved, "de"}, {"hat nicht geholfen", ActNotSolved, "de"}, {"das hilft nicht", ActNotSolved, "de"}, {"hilft nicht", ActNotSolved, "de"}, {"das hilft mir nicht", ActNotSolved, "de"}, {"das bringt nichts", ActNotSolved, "de"},
	{"geht nicht", ActNotSolved, "de"}, {"klappt immer noch nicht", ActNotSolved, "de"}, {"immer noch dasselbe", ActNotSolved, "de"}, {"immer noch das gleiche", ActNotSolved, "de"}, {"immer noch nichts", ActNotSolved, "de"}, {"nichts hat sich geändert", ActNotSolved, "de"}, {"gleiches problem", ActNotSolved, "de"},
	{"egal", ActWithdraw, "de"}, {"vergiss es", ActWithdraw, "de"}, {"nicht so wichtig", ActWithdraw, "de"}, {"schon gut", ActWithdraw, "de"},
	{"was meinen sie", ActUnclear, "de"}, {"was meinst du", ActUnclear, "de"}, {"ich verstehe nicht", ActUnclear, "de"}, {"das verstehe ich nicht", ActUnclear, "de"}, {"versteh ich nicht", ActUnclear, "de"}, {"verstehe ich nicht", ActUnclear, "de"}, {"wie bitte", ActUnclear, "de"},
	{"alles klar", ActAck, "de"}, {"in ordnung", ActAck, "de"}, {"verstanden", ActAck, "de"}, {"prima", ActAck, "de"}, {"gut", ActAck, "de"}, {"sehr gut", ActAck, "de"},
	{"danke für die hilfe", ActThanks, "de"}, {"vielen dank für die hilfe", ActThanks, "de"}, {"danke für die schnelle hilfe", ActThanks, "de"}, {"vielen dank für die schnelle hilfe", ActThanks, "de"}, {"problem gelöst", ActThanks, "de"}, {"erledigt", ActThanks, "de"}, {"jetzt klappt es", ActThanks, "de"}, {"klappt jetzt", ActThanks, "de"},
	{"perfekt", ActAck, "de"}, {"klasse", ActAck, "de"}, {"toll", ActAck, "de"}, {"top", ActAck, "de"}, {"passt", ActAck, "de"},
	{"das war es nicht", ActNoneOfThese, "de"}, {"das wars nicht", ActNoneOfThese, "de"}, {"das war's nicht", ActNoneOfThese, "de"}, {"das war es auch nicht", ActNoneOfThese, "de"},
	{"hat leider nicht funktioniert", ActNotSolved, "de"}, {"hat leider nicht geklappt", ActNotSolved, "de"}, {"funktioniert leider nicht", ActNotSolved, "de"}, {"geht leider nicht", ActNotSolved, "de"}, {"geht leider immer noch nicht", ActNotSolved, "de"}, {"funktioniert leider immer noch nicht", ActNotSolved, "de"},
	{"mit einem mitarbeiter reden", ActHuman, "de"}, {"mit einem menschen reden", ActHuman, "de"}, {"mit jemandem reden", ActHuman, "de"}, {"mit einer person reden", ActHuman, "de"}, {"mit einem echten menschen reden", ActHuman, "de"},
	{"einen mitarbeiter sprechen", ActHuman, "de"}, {"einen menschen sprechen", ActHuman, "de"}, {"einen echten menschen", ActHuman, "de"}, {"bitte einen menschen", ActHuman, "de"}, {"einen menschen bitte", ActHuman, "de"}, {"bitte einen mitarbeiter", ActHuman, "de"}, {"einen mitarbeiter bitte", ActHuman, "de"},
	{"ich brauche einen menschen", ActHuman, "de"}, {"ich will einen menschen", ActHuman, "de"}, {"ich möchte einen menschen", ActHuman, "de"}, {"ich brauche einen mitarbeiter", ActHuman, "de"}, {"verbinden sie mich", ActHuman, "de"}, {"verbinde mich", ActHuman, "de"},
	{"mit dem support sprechen", ActHuman, "de"}, {"mit dem support reden", ActHuman, "de"}, {"mit dem kundendienst sprechen", ActHuman, "de"}, {"mit dem kundenservice sprechen", ActHuman, "de"}, {"kundendienst", ActHuman, "de"}, {"kundenservice", ActHuman, "de"},
	{"das meine ich nicht", ActNoneOfThese, "de"}, {"das meinte ich nicht", ActNoneOfThese, "de"}, {"falsche antwort", ActNoneOfThese, "de"}, {"das ist nicht meine frage", ActNoneOfThese, "de"}, {"das suche ich nicht", ActNoneOfThese, "de"}, {"nicht das was ich suche", ActNoneOfThese, "de"},
	// French
	{"bonjour", ActGreeting, "fr"}, {"salut", ActGreeting, "fr"}, {"bonsoir", ActGreeting, "fr"},
	{"il y a quelqu'un", ActGreeting, "fr"}, {"y a quelqu'un", ActGreeting, "fr"}, {"y a-t-il quelqu'un", ActGreeting, "fr"}, {"bonjour il y a quelqu'un", ActGreeting, "fr"}, {"vous êtes là", ActGreeting, "fr"}, {"tu es là", ActGreeting, "fr"}, {"vous êtes toujours là", ActGreeting, "fr"}, {"tu es toujours là", ActGreeting, "fr"},
	{"merci", ActThanks, "fr"}, {"merci beaucoup", ActThanks, "fr"}, {"ça a marché", ActThanks, "fr"}, {"ça marche", ActThanks, "fr"}, {"ça marche maintenant", ActThanks, "fr"}, {"ça fonctionne", ActThanks, "fr"}, {"ça a fonctionné", ActThanks, "fr"}, {"c'est bon", ActThanks, "fr"}, {"c'est réglé", ActThanks, "fr"}, {"au revoir", ActThanks, "fr"},
	{"oui", ActYes, "fr"}, {"oui exactement", ActYes, "fr"}, {"exactement", ActYes, "fr"}, {"non", ActNo, "fr"}, {"non merci", ActNo, "fr"}, {"pas encore", ActNo, "fr"}, {"non pas encore", ActNo, "fr"}, {"pas maintenant", ActNo, "fr"}, {"pas pour le moment", ActNo, "fr"}, {"plus tard", ActNo, "fr"}, {"peut-être plus tard", ActNo, "fr"}, {"ce n'est pas ça", ActNoneOfThese, "fr"}, {"non ce n'est pas ça", ActNoneOfThese, "fr"}, {"c'est pas ça", ActNoneOfThese, "fr"}, {"non c'est pas ça", ActNoneOfThese, "fr"}, {"non pas ça", ActNoneOfThese, "fr"},
	{"les deux", ActAll, "fr"}, {"tous les deux", ActAll, "fr"}, {"toutes les deux", ActAll, "fr"}, {"tous", ActAll, "fr"}, {"toutes", ActAll, "fr"}, {"un peu des deux", ActAll, "fr"}, {"les trois", ActAll, "fr"},
	{"aucune", ActNoneOfThese, "fr"}, {"aucun", ActNoneOfThese, "fr"}, {"aucune de celles ci", ActNoneOfThese, "fr"},
	{"je ne sais pas", ActDontKnow, "fr"}, {"aucune idée", ActDontKnow, "fr"}, {"je sais pas", ActDontKnow, "fr"}, {"sais pas", ActDontKnow, "fr"}, {"j'en sais rien", ActDontKnow, "fr"},
	{"parler à un humain", ActHuman, "fr"}, {"parler à une personne", ActHuman, "fr"}, {"parler à un conseiller", ActHuman, "fr"}, {"parler à quelqu'un", ActHuman, "fr"},
	{"qui es tu", ActBotQuestion, "fr"}, {"qui êtes vous", ActBotQuestion, "fr"}, {"es tu un robot", ActBotQuestion, "fr"}, {"vous êtes un robot", ActBotQuestion, "fr"}, {"est ce que vous êtes un robot", ActBotQuestion, "fr"}, {"est ce que tu es un robot", ActBotQuestion, "fr"}, {"tu es un robot", ActBotQuestion, "fr"}, {"c'est un robot", ActBotQuestion, "fr"}, {"je parle à un robot", ActBotQuestion, "fr"}, {"est ce un robot", ActBotQuestion, "fr"}, {"êtes vous un robot", ActBotQuestion, "fr"}, {"es tu un bot", ActBotQuestion, "fr"}, {"es tu humain", ActBotQuestion, "fr"}, {"êtes vous humain", ActBotQuestion, "fr"},
	{"recommencer", ActRestart, "fr"},
	{"ça n'a pas marché", ActNotSolved, "fr"}, {"ça ne marche pas", ActNotSolved, "fr"}, {"ça ne marche toujours pas", ActNotSolved, "fr"}, {"ça ne fonctionne pas", ActNotSolved, "fr"},
	{"ça n'a pas fonctionné", ActNotSolved, "fr"}, {"ça n'a pas aidé", ActNotSolved, "fr"}, {"toujours pas", ActNotSolved, "fr"},
	{"ça marche pas", ActNotSolved, "fr"}, {"ça marche toujours pas", ActNotSolved, "fr"}, {"ça fonctionne pas", ActNotSolved, "fr"}, {"ça a pas marché", ActNotSolved, "fr"}, {"ça marche pas toujours", ActNotSolved, "fr"}, {"ça ne marche pas toujours", ActNotSolved, "fr"}, {"ça ne fonctionne pas toujours", ActNotSolved, "fr"},
	{"toujours pareil", ActNotSolved, "fr"}, {"toujours la même chose", ActNotSolved, "fr"}, {"toujours rien", ActNotSolved, "fr"}, {"rien n'a changé", ActNotSolved, "fr"}, {"même problème", ActNotSolved, "fr"},
	{"laisse tomber", ActWithdraw, "fr"}, {"laissez tomber", ActWithdraw, "fr"}, {"peu importe", ActWithdraw, "fr"}, {"tant pis", ActWithdraw, "fr"}, {"oubliez ça", ActWithdraw, "fr"},
	{"je ne comprends pas", ActUnclear, "fr"}, {"je comprends pas", ActUnclear, "fr"}, {"comprends pas", ActUnclear, "fr"}, {"c'est-à-dire", ActUnclear, "fr"}, {"qu'est-ce que vous voulez dire", ActUnclear, "fr"}, {"que voulez-vous dire", ActUnclear, "fr"},
	{"d'accord", ActAck, "fr"}, {"parfait", ActAck, "fr"}, {"très bien", ActAck, "fr"}, {"compris", ActAck, "fr"}, {"entendu", ActAck, "fr"}, {"je vois", ActAck, "fr"}, {"génial", ActAck, "fr"},
	{"merci pour votre aide", ActThanks, "fr"}, {"merci pour l'aide", ActThanks, "fr"}, {"merci de votre aide", ActThanks, "fr"}, {"problème résolu", ActThanks, "fr"}, {"c'est résolu", ActThanks, "fr"},
	{"nickel", ActAck, "fr"}, {"impeccable", ActAck, "fr"}, {"ok cool", ActAck, "fr"},
	{"je veux un humain", ActHuman, "fr"}, {"besoin d'un humain", ActHuman, "fr"}, {"besoin d'un conseiller", ActHuman, "fr"}, {"besoin d'une vraie personne", ActHuman, "fr"}, {"je voudrais un humain", ActHuman, "fr"}, {"un humain svp", ActHuman, "fr"}, {"un humain s'il vous plaît", ActHuman, "fr"}, {"passez moi un humain", ActHuman, "fr"}, {"vous êtes un humain", ActBotQuestion, "fr"}, {"êtes vous un humain", ActBotQuestion, "fr"},
	{"parler à un agent", ActHuman, "fr"}, {"parler avec un agent", ActHuman, "fr"}, {"parler avec quelqu'un", ActHuman, "fr"}, {"parler avec un humain", ActHuman, "fr"}, {"parler avec une personne", ActHuman, "fr"}, {"parler au support", ActHuman, "fr"}, {"parler au service client", ActHuman, "fr"},
	{"contacter le support", ActHuman, "fr"}, {"contacter le service client", ActHuman, "fr"}, {"un conseiller svp", ActHuman, "fr"}, {"un conseiller s'il vous plaît", ActHuman, "fr"}, {"je veux un conseiller", ActHuman, "fr"}, {"je voudrais un conseiller", ActHuman, "fr"},
	{"ce n'est pas ce que je cherche", ActNoneOfThese, "fr"}, {"c'est pas ce que je cherche", ActNoneOfThese, "fr"}, {"ce n'est pas ma question", ActNoneOfThese, "fr"}, {"c'est pas ma question", ActNoneOfThese, "fr"}, {"mauvaise réponse", ActNoneOfThese, "fr"}, {"ce n'est pas ce que je veux", ActNoneOfThese, "fr"},
	// Spanish
	{"hola", ActGreeting, "es"}, {"buenos días", ActGreeting, "es"}, {"buenas tardes", ActGreeting, "es"},
	{"hay alguien", ActGreeting, "es"}, {"hay alguien ahí", ActGreeting, "es"}, {"hola hay alguien", ActGreeting, "es"}, {"hola hay alguien ahí", ActGreeting, "es"}, {"estás ahí", ActGreeting, "es"}, {"está ahí", ActGreeting, "es"}, {"sigues ahí", ActGreeting, "es"}, {"sigue ahí", ActGreeting, "es"},
	{"gracias", ActThanks, "es"}, {"muchas gracias", ActThanks, "es"}, {"eso funcionó", ActThanks, "es"}, {"funcionó", ActThanks, "es"}, {"ya funciona", ActThanks, "es"}, {"ha funcionado", ActThanks, "es"}, {"ya está", ActThanks, "es"}, {"listo", ActThanks, "es"}, {"adiós", ActThanks, "es"},
	{"sí", ActYes, "es"}, {"si", ActYes, "es"}, {"claro", ActYes, "es"}, {"exacto", ActYes, "es"}, {"no gracias", ActNo, "es"}, {"todavía no", ActNo, "es"}, {"aún no", ActNo, "es"}, {"ahora no", ActNo, "es"}, {"de momento no", ActNo, "es"}, {"más tarde", ActNo, "es"}, {"quizás más tarde", ActNo, "es"}, {"no es eso", ActNoneOfThese, "es"}, {"no no es eso", ActNoneOfThese, "es"}, {"eso no es", ActNoneOfThese, "es"},
	{"ambos", ActAll, ""}, {"ambas", ActAll, ""}, {"los dos", ActAll, "es"}, {"las dos", ActAll, "es"}, {"todos", ActAll, ""}, {"todas", ActAll, ""}, {"un poco de ambos", ActAll, "es"}, {"los tres", ActAll, "es"},
	{"ninguna", ActNoneOfThese, "es"}, {"ninguno", ActNoneOfThese, "es"}, {"ninguna de esas", ActNoneOfThese, "es"},
	{"no sé", ActDontKnow, "es"}, {"no lo sé", ActDontKnow, "es"}, {"ni idea", ActDontKnow, "es"},
	{"hablar con una persona", ActHuman, "es"}, {"hablar con un agente", ActHuman, "es"}, {"hablar con un humano", ActHuman, "es"}, {"hablar con alguien", ActHuman, "es"},
	{"quién eres", ActBotQuestion, "es"}, {"quien eres", ActBotQuestion, "es"}, {"quién es usted", ActBotQuestion, "es"}, {"eres un bot", ActBotQuestion, "es"}, {"es un bot", ActBotQuestion, "es"}, {"hablo con un robot", ActBotQuestion, "es"}, {"hablo con un bot", ActBotQuestion, "es"}, {"estoy hablando con un robot", ActBotQuestion, "es"}, {"eres un robot", ActBotQuestion, "es"}, {"eres humano", ActBotQuestion, "es"}, {"eres una persona", ActBotQuestion, "es"},
	{"empezar de nuevo", ActRestart, "es"},
	{"no funcionó", ActNotSolved, "es"}, {"no ha funcionado", ActNotSolved, "es"}, {"no funciona", ActNotSolved, "es"}, {"sigue sin funcionar", ActNotSolved, "es"}, {"no siempre funciona", ActNotSolved, "es"}, {"no funciona siempre", ActNotSolved, "es"},
	{"no sirve", ActNotSolved, "es"}, {"todavía no funciona", ActNotSolved, "es"}, {"sigue igual", ActNotSolved, "es"}, {"no me sirvió", ActNotSolved, "es"}, {"no sirvió", ActNotSolved, "es"},
	{"todo sigue igual", ActNotSolved, "es"}, {"sigue sin cambiar", ActNotSolved, "es"}, {"nada ha cambiado", ActNotSolved, "es"}, {"nada cambió", ActNotSolved, "es"}, {"el mismo problema", ActNotSolved, "es"},
	{"olvídalo", ActWithdraw, "es"}, {"olvidalo", ActWithdraw, "es"}, {"no importa", ActWithdraw, "es"}, {"da igual", ActWithdraw, "es"}, {"déjalo", ActWithdraw, "es"},
	{"no entiendo", ActUnclear, "es"}, {"no lo entiendo", ActUnclear, "es"}, {"no comprendo", ActUnclear, "es"}, {"qué quiere decir", ActUnclear, "es"}, {"que quiere decir", ActUnclear, "es"}, {"qué quieres decir", ActUnclear, "es"}, {"que quieres decir", ActUnclear, "es"},
	{"vale", ActAck, "es"}, {"de acuerdo", ActAck, "es"}, {"entendido", ActAck, "es"}, {"perfecto", ActAck, "es"}, {"genial", ActAck, "es"}, {"muy bien", ActAck, "es"}, {"ya veo", ActAck, "es"},
	{"gracias por la ayuda", ActThanks, "es"}, {"gracias por tu ayuda", ActThanks, "es"}, {"gracias por su ayuda", ActThanks, "es"}, {"lo solucioné", ActThanks, "es"}, {"ya lo solucioné", ActThanks, "es"}, {"ya lo resolví", ActThanks, "es"}, {"solucionado", ActThanks, "es"}, {"resuelto", ActThanks, "es"}, {"ya quedó", ActThanks, "es"},
	{"estupendo", ActAck, "es"}, {"excelente", ActAck, "es"}, {"buenísimo", ActAck, "es"},
	{"necesito un humano", ActHuman, "es"}, {"necesito una persona real", ActHuman, "es"}, {"quiero una persona real", ActHuman, "es"}, {"quiero un humano", ActHuman, "es"}, {"quiero un agente", ActHuman, "es"}, {"necesito un agente", ActHuman, "es"}, {"pásame con una persona", ActHuman, "es"}, {"pásame con un agente", ActHuman, "es"}, {"pásame con un humano", ActHuman, "es"},
	{"hablar con soporte", ActHuman, "es"}, {"hablar con el soporte", ActHuman, "es"}, {"hablar con atención al cliente", ActHuman, "es"}, {"hablar con un asesor", ActHuman, "es"}, {"hablar con un operador", ActHuman, "es"}, {"hablar con un representante", ActHuman, "es"},
	{"contactar con soporte", ActHuman, "es"}, {"contactar al soporte", ActHuman, "es"}, {"atención al cliente", ActHuman, "es"}, {"agente", ActHuman, "es"},
	{"no es lo que busco", ActNoneOfThese, "es"}, {"eso no es lo que busco", ActNoneOfThese, "es"}, {"no es lo que pregunté", ActNoneOfThese, "es"}, {"no es eso lo que pregunté", ActNoneOfThese, "es"}, {"respuesta equivocada", ActNoneOfThese, "es"}, {"no es mi pregunta", ActNoneOfThese, "es"}, {"eso no me sirve", ActNotSolved, "es"},
	// Japanese
	{"こんにちは", ActGreeting, "ja"}, {"こんばんは", ActGreeting, "ja"}, {"おはようございます", ActGreeting, "ja"}, {"誰かいますか", ActGreeting, "ja"}, {"どなたかいますか", ActGreeting, "ja"},
	{"ありがとう", ActThanks, "ja"}, {"ありがとうございます", ActThanks, "ja"}, {"ありがとうございました", ActThanks, "ja"}, {"解決しました", ActThanks, "ja"},
	{"できました", ActThanks, "ja"}, {"できた", ActThanks, "ja"}, {"直りました", ActThanks, "ja"}, {"直った", ActThanks, "ja"}, {"うまくいきました", ActThanks, "ja"}, {"助かりました", ActThanks, "ja"}, {"どうも", ActThanks, "ja"},
	{"はい", ActYes, "ja"}, {"そうです", ActYes, "ja"}, {"いいえ", ActNo, "ja"}, {"違います", ActNo, "ja"},
	{"いいえ、違います", ActNo, "ja"}, {"いいえ、それは違います", ActNoneOfThese, "ja"}, {"それは違います", ActNoneOfThese, "ja"}, {"それじゃないです", ActNoneOfThese, "ja"}, {"それではありません", ActNoneOfThese, "ja"}, {"そうじゃない", ActNoneOfThese, "ja"}, {"そうじゃないです", ActNoneOfThese, "ja"}, {"違う", ActNo, "ja"}, {"ちがいます", ActNo, "ja"}, {"ちがう", ActNo, "ja"}, {"まだです", ActNo, "ja"}, {"まだ", ActNo, "ja"}, {"今はいいです", ActNo, "ja"}, {"あとで", ActNo, "ja"},
	{"両方", ActAll, "ja"}, {"両方です", ActAll, "ja"}, {"全部", ActAll, "ja"}, {"全部です", ActAll, "ja"}, {"どちらも", ActAll, "ja"}, {"どちらもです", ActAll, "ja"},
	{"どれでもない", ActNoneOfThese, "ja"}, {"どれでもありません", ActNoneOfThese, "ja"}, {"当てはまらない", ActNoneOfThese, "ja"},
	{"わからない", ActDontKnow, "ja"}, {"わかりません", ActDontKnow, "ja"},
	{"担当者", ActHuman, "ja"}, {"担当者と話したい", ActHuman, "ja"}, {"人と話したい", ActHuman, "ja"}, {"オペレーター", ActHuman, "ja"},
	{"最初からやり直す", ActRestart, "ja"}, {"やり直す", ActRestart, "ja"},
	{"ボットですか", ActBotQuestion, "ja"}, {"ロボットですか", ActBotQuestion, "ja"}, {"人間ですか", ActBotQuestion, "ja"},
	{"変わりません", ActNotSolved, "ja"}, {"変わりませんでした", ActNotSolved, "ja"}, {"うまくいきませんでした", ActNotSolved, "ja"}, {"解決しませんでした", ActNotSolved, "ja"}, {"できませんでした", ActNotSolved, "ja"}, {"直りませんでした", ActNotSolved, "ja"},
	{"だめでした", ActNotSolved, "ja"}, {"ダメでした", ActNotSolved, "ja"}, {"直らない", ActNotSolved, "ja"}, {"直りません", ActNotSolved, "ja"}, {"できない", ActNotSolved, "ja"}, {"まだできません", ActNotSolved, "ja"}, {"役に立たない", ActNotSolved, "ja"},
	{"気にしないでください", ActWithdraw, "ja"}, {"もういいです", ActWithdraw, "ja"},
	{"どういう意味ですか", ActUnclear, "ja"}, {"意味がわかりません", ActUnclear, "ja"}, {"どういうこと", ActUnclear, "ja"}, {"どういうことですか", ActUnclear, "ja"}, {"どういう意味", ActUnclear, "ja"}, {"意味がわからない", ActUnclear, "ja"},
	{"了解", ActAck, "ja"}, {"了解しました", ActAck, "ja"}, {"わかりました", ActAck, "ja"}, {"なるほど", ActAck, "ja"},
	{"まだ直りません", ActNotSolved, "ja"}, {"まだ直らない", ActNotSolved, "ja"}, {"まだだめです", ActNotSolved, "ja"}, {"それでもだめです", ActNotSolved, "ja"}, {"それでもダメです", ActNotSolved, "ja"},
	{"人間と話したい", ActHuman, "ja"}, {"オペレーターにつないで", ActHuman, "ja"}, {"オペレーターと話したい", ActHuman, "ja"}, {"担当者につないで", ActHuman, "ja"}, {"担当者に代わって", ActHuman, "ja"}, {"人と話せますか", ActHuman, "ja"}, {"人間につないで", ActHuman, "ja"}, {"サポートに連絡したい", ActHuman, "ja"},
	{"それじゃない", ActNoneOfThese, "ja"}, {"そうじゃなくて", ActNoneOfThese, "ja"},
	// Chinese (Simplified; a few Traditional forms beside)
	{"你好", ActGreeting, "zh"}, {"您好", ActGreeting, "zh"}, {"你好啊", ActGreeting, "zh"}, {"在吗", ActGreeting, "zh"}, {"在不在", ActGreeting, "zh"}, {"有人吗", ActGreeting, "zh"}, {"早上好", ActGreeting, "zh"}, {"晚上好", ActGreeting, "zh"}, {"哈喽", ActGreeting, "zh"},
	{"谢谢", ActThanks, "zh"}, {"謝謝", ActThanks, "zh"}, {"谢谢你", ActThanks, "zh"}, {"谢谢您", ActThanks, "zh"}, {"多谢", ActThanks, "zh"}, {"谢了", ActThanks, "zh"}, {"非常感谢", ActThanks, "zh"}, {"感谢", ActThanks, "zh"},
	{"解决了", ActThanks, "zh"}, {"好了", ActThanks, "zh"}, {"可以了", ActThanks, "zh"}, {"搞定了", ActThanks, "zh"}, {"成功了", ActThanks, "zh"}, {"问题解决了", ActThanks, "zh"},
	{"是", ActYes, "zh"}, {"是的", ActYes, "zh"}, {"对", ActYes, "zh"}, {"对的", ActYes, "zh"}, {"没错", ActYes, "zh"}, {"嗯", ActYes, "zh"},
	{"不", ActNo, "zh"}, {"不是", ActNo, "zh"}, {"不对", ActNo, "zh"}, {"没有", ActNo, "zh"}, {"还没", ActNo, "zh"}, {"还没有", ActNo, "zh"}, {"现在不用", ActNo, "zh"}, {"以后再说", ActNo, "zh"},
	{"都是", ActAll, "zh"}, {"两个都是", ActAll, "zh"},
	{"都不是", ActNoneOfThese, "zh"}, {"不是这个", ActNoneOfThese, "zh"}, {"不是这些", ActNoneOfThese, "zh"}, {"这不是我要的", ActNoneOfThese, "zh"}, {"不是我问的", ActNoneOfThese, "zh"},
	{"不知道", ActDontKnow, "zh"}, {"我不知道", ActDontKnow, "zh"}, {"不清楚", ActDontKnow, "zh"},
	{"人工", ActHuman, "zh"}, {"客服", ActHuman, "zh"}, {"真人", ActHuman, "zh"}, {"转人工", ActHuman, "zh"}, {"人工客服", ActHuman, "zh"}, {"找人工", ActHuman, "zh"}, {"要人工", ActHuman, "zh"}, {"真人客服", ActHuman, "zh"}, {"联系客服", ActHuman, "zh"}, {"和真人说话", ActHuman, "zh"},
	{"重新开始", ActRestart, "zh"}, {"从头开始", ActRestart, "zh"},
	{"你是机器人吗", ActBotQuestion, "zh"}, {"是机器人吗", ActBotQuestion, "zh"}, {"你是真人吗", ActBotQuestion, "zh"}, {"是真人吗", ActBotQuestion, "zh"}, {"你是人吗", ActBotQuestion, "zh"}, {"你是谁", ActBotQuestion, "zh"},
	{"不行", ActNotSolved, "zh"}, {"还是不行", ActNotSolved, "zh"}, {"没用", ActNotSolved, "zh"}, {"没有用", ActNotSolved, "zh"}, {"不管用", ActNotSolved, "zh"}, {"没解决", ActNotSolved, "zh"}, {"还是没解决", ActNotSolved, "zh"}, {"还是一样", ActNotSolved, "zh"},
	{"算了", ActWithdraw, "zh"}, {"不用了", ActWithdraw, "zh"},
	{"什么意思", ActUnclear, "zh"}, {"没看懂", ActUnclear, "zh"}, {"看不懂", ActUnclear, "zh"}, {"不明白", ActUnclear, "zh"},
	{"好的", ActAck, "zh"}, {"好", ActAck, "zh"}, {"好吧", ActAck, "zh"}, {"行", ActAck, "zh"}, {"知道了", ActAck, "zh"}, {"明白了", ActAck, "zh"}, {"明白", ActAck, "zh"}, {"懂了", ActAck, "zh"},
	// Korean (polite and plain endings, spacing as typed)
	{"안녕하세요", ActGreeting, "ko"}, {"안녕", ActGreeting, "ko"}, {"저기요", ActGreeting, "ko"}, {"계세요", ActGreeting, "ko"}, {"여보세요", ActGreeting, "ko"},
	{"감사합니다", ActThanks, "ko"}, {"고맙습니다", ActThanks, "ko"}, {"감사해요", ActThanks, "ko"}, {"고마워요", ActThanks, "ko"}, {"고마워", ActThanks, "ko"}, {"해결됐어요", ActThanks, "ko"}, {"해결했어요", ActThanks, "ko"}, {"잘 돼요", ActThanks, "ko"}, {"이제 돼요", ActThanks, "ko"},
	{"네", ActYes, "ko"}, {"예", ActYes, "ko"}, {"응", ActYes, "ko"}, {"맞아요", ActYes, "ko"}, {"맞습니다", ActYes, "ko"}, {"네 맞아요", ActYes, "ko"},
	{"아니요", ActNo, "ko"}, {"아니오", ActNo, "ko"}, {"아뇨", ActNo, "ko"}, {"아니", ActNo, "ko"}, {"아직", ActNo, "ko"}, {"아직요", ActNo, "ko"}, {"아직이요", ActNo, "ko"}, {"나중에요", ActNo, "ko"},
	{"둘 다", ActAll, "ko"}, {"둘 다요", ActAll, "ko"}, {"전부", ActAll, "ko"}, {"전부요", ActAll, "ko"}, {"모두요", ActAll, "ko"},
	{"다 아니에요", ActNoneOfThese, "ko"}, {"둘 다 아니에요", ActNoneOfThese, "ko"}, {"그게 아니에요", ActNoneOfThese, "ko"}, {"그거 아니에요", ActNoneOfThese, "ko"}, {"해당 없음", ActNoneOfThese, "ko"},
	{"모르겠어요", ActDontKnow, "ko"}, {"몰라요", ActDontKnow, "ko"}, {"잘 모르겠어요", ActDontKnow, "ko"},
	{"상담원", ActHuman, "ko"}, {"상담사", ActHuman, "ko"}, {"고객센터", ActHuman, "ko"}, {"상담원 연결", ActHuman, "ko"}, {"상담원 연결해 주세요", ActHuman, "ko"}, {"상담원이랑 얘기하고 싶어요", ActHuman, "ko"}, {"사람이랑 얘기하고 싶어요", ActHuman, "ko"}, {"직원 연결", ActHuman, "ko"},
	{"처음부터 다시", ActRestart, "ko"}, {"다시 시작", ActRestart, "ko"},
	{"봇이에요", ActBotQuestion, "ko"}, {"봇인가요", ActBotQuestion, "ko"}, {"로봇이에요", ActBotQuestion, "ko"}, {"챗봇이에요", ActBotQuestion, "ko"}, {"사람이에요", ActBotQuestion, "ko"}, {"사람인가요", ActBotQuestion, "ko"}, {"진짜 사람이에요", ActBotQuestion, "ko"},
	{"안 돼요", ActNotSolved, "ko"}, {"안돼요", ActNotSolved, "ko"}, {"여전히 안 돼요", ActNotSolved, "ko"}, {"그래도 안 돼요", ActNotSolved, "ko"}, {"해결 안 됐어요", ActNotSolved, "ko"}, {"똑같아요", ActNotSolved, "ko"}, {"소용없어요", ActNotSolved, "ko"},
	{"그만할게요", ActWithdraw, "ko"}, {"신경 쓰지 마세요", ActWithdraw, "ko"},
	{"무슨 뜻이에요", ActUnclear, "ko"}, {"무슨 말이에요", ActUnclear, "ko"}, {"이해가 안 돼요", ActUnclear, "ko"},
	{"알겠어요", ActAck, "ko"}, {"알겠습니다", ActAck, "ko"}, {"알았어요", ActAck, "ko"}, {"네 알겠습니다", ActAck, "ko"}, {"좋아요", ActAck, "ko"}, {"오케이", ActAck, "ko"},
	// Polish (Polish letters typed or not)
	{"cześć", ActGreeting, "pl"}, {"dzień dobry", ActGreeting, "pl"}, {"witam", ActGreeting, "pl"}, {"halo", ActGreeting, "pl"}, {"jest tam ktoś", ActGreeting, "pl"}, {"jest ktoś", ActGreeting, "pl"},
	{"dziękuję", ActThanks, "pl"}, {"dzięki", ActThanks, "pl"}, {"wielkie dzięki", ActThanks, "pl"}, {"bardzo dziękuję", ActThanks, "pl"}, {"dzięki za pomoc", ActThanks, "pl"}, {"dziękuję za pomoc", ActThanks, "pl"},
	{"działa", ActThanks, "pl"}, {"już działa", ActThanks, "pl"}, {"teraz działa", ActThanks, "pl"}, {"pomogło", ActThanks, "pl"}, {"udało się", ActThanks, "pl"}, {"rozwiązane", ActThanks, "pl"},
	{"tak", ActYes, "pl"}, {"dokładnie", ActYes, "pl"}, {"zgadza się", ActYes, "pl"},
	{"nie", ActNo, "pl"}, {"nie dziękuję", ActNo, "pl"}, {"jeszcze nie", ActNo, "pl"}, {"nie teraz", ActNo, "pl"}, {"może później", ActNo, "pl"}, {"później", ActNo, "pl"},
	{"obie", ActAll, "pl"}, {"oba", ActAll, "pl"}, {"obydwa", ActAll, "pl"}, {"wszystkie", ActAll, "pl"},
	{"żadne", ActNoneOfThese, "pl"}, {"żadna", ActNoneOfThese, "pl"}, {"żaden", ActNoneOfThese, "pl"}, {"żadne z tych", ActNoneOfThese, "pl"}, {"nie o to chodzi", ActNoneOfThese, "pl"}, {"to nie to", ActNoneOfThese, "pl"}, {"to nie jest moje pytanie", ActNoneOfThese, "pl"},
	{"nie wiem", ActDontKnow, "pl"}, {"nie mam pojęcia", ActDontKnow, "pl"},
	{"konsultant", ActHuman, "pl"}, {"z konsultantem", ActHuman, "pl"}, {"rozmowa z konsultantem", ActHuman, "pl"}, {"połącz z konsultantem", ActHuman, "pl"}, {"chcę rozmawiać z konsultantem", ActHuman, "pl"}, {"chcę rozmawiać z człowiekiem", ActHuman, "pl"}, {"porozmawiać z człowiekiem", ActHuman, "pl"}, {"z człowiekiem", ActHuman, "pl"},
	{"jesteś botem", ActBotQuestion, "pl"}, {"czy jesteś botem", ActBotQuestion, "pl"}, {"jesteś robotem", ActBotQuestion, "pl"}, {"czy rozmawiam z botem", ActBotQuestion, "pl"}, {"jesteś człowiekiem", ActBotQuestion, "pl"}, {"czy jesteś człowiekiem", ActBotQuestion, "pl"},
	{"zacznij od nowa", ActRestart, "pl"}, {"od nowa", ActRestart, "pl"},
	{"nie działa", ActNotSolved, "pl"}, {"dalej nie działa", ActNotSolved, "pl"}, {"nadal nie działa", ActNotSolved, "pl"}, {"nie pomogło", ActNotSolved, "pl"}, {"to nie pomogło", ActNotSolved, "pl"}, {"nic to nie dało", ActNotSolved, "pl"}, {"bez zmian", ActNotSolved, "pl"}, {"wciąż to samo", ActNotSolved, "pl"},
	{"nieważne", ActWithdraw, "pl"}, {"zapomnij", ActWithdraw, "pl"}, {"daj spokój", ActWithdraw, "pl"},
	{"nie rozumiem", ActUnclear, "pl"}, {"co masz na myśli", ActUnclear, "pl"},
	{"rozumiem", ActAck, "pl"}, {"jasne", ActAck, "pl"}, {"dobrze", ActAck, "pl"}, {"w porządku", ActAck, "pl"}, {"spoko", ActAck, "pl"},
	// Indonesian (informal forms too: makasih, nggak, gak); "ya", "hai" and
	// "oke", which English speakers type too, in any language
	{"halo", ActGreeting, "id"}, {"hai", ActGreeting, ""}, {"selamat pagi", ActGreeting, "id"}, {"selamat siang", ActGreeting, "id"}, {"selamat sore", ActGreeting, "id"}, {"selamat malam", ActGreeting, "id"}, {"permisi", ActGreeting, "id"},
	{"terima kasih", ActThanks, "id"}, {"terimakasih", ActThanks, "id"}, {"makasih", ActThanks, "id"}, {"makasih ya", ActThanks, "id"}, {"terima kasih banyak", ActThanks, "id"}, {"terima kasih atas bantuannya", ActThanks, "id"}, {"sudah bisa", ActThanks, "id"}, {"udah bisa", ActThanks, "id"}, {"berhasil", ActThanks, "id"}, {"sudah berhasil", ActThanks, "id"},
	{"ya", ActYes, ""}, {"iya", ActYes, "id"}, {"betul", ActYes, "id"}, {"benar", ActYes, "id"}, {"ya betul", ActYes, "id"},
	{"tidak", ActNo, "id"}, {"nggak", ActNo, "id"}, {"gak", ActNo, "id"}, {"enggak", ActNo, "id"}, {"bukan", ActNo, "id"}, {"tidak terima kasih", ActNo, "id"}, {"belum", ActNo, "id"}, {"nanti saja", ActNo, "id"},
	{"dua duanya", ActAll, "id"}, {"keduanya", ActAll, "id"}, {"semuanya", ActAll, "id"},
	{"bukan semuanya", ActNoneOfThese, "id"}, {"tidak ada yang cocok", ActNoneOfThese, "id"}, {"bukan itu", ActNoneOfThese, "id"}, {"bukan itu maksud saya", ActNoneOfThese, "id"}, {"bukan itu pertanyaan saya", ActNoneOfThese, "id"},
	{"tidak tahu", ActDontKnow, "id"}, {"nggak tahu", ActDontKnow, "id"}, {"gak tau", ActDontKnow, "id"}, {"kurang tahu", ActDontKnow, "id"},
	{"petugas", ActHuman, "id"}, {"bicara dengan petugas", ActHuman, "id"}, {"mau bicara dengan orang", ActHuman, "id"}, {"sambungkan ke petugas", ActHuman, "id"}, {"minta cs", ActHuman, "id"}, {"dengan manusia", ActHuman, "id"},
	{"kamu bot", ActBotQuestion, "id"}, {"apakah kamu bot", ActBotQuestion, "id"}, {"ini bot", ActBotQuestion, "id"}, {"ini robot", ActBotQuestion, "id"}, {"kamu manusia", ActBotQuestion, "id"}, {"apakah anda manusia", ActBotQuestion, "id"},
	{"mulai dari awal", ActRestart, "id"}, {"ulang dari awal", ActRestart, "id"},
	{"tidak berhasil", ActNotSolved, "id"}, {"masih tidak bisa", ActNotSolved, "id"}, {"masih nggak bisa", ActNotSolved, "id"}, {"tetap tidak bisa", ActNotSolved, "id"}, {"tidak membantu", ActNotSolved, "id"}, {"sama saja", ActNotSolved, "id"}, {"belum berhasil", ActNotSolved, "id"},
	{"tidak jadi", ActWithdraw, "id"}, {"nggak jadi", ActWithdraw, "id"}, {"lupakan saja", ActWithdraw, "id"},
	{"maksudnya apa", ActUnclear, "id"}, {"saya tidak mengerti", ActUnclear, "id"}, {"nggak ngerti", ActUnclear, "id"},
	{"oke", ActAck, ""}, {"baik", ActAck, "id"}, {"baiklah", ActAck, "id"}, {"siap", ActAck, "id"}, {"mengerti", ActAck, "id"}, {"oke paham", ActAck, "id"},
	// Ukrainian
	{"привіт", ActGreeting, "uk"}, {"добрий день", ActGreeting, "uk"}, {"вітаю", ActGreeting, "uk"}, {"доброго дня", ActGreeting, "uk"}, {"є хто", ActGreeting, "uk"}, {"є хтось", ActGreeting, "uk"},
	{"дякую", ActThanks, "uk"}, {"дуже дякую", ActThanks, "uk"}, {"дякую за допомогу", ActThanks, "uk"}, {"спасибі", ActThanks, "uk"}, {"вийшло", ActThanks, "uk"}, {"все вийшло", ActThanks, "uk"}, {"запрацювало", ActThanks, "uk"}, {"тепер працює", ActThanks, "uk"}, {"допомогло", ActThanks, "uk"},
	{"так", ActYes, "uk"}, {"так саме так", ActYes, "uk"}, {"саме так", ActYes, "uk"}, {"ні", ActNo, "uk"}, {"ні дякую", ActNo, "uk"}, {"ще ні", ActNo, "uk"}, {"поки ні", ActNo, "uk"}, {"не зараз", ActNo, "uk"}, {"пізніше", ActNo, "uk"},
	{"обидва", ActAll, "uk"}, {"обидві", ActAll, "uk"}, {"усі", ActAll, "uk"},
	{"це не те", ActNoneOfThese, "uk"}, {"ні це не те", ActNoneOfThese, "uk"}, {"нічого з цього", ActNoneOfThese, "uk"}, {"це не моє питання", ActNoneOfThese, "uk"},
	{"не знаю", ActDontKnow, "uk"}, {"гадки не маю", ActDontKnow, "uk"},
	{"оператор", ActHuman, "uk"}, {"з оператором", ActHuman, "uk"}, {"поговорити з людиною", ActHuman, "uk"}, {"хочу поговорити з людиною", ActHuman, "uk"}, {"поговорити з оператором", ActHuman, "uk"}, {"жива людина", ActHuman, "uk"},
	{"ти бот", ActBotQuestion, "uk"}, {"ви бот", ActBotQuestion, "uk"}, {"ти робот", ActBotQuestion, "uk"}, {"ти людина", ActBotQuestion, "uk"}, {"хто ти", ActBotQuestion, "uk"},
	{"почати спочатку", ActRestart, "uk"}, {"спочатку", ActRestart, "uk"},
	{"не допомогло", ActNotSolved, "uk"}, {"це не допомогло", ActNotSolved, "uk"}, {"не працює", ActNotSolved, "uk"}, {"все одно не працює", ActNotSolved, "uk"}, {"досі не працює", ActNotSolved, "uk"}, {"не вийшло", ActNotSolved, "uk"}, {"нічого не змінилося", ActNotSolved, "uk"},
	{"неважливо", ActWithdraw, "uk"}, {"забудь", ActWithdraw, "uk"}, {"забудьте", ActWithdraw, "uk"},
	{"не розумію", ActUnclear, "uk"}, {"не зрозумів", ActUnclear, "uk"}, {"що ви маєте на увазі", ActUnclear, "uk"},
	{"зрозуміло", ActAck, "uk"}, {"ясно", ActAck, "uk"}, {"добре", ActAck, "uk"}, {"гаразд", ActAck, "uk"}, {"чудово", ActAck, "uk"},
	// Czech (diacritics typed or not)
	{"ahoj", ActGreeting, "cs"}, {"dobrý den", ActGreeting, "cs"}, {"zdravím", ActGreeting, "cs"}, {"je tu někdo", ActGreeting, "cs"}, {"haló", ActGreeting, "cs"},
	{"děkuji", ActThanks, "cs"}, {"díky", ActThanks, "cs"}, {"děkuju", ActThanks, "cs"}, {"moc děkuji", ActThanks, "cs"}, {"děkuji za pomoc", ActThanks, "cs"}, {"díky za pomoc", ActThanks, "cs"}, {"funguje to", ActThanks, "cs"}, {"už to funguje", ActThanks, "cs"}, {"pomohlo to", ActThanks, "cs"}, {"vyřešeno", ActThanks, "cs"},
	{"ano", ActYes, "cs"}, {"jo", ActYes, "cs"}, {"ne", ActNo, "cs"}, {"přesně", ActYes, "cs"}, {"přesně tak", ActYes, "cs"}, {"ne děkuji", ActNo, "cs"}, {"ještě ne", ActNo, "cs"}, {"teď ne", ActNo, "cs"}, {"později", ActNo, "cs"},
	{"obojí", ActAll, "cs"}, {"oba", ActAll, "cs"}, {"všechny", ActAll, "cs"},
	{"to není ono", ActNoneOfThese, "cs"}, {"nic z toho", ActNoneOfThese, "cs"}, {"žádná", ActNoneOfThese, "cs"}, {"to není moje otázka", ActNoneOfThese, "cs"},
	{"nevím", ActDontKnow, "cs"}, {"netuším", ActDontKnow, "cs"},
	{"operátor", ActHuman, "cs"}, {"s operátorem", ActHuman, "cs"}, {"mluvit s člověkem", ActHuman, "cs"}, {"chci mluvit s člověkem", ActHuman, "cs"}, {"chci mluvit s operátorem", ActHuman, "cs"}, {"živý člověk", ActHuman, "cs"},
	{"jsi bot", ActBotQuestion, "cs"}, {"jste bot", ActBotQuestion, "cs"}, {"jsi robot", ActBotQuestion, "cs"}, {"jsi člověk", ActBotQuestion, "cs"}, {"kdo jsi", ActBotQuestion, "cs"},
	{"začít znovu", ActRestart, "cs"}, {"znovu", ActRestart, "cs"},
	{"nepomohlo to", ActNotSolved, "cs"}, {"nepomohlo", ActNotSolved, "cs"}, {"nefunguje to", ActNotSolved, "cs"}, {"pořád to nefunguje", ActNotSolved, "cs"}, {"stále to nefunguje", ActNotSolved, "cs"}, {"nic se nezměnilo", ActNotSolved, "cs"},
	{"to je jedno", ActWithdraw, "cs"}, {"zapomeň na to", ActWithdraw, "cs"}, {"nevadí", ActWithdraw, "cs"},
	{"nerozumím", ActUnclear, "cs"}, {"co tím myslíte", ActUnclear, "cs"},
	{"rozumím", ActAck, "cs"}, {"jasně", ActAck, "cs"}, {"dobře", ActAck, "cs"}, {"v pořádku", ActAck, "cs"}, {"výborně", ActAck, "cs"},
	// Portuguese (Brazil's, accents as typed or not)
	{"olá", ActGreeting, "pt"}, {"oi", ActGreeting, "pt"}, {"bom dia", ActGreeting, "pt"}, {"boa tarde", ActGreeting, "pt"}, {"boa noite", ActGreeting, "pt"}, {"tem alguém aí", ActGreeting, "pt"}, {"alguém aí", ActGreeting, "pt"}, {"oi tem alguém aí", ActGreeting, "pt"},
	{"obrigado", ActThanks, "pt"}, {"obrigada", ActThanks, "pt"}, {"muito obrigado", ActThanks, "pt"}, {"muito obrigada", ActThanks, "pt"}, {"valeu", ActThanks, "pt"}, {"deu certo", ActThanks, "pt"}, {"funcionou", ActThanks, "pt"}, {"agora funcionou", ActThanks, "pt"}, {"resolvido", ActThanks, "pt"}, {"resolveu", ActThanks, "pt"}, {"obrigado pela ajuda", ActThanks, "pt"}, {"obrigada pela ajuda", ActThanks, "pt"}, {"tchau", ActThanks, "pt"},
	{"sim", ActYes, "pt"}, {"isso", ActYes, "pt"}, {"isso mesmo", ActYes, "pt"}, {"exatamente", ActYes, "pt"}, {"não", ActNo, "pt"}, {"não obrigado", ActNo, "pt"}, {"não obrigada", ActNo, "pt"}, {"ainda não", ActNo, "pt"}, {"agora não", ActNo, "pt"}, {"por enquanto não", ActNo, "pt"}, {"mais tarde", ActNo, "pt"}, {"talvez mais tarde", ActNo, "pt"},
	{"os dois", ActAll, "pt"}, {"as duas", ActAll, "pt"},
	{"não é isso", ActNoneOfThese, "pt"}, {"não é nada disso", ActNoneOfThese, "pt"}, {"nenhuma", ActNoneOfThese, "pt"}, {"nenhum", ActNoneOfThese, "pt"}, {"nenhuma dessas", ActNoneOfThese, "pt"}, {"nenhum desses", ActNoneOfThese, "pt"}, {"não é o que eu procuro", ActNoneOfThese, "pt"}, {"não é minha pergunta", ActNoneOfThese, "pt"},
	{"não sei", ActDontKnow, "pt"}, {"sei lá", ActDontKnow, "pt"}, {"não faço ideia", ActDontKnow, "pt"},
	{"falar com uma pessoa", ActHuman, "pt"}, {"falar com um atendente", ActHuman, "pt"}, {"falar com um humano", ActHuman, "pt"}, {"falar com alguém", ActHuman, "pt"}, {"falar com o suporte", ActHuman, "pt"}, {"quero um atendente", ActHuman, "pt"}, {"quero falar com um atendente", ActHuman, "pt"}, {"atendente", ActHuman, "pt"}, {"atendimento humano", ActHuman, "pt"},
	{"você é um robô", ActBotQuestion, "pt"}, {"você é um bot", ActBotQuestion, "pt"}, {"é um robô", ActBotQuestion, "pt"}, {"estou falando com um robô", ActBotQuestion, "pt"}, {"você é humano", ActBotQuestion, "pt"}, {"quem é você", ActBotQuestion, "pt"},
	{"começar de novo", ActRestart, "pt"}, {"recomeçar", ActRestart, "pt"},
	{"não funcionou", ActNotSolved, "pt"}, {"não deu certo", ActNotSolved, "pt"}, {"não funciona", ActNotSolved, "pt"}, {"continua sem funcionar", ActNotSolved, "pt"}, {"ainda não funciona", ActNotSolved, "pt"}, {"não resolveu", ActNotSolved, "pt"}, {"não ajudou", ActNotSolved, "pt"}, {"continua igual", ActNotSolved, "pt"}, {"o mesmo problema", ActNotSolved, "pt"},
	{"deixa pra lá", ActWithdraw, "pt"}, {"esquece", ActWithdraw, "pt"}, {"tanto faz", ActWithdraw, "pt"},
	{"não entendi", ActUnclear, "pt"}, {"não entendo", ActUnclear, "pt"}, {"como assim", ActUnclear, "pt"}, {"o que você quer dizer", ActUnclear, "pt"},
	{"beleza", ActAck, "pt"}, {"entendi", ActAck, "pt"}, {"perfeito", ActAck, "pt"}, {"ótimo", ActAck, "pt"}, {"tá bom", ActAck, "pt"}, {"está bem", ActAck, "pt"},
	// Italian
	{"ciao", ActGreeting, "it"}, {"salve", ActGreeting, "it"}, {"buongiorno", ActGreeting, "it"}, {"buonasera", ActGreeting, "it"}, {"c'è qualcuno", ActGreeting, "it"}, {"ciao c'è qualcuno", ActGreeting, "it"},
	{"grazie", ActThanks, "it"}, {"grazie mille", ActThanks, "it"}, {"grazie tante", ActThanks, "it"}, {"ha funzionato", ActThanks, "it"}, {"funziona", ActThanks, "it"}, {"ora funziona", ActThanks, "it"}, {"adesso funziona", ActThanks, "it"}, {"risolto", ActThanks, "it"}, {"grazie per l'aiuto", ActThanks, "it"}, {"arrivederci", ActThanks, "it"},
	{"sì", ActYes, "it"}, {"esatto", ActYes, "it"}, {"esattamente", ActYes, "it"}, {"certo", ActYes, "it"}, {"no grazie", ActNo, "it"}, {"non ancora", ActNo, "it"}, {"non adesso", ActNo, "it"}, {"non ora", ActNo, "it"}, {"per ora no", ActNo, "it"}, {"più tardi", ActNo, "it"}, {"magari più tardi", ActNo, "it"},
	{"entrambi", ActAll, "it"}, {"entrambe", ActAll, "it"}, {"tutti e due", ActAll, "it"}, {"tutte e due", ActAll, "it"}, {"tutti", ActAll, "it"}, {"tutte", ActAll, "it"},
	{"non è questo", ActNoneOfThese, "it"}, {"no non è questo", ActNoneOfThese, "it"}, {"nessuno", ActNoneOfThese, "it"}, {"nessuna", ActNoneOfThese, "it"}, {"nessuno di questi", ActNoneOfThese, "it"}, {"non è quello che cerco", ActNoneOfThese, "it"}, {"non è la mia domanda", ActNoneOfThese, "it"},
	{"non lo so", ActDontKnow, "it"}, {"non so", ActDontKnow, "it"}, {"boh", ActDontKnow, "it"},
	{"parlare con una persona", ActHuman, "it"}, {"parlare con un operatore", ActHuman, "it"}, {"parlare con qualcuno", ActHuman, "it"}, {"parlare con un umano", ActHuman, "it"}, {"parlare con l'assistenza", ActHuman, "it"}, {"voglio un operatore", ActHuman, "it"}, {"operatore", ActHuman, "it"},
	{"sei un bot", ActBotQuestion, "it"}, {"sei un robot", ActBotQuestion, "it"}, {"è un bot", ActBotQuestion, "it"}, {"sto parlando con un robot", ActBotQuestion, "it"}, {"sei umano", ActBotQuestion, "it"}, {"chi sei", ActBotQuestion, "it"},
	{"ricominciare", ActRestart, "it"}, {"ricominciamo", ActRestart, "it"},
	{"non ha funzionato", ActNotSolved, "it"}, {"non funziona", ActNotSolved, "it"}, {"ancora non funziona", ActNotSolved, "it"}, {"non funziona ancora", ActNotSolved, "it"}, {"non è servito", ActNotSolved, "it"}, {"non ha risolto", ActNotSolved, "it"}, {"stesso problema", ActNotSolved, "it"}, {"è tutto uguale", ActNotSolved, "it"},
	{"lascia perdere", ActWithdraw, "it"}, {"lasci perdere", ActWithdraw, "it"}, {"non importa", ActWithdraw, "it"}, {"fa niente", ActWithdraw, "it"},
	{"non capisco", ActUnclear, "it"}, {"non ho capito", ActUnclear, "it"}, {"cosa intende", ActUnclear, "it"}, {"cosa vuoi dire", ActUnclear, "it"}, {"in che senso", ActUnclear, "it"},
	{"va bene", ActAck, "it"}, {"d'accordo", ActAck, "it"}, {"perfetto", ActAck, "it"}, {"capito", ActAck, "it"}, {"ottimo", ActAck, "it"}, {"benissimo", ActAck, "it"},
	// Dutch
	{"hoi", ActGreeting, "nl"}, {"goedemorgen", ActGreeting, "nl"}, {"goedemiddag", ActGreeting, "nl"}, {"is daar iemand", ActGreeting, "nl"}, {"is er iemand", ActGreeting, "nl"},
	{"bedankt", ActThanks, "nl"}, {"dank je", ActThanks, "nl"}, {"dank u", ActThanks, "nl"}, {"dank je wel", ActThanks, "nl"}, {"dank u wel", ActThanks, "nl"}, {"het werkt", ActThanks, "nl"}, {"het werkt nu", ActThanks, "nl"}, {"opgelost", ActThanks, "nl"}, {"bedankt voor de hulp", ActThanks, "nl"}, {"doei", ActThanks, "nl"},
	{"ja hoor", ActYes, "nl"}, {"klopt", ActYes, "nl"}, {"precies", ActYes, "nl"}, {"nee", ActNo, "nl"}, {"nee dank je", ActNo, "nl"}, {"nee bedankt", ActNo, "nl"}, {"nog niet", ActNo, "nl"}, {"nee nog niet", ActNo, "nl"}, {"nu niet", ActNo, "nl"}, {"voorlopig niet", ActNo, "nl"}, {"misschien later", ActNo, "nl"},
	{"allebei", ActAll, "nl"}, {"allemaal", ActAll, "nl"},
	{"dat is het niet", ActNoneOfThese, "nl"}, {"nee dat is het niet", ActNoneOfThese, "nl"}, {"geen van deze", ActNoneOfThese, "nl"}, {"geen van beide", ActNoneOfThese, "nl"}, {"dat bedoel ik niet", ActNoneOfThese, "nl"}, {"dat is niet mijn vraag", ActNoneOfThese, "nl"},
	{"weet ik niet", ActDontKnow, "nl"}, {"ik weet het niet", ActDontKnow, "nl"}, {"geen idee", ActDontKnow, "nl"},
	{"met een medewerker praten", ActHuman, "nl"}, {"met een mens praten", ActHuman, "nl"}, {"met iemand praten", ActHuman, "nl"}, {"met een persoon praten", ActHuman, "nl"}, {"medewerker", ActHuman, "nl"}, {"klantenservice", ActHuman, "nl"},
	{"ben je een bot", ActBotQuestion, "nl"}, {"ben je een robot", ActBotQuestion, "nl"}, {"bent u een bot", ActBotQuestion, "nl"}, {"is dit een bot", ActBotQuestion, "nl"}, {"ben je een mens", ActBotQuestion, "nl"}, {"wie ben jij", ActBotQuestion, "nl"},
	{"opnieuw beginnen", ActRestart, "nl"},
	{"het werkt niet", ActNotSolved, "nl"}, {"werkt niet", ActNotSolved, "nl"}, {"het werkt nog steeds niet", ActNotSolved, "nl"}, {"werkt nog steeds niet", ActNotSolved, "nl"}, {"dat hielp niet", ActNotSolved, "nl"}, {"helpt niet", ActNotSolved, "nl"}, {"zelfde probleem", ActNotSolved, "nl"},
	{"laat maar", ActWithdraw, "nl"}, {"maakt niet uit", ActWithdraw, "nl"}, {"laat maar zitten", ActWithdraw, "nl"},
	{"ik begrijp het niet", ActUnclear, "nl"}, {"snap ik niet", ActUnclear, "nl"}, {"wat bedoel je", ActUnclear, "nl"}, {"wat bedoelt u", ActUnclear, "nl"},
	{"oké", ActAck, "nl"}, {"goed", ActAck, "nl"}, {"helemaal goed", ActAck, "nl"}, {"duidelijk", ActAck, "nl"}, {"begrepen", ActAck, "nl"}, {"mooi", ActAck, "nl"},
	// Swedish (the "ja" and "perfekt" German has are any language's; "hej",
	// "nej" and "nej tack" Danish's too)
	{"hej", ActGreeting, ""}, {"hallå", ActGreeting, "sv"}, {"hejsan", ActGreeting, "sv"}, {"god morgon", ActGreeting, "sv"}, {"god kväll", ActGreeting, "sv"}, {"är det någon där", ActGreeting, "sv"}, {"hej är det någon där", ActGreeting, "sv"},
	{"tack", ActThanks, "sv"}, {"tack så mycket", ActThanks, "sv"}, {"tusen tack", ActThanks, "sv"}, {"tack för hjälpen", ActThanks, "sv"}, {"det fungerade", ActThanks, "sv"}, {"nu fungerar det", ActThanks, "sv"}, {"det funkade", ActThanks, "sv"}, {"nu funkar det", ActThanks, "sv"}, {"det löste sig", ActThanks, "sv"}, {"hej då", ActThanks, "sv"}, {"hejdå", ActThanks, "sv"},
	{"japp", ActYes, "sv"}, {"just det", ActYes, "sv"}, {"exakt", ActYes, "sv"}, {"precis", ActYes, "sv"}, {"nej", ActNo, ""}, {"nej tack", ActNo, ""}, {"inte än", ActNo, "sv"}, {"inte nu", ActNo, "sv"}, {"inte just nu", ActNo, "sv"}, {"senare", ActNo, "sv"}, {"kanske senare", ActNo, "sv"},
	{"båda", ActAll, "sv"}, {"bägge", ActAll, "sv"}, {"båda två", ActAll, "sv"}, {"alla", ActAll, "sv"}, {"allihop", ActAll, "sv"},
	{"det är inte det", ActNoneOfThese, "sv"}, {"nej det är inte det", ActNoneOfThese, "sv"}, {"inget av dem", ActNoneOfThese, "sv"}, {"ingen av dem", ActNoneOfThese, "sv"}, {"inget av de här", ActNoneOfThese, "sv"}, {"det är inte det jag letar efter", ActNoneOfThese, "sv"}, {"det är inte min fråga", ActNoneOfThese, "sv"},
	{"vet inte", ActDontKnow, "sv"}, {"jag vet inte", ActDontKnow, "sv"}, {"ingen aning", ActDontKnow, "sv"},
	{"prata med en person", ActHuman, "sv"}, {"prata med en människa", ActHuman, "sv"}, {"prata med någon", ActHuman, "sv"}, {"prata med supporten", ActHuman, "sv"}, {"prata med en riktig person", ActHuman, "sv"}, {"koppla mig till en person", ActHuman, "sv"}, {"kundtjänst", ActHuman, "sv"},
	{"är du en bot", ActBotQuestion, "sv"}, {"är du en robot", ActBotQuestion, "sv"}, {"är du en människa", ActBotQuestion, "sv"}, {"pratar jag med en robot", ActBotQuestion, "sv"}, {"vem är du", ActBotQuestion, "sv"},
	{"börja om", ActRestart, "sv"}, {"börja om från början", ActRestart, "sv"},
	{"det fungerade inte", ActNotSolved, "sv"}, {"det fungerar inte", ActNotSolved, "sv"}, {"fungerar fortfarande inte", ActNotSolved, "sv"}, {"det fungerar fortfarande inte", ActNotSolved, "sv"}, {"det funkar inte", ActNotSolved, "sv"}, {"det funkade inte", ActNotSolved, "sv"}, {"funkar fortfarande inte", ActNotSolved, "sv"}, {"det hjälpte inte", ActNotSolved, "sv"}, {"samma problem", ActNotSolved, "sv"},
	{"strunt samma", ActWithdraw, "sv"}, {"glöm det", ActWithdraw, "sv"}, {"det spelar ingen roll", ActWithdraw, "sv"},
	{"jag förstår inte", ActUnclear, "sv"}, {"förstår inte", ActUnclear, "sv"}, {"vad menar du", ActUnclear, "sv"}, {"hur menar du", ActUnclear, "sv"},
	{"okej", ActAck, "sv"}, {"jaha", ActAck, "sv"}, {"uppfattat", ActAck, "sv"}, {"toppen", ActAck, "sv"}, {"jag förstår", ActAck, "sv"}, {"bra", ActAck, "sv"},
	// Danish
	{"hejsa", ActGreeting, "da"}, {"goddag", ActGreeting, "da"}, {"godmorgen", ActGreeting, "da"}, {"god aften", ActGreeting, "da"}, {"er der nogen", ActGreeting, "da"}, {"hej er der nogen", ActGreeting, "da"},
	{"tak", ActThanks, "da"}, {"mange tak", ActThanks, "da"}, {"tusind tak", ActThanks, "da"}, {"tak for hjælpen", ActThanks, "da"}, {"det virker", ActThanks, "da"}, {"nu virker det", ActThanks, "da"}, {"det virkede", ActThanks, "da"}, {"farvel", ActThanks, "da"}, {"hej hej", ActThanks, "da"},
	{"jep", ActYes, "da"}, {"præcis", ActYes, "da"}, {"netop", ActYes, "da"}, {"ikke endnu", ActNo, "da"}, {"ikke nu", ActNo, "da"}, {"ikke lige nu", ActNo, "da"}, {"senere", ActNo, "da"}, {"måske senere", ActNo, "da"},
	{"begge", ActAll, "da"}, {"begge to", ActAll, "da"}, {"alle sammen", ActAll, "da"},
	{"det er ikke det", ActNoneOfThese, "da"}, {"nej det er ikke det", ActNoneOfThese, "da"}, {"ingen af dem", ActNoneOfThese, "da"}, {"ingen af disse", ActNoneOfThese, "da"}, {"det er ikke det jeg leder efter", ActNoneOfThese, "da"}, {"det er ikke mit spørgsmål", ActNoneOfThese, "da"},
	{"ved ikke", ActDontKnow, "da"}, {"jeg ved det ikke", ActDontKnow, "da"}, {"ingen anelse", ActDontKnow, "da"},
	{"tale med en person", ActHuman, "da"}, {"tale med et menneske", ActHuman, "da"}, {"tale med nogen", ActHuman, "da"}, {"tale med supporten", ActHuman, "da"}, {"kundeservice", ActHuman, "da"},
	{"er du en bot", ActBotQuestion, "da"}, {"er du en robot", ActBotQuestion, "da"}, {"er du et menneske", ActBotQuestion, "da"}, {"taler jeg med en robot", ActBotQuestion, "da"}, {"hvem er du", ActBotQuestion, "da"},
	{"start forfra", ActRestart, "da"}, {"begynd forfra", ActRestart, "da"},
	{"det virker ikke", ActNotSolved, "da"}, {"virker ikke", ActNotSolved, "da"}, {"det virker stadig ikke", ActNotSolved, "da"}, {"virker stadig ikke", ActNotSolved, "da"}, {"det hjalp ikke", ActNotSolved, "da"}, {"samme problem", ActNotSolved, "da"},
	{"glem det", ActWithdraw, "da"}, {"lige meget", ActWithdraw, "da"}, {"det er lige meget", ActWithdraw, "da"},
	{"jeg forstår det ikke", ActUnclear, "da"}, {"forstår ikke", ActUnclear, "da"}, {"hvad mener du", ActUnclear, "da"}, {"hvordan mener du", ActUnclear, "da"},
	{"forstået", ActAck, "da"}, {"fint", ActAck, "da"}, {"godt", ActAck, "da"},
	// Norwegian Bokmål (phrases Danish or Swedish spell alike are of both)
	{"hei", ActGreeting, "nb"}, {"heisann", ActGreeting, "nb"}, {"god morgen", ActGreeting, "nb"}, {"god dag", ActGreeting, "nb"}, {"god kveld", ActGreeting, "nb"}, {"er det noen der", ActGreeting, "nb"},
	{"takk", ActThanks, "nb"}, {"tusen takk", ActThanks, "nb"}, {"mange takk", ActThanks, "nb"}, {"takk for hjelpen", ActThanks, "nb"}, {"det fungerte", ActThanks, "nb"}, {"nå fungerer det", ActThanks, "nb"}, {"nå virker det", ActThanks, "nb"}, {"det løste seg", ActThanks, "nb"}, {"ha det", ActThanks, "nb"}, {"ha det bra", ActThanks, "nb"},
	{"jepp", ActYes, "nb"}, {"akkurat", ActYes, "nb"}, {"nettopp", ActYes, "nb"}, {"stemmer", ActYes, "nb"}, {"nei", ActNo, "nb"}, {"nei takk", ActNo, "nb"}, {"ikke ennå", ActNo, "nb"}, {"ikke nå", ActNo, "nb"}, {"kanskje senere", ActNo, "nb"},
	{"begge", ActAll, "nb"}, {"begge to", ActAll, "nb"}, {"alle sammen", ActAll, "nb"},
	{"det er ikke det", ActNoneOfThese, "nb"}, {"nei det er ikke det", ActNoneOfThese, "nb"}, {"ingen av dem", ActNoneOfThese, "nb"}, {"ingen av disse", ActNoneOfThese, "nb"}, {"det er ikke det jeg leter etter", ActNoneOfThese, "nb"}, {"det er ikke spørsmålet mitt", ActNoneOfThese, "nb"},
	{"vet ikke", ActDontKnow, "nb"}, {"jeg vet ikke", ActDontKnow, "nb"}, {"aner ikke", ActDontKnow, "nb"},
	{"snakke med en person", ActHuman, "nb"}, {"snakke med et menneske", ActHuman, "nb"}, {"snakke med noen", ActHuman, "nb"}, {"snakke med kundeservice", ActHuman, "nb"}, {"kundestøtte", ActHuman, "nb"},
	{"er du en bot", ActBotQuestion, "nb"}, {"er du en robot", ActBotQuestion, "nb"}, {"er du et menneske", ActBotQuestion, "nb"}, {"snakker jeg med en robot", ActBotQuestion, "nb"},
	{"begynn på nytt", ActRestart, "nb"}, {"start på nytt", ActRestart, "nb"},
	{"det fungerer ikke", ActNotSolved, "nb"}, {"fungerer ikke", ActNotSolved, "nb"}, {"det fungerer fortsatt ikke", ActNotSolved, "nb"}, {"det virker fortsatt ikke", ActNotSolved, "nb"}, {"virker fortsatt ikke", ActNotSolved, "nb"}, {"det hjalp ikke", ActNotSolved, "nb"},
	{"det spiller ingen rolle", ActWithdraw, "nb"}, {"samme det", ActWithdraw, "nb"},
	{"jeg forstår ikke", ActUnclear, "nb"}, {"skjønner ikke", ActUnclear, "nb"}, {"hva mener du", ActUnclear, "nb"},
	{"skjønner", ActAck, "nb"}, {"greit", ActAck, "nb"}, {"flott", ActAck, "nb"}, {"den er grei", ActAck, "nb"},
	// Arabic (Modern Standard, and the commonest colloquial forms)
	{"مرحبا", ActGreeting, "ar"}, {"السلام عليكم", ActGreeting, "ar"}, {"اهلا", ActGreeting, "ar"}, {"أهلا", ActGreeting, "ar"}, {"أهلا وسهلا", ActGreeting, "ar"}, {"صباح الخير", ActGreeting, "ar"}, {"مساء الخير", ActGreeting, "ar"}, {"هل من أحد هنا", ActGreeting, "ar"},
	{"شكرا", ActThanks, "ar"}, {"شكرا جزيلا", ActThanks, "ar"}, {"شكرا لك", ActThanks, "ar"}, {"شكرا على المساعدة", ActThanks, "ar"}, {"نجح الأمر", ActThanks, "ar"}, {"تم الحل", ActThanks, "ar"}, {"اشتغل", ActThanks, "ar"}, {"مع السلامة", ActThanks, "ar"},
	{"نعم", ActYes, "ar"}, {"أجل", ActYes, "ar"}, {"بالضبط", ActYes, "ar"}, {"صحيح", ActYes, "ar"}, {"ايوه", ActYes, "ar"},
	{"لا", ActNo, "ar"}, {"لا شكرا", ActNo, "ar"}, {"ليس بعد", ActNo, "ar"}, {"ليس الآن", ActNo, "ar"}, {"لاحقا", ActNo, "ar"},
	{"كلاهما", ActAll, "ar"}, {"الاثنين", ActAll, "ar"}, {"الكل", ActAll, "ar"},
	{"ولا واحد", ActNoneOfThese, "ar"}, {"لا شيء من هذه", ActNoneOfThese, "ar"}, {"ليس هذا", ActNoneOfThese, "ar"}, {"هذا ليس ما أبحث عنه", ActNoneOfThese, "ar"}, {"ليس هذا سؤالي", ActNoneOfThese, "ar"},
	{"لا أعرف", ActDontKnow, "ar"}, {"لا أدري", ActDontKnow, "ar"}, {"مش عارف", ActDontKnow, "ar"},
	{"التحدث مع شخص", ActHuman, "ar"}, {"التحدث مع موظف", ActHuman, "ar"}, {"التحدث مع إنسان", ActHuman, "ar"}, {"أريد موظف", ActHuman, "ar"}, {"خدمة العملاء", ActHuman, "ar"},
	{"هل أنت روبوت", ActBotQuestion, "ar"}, {"هل انت بوت", ActBotQuestion, "ar"}, {"هل أنت إنسان", ActBotQuestion, "ar"}, {"هل أتحدث مع روبوت", ActBotQuestion, "ar"}, {"من أنت", ActBotQuestion, "ar"},
	{"ابدأ من جديد", ActRestart, "ar"}, {"من البداية", ActRestart, "ar"},
	{"لم ينجح", ActNotSolved, "ar"}, {"لا يعمل", ActNotSolved, "ar"}, {"ما زال لا يعمل", ActNotSolved, "ar"}, {"مازال لا يعمل", ActNotSolved, "ar"}, {"لم يساعد", ActNotSolved, "ar"}, {"نفس المشكلة", ActNotSolved, "ar"}, {"لم يحل المشكلة", ActNotSolved, "ar"},
	{"انس الأمر", ActWithdraw, "ar"}, {"لا يهم", ActWithdraw, "ar"},
	{"لم أفهم", ActUnclear, "ar"}, {"لا أفهم", ActUnclear, "ar"}, {"ماذا تقصد", ActUnclear, "ar"},
	{"حسنا", ActAck, "ar"}, {"تمام", ActAck, "ar"}, {"فهمت", ActAck, "ar"}, {"طيب", ActAck, "ar"},
	// Persian (formal and everyday forms; a zero-width non-joiner typed as
	// a space or left out: "نمی‌دونم", "نمی دونم", "نمیدونم")
	{"سلام", ActGreeting, "fa"}, {"درود", ActGreeting, "fa"}, {"سلام وقت بخیر", ActGreeting, "fa"}, {"وقت بخیر", ActGreeting, "fa"}, {"صبح بخیر", ActGreeting, "fa"}, {"کسی هست", ActGreeting, "fa"}, {"سلام کسی هست", ActGreeting, "fa"},
	{"ممنون", ActThanks, "fa"}, {"مرسی", ActThanks, "fa"}, {"متشکرم", ActThanks, "fa"}, {"خیلی ممنون", ActThanks, "fa"}, {"دستت درد نکنه", ActThanks, "fa"}, {"درست شد", ActThanks, "fa"}, {"حل شد", ActThanks, "fa"}, {"کار کرد", ActThanks, "fa"}, {"خداحافظ", ActThanks, "fa"},
	{"بله", ActYes, "fa"}, {"آره", ActYes, "fa"}, {"اره", ActYes, "fa"}, {"دقیقا", ActYes, "fa"}, {"درسته", ActYes, "fa"}, {"همینه", ActYes, "fa"},
	{"نه", ActNo, "fa"}, {"خیر", ActNo, "fa"}, {"نه ممنون", ActNo, "fa"}, {"هنوز نه", ActNo, "fa"}, {"الان نه", ActNo, "fa"}, {"بعدا", ActNo, "fa"},
	{"هر دو", ActAll, "fa"}, {"هردو", ActAll, "fa"}, {"همه", ActAll, "fa"}, {"همشون", ActAll, "fa"},
	{"هیچکدوم", ActNoneOfThese, "fa"}, {"هیچ کدوم", ActNoneOfThese, "fa"}, {"هیچکدام", ActNoneOfThese, "fa"}, {"هیچ کدام", ActNoneOfThese, "fa"}, {"این نیست", ActNoneOfThese, "fa"}, {"منظورم این نیست", ActNoneOfThese, "fa"}, {"سوالم این نبود", ActNoneOfThese, "fa"},
	{"نمیدونم", ActDontKnow, "fa"}, {"نمی دونم", ActDontKnow, "fa"}, {"نمیدانم", ActDontKnow, "fa"}, {"نمی دانم", ActDontKnow, "fa"}, {"مطمئن نیستم", ActDontKnow, "fa"},
	{"صحبت با یک نفر", ActHuman, "fa"}, {"صحبت با یه نفر", ActHuman, "fa"}, {"صحبت با اپراتور", ActHuman, "fa"}, {"صحبت با پشتیبانی", ActHuman, "fa"}, {"اپراتور", ActHuman, "fa"}, {"میخوام با یه آدم صحبت کنم", ActHuman, "fa"}, {"پشتیبان انسانی", ActHuman, "fa"},
	{"تو رباتی", ActBotQuestion, "fa"}, {"شما ربات هستید", ActBotQuestion, "fa"}, {"ربات هستی", ActBotQuestion, "fa"}, {"آدمی یا ربات", ActBotQuestion, "fa"}, {"تو کی هستی", ActBotQuestion, "fa"}, {"شما کی هستید", ActBotQuestion, "fa"},
	{"از اول", ActRestart, "fa"}, {"از اول شروع کن", ActRestart, "fa"}, {"شروع دوباره", ActRestart, "fa"},
	{"کار نکرد", ActNotSolved, "fa"}, {"جواب نداد", ActNotSolved, "fa"}, {"درست نشد", ActNotSolved, "fa"}, {"هنوز کار نمیکنه", ActNotSolved, "fa"}, {"هنوز کار نمی کنه", ActNotSolved, "fa"}, {"کمکی نکرد", ActNotSolved, "fa"}, {"همون مشکل", ActNotSolved, "fa"},
	{"بیخیال", ActWithdraw, "fa"}, {"بی خیال", ActWithdraw, "fa"}, {"مهم نیست", ActWithdraw, "fa"},
	{"متوجه نشدم", ActUnclear, "fa"}, {"نفهمیدم", ActUnclear, "fa"}, {"یعنی چی", ActUnclear, "fa"}, {"منظورت چیه", ActUnclear, "fa"},
	{"باشه", ActAck, "fa"}, {"اوکی", ActAck, "fa"}, {"فهمیدم", ActAck, "fa"}, {"عالیه", ActAck, "fa"}, {"خوبه", ActAck, "fa"},
	// Turkish (with and without its letters: "teşekkürler", "tesekkurler")
	{"merhaba", ActGreeting, "tr"}, {"selam", ActGreeting, "tr"}, {"iyi günler", ActGreeting, "tr"}, {"günaydın", ActGreeting, "tr"}, {"kimse var mı", ActGreeting, "tr"},
	{"teşekkürler", ActThanks, "tr"}, {"teşekkür ederim", ActThanks, "tr"}, {"çok teşekkürler", ActThanks, "tr"}, {"sağ ol", ActThanks, "tr"}, {"sağol", ActThanks, "tr"}, {"çalıştı", ActThanks, "tr"}, {"oldu", ActThanks, "tr"}, {"sorun çözüldü", ActThanks, "tr"}, {"hoşça kal", ActThanks, "tr"},
	{"evet", ActYes, "tr"}, {"aynen", ActYes, "tr"}, {"kesinlikle", ActYes, "tr"}, {"doğru", ActYes, "tr"},
	{"hayır", ActNo, "tr"}, {"yok", ActNo, "tr"}, {"hayır teşekkürler", ActNo, "tr"}, {"henüz değil", ActNo, "tr"}, {"şimdi değil", ActNo, "tr"}, {"sonra", ActNo, "tr"},
	{"ikisi de", ActAll, "tr"}, {"hepsi", ActAll, "tr"},
	{"hiçbiri", ActNoneOfThese, "tr"}, {"bu değil", ActNoneOfThese, "tr"}, {"hiçbiri değil", ActNoneOfThese, "tr"}, {"sorduğum bu değil", ActNoneOfThese, "tr"},
	{"bilmiyorum", ActDontKnow, "tr"}, {"emin değilim", ActDontKnow, "tr"}, {"fikrim yok", ActDontKnow, "tr"},
	{"bir kişiyle konuşmak istiyorum", ActHuman, "tr"}, {"biriyle konuşmak istiyorum", ActHuman, "tr"}, {"müşteri temsilcisi", ActHuman, "tr"}, {"temsilciyle konuşmak istiyorum", ActHuman, "tr"}, {"canlı destek", ActHuman, "tr"}, {"gerçek bir insan", ActHuman, "tr"},
	{"bot musun", ActBotQuestion, "tr"}, {"robot musun", ActBotQuestion, "tr"}, {"insan mısın", ActBotQuestion, "tr"}, {"sen kimsin", ActBotQuestion, "tr"},
	{"baştan başla", ActRestart, "tr"}, {"yeniden başla", ActRestart, "tr"},
	{"işe yaramadı", ActNotSolved, "tr"}, {"çalışmadı", ActNotSolved, "tr"}, {"hala çalışmıyor", ActNotSolved, "tr"}, {"hâlâ çalışmıyor", ActNotSolved, "tr"}, {"olmadı", ActNotSolved, "tr"}, {"aynı sorun", ActNotSolved, "tr"}, {"değişen bir şey yok", ActNotSolved, "tr"},
	{"boş ver", ActWithdraw, "tr"}, {"boşver", ActWithdraw, "tr"}, {"önemli değil", ActWithdraw, "tr"},
	{"anlamadım", ActUnclear, "tr"}, {"ne demek istiyorsun", ActUnclear, "tr"}, {"ne demek", ActUnclear, "tr"},
	{"tamam", ActAck, "tr"}, {"anladım", ActAck, "tr"}, {"peki", ActAck, "tr"}, {"süper", ActAck, "tr"},
	// Vietnamese (with and without its tones: "cảm ơn", "cam on")
	{"xin chào", ActGreeting, "vi"}, {"chào bạn", ActGreeting, "vi"}, {"chào", ActGreeting, "vi"}, {"có ai không", ActGreeting, "vi"},
	{"cảm ơn", ActThanks, "vi"}, {"cám ơn", ActThanks, "vi"}, {"cảm ơn bạn", ActThanks, "vi"}, {"cảm ơn nhiều", ActThanks, "vi"}, {"được rồi cảm ơn", ActThanks, "vi"}, {"xong rồi", ActThanks, "vi"}, {"tạm biệt", ActThanks, "vi"},
	{"có", ActYes, "vi"}, {"vâng", ActYes, "vi"}, {"đúng", ActYes, "vi"}, {"đúng rồi", ActYes, "vi"}, {"chính xác", ActYes, "vi"},
	{"không", ActNo, "vi"}, {"không cảm ơn", ActNo, "vi"}, {"chưa", ActNo, "vi"}, {"để sau", ActNo, "vi"},
	{"cả hai", ActAll, "vi"}, {"tất cả", ActAll, "vi"},
	{"không phải", ActNoneOfThese, "vi"}, {"không phải cái đó", ActNoneOfThese, "vi"}, {"không cái nào", ActNoneOfThese, "vi"},
	{"tôi không biết", ActDontKnow, "vi"}, {"không biết", ActDontKnow, "vi"}, {"không rõ", ActDontKnow, "vi"},
	{"nói chuyện với nhân viên", ActHuman, "vi"}, {"gặp nhân viên", ActHuman, "vi"}, {"nhân viên hỗ trợ", ActHuman, "vi"}, {"tôi muốn gặp người thật", ActHuman, "vi"},
	{"bạn là bot à", ActBotQuestion, "vi"}, {"bạn là robot à", ActBotQuestion, "vi"}, {"bạn là người thật à", ActBotQuestion, "vi"}, {"bạn là ai", ActBotQuestion, "vi"},
	{"bắt đầu lại", ActRestart, "vi"}, {"làm lại từ đầu", ActRestart, "vi"},
	{"không được", ActNotSolved, "vi"}, {"vẫn không được", ActNotSolved, "vi"}, {"không hiệu quả", ActNotSolved, "vi"}, {"vẫn lỗi", ActNotSolved, "vi"},
	{"thôi", ActWithdraw, "vi"}, {"bỏ qua", ActWithdraw, "vi"}, {"không sao", ActWithdraw, "vi"},
	{"tôi không hiểu", ActUnclear, "vi"}, {"không hiểu", ActUnclear, "vi"}, {"ý bạn là gì", ActUnclear, "vi"},
	{"được", ActAck, "vi"}, {"hiểu rồi", ActAck, "vi"}, {"tốt", ActAck, "vi"},
	// Greek (with and without its accents: "ευχαριστώ", "ευχαριστω")
	{"γεια", ActGreeting, "el"}, {"γεια σας", ActGreeting, "el"}, {"γεια σου", ActGreeting, "el"}, {"καλημέρα", ActGreeting, "el"}, {"καλησπέρα", ActGreeting, "el"}, {"είναι κανείς εκεί", ActGreeting, "el"},
	{"ευχαριστώ", ActThanks, "el"}, {"ευχαριστώ πολύ", ActThanks, "el"}, {"σας ευχαριστώ", ActThanks, "el"}, {"δούλεψε", ActThanks, "el"}, {"λύθηκε", ActThanks, "el"}, {"αντίο", ActThanks, "el"},
	{"ναι", ActYes, "el"}, {"ακριβώς", ActYes, "el"}, {"σωστά", ActYes, "el"}, {"βεβαίως", ActYes, "el"},
	{"όχι", ActNo, "el"}, {"όχι ευχαριστώ", ActNo, "el"}, {"όχι ακόμα", ActNo, "el"}, {"όχι τώρα", ActNo, "el"}, {"αργότερα", ActNo, "el"},
	{"και τα δύο", ActAll, "el"}, {"όλα", ActAll, "el"},
	{"κανένα", ActNoneOfThese, "el"}, {"κανένα από αυτά", ActNoneOfThese, "el"}, {"δεν είναι αυτό", ActNoneOfThese, "el"},
	{"δεν ξέρω", ActDontKnow, "el"}, {"δεν είμαι σίγουρος", ActDontKnow, "el"}, {"δεν είμαι σίγουρη", ActDontKnow, "el"},
	{"θέλω να μιλήσω με άνθρωπο", ActHuman, "el"}, {"μιλήστε με άνθρωπο", ActHuman, "el"}, {"εκπρόσωπος", ActHuman, "el"}, {"θέλω εκπρόσωπο", ActHuman, "el"},
	{"είσαι bot", ActBotQuestion, "el"}, {"είσαι ρομπότ", ActBotQuestion, "el"}, {"είσαι άνθρωπος", ActBotQuestion, "el"}, {"ποιος είσαι", ActBotQuestion, "el"},
	{"από την αρχή", ActRestart, "el"}, {"ξεκίνα από την αρχή", ActRestart, "el"},
	{"δεν δούλεψε", ActNotSolved, "el"}, {"δεν λειτουργεί", ActNotSolved, "el"}, {"ακόμα δεν λειτουργεί", ActNotSolved, "el"}, {"δεν βοήθησε", ActNotSolved, "el"}, {"το ίδιο πρόβλημα", ActNotSolved, "el"},
	{"δεν πειράζει", ActWithdraw, "el"}, {"άσ' το", ActWithdraw, "el"},
	{"δεν καταλαβαίνω", ActUnclear, "el"}, {"δεν κατάλαβα", ActUnclear, "el"}, {"τι εννοείτε", ActUnclear, "el"},
	{"εντάξει", ActAck, "el"}, {"κατάλαβα", ActAck, "el"}, {"τέλεια", ActAck, "el"}, {"ωραία", ActAck, "el"},
	// Hebrew
	{"שלום", ActGreeting, "he"}, {"היי", ActGreeting, "he"}, {"בוקר טוב", ActGreeting, "he"}, {"ערב טוב", ActGreeting, "he"}, {"יש מישהו", ActGreeting, "he"},
	{"תודה", ActThanks, "he"}, {"תודה רבה", ActThanks, "he"}, {"תודה על העזרה", ActThanks, "he"}, {"זה עבד", ActThanks, "he"}, {"הסתדרתי", ActThanks, "he"}, {"להתראות", ActThanks, "he"},
	{"כן", ActYes, "he"}, {"נכון", ActYes, "he"}, {"בדיוק", ActYes, "he"}, {"בטח", ActYes, "he"},
	{"לא", ActNo, "he"}, {"לא תודה", ActNo, "he"}, {"עדיין לא", ActNo, "he"}, {"לא עכשיו", ActNo, "he"}, {"אחר כך", ActNo, "he"},
	{"שניהם", ActAll, "he"}, {"הכול", ActAll, "he"},
	{"אף אחד", ActNoneOfThese, "he"}, {"אף אחד מאלה", ActNoneOfThese, "he"}, {"זה לא זה", ActNoneOfThese, "he"},
	{"לא יודע", ActDontKnow, "he"}, {"לא יודעת", ActDontKnow, "he"}, {"אין לי מושג", ActDontKnow, "he"},
	{"לדבר עם נציג", ActHuman, "he"}, {"נציג", ActHuman, "he"}, {"אני רוצה נציג", ActHuman, "he"}, {"נציג אנושי", ActHuman, "he"}, {"לדבר עם בן אדם", ActHuman, "he"},
	{"אתה בוט", ActBotQuestion, "he"}, {"את בוט", ActBotQuestion, "he"}, {"אתה רובוט", ActBotQuestion, "he"}, {"אתה בן אדם", ActBotQuestion, "he"}, {"מי אתה", ActBotQuestion, "he"},
	{"להתחיל מחדש", ActRestart, "he"}, {"מההתחלה", ActRestart, "he"},
	{"זה לא עבד", ActNotSolved, "he"}, {"לא עובד", ActNotSolved, "he"}, {"עדיין לא עובד", ActNotSolved, "he"}, {"זה לא עזר", ActNotSolved, "he"}, {"אותה בעיה", ActNotSolved, "he"},
	{"לא משנה", ActWithdraw, "he"}, {"עזוב", ActWithdraw, "he"},
	{"לא הבנתי", ActUnclear, "he"}, {"לא מבין", ActUnclear, "he"}, {"למה הכוונה", ActUnclear, "he"},
	{"בסדר", ActAck, "he"}, {"אוקיי", ActAck, "he"}, {"הבנתי", ActAck, "he"}, {"מעולה", ActAck, "he"},
	// Russian (ё written е too: phraseKey folds no Cyrillic)
	{"привет", ActGreeting, "ru"}, {"здравствуйте", ActGreeting, "ru"}, {"добрый день", ActGreeting, "ru"}, {"добрый вечер", ActGreeting, "ru"}, {"доброе утро", ActGreeting, "ru"}, {"есть кто", ActGreeting, "ru"}, {"есть кто нибудь", ActGreeting, "ru"}, {"здесь есть кто нибудь", ActGreeting, "ru"},
	{"спасибо", ActThanks, "ru"}, {"большое спасибо", ActThanks, "ru"}, {"спасибо большое", ActThanks, "ru"}, {"благодарю", ActThanks, "ru"}, {"получилось", ActThanks, "ru"}, {"все получилось", ActThanks, "ru"}, {"всё получилось", ActThanks, "ru"}, {"заработало", ActThanks, "ru"}, {"теперь работает", ActThanks, "ru"}, {"помогло", ActThanks, "ru"}, {"спасибо за помощь", ActThanks, "ru"}, {"до свидания", ActThanks, "ru"}, {"пока", ActThanks, "ru"},
	{"да", ActYes, "ru"}, {"да именно", ActYes, "ru"}, {"именно", ActYes, "ru"}, {"точно", ActYes, "ru"}, {"нет", ActNo, "ru"}, {"нет спасибо", ActNo, "ru"}, {"пока нет", ActNo, "ru"}, {"ещё нет", ActNo, "ru"}, {"еще нет", ActNo, "ru"}, {"не сейчас", ActNo, "ru"}, {"позже", ActNo, "ru"}, {"может быть позже", ActNo, "ru"},
	{"оба", ActAll, "ru"}, {"обе", ActAll, "ru"}, {"все", ActAll, "ru"}, {"и то и другое", ActAll, "ru"},
	{"это не то", ActNoneOfThese, "ru"}, {"нет это не то", ActNoneOfThese, "ru"}, {"не то", ActNoneOfThese, "ru"}, {"ничего из этого", ActNoneOfThese, "ru"}, {"ни то ни другое", ActNoneOfThese, "ru"}, {"это не мой вопрос", ActNoneOfThese, "ru"},
	{"не знаю", ActDontKnow, "ru"}, {"понятия не имею", ActDontKnow, "ru"},
	{"оператор", ActHuman, "ru"}, {"позовите оператора", ActHuman, "ru"}, {"соедините с оператором", ActHuman, "ru"}, {"хочу поговорить с человеком", ActHuman, "ru"}, {"поговорить с человеком", ActHuman, "ru"}, {"поговорить с оператором", ActHuman, "ru"}, {"живой человек", ActHuman, "ru"}, {"с живым человеком", ActHuman, "ru"},
	{"ты бот", ActBotQuestion, "ru"}, {"вы бот", ActBotQuestion, "ru"}, {"ты робот", ActBotQuestion, "ru"}, {"я говорю с ботом", ActBotQuestion, "ru"}, {"ты человек", ActBotQuestion, "ru"}, {"кто ты", ActBotQuestion, "ru"},
	{"начать сначала", ActRestart, "ru"}, {"сначала", ActRestart, "ru"},
	{"не помогло", ActNotSolved, "ru"}, {"это не помогло", ActNotSolved, "ru"}, {"не работает", ActNotSolved, "ru"}, {"все равно не работает", ActNotSolved, "ru"}, {"всё равно не работает", ActNotSolved, "ru"}, {"не получилось", ActNotSolved, "ru"}, {"не получается", ActNotSolved, "ru"}, {"та же проблема", ActNotSolved, "ru"}, {"ничего не изменилось", ActNotSolved, "ru"},
	{"неважно", ActWithdraw, "ru"}, {"забудь", ActWithdraw, "ru"}, {"забудьте", ActWithdraw, "ru"}, {"проехали", ActWithdraw, "ru"},
	{"не понимаю", ActUnclear, "ru"}, {"не понял", ActUnclear, "ru"}, {"не поняла", ActUnclear, "ru"}, {"что вы имеете в виду", ActUnclear, "ru"}, {"в смысле", ActUnclear, "ru"},
	{"понятно", ActAck, "ru"}, {"ясно", ActAck, "ru"}, {"хорошо", ActAck, "ru"}, {"ладно", ActAck, "ru"}, {"отлично", ActAck, "ru"}, {"супер", ActAck, "ru"}, {"окей", ActAck, "ru"}, {"ок", ActAck, "ru"},
	// "Can you repeat that?"
	{"können sie das wiederholen", ActRepeat, "de"}, {"kannst du das wiederholen", ActRepeat, "de"}, {"bitte wiederholen", ActRepeat, "de"}, {"noch einmal bitte", ActRepeat, "de"}, {"nochmal bitte", ActRepeat, "de"},
	{"pouvez-vous répéter", ActRepeat, "fr"}, {"vous pouvez répéter", ActRepeat, "fr"}, {"tu peux répéter", ActRepeat, "fr"}, {"répétez s'il vous plaît", ActRepeat, "fr"},
	{"puede repetir", ActRepeat, "es"}, {"puedes repetir", ActRepeat, "es"}, {"repita por favor", ActRepeat, "es"}, {"repítelo", ActRepeat, "es"},
	{"もう一度お願いします", ActRepeat, "ja"}, {"もう一度言ってください", ActRepeat, "ja"},
	{"link bitte", ActLink, "de"}, {"den link bitte", ActLink, "de"}, {"schick mir den link", ActLink, "de"}, {"schicken sie mir den link", ActLink, "de"}, {"hast du einen link", ActLink, "de"}, {"haben sie einen link", ActLink, "de"}, {"wo ist der link", ActLink, "de"},
	{"le lien svp", ActLink, "fr"}, {"le lien s'il vous plaît", ActLink, "fr"}, {"envoyez-moi le lien", ActLink, "fr"}, {"envoie-moi le lien", ActLink, "fr"}, {"vous avez le lien", ActLink, "fr"}, {"tu as le lien", ActLink, "fr"}, {"quel est le lien", ActLink, "fr"},
	{"el enlace por favor", ActLink, "es"}, {"mándame el enlace", ActLink, "es"}, {"me pasas el enlace", ActLink, "es"}, {"envíame el enlace", ActLink, "es"}, {"tienes el enlace", ActLink, "es"}, {"cuál es el enlace", ActLink, "es"},
	{"リンクを送ってください", ActLink, "ja"}, {"リンクをください", ActLink, "ja"}, {"リンクを教えてください", ActLink, "ja"},
	// Any language: "ok merci", "okay, danke".
	{"ok", ActAck, ""}, {"okay", ActAck, ""}, {"super", ActAck, ""},
	{"alright", ActAck, "en"}, {"all right", ActAck, "en"},
}

// phraseMeaning is what an act phrase says, and in which language: ""
// for a phrase of any language ("ok") or of several.
type phraseMeaning struct {
	act  Act
	lang string
}

// actByPhrase is actPhrases by normalised phrase.
var actByPhrase = func() map[string]phraseMeaning {
	m := make(map[string]phraseMeaning, len(actPhrases)+len(closingPhrases))
	for _, p := range slices.Concat(actPhrases, closingPhrases) {
		n := phraseKey(p.phrase)
		if had, ok := m[n]; ok && had.lang != p.lang {
			p.lang = ""
		}
		m[n] = phraseMeaning{p.act, p.lang}
	}
	return m
}()

// phraseKey is s as act phrases are looked up: normalised, accents
// dropped: customers often type without them ("parler a quelqu'un",
// "olvidalo", "ca ne marche pas").
func phraseKey(s string) string { return lexical.Fold(lexical.Normalize(s)) }

// humanPhrases are the requests for a person of several words ("mit einem
// Menschen sprechen", "人と話したい"): as the English actHuman does, they
// win wherever they stand in a message ("ich möchte mit einem Menschen
// sprechen"). A single word ("Mitarbeiter") is one only as a whole message.
// Each is kept as it is looked for: in unspaced scripts anywhere, else as
// whole words (between spaces, the message padded with one at each end).
var humanPhrases = func() []humanPhrase {
	var out []humanPhrase
	for _, p := range actPhrases {
		if p.act != ActHuman {
			continue
		}
		n := phraseKey(p.phrase)
		switch {
		case isKanaPhrase(n), p.lang == "zh" && utf8.RuneCountInString(n) >= 3:
			// Chinese has no spaces: a phrase of three or more
			// characters is one wherever it stands ("我要转人工").
			out = append(out, humanPhrase{n, p.lang})
		case strings.Contains(n, " "):
			out = append(out, humanPhrase{" " + n + " ", p.lang})
		}
	}
	return out
}()

// A humanPhrase is a request for a person as looked for, and its language.
type humanPhrase struct{ key, lang string }

// humanPhraseIn returns the request for a person in msg (normalised: n),
// if any.
func humanPhraseIn(n string) (humanPhrase, bool) {
	padded := " " + n + " " // once, not once a phrase
	for _, p := range humanPhrases {
		if strings.Contains(padded, p.key) {
			return p, true
		}
	}
	return humanPhrase{}, false
}

// isKanaPhrase reports whether s, in an unspaced script, is a phrase
// rather than a word: hiragana particles join it to other script's words
// ("人と話したい"; not "オペレーター").
func isKanaPhrase(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Hiragana, r) }) &&
		strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Katakana, r) })
}

// phraseAct returns the act msg says in another language than English, or
// ActNone: a request for a person anywhere in it (humanPhrases), else an
// act that is the whole message; a phrase two languages say for different
// acts is read in lang, the pages' (actInLanguage).
func phraseAct(lang, msg string) Act {
	n := phraseKey(msg)
	if _, ok := humanPhraseIn(n); ok {
		return ActHuman
	}
	if act, ok := actInLanguage[langPhrase{lang, n}]; ok {
		return act
	}
	return wholePhrase(msg, n).act
}

// actInLanguage holds, by language and phrase, the act phrases another
// language says for another act: Polish "tak" is yes, Danish "tak" thanks.
var actInLanguage = func() map[langPhrase]Act {
	acts := map[string][]Act{}
	for _, p := range actPhrases {
		k := phraseKey(p.phrase)
		if !slices.Contains(acts[k], p.act) {
			acts[k] = append(acts[k], p.act)
		}
	}
	m := map[langPhrase]Act{}
	for _, p := range actPhrases {
		if k := phraseKey(p.phrase); len(acts[k]) > 1 && p.lang != "" {
			m[langPhrase{p.lang, k}] = p.act
		}
	}
	return m
}()

// langPhrase is an act phrase, normalised, in a language.
type langPhrase struct{ lang, phrase string }

// phraseLanguage returns the language of the act phrases that make up msg
// ("d'accord, merci": French), or "" (none, or of any language): a short
// courtesy has too few words for the language detector, which reads
// "d'accord merci" as English on its "d".
func phraseLanguage(msg string) string {
	n := phraseKey(msg)
	if l := wholePhrase(msg, n).lang; l != "" {
		return l
	}
	// "necesito hablar con alguien": the request for a person is in its
	// phrase's language, whatever words are around it.
	if p, ok := humanPhraseIn(n); ok {
		return p.lang
	}
	return ""
}

// wholePhrase is what msg (normalised: n) says as a whole as act phrases:
// one phrase, or one with acknowledgements opening or closing it ("vale,
// gracias", "ok merci", "alles klar, danke": that phrase's act), or
// acknowledgements alone (ActAck). Its language is theirs where they
// agree on one.
func wholePhrase(msg, n string) phraseMeaning {
	if len(msg) > maxActPhrase {
		return phraseMeaning{}
	}
	if m, ok := actByPhrase[n]; ok {
		return m
	}
	rest, acks := withoutAcks(n)
	if len(acks) == 0 {
		return twoPhrases(n)
	}
	m := phraseMeaning{act: ActAck}
	for _, a := range acks {
		if actByPhrase[a].act == ActThanks { // "danke, danke"
			m.act = ActThanks
		}
	}
	// "hmm ok", "oh okay", "okay then": an interjection beside an
	// acknowledgement says nothing more (dropFillers); read as a request,
	// it asked "Is it about this?" again where "ok" assents.
	if rest != "" && dropFillers(rest) != "" {
		var ok bool
		if m, ok = actByPhrase[rest]; !ok {
			return phraseMeaning{}
		}
	}
	for _, a := range acks {
		switch l := actByPhrase[a].lang; {
		case l == "" || l == m.lang:
		case m.lang == "":
			m.lang = l
		default: // "ok merci danke"
			m.lang = ""
			return m
		}
	}
	return m
}

// twoPhrases is what n says as two act phrases of one language that say
// the same, or two ways of saying no ("das stimmt nicht, das hilft nicht",
// "c'est pas ça, ça marche pas"): the act of the second, which people end
// on; else nothing.
func twoPhrases(n string) phraseMeaning {
	for i := 0; ; {
		j := strings.IndexByte(n[i:], ' ')
		if j < 0 {
			return phraseMeaning{}
		}
		i += j
		first, ok1 := actByPhrase[n[:i]]
		second, ok2 := actByPhrase[n[i+1:]]
		if ok1 && ok2 && first.lang == second.lang && (first.act == second.act || saysNo(first.act) && saysNo(second.act)) {
			return second
		}
		i++
	}
}

// saysNo reports whether act is a way of saying no: to the question, to
// the options, or to the answer's having helped.
func saysNo(act Act) bool { return act == ActNo || act == ActNoneOfThese || act == ActNotSolved }

// ackPhrases are the acknowledgements and thanks of actPhrases,
// normalised: beside another phrase they say that phrase's act ("danke,
// hat geklappt", "gracias, ya funciona", "hat nicht geklappt, danke").
// The longest come first, so that a phrase is taken off whole before one
// it ends or opens with: "danke das hat geklappt" is "danke" and "das hat
// geklappt", not "danke", "hat geklappt" and a stray "das".
var ackPhrases = func() []ackPhrase {
	var out []ackPhrase
	seen := map[string]bool{}
	for _, p := range slices.Concat(actPhrases, closingPhrases) {
		if k := phraseKey(p.phrase); (p.act == ActAck || p.act == ActThanks) && !seen[k] {
			seen[k] = true
			out = append(out, ackPhrase{k, k + " ", " " + k})
		}
	}
	slices.SortStableFunc(out, func(a, b ackPhrase) int { return len(b.phrase) - len(a.phrase) })
	return out
}()

// An ackPhrase is an acknowledgement, normalised, as it opens and closes a
// message (made once: a turn looks for each).
type ackPhrase struct{ phrase, opening, closing string }

// withoutAcks returns the normalised message n without the
// acknowledgements that open or close it, and those.
func withoutAcks(n string) (string, []string) {
	var acks []string
	for trimmed := true; trimmed; {
		trimmed = false
		for _, p := range ackPhrases {
			if n == p.phrase {
				return "", append(acks, p.phrase)
			}
			if r, ok := strings.CutPrefix(n, p.opening); ok {
				n, trimmed, acks = r, true, append(acks, p.phrase)
			} else if r, ok := strings.CutSuffix(n, p.closing); ok {
				n, trimmed, acks = r, true, append(acks, p.phrase)
			}
		}
	}
	return n, acks
}

// messageAcks returns the acknowledgements and thanks msg is made of, or
// opens or closes with (withoutAcks), normalised; none for a message
// longer than an act phrase.
func messageAcks(msg string) []string {
	if len(msg) > maxActPhrase {
		return nil
	}
	_, acks := withoutAcks(phraseKey(msg))
	return acks
}

// acknowledges reports whether acks (messageAcks of a message) hold an
// acknowledgement ("ok", "sounds good"), thanks aside: "ok thanks" says
// ok as well as thanks, "thanks, bye" does not.
func acknowledges(acks []string) bool {
	return slices.ContainsFunc(acks, func(a string) bool { return actByPhrase[a].act == ActAck })
}

// maxActPhrase bounds the bytes of a message looked up as an act phrase.
const maxActPhrase = 64
