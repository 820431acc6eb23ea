package dialogue

import (
	"regexp"

	"github.com/helpgraph/helpgraph/internal/lexical"
	"github.com/helpgraph/helpgraph/internal/quickre"
)

// A message that opens by dropping the conversation so far and goes on
// with a request ("never mind, how do I add a user", "new question: …",
// "start over - …", "on a different note, …") asks that request afresh,
// as a conversation's first message: not ranked with the earlier words,
// not held to the page being discussed, and not taken as the act its
// opening alone makes (start over, never mind), which dropped the
// request with the conversation ("Let's start over. What can I help you
// with?") or read "never mind" as words to match. "Another question" is
// a looser opening (looseOpening): what follows may go on with the topic
// ("another question: where are they stored?"), and only a request that
// names nothing said before by a pronoun is asked afresh after it.

// askedPart returns what msg asks: the request after the opening it
// starts with (afterOpening, which says whether it is asked afresh), or
// after the courtesy it opens with (afterCourtesy), else msg itself.
func (a *GraphAgent) askedPart(msg string) (request string, fresh bool) {
	if request, fresh, ok := a.afterOpening(msg); ok {
		return request, fresh
	}
	if request, ok := a.afterCourtesy(msg); ok {
		// "Thanks, that worked. Something else: …"
		if rest, fresh, ok := a.afterOpening(request); ok {
			return rest, fresh
		}
		return request, false
	}
	return msg, false
}

// afterOpening returns the request after an opening msg starts with, and
// ok: after one dropping the conversation (freshOpening) it is asked
// afresh; after one announcing it (looseOpening) too, unless it names
// what was said before by a pronoun ("one more question: can I change it
// later?" goes on with the topic). ok is false when msg opens with
// neither, or nothing that could be matched follows.
func (a *GraphAgent) afterOpening(msg string) (request string, fresh, ok bool) {
	if loc := openingEnd(freshOpening, msg); loc >= 0 {
		if request, ok := a.requestIn(msg[loc:]); ok {
			return request, true, true
		}
	}
	if request, ok := a.afterAnnouncement(msg); ok {
		return request, !refersBack.MatchString(request) && !namesByPronoun(request, a.langs.lang), true
	}
	return "", false, false
}

// freshOpening is an opening that drops the conversation, in the
// languages of the catalog, with what separates it from the request.
var freshOpening = quickre.MustCompile(`(?i)^\s*(?:(?:ok(?:ay)?|oh|ah|well|hmm+|no|nah|actually|anyway|so|but)[\s,.!]+)*(?:` +
	`never\s*mind|nvm|forget\s+(?:it|that|about\s+(?:it|that))|(?:let'?s\s+)?start\s+(?:over|again)|` +
	`new\s+(?:question|topic)|(?:a\s+)?(?:different|unrelated|separate)\s+(?:question|topic|subject)|` +
	`(?:on\s+)?(?:a\s+)?(?:different|unrelated)\s+note|chang(?:e|ing)\s+(?:the\s+)?(?:topic|subject)|` +
	// German, French, Spanish
	`egal|vergiss\s+es|schon\s+gut|neue\s+frage|andere\s+frage|themawechsel|` +
	`laisse[zs]?\s+tomber|peu\s+importe|nouvelle\s+question|changeons\s+de\s+sujet|` +
	`olv[ií]dalo|no\s+importa|da\s+igual|nueva\s+pregunta|cambiando\s+de\s+tema` +
	`)(?:\s+(?:then|now|though|anyway|please))?(?:\s*[:,.!;?\-–—]+\s*|\s+)`)

// looseOpening announces another request ("something else:", "one more
// question -", "autre chose :"), written apart from it: "something else is
// wrong" opens with no such thing.
var looseOpening = quickre.MustCompile(`(?i)^\s*(?:(?:ok(?:ay)?|oh|ah|well|hmm+|so|and|also|but|merci|thanks|danke|gracias)[\s,.!]+)*(?:` +
	`something\s+else|(?:(?:one\s+)?(?:more|last|final)|another|(?:a\s+)?quick)\s+(?:question|thing)|` +
	`(?:une\s+)?(?:autre|derni[eè]re)\s+(?:chose|question)|(?:una\s+)?(?:otra|[uú]ltima)\s+(?:cosa|pregunta)|` +
	`noch\s+(?:eine\s+(?:letzte\s+)?frage|etwas)|(?:eine\s+)?letzte\s+frage|etwas\s+anderes|` +
	`(?:別の|もう一つ|もうひとつ)質問(?:です|なんです|があります)?(?:が|けど)?|話は変わります(?:が|けど)|ところで` +
	`)\s*[:,.!;?\-–—、。：！？]+\s*`)

// afterAnnouncement returns the request after an opening announcing it
// (looseOpening), and true; false when msg opens with none or nothing
// that could be matched follows. A request that names what was said
// before ("one more question: can I change it later?") goes on with the
// topic, without the announcement's words ("last thing, how do I print
// the chart" was matched with a page on the last printed date).
func (a *GraphAgent) afterAnnouncement(msg string) (string, bool) {
	loc := openingEnd(looseOpening, msg)
	if loc < 0 {
		return "", false
	}
	return a.requestIn(msg[loc:])
}

// requestIn returns rest and true when it holds words that could be
// matched.
func (a *GraphAgent) requestIn(rest string) (string, bool) {
	if len(a.an.terms(lexical.Mask(rest))) == 0 {
		return "", false
	}
	return rest, true
}

// startOver forgets the conversation but its record and its language:
// the conversation being had begins at History[from].
func (s *Session) startOver(from int) {
	*s = Session{ID: s.ID, History: s.History, Lang: s.Lang, ClientLang: s.ClientLang, Since: from}
}

// courtesyEnd ends a clause a message may open with: punctuation and the
// space after it.
var courtesyEnd = regexp.MustCompile(`[,;:.!?]+\s+|[、。！？]+\s*`)

// afterCourtesy returns the request that follows the courtesy a message
// opens with ("great that worked. how do I make a table of contents",
// "perfect, thank you. now how do I …"), and true; false when it opens
// with none, or what follows is no request of its own (an act: "thanks,
// yes"; nothing to match). Matched whole, the courtesy's words ("great",
// "work") found pages of their own: "Working with Tables" for a table of
// contents. Of several clauses of courtesy, all are dropped.
func (a *GraphAgent) afterCourtesy(msg string) (string, bool) {
	rest := ""
	for _, loc := range courtesyEnd.FindAllStringIndex(msg, -1) {
		if !courtesyLead(a.an, msg[:loc[0]]) {
			break
		}
		rest = msg[loc[1]:]
	}
	if rest == "" || classifyAct(a.an, rest) != ActNone || len(a.an.terms(lexical.Mask(rest))) == 0 {
		return "", false
	}
	return rest, true
}

// openingEnd is where re's match at the start of msg ends, or -1.
func openingEnd(re quickre.Regexp, msg string) int {
	if !re.MayMatch(msg) {
		return -1
	}
	if loc := re.FindStringIndex(msg); loc != nil {
		return loc[1]
	}
	return -1
}
