package dialogue

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// The policy: what the agent does with a dialogue act, given where the
// conversation stands. Each row is one (act, state) case and its move; a
// new behaviour is a new row here, not a condition inside a step.

// move is what the agent does with an act.
type move int

const (
	moveHandOver       move = iota + 1 // hand over to a person
	moveStartOver                      // forget the conversation
	moveGreet                          // greet back
	moveWelcome                        // "you're welcome": the conversation may end
	moveBotAnswer                      // say honestly that this is a bot
	moveAskWhich                       // ask which of the pending options applies
	moveAnythingElse                   // an acknowledgement taken in: anything else?
	moveTakeOption                     // the one option offered applies: answer there
	moveNoneOfThose                    // no option applies: ask for their own words
	moveNotIt                          // the one option offered does not apply
	moveForEveryone                    // what the page says for every situation, options kept
	moveNoProblem                      // the page can't tell their situation: their own words
	moveGoOn                           // go on with the section (declined when it has no more)
	moveWhatElse                       // after an answer: what else?
	moveAllRight                       // a no, or not knowing, to no question pending
	moveNotSolved                      // the answer just given did not work: the rest of the section, else a person
	moveShowAsked                      // the one node a yes-or-no question asked about, shown with no situation confirmed
	moveDropIt                         // the request taken back: options withdrawn, what else?
	moveUnclear                        // the reply not understood: which part, or a person
	moveRepeat                         // the last reply asked for again: said again, nothing changed
	moveAskWhat                        // asked for what with ("What can I help you with?"), no miss counted
	moveGoodbye                        // "anything else?" "No.": the conversation ends
	moveSaidAll                        // "and then?" after all was said: said so, related topics offered (declined after no answer)
	moveNotSolvedAgain                 // "that didn't work" after a handover: sorry, the person is still the way on
	moveAskWhatFails                   // "nothing works" before anything was answered: sorry, what fails?
	moveCantResolve                    // a complaint again, still with nothing to go on: a person
	moveLink                           // the link to the page being discussed, as the reply's source
	moveEachInTurn                     // every option applies: the first one's answer, the others still offered

	// Moves for a message that matched no node (missPolicy).
	moveAsYes          // a yes with a story no page tells: as a plain yes (the act policy)
	moveHandOverRecord // a request about one of the user's records: only a person can look it up
	moveSuggestPage    // offer the page that clearly leads on whole-page evidence, or the two near-tied there (declined when none)
	moveSuggest        // offer the nodes nearest the request (declined when none is near enough)
	moveAskAbout       // ask whether the node found, which lacks the request's distinctive words, is it
	moveOfferPerson    // a miss in a row said in no page's words: the nearest topics again, and a person as an option
	moveOwnWords       // a question with no words to "Is it about this?": their own words, the topic set aside, not asked again
)

// actState is what the policy reads of the conversation.
type actState struct {
	pending    int    // options pending
	optionNode bool   // the first pending option is a node of the graph
	last       Action // the agent's last action ("" at the start)
	// atNode: the conversation is at a node of the graph.
	atNode bool
	// namesOption: the message is a pending option as a click sends it
	// ("Link", a section of a page about sharing; optionNamed); read for
	// ActLink only.
	namesOption bool
	// nodeSays: the conversation is at a node that says something of
	// its own (not a bare heading).
	nodeSays bool
	// doubted: the one option pending is the node found for a request
	// that lacks the request's distinctive words, asked about ("Is it
	// about this?", askAbout), not a situation of a node nor a topic
	// merely suggested.
	doubted bool
	// yesNo: the last reply asked whether the request is about its one
	// option, a node ("Is it about this?"): the doubted node, or a page
	// or topic suggested on a miss.
	yesNo bool
	// courtesyAfterAnswer: the last reply only took in what was said, at
	// the node the reply before it answered at ("thanks" → "You're
	// welcome!", "it's a laptop" → "Noted…", the answer's options kept):
	// "that didn't work" is still about that answer.
	courtesyAfterAnswer bool
	// acks: the message acknowledges, beside any thanks ("ok thanks"):
	// read of the message (reading.acks), not of the conversation.
	acks bool
	// farewell: the message takes leave ("ok bye"; reading.farewell).
	farewell bool
	// askedAgain: the last reply asked again which of its options applies
	// (askWhich), after a yes or a no that did not say which.
	askedAgain bool
	// topicsAsked: the last reply asked whether the request is about one
	// of several topics, a yes-or-no question ("Is it about one of
	// these?"): suggestions on a miss, or related topics after all was said.
	topicsAsked bool
	// opening: nothing of the pages has been said or offered yet (no
	// reply, or only a greeting or "what else?"): no node, no options.
	opening bool
	// askedWhatFails: the last reply asked what fails (moveAskWhatFails).
	askedWhatFails bool
	// askedAnythingElse: the last reply only asked whether there is
	// anything else ("You're welcome! Is there anything else…?"), with no
	// options pending.
	askedAnythingElse bool
}

// actRule is one row of the policy: for act, when the state is so, move.
type actRule struct {
	act  Act
	when func(actState) bool
	move move
}

func always(actState) bool { return true }

// asking reports whether the agent's last reply asked which of its
// options applies, and they are still pending.
func (st actState) asking() bool { return st.pending > 0 && st.last == Clarification }

// actPolicy is the policy, first row first. A row whose move declines (see
// moveGoOn) lets the next matching row decide; an act no row takes is
// matched against the graph as a request.
var actPolicy = []actRule{
	{ActHuman, always, moveHandOver},
	{ActRestart, always, moveStartOver},
	{ActGreeting, always, moveGreet},
	// "Is it about this?" "Ok, thanks.": nothing was answered yet to be
	// thanked for; the ok assents, and what the node says is shown, as
	// for "ok" (a bare "thanks" or "bye" still closes: moveWelcome), unless
	// the customer takes leave ("ok bye").
	{ActThanks, func(st actState) bool { return st.yesNo && st.acks && !st.farewell }, moveShowAsked},
	// "Ok bye", "thanks, see you": the customer is leaving; asking
	// "anything else?" would keep them.
	{ActThanks, func(st actState) bool { return st.farewell }, moveGoodbye},
	{ActThanks, always, moveWelcome},
	// "Never mind": whatever was asked or offered is dropped, not
	// matched against the pages ("mind") nor answered as a request.
	{ActWithdraw, always, moveDropIt},
	// "What do you mean?" after a reply: the pages' words are all there
	// is to say; matched as a request, "mean" finds any page that uses it.
	{ActUnclear, func(st actState) bool { return st.last != "" }, moveUnclear},
	// "Can you repeat that?": the last reply again, its options still
	// pending; matched as a request, "repeat" finds any page that says it.
	{ActRepeat, func(st actState) bool { return st.last != "" }, moveRepeat},
	// "Can you send me the link?" at a page: its link (with no page under
	// discussion it is a request like any other).
	{ActLink, func(st actState) bool { return st.atNode && !st.namesOption }, moveLink},
	// "No, that's not it" to "Is it about this?": the one option offered
	// is not it ("none of those" over one option reads as a slip).
	{ActNoneOfThese, func(st actState) bool { return st.pending == 1 }, moveNotIt},
	// "That's not what I meant" to an answer: the answer is not it ("none
	// of those" with no options offered reads as a slip), and is not given
	// again for the request that follows (Session.Rejected).
	{ActNoneOfThese, afterAnswer, moveNotIt},
	{ActNoneOfThese, always, moveNoneOfThose},
	// The bot's own words cite no page: the conversation stays where it was.
	{ActBotQuestion, always, moveBotAnswer},
	// "That didn't work" after an answer: the pages have said what they
	// have; matched as a request, its words ("work", "help") lead to
	// another page.
	{ActNotSolved, func(st actState) bool { return st.last == Resolution || st.courtesyAfterAnswer }, moveNotSolved},
	// "That didn't work" after a handover: the person is still the way on,
	// said as sorry for it ("Of course." would answer a request for one);
	// matched as a request, "work" reads as "error" and finds a page.
	{ActNotSolved, func(st actState) bool { return st.last == Escalation }, moveNotSolvedAgain},
	// "Is it about this?" "That didn't help.": nothing was answered yet
	// to fail; it says the topic asked about is not it.
	{ActNotSolved, func(st actState) bool { return st.yesNo && st.pending == 1 }, moveNotIt},
	// "Which of these applies?" "That didn't work.": nothing was answered
	// yet to fail, and the question still stands; matched as a request,
	// "work" finds a page on something else not working.
	{ActNotSolved, actState.asking, moveAskWhich},
	// "Nothing works", "this app is useless" before anything was answered:
	// a complaint with nothing to refer to; matched as a request, its words
	// ("nothing", "works") find any page that uses them. What fails is
	// asked, a person offered.
	{ActNotSolved, func(st actState) bool { return st.opening && st.askedWhatFails }, moveCantResolve}, // asked once: not again
	{ActNotSolved, func(st actState) bool { return st.opening }, moveAskWhatFails},
	// "Is it about this?" "Sounds good." / "OK.": to a yes-or-no question
	// an acknowledgement assents; what the node says is shown, as for "I
	// don't know" to the doubted node (no situation is confirmed by it).
	{ActAck, func(st actState) bool { return st.yesNo }, moveShowAsked},
	{ActAck, actState.asking, moveAskWhich},
	// "ok" or a lone "?" as the first message: a hello, not the end of a
	// conversation ("Is there anything else…?" before anything was said).
	{ActAck, func(st actState) bool { return st.last == "" }, moveGreet},
	{ActAck, always, moveAnythingElse},
	// "Does this apply?" "Yes." / "No."
	{ActYes, func(st actState) bool { return st.pending == 1 && st.optionNode }, moveTakeOption},
	{ActNo, func(st actState) bool { return st.pending == 1 }, moveNotIt},
	// "Which of these applies?" "Both.": each in turn, the first answered
	// and the others left to choose (asked again, "both" went round in
	// circles).
	{ActAll, func(st actState) bool { return st.pending > 1 && st.optionNode }, moveEachInTurn},
	// The user can't tell which situation is theirs: what the page says
	// for everyone, with the situations still open; with nothing said for
	// everyone, a person can decide.
	{ActDontKnow, func(st actState) bool { return st.pending > 1 && st.nodeSays }, moveForEveryone},
	// "Is it about this?" "I don't know.", of the node the request's
	// words found, doubted only for lacking its distinctive ones: what it
	// says, as before the doubt, since the user can't rule it out by its
	// title (a topic merely suggested is no such match: see moveSuggest).
	{ActDontKnow, func(st actState) bool { return st.pending == 1 && st.doubted }, moveShowAsked},
	{ActDontKnow, func(st actState) bool { return st.pending > 0 }, moveNoProblem},
	// "Yes" after an answer whose follow-ups are offered: the answer asked
	// nothing; go on as after any answer, else ask which.
	{ActYes, func(st actState) bool { return st.pending > 1 && st.last == Resolution }, moveGoOn},
	// A yes or no to a question with several answers: ask which.
	{ActYes, func(st actState) bool { return st.pending > 1 }, moveAskWhich},
	// "No" to "which one of these applies?" asked again: none does; asking
	// a third time goes round in circles.
	// "No" to "is it about one of these?": none of them (asking which
	// would answer a no with the same question).
	{ActNo, func(st actState) bool { return st.pending > 1 && (st.askedAgain || st.topicsAsked) }, moveNoneOfThose},
	{ActNo, func(st actState) bool { return st.pending > 1 }, moveAskWhich},
	// "Is there anything else I can help you with?" "Yes.": something
	// else, not more of the page. (A yes to "Could you put it another
	// way?" is no rephrasing: the miss policy offers the nearest topics
	// and a person, moveOfferPerson.)
	{ActYes, func(st actState) bool { return st.askedAnythingElse }, moveAskWhat},
	// "Yes" after an answer: go on with what the section has not said, or
	// the page's next section.
	{ActYes, func(st actState) bool { return st.pending == 0 }, moveGoOn},
	// "Is there anything else I can help you with?" "No.": goodbye, not
	// "could you describe your situation?".
	{ActNo, func(st actState) bool { return st.askedAnythingElse }, moveGoodbye},
	// "No" (or a "yes" with nothing more to say) after an answer.
	{ActYes, afterAnswer, moveWhatElse},
	{ActNo, afterAnswer, moveWhatElse},
	{ActDontKnow, afterAnswer, moveWhatElse},
	// Not knowing, or saying no, to a question no longer pending.
	{ActDontKnow, always, moveAllRight},
	{ActNo, always, moveAllRight},
}

func afterAnswer(st actState) bool { return st.pending == 0 && st.last == Resolution }

// actMoves returns the moves the policy makes for act in st, in the order
// to try them: the first that does not decline is made. None: act means
// nothing here (a "yes" with no question pending and nothing said).
func actMoves(act Act, st actState) []move {
	var moves []move
	for _, row := range actPolicy {
		if row.act == act && row.when(st) {
			moves = append(moves, row.move)
		}
	}
	return moves
}

// lean is what a message leans on in the conversation, which decides what
// it is searched with.
type lean int

const (
	// standsAlone: the message is searched by its own words.
	standsAlone lean = iota
	// followsUp: a short follow-up with no clear intent of its own ("what
	// about by phone?", "it still fails"): searched with the problem being
	// discussed, a match needing one of its own words.
	followsUp
	// statesSituation: "Yes, I already get a pension": the user's
	// situation, said for the request before it and the answer it got, not
	// a new request (read alone, its words match any page about that
	// situation): searched with the message before and the problem.
	statesSituation
	// repliesBare: a bare reply naming the case of the request
	// ("android"): searched on the page being discussed with the
	// conversation's earlier words, a match needing one of its own.
	repliesBare
	// refersToTopic: a short question whose object is a pronoun for what
	// the conversation is about ("how do I turn it back on?", "can I
	// undo that?"), its own words leading off the page: they say what is
	// done to it, the message before and the problem being discussed
	// what it is; searched with both, a match needing one of its own
	// words (else with its own words alone).
	refersToTopic
)

// followUp recognises messages that lean on what was said before: in
// English, and by the openers of the catalog's other languages
// (followUpElsewhere).
var followUp = regexp.MustCompile(`(?i)^[\s¿¡]*(?:(?:what about|how about|and|but|what if|also|same|it still|still|again|ok(?:ay)?,? (?:and|but|what))\b|` + followUpElsewhere + `)`)

// followUpElsewhere are the openers of a follow-up in German, French,
// Spanish, Portuguese, Italian, Dutch, Swedish, Danish and Japanese, function words all: "und wo wird der gespeichert",
// "et où est-ce qu'elle est enregistrée", "y donde se guarda" (each, on
// GNOME's help, answered from another page: "guarda" matched saving your
// work before suspending), "それってどうやればいいですか" (how do I do
// that), "それはiPhoneでもできますか" (can I do that on an iPhone too).
// Japanese has no spaces: its openers are the demonstrative そ- forms and
// the conjunctions that lead a message. A Spanish opening mark may lead
// the opener ("¿y dónde se guarda?"), as in detailOpener.
const followUpElsewhere = `(?:und|aber|und wenn|was ist mit|et|mais|et si|et pour|y|pero|y si|y para|e|e se|e para|ma|e per|maar|en als|en wat|wat met|och|men|och om|vad gäller|hur är det med|og|og hvis|hvad med)(?:\s|,)|` +
	`それ|そっち|その場合|じゃあ|では|あと|ちなみに`

// pointerWords, by language, are words that point at what was said and
// name nothing of their own: "what do I do now", "what else can I try",
// "what about the other one", "another one". Read alone, they match a
// heading that happens to have them ("Pay online now"). Function words of
// the language, as the stop lists' "then" and "other" (German "jetzt",
// "sonst", "andere" and Spanish "otro" are stop words already). Kept in
// the index and in a first request, where a few carry meaning ("one
// device"); measured as stop words, first replies fell (adguard-en 54.2%
// -> 51.4%).
var pointerWords = map[string]string{
	"en": "now else one ones another",
	"fr": "maintenant ensuite autre autres",
	"es": "ahora luego",
	"pt": "agora depois",
	"it": "ora adesso poi",
	"nl": "nu daarna",
}

// withoutPointers returns terms, or none when pointer holds every one of
// them (pointerWords), for a message said after a reply: "what do I do
// now", "what about the other one" point at that reply and have no words
// of their own, as "why?" after an answer has none (see missPolicy). With
// words of their own beside, the pointers are left in: "what are the
// different ones that are accepted?" still matches the section listing
// "one of these documents" (measured: dropping them there lost replay turns).
func withoutPointers(terms []string, pointer map[string]bool) []string {
	if len(terms) == 0 || slices.ContainsFunc(terms, func(t string) bool { return !pointer[t] }) {
		return terms
	}
	return nil
}

// bareReply is the most terms a message can have and still be a bare
// reply to what the agent just said: a platform, a place, a short noun
// phrase ("android", "auf dem Mac", "en el iPhone", "macです").
const bareReply = 2

// bareWords is the most words, function words included, a bare reply
// has: a phrase ("on my iPhone", "auf dem Mac"), not a sentence ("die
// Lautstärke ist schon ganz oben", the volume is already all the way up:
// a statement of its own).
const bareWords = 3

// bare reports whether r is worded as a bare reply: a phrase of at most
// bareWords words that neither asks (a question asks something new: "wo
// wird es gespeichert?") nor opens as a follow-up (which leanOf takes
// as one already).
func (r *reading) bare() bool {
	return !r.question && !r.followUpForm && len(r.plainWords()) <= bareWords
}

// refersBack recognises a question whose subject is a pronoun for what was
// just said: an auxiliary followed by it, that or this ("how long does it
// take?", "will that work on a Mac?", "is this free?"). Its other words are
// an ellipsis of the answer's: read alone, they ("take") match any page.
var refersBack = regexp.MustCompile(`(?i)\b(?:does|did|do|will|would|can|could|is|was|should)\s+(?:it|that|this)\b`)

// doesAnswer recognises the answer's action named by do and a pronoun, its
// object ("can I do that for several sheets at once?", "can I do it
// offline?"): a question that asks more of the answer, not about the
// answer itself as refersBack's questions do ("how long does it take?").
var doesAnswer = regexp.MustCompile(`(?i)\bdo\s+(?:it|that|this)\b`)

// pronounObject recognises a pronoun for something said before: it or
// them anywhere ("how do I turn it back on", "can I remove them later"),
// that or this closing the message ("can I undo that?"; inside one, that
// often opens a clause: "how do I know that the backup worked"), or the
// object of do anywhere ("can I do that for a whole folder at once?").
var pronounObject = regexp.MustCompile(`(?i)\b(?:it|them)\b|\b(?:that|this)\s*[?!.]*\s*$|\bdo\s+(?:that|this)\b`)

// pronounObjects are pronounObject's counterparts in the catalog's other
// languages, function words all, by the language of the agent's pages:
// "wie schalte ich es wieder ein", "kann ich das rückgängig machen?" ("das"
// closing: inside, it is mostly an article); "comment je le réactive",
// "je peux annuler ça ?" ("le" only as a clitic after its subject: else it
// is an article); "¿cómo lo vuelvo a activar?", "¿puedo desactivarlo?"
// (the pronoun joined to an infinitive); "それをもう一度オンにするには".
// An English message to other-language pages is still read by
// pronounObject.
var pronounObjects = map[string]*regexp.Regexp{
	"de": regexp.MustCompile(`(?i)\b(?:es|ihn)\b|\b(?:das|dies)\s*[?!.]*\s*$`),
	"fr": regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:ça|cela|ceci)(?:$|[^\p{L}])|(?:^|[^\p{L}])(?:je|on|tu|nous|vous)\s+(?:ne\s+|n['’])?(?:le\s|la\s|les\s|l['’])`),
	"es": regexp.MustCompile(`(?i)\b(?:lo|eso|esto)\b|\b[a-z]{3,}(?:ar|er|ir)(?:lo|los|la|las)\b`),
	"pt": regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:isso|isto)(?:$|[^\p{L}])|\p{L}{3,}(?:á|ê|i)-(?:lo|los|la|las)(?:$|[^\p{L}])`),
	"it": regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:questo|ciò|cio)(?:$|[^\p{L}])|\b[a-z]{3,}(?:ar|er|ir)(?:lo|li|la|le)\b`),
	"nl": regexp.MustCompile(`(?i)\bhet\s+(?:weer\s+)?(?:aan|uit|terug|ongedaan)\b|\b(?:dat|dit)\s*[?!.]*\s*$`),
	// Swedish and Danish: the object last, as Dutch's "dat" ("hur tar jag
	// bort den?", "hvordan sletter jeg den?").
	"sv": regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:den|det|dem|detta)\s*[?!.]*\s*$`),
	"da": regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:den|det|dem|dette)\s*[?!.]*\s*$`),
	"ja": regexp.MustCompile(`(?:それ|これ)(?:を|は|が|って|も|で|に)`),
}

// notPronoun are phrases of a language whose pronoun stands for nothing
// said before: German "es gibt" (there is).
var notPronoun = map[string]*regexp.Regexp{
	"de": regexp.MustCompile(`(?i)\b(?:gibt\s+es|es\s+gibt)\b`),
}

// pronounRequest is the most terms a question naming its object by a
// pronoun has and still be about what the conversation is: "turn it back
// on", "undo that", "start them early". With more, it says itself what it
// is about ("and how do I have it paid into my bank account": the pension,
// which the page on payments is about).
const pronounRequest = 2

// namesByPronoun reports whether msg's last clause, the one that asks,
// names something said before by a pronoun (pronounObject, or
// pronounObjects of lang, the language of the pages): in "ok, I get it.
// But what if I have no document at hand?" the it is taken in, not asked
// about.
func namesByPronoun(msg, lang string) bool {
	msg = strings.TrimRight(msg, "?!.… \t\n？！。")
	if i := strings.LastIndexAny(msg, ".,;:!?。、？！"); i >= 0 {
		_, n := utf8.DecodeRuneInString(msg[i:])
		msg = msg[i+n:]
	}
	if pronounObject.MatchString(msg) {
		return true
	}
	if not := notPronoun[lang]; not != nil {
		msg = not.ReplaceAllString(msg, " ")
	}
	re := pronounObjects[lang]
	return re != nil && re.MatchString(msg)
}

// asksAboutAnswer reports whether r is a short question about what was
// just said, its subject a pronoun for it (refersBack): "how long does it
// take?". Matched as a request, its other words ("take") are no topic. A
// longer one names what the pronoun stands for ("I have an old key, is it
// still valid?").
func (r *reading) asksAboutAnswer() bool {
	return r.question && r.refersBack && requestLength(r.text, len(r.terms)) <= shortRequest
}

// anotherRequest is the fewest terms of its own a message that opens as
// a follow-up ("and", "also") needs to be a request of its own, when they
// match well off the page being discussed: "thanks. also how do i set up
// an out of office reply?" after the answer on signatures, "also how can
// i print on both sides of the paper" after adding a printer. Fewer
// ("what about html", "and on android?") lean on what was said. With 2,
// ssa-eval's follow-ups moved both ways (+4 −4) and AdGuard's "and how do
// i make a har file" after Windows logs left for the Android page; with
// 3, +3 −0 (see the README).
const anotherRequest = 3

// opensAnother reports whether r, n terms long, opens as a follow-up but
// says a request of its own, naming nothing said before by a pronoun:
// anotherRequest terms or more, or two that are no detail of the request
// before (detailFollowUp: "and on android?") when the page being
// discussed lacks one of them (pageLacks): "ok and what does stealth mode
// do" after exporting settings, joined with that page's words, was asked
// about its section on a proxy "mode". Whether it stands alone is then
// for its own words' match to tell.
func (r *reading) opensAnother(n int, pageLacks func() bool) bool {
	if !r.followUpForm || r.pronoun || r.asksAboutAnswer() {
		return false
	}
	return n >= anotherRequest || n >= 2 && !detailFollowUp(r.text, n) && pageLacks()
}

// leanOf returns what message r leans on. atNode says the conversation is
// at a node, saidBefore that the user said something before; ownGood
// reports (called only when needed: it searches) whether r's own words
// match a node well enough, pageHolds whether the page being discussed
// has a section about one of them (see GraphAgent.pageHolds), ownLeaves
// whether their best match leads off the pages being discussed to one
// holding less of the conversation's earlier words (GraphAgent.leavesTopic),
// pageLacks whether that page lacks one of them (GraphAgent.pageLacks).
func leanOf(r *reading, atNode, saidBefore bool, ownGood, pageHolds, ownLeaves, pageLacks func() bool) lean {
	if !atNode {
		return standsAlone
	}
	// With no words of its own ("1", "ok") there is nothing to follow up
	// with; a long message says what it wants.
	n := requestLength(r.text, len(r.terms))
	if n > 0 && n <= shortRequest && (r.followUpForm || r.asksAboutAnswer() || !ownGood()) {
		if r.opensAnother(n, pageLacks) && ownGood() && ownLeaves() {
			return standsAlone
		}
		return followsUp
	}
	if saidBefore && len(r.terms) > 0 && r.yesStatement {
		return statesSituation
	}
	// A bare reply to the agent's answer or question ("android" after the
	// steps to activate a licence, "auf dem Mac") names the case the
	// request is about, when the page being discussed has a section about
	// it: read alone, its one word matches best a heading elsewhere that
	// is that word, or has it beside some of the request's words.
	if n > 0 && n <= bareReply && r.bare() && pageHolds() {
		return repliesBare
	}
	// Read alone, its words ("turn back", "undo") match any page that
	// does that to something else.
	if n > 0 && n <= pronounRequest && r.question && r.pronoun && !r.acks && saidBefore && ownLeaves() {
		return refersToTopic
	}
	return standsAlone
}

// missState is what the miss policy reads of the conversation.
type missState struct {
	rephrases int  // misses in a row so far
	llm       bool // an LLM judged that nothing fits: its judgement stands
	asking    bool // the last reply asked which of its options applies
	// doubted: a node was found for the message, but lacks its
	// distinctive words (see holdsRequest).
	doubted bool
	// detailOnDoubted: the question about a doubted node is open and the
	// message names only things no page has ("it's a thinkpad"): a detail
	// of the user's case, not another request.
	detailOnDoubted bool
	// pageWords: the message has a word some node is about (its heading,
	// condition, intents, page title or ancestors), chat and stop words
	// aside: it says, in the pages' words, what it asks.
	pageWords bool
	// yesNo: the question open is whether the request is about the one
	// topic offered ("Is it about this?", actState.yesNo).
	yesNo bool
	// situations: the options pending are the situations of the node
	// being discussed (a clarification), not topics suggested on a miss,
	// and the question was not just asked again (a second detail no
	// page has is a miss: asking a third time goes round in circles).
	situations bool
	// first: the agent has not replied yet; the message opens the
	// conversation.
	first bool
	// detail: the message is a detail of the request just missed ("on
	// my iphone" after "please rephrase": detailsMiss), which nothing
	// holds with that request either: no rephrasing, and no reason to
	// hand over.
	detail bool
	// offered: the last reply offered topics for a request it missed
	// ("Is it about one of these?"), and the message neither took one
	// nor said that request again (restates): it asks something else
	// ("my wifi keeps dropping" … "how do I find out which wifi driver
	// my laptop uses"), a request of its own, not a rephrasing.
	offered bool
}

// missRule is one row of the miss policy: when the message and the state
// are so, move.
type missRule struct {
	when func(*reading, missState) bool
	move move
}

// missPolicy is what the agent does with a message that matched no node,
// first row first; a move that declines lets the next row decide. When all
// decline, the agent asks to rephrase, or hands over on a second miss in a
// row said in the pages' words (GraphAgent.miss).
var missPolicy = []missRule{
	// "Yes, I was away all summer".
	{func(r *reading, _ missState) bool { return r.lead == ActYes }, moveAsYes},
	// "?", "hmm" or "great" as the first message: a hello, not an
	// acknowledgement of something said ("Is there anything else…?").
	{func(r *reading, st missState) bool { return st.first && len(r.terms) == 0 && chatOnly(r.text) }, moveGreet},
	// "Great!", "perfect" alone: praise takes in what was said and asks
	// for nothing more; going on, it gave the next section of the page
	// (in a manual of one page, another chapter).
	{func(r *reading, st missState) bool { return !st.asking && praise.MatchString(r.text) }, moveAnythingElse},
	// "Can you help me?", "why?" after an answer: with no words of its
	// own, a message is about what was just said.
	{func(r *reading, _ missState) bool { return len(r.terms) == 0 }, moveGoOn},
	// "What else can I try?" to "Is it about this?": a question with no
	// words of its own is neither a yes nor a topic; asked again, the
	// same question would go round in circles ("how?", "what else can
	// I try?" say neither). Their own words, or a person.
	{func(r *reading, st missState) bool { return len(r.terms) == 0 && r.question && st.yesNo }, moveOwnWords},
	// "ok" while a question is open: the question still stands.
	{func(r *reading, st missState) bool { return len(r.terms) == 0 && st.asking }, moveAskWhich},
	// "Hmm ok", "oh well" with nothing more to go on with (the section
	// said all): taken in, not a miss. (Praise alone was, above.)
	{func(r *reading, st missState) bool {
		return !st.asking && chatOnly(r.text) && !praise.MatchString(r.text)
	}, moveAnythingElse},
	// "Can you help me?", "I need help" with nothing before it to go on
	// with: what they need help with is still to come; no miss, which
	// would make the request that follows a second one.
	// "Ok and then?" after an answer that said all (moveGoOn declined):
	// that was all the page says; the related topics, not "What can I
	// help you with?".
	{func(r *reading, st missState) bool {
		return len(r.terms) == 0 && r.question && !r.announces && !st.asking
	}, moveSaidAll},
	// "Hi, I have a question", "can I ask you something?": what they ask
	// is still to come (announcement).
	{func(r *reading, st missState) bool {
		return len(r.terms) == 0 && (r.question || r.announces) && !st.asking
	}, moveAskWhat},
	// See record.go.
	{func(r *reading, _ missState) bool { return r.record }, moveHandOverRecord},
	// "Is it about this?" "It's a ThinkPad.": the node asked about, shown.
	{func(_ *reading, st missState) bool { return st.detailOnDoubted }, moveShowAsked},
	// A node found on words the request shares with it, though not its
	// distinctive ones ("how far ahead can I buy train tickets" and the
	// section on how far ahead to book): asked about, never answered.
	{func(_ *reading, st missState) bool { return st.doubted }, moveAskAbout},
	// "Which of these applies?" "En el iPhone.": a situation none of the
	// options names, in no word any node is about, is a detail of the
	// user's case, not another request: the question still stands, its
	// options kept (a miss would drop them).
	{func(r *reading, st missState) bool {
		return st.asking && st.situations && !st.pageWords && len(r.terms) > 0
	}, moveAskWhich},
	// A long, chatty request often names its topic among words no page
	// has: a choice of topics, before asking again.
	{func(r *reading, st missState) bool { return st.rephrases < 2 && !st.llm && !r.asksAboutAnswer() }, moveSuggest},
	// A request no section holds enough of nor any node shares enough
	// with, may still be spread over one page, as a search over whole pages finds it ("my external mic isn't
	// picking up my voice" and the page on using another microphone):
	// asked whether that page is it, the user can say yes where "please
	// rephrase" gives nothing; spread over two pages alike, which of
	// them. A question, not an answer: a near-domain request is not
	// answered from it.
	{func(r *reading, st missState) bool { return st.rephrases == 0 && !st.llm && !r.asksAboutAnswer() }, moveSuggestPage},
	// A miss after a miss hands over only once the customer has put the
	// request in the pages' words and still nothing fits ("my printer
	// prints blank pages", "please rephrase", "the printout is empty"):
	// what they ask is not in the pages. Said in no page's words
	// ("anything else I can try?", "yes", "it's a ThinkPad"), it is no
	// rephrasing, nor is a detail of the request missed ("on my iphone":
	// st.detail); handing over would leave a resolvable request to a
	// person. The nearest topics of what they said before are offered
	// again, with a person as an option they can take. So is a request of
	// its own after topics were offered (st.offered): the first miss was
	// of another request, and handing over would leave this one, never
	// put another way, to a person.
	{func(_ *reading, st missState) bool {
		return st.rephrases > 0 && (!st.pageWords || st.detail || st.offered)
	}, moveOfferPerson},
}

// missMoves returns the moves the miss policy makes for r in st, in the
// order to try them.
func missMoves(r *reading, st missState) []move {
	var moves []move
	for _, row := range missPolicy {
		if row.when(r, st) {
			moves = append(moves, row.move)
		}
	}
	return moves
}
