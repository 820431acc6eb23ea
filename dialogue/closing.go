package dialogue

import (
	"slices"

	"github.com/helpgraph/helpgraph/internal/quickre"
)

// actClosing says the customer needs nothing more, and so takes leave
// (reading.farewell): "that's all", "nothing else", "I'm all set", "no
// more questions", "no, that's it" (a bare "that's it" says yes to "Is
// it about this?"), ending its clause ("nothing else works" is a
// complaint, "that's all I need to do?" a question). Read as a
// request, "ok thats everything" was answered from a page that says
// "everything", and "nothing else, thanks" asked which option again.
var actClosing = quickre.MustCompile(`(?i)(?:^|[^\pL'])(?:(?:no|nope|nah)[\s,]+)?(?:that'?s\s+(?:all|everything)(?:\s+(?:for\s+(?:now|today)|i\s+(?:needed|wanted)))?|that(?:'?ll|\s+will)\s+be\s+all|(?:no|nope|nah)[\s,]+that'?s\s+it|nothing\s+(?:else|more)(?:\s+for\s+(?:now|today))?|(?:i'?m|i\s+am)\s+(?:all\s+)?(?:set|done|good)(?:\s+for\s+now)?|all\s+(?:set|done|good)|no\s+(?:more|other|further)\s+questions?)(?:\s*[,.!;]|\s*$|\s+(?:thanks?|thank\s+you|bye|cheers|then)(?:[^\pL]|$))`)

// closingPhrases say, in the catalog's other languages, that the customer
// needs nothing more, as English's actClosing does: thanks that take leave
// (closes). Read as a request, "das war's, danke" was answered from a
// page on a proxy, "rien d'autre, merci" from one that says "rien".
var closingPhrases = []struct {
	phrase string
	act    Act
	lang   string
}{
	{"das war's", ActThanks, "de"}, {"das wars", ActThanks, "de"}, {"das war alles", ActThanks, "de"}, {"das ist alles", ActThanks, "de"}, {"das wäre alles", ActThanks, "de"}, {"nichts weiter", ActThanks, "de"}, {"sonst nichts", ActThanks, "de"}, {"keine weiteren fragen", ActThanks, "de"},
	{"c'est tout", ActThanks, "fr"}, {"ce sera tout", ActThanks, "fr"}, {"rien d'autre", ActThanks, "fr"}, {"rien de plus", ActThanks, "fr"}, {"pas d'autres questions", ActThanks, "fr"},
	{"eso es todo", ActThanks, "es"}, {"es todo", ActThanks, "es"}, {"eso sería todo", ActThanks, "es"}, {"nada más", ActThanks, "es"}, {"nada mas", ActThanks, "es"}, {"no tengo más preguntas", ActThanks, "es"},
	{"é só isso", ActThanks, "pt"}, {"só isso", ActThanks, "pt"}, {"era só isso", ActThanks, "pt"}, {"nada mais", ActThanks, "pt"},
	{"è tutto", ActThanks, "it"}, {"niente altro", ActThanks, "it"}, {"nient'altro", ActThanks, "it"},
	{"dat was het", ActThanks, "nl"}, {"dat is alles", ActThanks, "nl"}, {"verder niets", ActThanks, "nl"},
	{"det var allt", ActThanks, "sv"}, {"inget mer", ActThanks, "sv"},
	{"det var det", ActThanks, "da"}, {"det var alt", ActThanks, "da"}, {"ikke mere", ActThanks, "da"},
	{"это всё", ActThanks, "ru"}, {"это все", ActThanks, "ru"}, {"больше ничего", ActThanks, "ru"},
	{"以上です", ActThanks, "ja"}, {"大丈夫です", ActThanks, "ja"},
}

// closes reports whether a message whose acknowledgements and thanks are
// acks (messageAcks) says, in one of closingPhrases, that the customer
// needs nothing more, alone or beside thanks ("das war's, danke").
func closes(acks []string) bool {
	return slices.ContainsFunc(acks, func(a string) bool { return closingKeys[a] })
}

var closingKeys = func() map[string]bool {
	m := make(map[string]bool, len(closingPhrases))
	for _, p := range closingPhrases {
		m[phraseKey(p.phrase)] = true
	}
	return m
}()
