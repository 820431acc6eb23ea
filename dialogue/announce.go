package dialogue

import (
	"regexp"
	"slices"
	"strings"

	"github.com/helpgraph/helpgraph/internal/quickre"
)

// announcement is a customer announcing what they are about to ask, as a
// chat opens ("hi, I have a question", "quick question", "can I ask you
// something?", "I need some help", "I've got a problem"): it says that a
// request follows, not what it is. Read as a request, its words found
// any page that says "question", "quick" or "problem" ("hello, quick
// question" was answered from a firewall's quick actions, "I have a
// problem" from an installation error on a Mac). Needing help or
// information announces only where the clause ends with it: "I need help
// setting up my printer" says what with.
var announcement = quickre.MustCompile(`(?i)\b(?:(?:i(?:'ve|\s+have)?\s+(?:got|have|had)\s+(?:a|an|one|some|another|two|a\s+few|a\s+couple\s+of)?\s*(?:(?:quick|small|short|simple|general|little)\s+)?(?:questions?|query|queries|problems?|issues?|doubts?)|(?:got|have)\s+a\s+(?:quick\s+)?question|(?:one\s+)?(?:quick|small|short)\s+question|(?:can|could|may)\s+i\s+ask\s+(?:you\s+)?(?:a\s+(?:quick\s+)?question|something|some\s+questions|a\s+few\s+questions)|i\s+(?:want|would\s+like|'d\s+like)\s+to\s+ask\s+(?:you\s+)?(?:a\s+question|something))(?:\s+(?:for\s+you|please))?\b|i\s+(?:need|want|would\s+like|'d\s+like)\s+(?:some\s+)?(?:help|assistance|information|info)(?:\s+please)?\s*(?:[.!?,;]|$))`)

// announcementWords are the announcements in the catalog's other languages.
var announcementWords = []string{
	"ich habe eine frage", "ich hätte eine frage", "ich habe ein paar fragen", "kurze frage", "ich habe ein problem",
	"j'ai une question", "j'ai une petite question", "petite question", "j'ai quelques questions", "j'ai un problème",
	"tengo una pregunta", "tengo una duda", "tengo unas preguntas", "una pregunta rápida", "tengo un problema",
	"tenho uma pergunta", "tenho uma dúvida", "tenho umas perguntas", "tenho um problema",
	"ho una domanda", "ho un dubbio", "ho un problema",
	"ik heb een vraag", "ik heb een probleem",
	"jag har en fråga", "jag har ett problem", "jeg har et spørgsmål", "jeg har et problem",
	"у меня вопрос", "у меня есть вопрос", "у меня проблема",
	"質問があります", "質問です", "問題があります",
}

// announcementPhrases finds announcementWords as words of a message.
// (quickre finds no literal this pattern needs, its words being in
// several scripts: withoutAnnouncement looks for one first.)
var announcementPhrases = regexp.MustCompile(`(?i)(?:^|[^\pL])(?:` + strings.Join(announcementWords, "|") + `)(?:[^\pL]|$)`)

// withoutAnnouncement returns text without the announcements in it, and
// whether it had one: what is left is what the customer asks, if anything
// ("I have a question about my license": "about my license").
func withoutAnnouncement(text string) (string, bool) {
	// quickre runs the English pattern only on a text with one of the
	// words each of its matches needs ("question", "problem", "help" ...).
	rest := announcement.ReplaceAllString(text, " ")
	if containsAny(strings.ToLower(text), announcementWords) {
		rest = announcementPhrases.ReplaceAllString(rest, " ")
	}
	if rest == text {
		return text, false
	}
	return strings.TrimSpace(rest), true
}

// containsAny reports whether s contains one of subs.
func containsAny(s string, subs []string) bool {
	return slices.ContainsFunc(subs, func(sub string) bool { return strings.Contains(s, sub) })
}
