package dialogue

import (
	"context"
	"embed"
	"io/fs"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/helpgraph/helpgraph/internal/lexical"
	"github.com/helpgraph/helpgraph/internal/quickre"
)

// Act is what a message does in the conversation, apart from what it asks
// about: every customer says "yes", "thanks" or "let me talk to a person",
// whatever the help center. Acts are recognised from the message's form
// alone; what follows from one is decided by the agent and the graph.
type Act int

const (
	// ActNone is an ordinary request, to be matched against the graph.
	ActNone Act = iota
	// ActHuman asks for a person.
	ActHuman
	// ActRestart asks to start the conversation over.
	ActRestart
	// ActGreeting is a hello and nothing more.
	ActGreeting
	// ActThanks closes: thanks, that worked, goodbye.
	ActThanks
	// ActNoneOfThese rejects every option offered.
	ActNoneOfThese
	// ActYes and ActNo answer a yes/no question (or confirm / deny).
	ActYes
	ActNo
	// ActDontKnow says the user cannot tell which situation applies.
	ActDontKnow
	// ActAck acknowledges what was said ("sounds good", "ok", "I see")
	// and asks nothing new.
	ActAck
	// ActBotQuestion asks whether the user is talking to a bot or a
	// person: a question to answer honestly, not a request for a person.
	ActBotQuestion
	// ActNotSolved says that what was just said did not work ("that
	// didn't help", "still not working") and nothing else.
	ActNotSolved
	// ActWithdraw takes back what was asked ("never mind", "forget it").
	ActWithdraw
	// ActUnclear says the last reply was not understood ("what do you
	// mean?", "I don't understand"): no request of its own.
	ActUnclear
	// ActRepeat asks for the last reply again ("can you repeat that?").
	ActRepeat
	// ActLink asks for the link to the page being discussed ("can you
	// send me the link?").
	ActLink
	// ActAll says that all the options offered apply ("both", "all of
	// them").
	ActAll
)

func (a Act) String() string {
	return [...]string{"none", "human", "restart", "greeting", "thanks", "none-of-these", "yes", "no", "dont-know", "ack", "bot-question", "not-solved", "withdraw", "unclear", "repeat", "link", "all"}[a]
}

// wholeActs are the acts a message makes when it says nothing else, tried
// in order before the others: each row is the act and the form of the
// whole message.
var wholeActs = []actRow{
	// "Are you a bot?", "am I talking to a real person?", "is this a human?"
	{ActBotQuestion, quickre.MustCompile(`(?i)^\s*(?:(?:so|wait|hey|hi|hello)[\s,]+)?(?:are\s+you|r\s+u|is\s+(?:this|that|it)|am\s+i\s+(?:talking|speaking|chatting)\s+(?:to|with))\s+(?:a\s+|an\s+)?(?:real\s+|live\s+|actual\s+)?(?:bot|robot|chat\s*bot|machine|computer|ai|a\.i\.|human(?:\s+being)?|person|people|automated(?:\s+\w+)?)(?:\s+or\s+(?:a\s+|an\s+)?(?:real\s+|live\s+|actual\s+)?(?:bot|robot|chat\s*bot|machine|computer|ai|human(?:\s+being)?|person|not))?[\s.!?]*$`)},
	// "who are you?", "what are you": who is answering, asked as plainly.
	{ActBotQuestion, quickre.MustCompile(`(?i)^\s*(?:(?:so|wait|hey|hi|hello)[\s,]+)?(?:who|what)\s+(?:are\s+you|r\s+u|am\s+i\s+(?:talking|speaking|chatting)\s+(?:to|with))[\s.!?]*$`)},
	// "agent please", "a human", "person!": a bare request for one.
	{ActHuman, quickre.MustCompile(`(?i)^\s*(?:(?:an?|the|live|real)\s+)?(?:agent|human|person|operator|representative|rep)(?:[\s,]+(?:please|pls|now))?[\s.!?]*$`)},
	{ActNotSolved, notSolved},
	// "never mind", "forget it", "ok never mind then".
	{ActWithdraw, quickre.MustCompile(`(?i)^\s*(?:(?:ok(?:ay)?|oh|ah|well|hmm+|no|nah)[\s,.!]+)*(?:never\s*mind|nvm|forget\s+(?:it|about\s+it)|(?:it\s+)?doesn'?t\s+matter)(?:[\s,.!]+(?:then|anyway|thanks?|thank\s+you))*[\s.!?]*$`)},
	// "what do you mean?", "I don't get it", "that makes no sense": the
	// reply was not understood ("what does WPA mean?" asks about WPA).
	{ActUnclear, quickre.MustCompile(`(?i)^\s*(?:(?:sorry|huh|hmm+|um+|ok(?:ay)?|but|wait|so)[\s,.!?]+)*(?:what\s+(?:do|did)\s+(?:you|u)\s+mean(?:\s+by\s+(?:that|this|it))?|what\s+does\s+(?:that|this|it)\s+mean|i\s+(?:do\s*n[o']?t|did\s*n[o']?t|can'?t|cannot)\s+(?:understand|get\s+it|follow)(?:\s+(?:it|that|this|you))?|(?:i'?m|i\s+am)\s+(?:confused|lost)|(?:that|this|it)\s+(?:makes\s+no\s+sense|does\s*n[o']?t\s+make\s+(?:any\s+)?sense)|(?:can|could)\s+(?:you|u)\s+explain(?:\s+(?:that|this|it))?(?:\s+(?:again|better|more\s+simply|in\s+simpler\s+words))?(?:\s+please)?)[\s.!?]*$`)},
	// "can you repeat that?", "say that again", "come again?": the last
	// reply again ("repeat" alone, or with what to repeat, asks the same).
	{ActRepeat, quickre.MustCompile(`(?i)^\s*(?:(?:sorry|huh|hmm+|um+|ok(?:ay)?|wait|pardon)[\s,.!?]+)*(?:(?:can|could|would)\s+(?:you|u)\s+)?(?:please\s+)?(?:repeat(?:\s+(?:that|this|it|what\s+you\s+(?:just\s+)?said|the\s+(?:last\s+)?(?:answer|message|reply|steps?)))?(?:\s+again)?|say(?:\s+(?:that|this|it|what\s+you\s+(?:just\s+)?said|the\s+(?:last\s+)?(?:answer|message|reply|steps?)))\s+again)(?:\s+please)?[\s.!?]*$|^\s*come\s+again[\s.!?]*$`)},
	// "Can you send me the link?", "what's the link to that page?",
	// "link please": the page being discussed, asked for by its link;
	// matched as a request, "link" and "page" find any page about links.
	{ActLink, quickre.MustCompile(`(?i)^\s*(?:(?:ok(?:ay)?|great|thanks|thank\s+you|and|also|so)[\s,.!]+)*(?:(?:(?:can|could|would)\s+(?:you|u)\s+)?(?:please\s+)?(?:send|give|share|show|paste|post|provide)\s+(?:me\s+|us\s+)?(?:the\s+|a\s+|that\s+|this\s+)?|(?:what'?s|what\s+is|where'?s|where\s+is|do\s+you\s+have|is\s+there)\s+(?:the\s+|a\s+)?)?(?:link|url|source|web\s*page|page|article)(?:\s+(?:to|for|of)\s+(?:that|this|it|the\s+(?:page|article|answer)|that\s+(?:page|article|answer)|this\s+(?:page|article|answer)))?(?:\s+please)?[\s.!?]*$`)},
	// "Both", "all of them", "a bit of both": every option offered
	// applies ("both" read as a request asks nothing, and the same
	// question came again).
	{ActAll, quickre.MustCompile(`(?i)^\s*(?:(?:yes|yeah|yep|well|hmm+|um+|actually|i\s+think|probably|maybe)[\s,.!]+)*(?:both|all|all\s+of\s+(?:them|these|those|the\s+above)|both\s+of\s+(?:them|these|those)|each\s+of\s+(?:them|these|those)|all\s+(?:three|four|five)(?:\s+of\s+(?:them|these|those))?|(?:they|both|all\s+of\s+them)\s+(?:apply|do)|(?:it'?s\s+|kind\s+of\s+|sort\s+of\s+)?a\s+(?:bit|little)\s+of\s+both)(?:\s+(?:actually|really|apply|applies|apply\s+to\s+me))?[\s.!?]*$`)},
	// "sounds good", "I see", "makes sense": taking in what was said.
	// ("Got it" closes, as thanks do; "not yet", "not right now" and "I
	// haven't" answer no; "ok" alone goes on with the section.)
	{ActAck, quickre.MustCompile(`(?i)^\s*(?:(?:ok(?:ay)?|oh|ah|well|alright|all\s+right|great|cool|perfect|good|hm+|u[mh]+)[\s,.!]+)*(?:sounds?\s+(?:good|great|fine|ok(?:ay)?)|(?:that|this)\s+(?:sounds|is|seems)\s+(?:good|great|fine|ok(?:ay)?|helpful)|i\s+see|i\s+understand|understood|makes\s+sense|(?:that|it)\s+makes\s+sense|fine|noted|will\s+do|i'?ll\s+(?:do\s+that|try\s+(?:it|that)))[\s.!?]*$`)},
}

// notSolved is a whole message saying that what was just said did not
// work: "that didn't work", "it still doesn't help", "no, not working",
// that nothing changed: "it didn't change", "still nothing", "same
// problem", "no luck", "none of that helped", that it was tried before:
// "I already tried that", or said to the bot: "you're not helping", "you are useless", or of the
// product: "nothing works", "this app is useless" (a complaint with no
// request in it, whatever the help center's product is called).
var notSolved = quickre.MustCompile(`(?i)^\s*(?:(?:no|nope|sorry|hmm+|ok(?:ay)?|but|well|unfortunately)[\s,.!]+)*(?:(?:(?:that|this|it)(?:'s|\s+is)?\s+)?(?:still\s+)?(?:(?:did|does|do|is|was|wo)\s*n[o']?t|not)\s+(?:(?:always|really|quite|actually|even|seem\s+to)\s+)?(?:work(?:ing|ed)?|help(?:ing|ed)?|fix(?:ed)?|solve[sd]?|chang(?:e[sd]?|ing))(?:\s+(?:it|that|anything|the\s+problem|my\s+problem|for\s+me|either|at\s+all))*|(?:i(?:'ve|\s+have)?\s+)?(?:already\s+)?(?:tried|done|did|checked)\s+(?:that|this|it|those|these|all\s+(?:that|of\s+(?:that|those|them)))(?:\s+(?:already|before|too|twice))*(?:[\s,]+(?:and|but)\s+(?:it|that)\s+(?:(?:did|does|do|is|was|wo)\s*n[o']?t|not)\s+(?:work(?:ing|ed)?|help(?:ing|ed)?))?|(?:(?:that|this|it)(?:'s|\s+is|\s+was)?\s+)?(?:(?:is|was)\s*n[o']?t|not)\s+(?:very\s+|really\s+|that\s+)?helpful(?:\s+(?:at\s+all|either))?|(?:(?:that|this|it)(?:'s|\s+is|\s+was)\s+)?(?:useless|unhelpful|no\s+help(?:\s+at\s+all)?)|you(?:'re|\s+are|\s+were)?\s+(?:still\s+)?(?:(?:are|were|do|did)\s*n[o']?t|not)\s+(?:(?:really|very)\s+)?help(?:ing|ed|ful)?(?:\s+(?:me|at\s+all|either))*|you(?:'re|\s+are)\s+(?:useless|unhelpful|no\s+help(?:\s+at\s+all)?)|(?:this|that|the|your)\s+\w+(?:'s|\s+is|\s+are)\s+(?:(?:so|really|totally|completely|just)\s+)?(?:useless|garbage|rubbish|trash|crap|terrible|awful|horrible|worthless)|(?:(?:it'?s|it\s+is)\s+)?(?:still\s+(?:nothing|the\s+same(?:\s+(?:problem|issue|error|thing))?)|nothing\s+(?:changed|happens|happened|works?|worked|is\s+working)|(?:the\s+)?same\s+(?:problem|issue|error|thing)(?:\s+(?:again|as\s+before))?|no\s+(?:luck|change|difference))(?:\s+(?:still|either|at\s+all))?|(?:none\s+of\s+(?:that|this|these|those|them|it|the\s+above)|nothing)\s+(?:(?:has|have|had)\s+)?(?:help(?:s|ed)?|work(?:s|ed)?|fix(?:es|ed)\s+it)(?:\s+(?:either|at\s+all|for\s+me))*)[\s.!?]*$`)

// actRow is an act and a form of message that makes it.
type actRow struct {
	act Act
	re  quickre.Regexp
}

// decisiveActs decide wherever they stand in a message, after wholeActs:
// a request for a person anywhere ("can I talk to a real person about my
// refund?" wants the person first), starting over at its start.
var decisiveActs = []actRow{{ActHuman, actHuman}, {ActRestart, actRestart}}

// partActs are the acts a phrase makes within a message, tried in order:
// the phrase is cut out, and what is left must say nothing of its own
// (see classifyAct).
var partActs = []actRow{
	{ActNoneOfThese, actNone},
	{ActDontKnow, actDontKnow},
	{ActThanks, actThanks},
	// Asking for more of what was said is a yes to going on.
	{ActYes, actMore},
}

var (
	// actHuman is a request for a person, anywhere in the message: "can I
	// talk to a real person about my refund?" wants the person first; "I
	// need help from a human" and "can someone from support contact me?"
	// ask for one as plainly.
	actHuman = quickre.MustCompile(`(?i)\b(?:(?:talk|speak|chat)\s+(?:to|with)\s+(?:a\s+|an\s+|some\s*one|somebody|your\s+|the\s+)?(?:real\s+|live\s+|actual\s+)?(?:human|person|agent|representative|rep|operator|somebody|someone|staff|people|customer\s+service|manager|supervisor)|(?:real|live|actual)\s+(?:human|person|agent)|human\s+(?:agent|being|please|help|support)|(?:some\s*one|somebody|a\s+person|an?\s+(?:agent|human|representative)|your\s+(?:team|staff|support(?:\s+team)?))(?:\s+from\s+(?:the\s+|your\s+)?\w+(?:\s+team)?)?\s+(?:to\s+)?(?:please\s+)?(?:contact|call|e-?mail|phone|ring|reach)\s+me\b|(?:help|answer|support)\s+from\s+(?:a\s+|an\s+|some\s*one|somebody|your\s+|the\s+)?(?:real\s+|live\s+|actual\s+)?(?:human|person|agent|representative|operator|staff|support\s+team)|(?:get|want|need)\s+(?:me\s+)?(?:a\s+|an\s+)?(?:human|operator|representative)|(?:want|need)\s+(?:a\s+|to\s+(?:talk|speak)\s+to\s+a\s+)?(?:real\s+|live\s+)?person(?:[\s,]+(?:please|pls|now|to\s+help(?:\s+me)?))?[\s.!?]*$|(?:transfer|connect|escalate)\s+(?:me|this)\b|^\s*(?:agent|human|operator|representative)[\s.!?]*$)`)
	// actRestart is a request to begin again, the whole message: "reset
	// my password" and "restart apache without dropping connections" are
	// requests, and "start over, how do I cancel?" asks something too.
	actRestart  = quickre.MustCompile(`(?i)^\s*(?:(?:please|ok(?:ay)?|can\s+we|let'?s)[\s,]+)?(?:/restart|/reset|start\s+(?:over|again|from\s+scratch)|restart|reset|new\s+(?:question|topic|conversation)|begin\s+again)(?:\s+(?:the\s+|this\s+)?(?:chat|conversation))?(?:[\s,]+please)?[\s.!?]*$`)
	actThanks   = quickre.MustCompile(`(?i)\b(?:thanks?|thank\s+you|thx|ty|cheers|much\s+appreciated|appreciate\s+it|that\s+(?:worked|helped|helps|solved\s+it|answers\s+(?:it|my\s+question))|(?:that|this|it|you(?:'ve|\s+have)?)\s+(?:fixed|solved|sorted)\s+it|(?:that|this)\s+did\s+(?:it|the\s+trick)|(?:problem|issue)\s+(?:solved|fixed|sorted)|(?:it|this)\s+(?:worked|helped)|(?:it|this|that|everything)\s+(?:works|is\s+working)(?:\s+(?:now|again|fine))?|(?:it|that)'?s\s+working(?:\s+(?:now|again))?|works\s+(?:now|again)|got\s+it|bye|goodbye|good\s+bye|see\s+(?:you|ya)(?:\s+(?:later|soon))?|have\s+a\s+(?:good|nice|great)\s+(?:day|one)|(?:you|that|this)\s+(?:just\s+)?saved\s+(?:my\s+life|me|my\s+day|the\s+day)|(?:you'?re|you\s+are|ur)\s+(?:a\s+)?(?:life\s*saver|star|legend|the\s+best)|you\s+rock)\b`)
	actNone     = quickre.MustCompile(`(?i)\b(?:none\s+of\s+(?:these|those|them|that|the\s+above|this)|neither(?:\s+of\s+(?:these|those|them))?|something\s+else|not\s+(?:any|one)\s+of\s+(?:these|those|them)|(?:that'?s|it'?s|this\s+is)\s+not\s+(?:it|my\s+case|what\s+i\s+(?:mean|meant|need|asked))|not\s+my\s+case|doesn'?t\s+apply|does\s+not\s+apply|(?:that'?s\s+|that\s+is\s+|it'?s\s+|this\s+is\s+)?(?:the\s+|a\s+)?wrong\s+(?:answer|page|article|topic|one)|(?:that'?s|that\s+is|it'?s|this\s+is)\s+(?:wrong|incorrect|not\s+(?:right|correct)))\b`)
	actDontKnow = quickre.MustCompile(`(?i)\b(?:i\s+)?(?:don'?t|do\s+not|dont)\s+know\b|\bnot\s+sure\b|\bno\s+idea\b|\bdunno\b|\bidk\b|\bi'?m\s+not\s+certain\b|\bcan'?t\s+(?:say|tell)\b`)
	actYes      = quickre.MustCompile(`(?i)^(?:yes|yeah|yep|yup|ya|yea|sure|correct|right|exactly|indeed|of\s+course|absolutely|affirmative|that'?s\s+(?:right|correct|it|me)|i\s+(?:am|do|did|have|was|will|would)|it\s+(?:is|does|did|was)|please\s+do|go\s+(?:on|ahead)|tell\s+me\s+more|more)$`)
	actNo       = quickre.MustCompile(`(?i)^(?:no|nope|nah|not|not\s+really|not\s+yet|not\s+(?:right\s+now|now|today|for\s+now|at\s+the\s+moment)|(?:maybe\s+)?later|negative|not\s+at\s+all|i\s+(?:am\s+not|'?m\s+not|do\s*n[o']?t|did\s*n[o']?t|have\s*n[o']?t|was\s*n[o']?t|won'?t)|it\s+(?:is\s*n[o']?t|does\s*n[o']?t|did\s*n[o']?t|was\s*n[o']?t))$`)
	// actMore asks for more of what was being discussed ("where can I get
	// more details?"): with nothing else said, a yes to going on.
	actMore = quickre.MustCompile(`(?i)\b(?:(?:more|further|additional|other)\s+(?:info(?:rmation)?|details?|help)|(?:tell|show|explain|give)\s+(?:me\s+)?(?:some\s+)?more|(?:know|learn|hear|read|see)\s+(?:some\s+)?more|more\s+(?:please|on\s+(?:it|this|that)|about\s+(?:it|this|that)))\b`)
	// actGreeting is a hello, or asking whether anyone is there ("hello,
	// anyone there?", "are you still there?"): read as a request,
	// "anyone" matched a page that writes it.
	actGreeting = quickre.MustCompile(`(?i)^(?:` + greetingWords + `|(?:` + greetingWords + `\s+)?(?:(?:is\s+)?(?:any\s*one|any\s*body|some\s*one|somebody)\s+(?:there|here|around|online|available)|(?:are\s+)?(?:you|u)\s+(?:still\s+)?(?:there|here|around|online)|still\s+there))$`)
	// farewell takes leave, in a message that thanks or closes ("ok bye",
	// "thanks, see you", "tschüss", "au revoir", "adiós").
	farewell = quickre.MustCompile(`(?i)(?:^|[^\pL])(?:bye(?:\s*-?\s*bye)?|good\s*-?\s*bye|see\s+(?:you|ya)|cya|tsch[üu]ss?|auf\s+wiedersehen|au\s+revoir|adi[oó]s|hasta\s+luego)(?:[^\pL]|$)`)
)

// greetingWords are the ways of saying hello in English.
const greetingWords = `(?:hi|hello|hey|hiya|howdy|greetings|good\s+(?:morning|afternoon|evening|day)|hi\s+there|hello\s+there)`

// fillerWords are the acknowledgements and fillers a short reply is made of
// ("Oh, ok, yes"), listed in fillers.txt; fillerPairs the two-word ones.
// Without them, what is left decides the act.
var (
	fillerWords = lexical.WordList(fillerFile, "fillers.txt")
	fillerPairs = map[[2]string]bool{{"a", "lot"}: true, {"all", "right"}: true}
)

//go:embed fillers.txt fillers.*.txt
var fillerFile embed.FS

// languageFillers are the filler words of each language that has a list,
// by language: English's fillerWords, another's in fillers.LANG.txt. Their
// terms ask for nothing (fillerSet); the acts read English's alone.
var languageFillers = func() map[string]map[string]bool {
	out := map[string]map[string]bool{"en": fillerWords}
	names, _ := fs.Glob(fillerFile, "fillers.*.txt")
	for _, name := range names {
		lang := strings.TrimSuffix(strings.TrimPrefix(name, "fillers."), ".txt")
		out[lang] = lexical.WordList(fillerFile, name)
	}
	return out
}()

// isFiller reports whether w (lower case) is a filler word, "um", "uhh" and
// "hmmm" included.
func isFiller(w string) bool {
	if fillerWords[w] {
		return true
	}
	// "um", "umm", "ummm": the stem, then only more of its last letter.
	for _, stem := range []string{"um", "uh", "hmm"} {
		rest, ok := strings.CutPrefix(w, stem)
		if ok && strings.Trim(rest, stem[len(stem)-1:]) == "" {
			return true
		}
	}
	return false
}

// isActPunct reports whether r separates the words of a short reply.
func isActPunct(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune(",.!?;:…", r) }

// dropFillers returns s without its filler words and punctuation, its other
// words joined by single spaces. It splits on spaces and punctuation rather
// than running a regexp of every filler over each message.
func dropFillers(s string) string {
	words := strings.FieldsFunc(s, isActPunct)
	kept := words[:0]
	for i := 0; i < len(words); i++ {
		w := strings.ToLower(words[i])
		if i+1 < len(words) && fillerPairs[[2]string{w, strings.ToLower(words[i+1])}] {
			i++
			continue
		}
		if !isFiller(w) {
			kept = append(kept, words[i])
		}
	}
	return strings.Join(kept, " ")
}

// chatOnly reports whether msg says something, all of it fillers ("great!",
// "hmm ok").
func chatOnly(msg string) bool { return strings.TrimSpace(msg) != "" && dropFillers(msg) == "" }

// ClassifyAct returns what msg does, with the generic vocabulary: for
// agents that share the acts' handling (the RAG baseline).
func ClassifyAct(msg string) Act { return classifyAct(genericAnalyzer(), msg) }

// genericAnalyzer is the analyzer with no help center's own synonyms.
var genericAnalyzer = sync.OnceValue(func() *analyzer { return newAnalyzer(nil) })

// isRestart reports whether msg asks to start over (and not for a person,
// which wins): classifyAct's ActRestart, without analysing the rest.
func isRestart(msg string) bool { return !actHuman.MatchString(msg) && actRestart.MatchString(msg) }

// classifyAct returns what msg does. A message that also asks something of
// its own ("yes, and how do I apply?") is an ordinary request, except a
// request for a person, which wins wherever it stands.
func classifyAct(an *analyzer, msg string) Act {
	if act := reactionAct(msg); act != ActNone {
		return act
	}
	if act, ok := complaintAfterCourtesy(an, msg); ok {
		return act
	}
	if notSolvedClauses(msg) {
		return ActNotSolved
	}
	for _, row := range wholeActs {
		if row.re.MatchString(msg) {
			return row.act
		}
	}
	for _, row := range decisiveActs {
		if row.re.MatchString(msg) {
			return row.act
		}
	}
	if act := phraseAct(an.model.Lang(), msg); act != ActNone {
		return act
	}
	rest := msg
	act := ActNone
	if actClosing.MatchString(rest) {
		// "Nothing else, thanks": the thanks go with it.
		act, rest = ActThanks, actThanks.ReplaceAllString(actClosing.ReplaceAllString(rest, " "), " ")
	}
	for _, row := range partActs {
		if act == ActNone && row.re.MatchString(rest) {
			act, rest = row.act, row.re.ReplaceAllString(rest, " ")
		}
	}
	rest = dropFillers(rest)
	if act == ActNone && actGreeting.MatchString(rest) {
		return ActGreeting
	}
	// "Yes, I am" / "No, I don't": a leading yes or no decides, whatever
	// short confirmation follows it.
	first, tail, _ := strings.Cut(rest, " ")
	switch {
	case act != ActNone:
	case actYes.MatchString(rest) || (actYes.MatchString(first) && actYes.MatchString(tail)):
		return ActYes
	case actNo.MatchString(rest) || (actNo.MatchString(first) && (actNo.MatchString(tail) || actYes.MatchString(tail))):
		return ActNo
	case actYes.MatchString(first):
		act, rest = ActYes, tail
	case actNo.MatchString(first):
		act, rest = ActNo, tail
	default:
		return ActNone
	}
	// What is left must say nothing a node could be matched on.
	if len(an.terms(lexical.Mask(rest))) > 0 {
		return ActNone
	}
	return act
}

// act handles a message that is a dialogue act rather than a request, as
// the policy (actPolicy) says. It returns false when the act means nothing
// here (a "yes" with no question pending, say) and the message is to be
// matched as usual.
func (a *GraphAgent) act(ctx context.Context, s *Session, act Act, msg *reading) (Reply, bool, error) {
	st := a.actState(s)
	st.acks = msg != nil && msg.acks
	st.farewell = msg != nil && msg.farewell
	if act == ActLink && msg != nil {
		st.namesOption = namesOption(msg.text, s.PendingOptions)
	}
	if act == ActYes || act == ActNo {
		// Only a yes or a no answers "anything else?"; the catalog's
		// texts are not rendered for every turn's state.
		last := lastAgentTurn(s)
		st.askedAnythingElse = last.Action == Clarification && st.pending == 0 && a.askedAnythingElse(s, last.Text)
	}
	for _, m := range actMoves(act, st) {
		if r, ok, err := a.makeMove(ctx, s, m, msg); ok || err != nil {
			return r, err == nil, err
		}
	}
	return Reply{}, false, nil
}

// actState is what the policy reads of session s.
func (a *GraphAgent) actState(s *Session) actState {
	last, before := lastAgentTurns(s)
	st := actState{pending: len(s.PendingOptions), last: last.Action}
	st.courtesyAfterAnswer = answerStands(last, before, s.CurrentNode)
	st.askedAgain = last.Action == Clarification && st.pending > 1 && a.askedWhichAgain(s, last.Text)
	if st.pending > 0 {
		st.optionNode = a.ix.Node(s.PendingOptions[0].NodeID) != nil
		st.doubted = s.doubtOpen() && st.last == Clarification && st.optionNode
		// A suggestion on a miss leaves the conversation at no node
		// (suggest); a clarification keeps the node it asks about.
		st.yesNo = st.pending == 1 && st.optionNode && st.last == Clarification && (st.doubted || s.CurrentNode == "")
		st.topicsAsked = st.pending > 1 && st.last == Clarification && (suggestedOnMiss(s) || a.offeredRelated(s, last.Text))
	}
	if cur := a.ix.Node(s.CurrentNode); cur != nil {
		st.atNode = true
		st.nodeSays = !verdictOf(cur).Hollow
	}
	st.opening = s.CurrentNode == "" && st.pending == 0 && (st.last == "" || st.last == Clarification)
	st.askedWhatFails = st.opening && st.last == Clarification && last.Text == a.say(s, "AskWhatFails")
	return st
}

// makeMove makes move m for the message msg. It returns false when the
// move declines (there is nothing more to go on with).
func (a *GraphAgent) makeMove(ctx context.Context, s *Session, m move, msg *reading) (Reply, bool, error) {
	cur := a.ix.Node(s.CurrentNode)
	switch m {
	case moveHandOver:
		// The reply is the bot's own words, not the article's: it cites
		// none (the handoff record keeps the pages the conversation saw).
		r := a.escalate(s, nil, nil)
		if cur != nil {
			r.NodeID, r.Intent = cur.ID, cur.Problem
		}
		r.Text = a.say(s, a.handoff("Human"))
		return r, true, nil
	case moveStartOver:
		s.startOver(len(s.History)) // after the message that asked
		return Reply{Action: Clarification, Text: a.say(s, "StartOver")}, true, nil
	case moveGreet:
		return Reply{Action: Clarification, Text: a.say(s, "Greeting"), NodeID: s.CurrentNode}, true, nil
	case moveWelcome:
		s.PendingOptions = nil
		s.Rephrases = 0
		return Reply{Action: Clarification, Text: a.say(s, "Welcome"), NodeID: s.CurrentNode}, true, nil
	case moveBotAnswer:
		return Reply{Action: Clarification, Text: a.say(s, "BotAnswer"), NodeID: s.CurrentNode, Options: s.PendingOptions}, true, nil
	case moveAskWhich:
		return a.askWhich(s), true, nil
	case moveAnythingElse:
		return Reply{Action: Clarification, Text: a.say(s, "AckAnythingElse"), NodeID: s.CurrentNode, Options: s.PendingOptions}, true, nil
	case moveTakeOption:
		o := s.PendingOptions[0]
		a.confirm(s, a.ix.Node(o.NodeID).Condition)
		s.Rephrases = 0
		if len(msg.terms) == 0 { // a bare "yes": the request says which part
			msg = a.takenFor(s, msg)
		}
		r, err := a.respondAt(ctx, s, o.NodeID, msg)
		return r, true, err
	case moveEachInTurn:
		first, rest := s.PendingOptions[0], slices.Clone(s.PendingOptions[1:])
		// Every situation offered is theirs, this one too.
		a.confirm(s, a.ix.Node(first.NodeID).Condition)
		s.Rephrases, s.Doubted = 0, ""
		r, err := a.respondAt(ctx, s, first.NodeID, a.takenFor(s, msg))
		if err != nil || r.Action != Resolution {
			return r, true, err
		}
		r.Text = a.say(s, "EachInTurn", "Option", first.Label) + "\n\n" + r.Text
		for _, o := range rest {
			if !slices.ContainsFunc(r.Options, func(x Option) bool { return x.NodeID == o.NodeID }) {
				r.Options = append(r.Options, o)
			}
		}
		s.PendingOptions = r.Options
		return r, true, nil
	case moveShowAsked:
		// As a "yes", minus the confirmation: the user has not said its
		// situation is theirs.
		s.Rephrases, s.Doubted = 0, ""
		asked := s.PendingOptions[0].NodeID
		if msg != nil && !msg.question {
			// "Is it about this? Battery optimization" "it's a
			// samsung": the part of its page the detail names.
			if part := a.partNaming(asked, msg.terms); part != "" {
				asked = part
			}
		}
		r, err := a.respondAt(ctx, s, asked, msg)
		return r, true, err
	case moveNoneOfThose, moveNotIt, moveOwnWords:
		lead := "LeadNoneOfThose"
		switch m {
		case moveNotIt:
			lead = "LeadNotIt"
		case moveOwnWords:
			lead = "LeadAllRight" // not a no: "that's not it" would put words in their mouth
		}
		if suggestedOnMiss(s) {
			// Declining what was suggested on a miss is that miss, not
			// a second one (see suggestedOnMiss).
			s.Rephrases--
		}
		if last := lastAgentTurn(s); last.Action == Resolution && msg != nil && msg.act == ActNoneOfThese {
			// "That's not what I meant" to the answer itself (a "no" to
			// the one follow-up it offered rejects that option only).
			s.Rejected = last.NodeID
		}
		return a.noneFits(s, lead), true, nil
	case moveForEveryone:
		r := a.resolve(ctx, s, cur, msg, s.PendingOptions, a.sourcesOf(cur.ID), true)
		r.Text += "\n\n" + a.say(s, "ChooseForMore")
		return r, true, nil
	case moveNoProblem:
		return a.noneFits(s, "LeadNoProblem"), true, nil
	case moveGoOn:
		r, ok := a.goOn(ctx, s)
		return r, ok, nil
	case moveWhatElse:
		return Reply{Action: Clarification, Text: a.say(s, "WhatElse")}, true, nil
	case moveAllRight:
		return a.noneFits(s, "LeadAllRight"), true, nil
	case moveAsYes:
		return a.act(ctx, s, ActYes, msg)
	case moveNotSolved:
		if cur == nil {
			return Reply{}, false, nil
		}
		// What the section has not said yet may be what works (the
		// answer gave part of it); said all, the pages have no other.
		said := saidAt(s, cur.ID)
		if more := a.focus(cur, nil, said); saysMore(said, more) {
			return Reply{Action: Resolution, Text: more, NodeID: cur.ID, Options: s.PendingOptions, Sources: a.sourcesOf(cur.ID), Intent: cur.Problem}, true, nil
		}
		// The parts offered with the answer and never shown are what the
		// page has left to try ("To Insert a Page Number" under the
		// introduction just given); a person only once all was tried.
		if untried := unshownOptions(s, a.onPage(cur.Page, s.PendingOptions)); len(untried) > 0 {
			r, err := a.respondAt(ctx, s, untried[0].NodeID, &reading{})
			if next := a.ix.Node(untried[0].NodeID); err == nil && r.Action == Resolution && r.NodeID != next.ID && repeats(said, r.Text) {
				// A situation not stated stands for the question
				// above it, whose answer was just given, said again
				// ("If your adapter is in the list, go on to the
				// drivers" is what is left): its own text.
				r = a.resolve(ctx, s, next, nil, nil, a.sourcesOf(next.ID), true)
			}
			if err == nil && r.Action == Resolution && len(r.Options) == 0 {
				// The others are still to try.
				r.Options, s.PendingOptions = untried[1:], untried[1:]
			}
			return r, true, err
		}
		return a.escalateRepeat(s, cur), true, nil
	case moveNotSolvedAgain:
		r := a.escalate(s, nil, nil)
		if cur != nil {
			r.NodeID, r.Intent = cur.ID, cur.Problem
		}
		r.Text = a.say(s, a.handoff("NotSolved"))
		return r, true, nil
	case moveAskWhatFails:
		return Reply{Action: Clarification, Text: a.say(s, "AskWhatFails"), Options: []Option{a.talkToPerson(s)}}, true, nil
	case moveCantResolve:
		return a.escalate(s, nil, nil), true, nil
	case moveHandOverRecord:
		return a.escalate(s, nil, nil), true, nil
	case moveSuggestPage:
		opts, key := a.leadingPageOption(msg, previousUserMessage(s) == ""), "SuggestOne"
		if len(opts) > 1 {
			key = "Suggest"
		}
		r, ok := a.suggest(s, opts, key)
		return r, ok, nil
	case moveDropIt:
		// The conversation keeps its place: a follow-up may still lean on
		// the page being discussed.
		s.PendingOptions, s.Doubted, s.Asked, s.Rephrases = nil, "", "", 0
		return Reply{Action: Clarification, Text: a.say(s, "WhatElse"), NodeID: s.CurrentNode}, true, nil
	case moveRepeat:
		return a.repeatLast(s), true, nil
	case moveLink:
		// The page's link is the reply's source; its options stay.
		page := a.ix.Page(cur.Page)
		title := cur.Page
		if page != nil && page.Title != "" {
			title = page.Title
		}
		return Reply{Action: Clarification, Text: a.say(s, "PageLink", "Title", title), NodeID: cur.ID,
			Sources: []string{cur.Page}, Options: s.PendingOptions}, true, nil
	case moveUnclear:
		// The conversation keeps its place and its options; no miss is
		// counted: the customer asked nothing new.
		return Reply{Action: Clarification, Text: a.say(s, "Unclear"), NodeID: s.CurrentNode,
			Options: append(slices.Clip(s.PendingOptions), a.talkToPerson(s))}, true, nil
	case moveSaidAll:
		r, ok := a.saidAll(s)
		return r, ok, nil
	case moveAskWhat:
		return Reply{Action: Clarification, Text: a.say(s, "HowCanIHelp"), NodeID: s.CurrentNode}, true, nil
	case moveGoodbye:
		s.PendingOptions = nil
		return Reply{Action: Clarification, Text: a.say(s, "Goodbye"), NodeID: s.CurrentNode}, true, nil
	case moveOfferPerson:
		return a.offerPerson(s, msg), true, nil
	case moveSuggest:
		opts, key := a.suggestions(s, msg), "Suggest"
		if len(opts) == 1 {
			key = "SuggestOne" // "Is it about this?", not "one of these"
		}
		r, ok := a.suggest(s, opts, key)
		return r, ok, nil
	}
	return Reply{}, false, nil
}

// suggest asks whether the request is about one of opts, with the text of
// message key; it declines when there is none, or they were just offered.
func (a *GraphAgent) suggest(s *Session, opts []Option, key string) (Reply, bool) {
	if len(opts) == 0 || sameNodes(opts, s.PendingOptions) {
		return Reply{}, false
	}
	s.Rephrases++
	s.CurrentNode, s.Doubted = "", ""
	s.PendingOptions = opts
	return Reply{Action: Clarification, Text: a.say(s, key), Options: opts, Sources: a.optionSources(opts)}, true
}

// optionSources returns the pages of the nodes opts offer, once each, in
// their order: a suggestion cites what it offers, as "Is it about this?"
// on a doubted node does, so a chat can link each page. Never nil: a
// reply with no page to cite says so with an empty list.
func (a *GraphAgent) optionSources(opts []Option) []string {
	pages := []string{}
	for _, o := range opts {
		if n := a.ix.Node(o.NodeID); n != nil && !slices.Contains(pages, n.Page) {
			pages = append(pages, n.Page)
		}
	}
	return pages
}

// goOn is the reply to a "yes" after an answer at the current node: what
// the section has not said yet, or else the page's next section. It returns
// false when the agent's last turn was no answer there, or there is nothing
// more.
func (a *GraphAgent) goOn(ctx context.Context, s *Session) (Reply, bool) {
	cur := a.ix.Node(s.CurrentNode)
	last := lastAgentTurn(s)
	if cur == nil || (len(s.PendingOptions) > 0 && last.Action != Resolution) || last.NodeID != cur.ID {
		return Reply{}, false
	}
	said := saidAt(s, cur.ID)
	if more := a.focus(cur, nil, said); saysMore(said, more) {
		return Reply{Action: Resolution, Text: more, NodeID: cur.ID, Options: s.PendingOptions, Sources: a.sourcesOf(cur.ID), Intent: cur.Problem}, true
	}
	if next := a.nextSection(cur, a.chosenSituation(s, cur.ID)); next != nil {
		return a.resolve(ctx, s, next, nil, a.options(a.ix.Children(next.ID)), a.sourcesOf(next.ID), true), true
	}
	return Reply{}, false
}

// askWhich asks which of the pending options applies: the answer to a
// question with several answers was only a yes or a no.
func (a *GraphAgent) askWhich(s *Session) Reply {
	key := "WhichOne"
	switch {
	case len(s.PendingOptions) == 1:
		// One option is no choice "of these": asked again whether it is it.
		key = "SuggestOne"
	case a.partsOnly(s.PendingOptions):
		key = "WhichPart" // asked as the clarification asked (see partsOnly)
	}
	src := a.sourcesOf(s.CurrentNode)
	if s.doubtOpen() || suggestedOnMiss(s) {
		// Asked again, "Is it about this?" cites what it asks about, as
		// it did the first time, not the page discussed before (or none).
		src = a.optionSources(s.PendingOptions)
	}
	return Reply{Action: Clarification, Text: a.say(s, key), NodeID: s.CurrentNode, Options: s.PendingOptions, Sources: src}
}

// leadingAct returns ActYes or ActNo when msg opens with a yes or a no
// ("Yes, I left to run errands"), or ActYes when a statement closes with a
// yes ("I've read about that already, yes."), else ActNone.
func leadingAct(msg string) Act {
	words := dropFillers(msg)
	first, _, _ := strings.Cut(words, " ")
	switch {
	case actYes.MatchString(first):
		return ActYes
	case actNo.MatchString(first):
		return ActNo
	}
	if i := strings.LastIndexByte(words, ' '); i >= 0 && closingYes[strings.ToLower(words[i+1:])] && !strings.Contains(msg, "?") {
		return ActYes
	}
	return ActNone
}

// closingYes are the words of a yes that closes a statement: "right" and
// "sure" there ask ("it's free, right?") as often as they confirm.
var closingYes = map[string]bool{"yes": true, "yeah": true, "yep": true, "yup": true}

// statesAfterYes reports whether msg, known to lead with a yes
// (leadingAct), is a yes followed by a statement ("Yes, I already get a
// pension"), not by a question of its own ("yes, and how do I apply?").
func statesAfterYes(msg string) bool {
	if strings.Contains(msg, "?") {
		return false
	}
	_, rest, _ := strings.Cut(dropFillers(msg), " ")
	for _, w := range strings.Fields(strings.ToLower(rest)) {
		if !questionLeads[w] {
			return !questionWords[w]
		}
	}
	return false
}

// questionWords open a question; questionLeads may come before one ("and
// how ...").
var (
	questionWords = map[string]bool{"how": true, "what": true, "where": true, "when": true, "why": true, "which": true,
		"who": true, "whom": true, "whose": true, "can": true, "could": true, "do": true, "does": true, "is": true,
		"are": true, "will": true, "would": true, "should": true, "may": true, "tell": true}
	questionLeads = map[string]bool{"and": true, "but": true, "so": true, "also": true, "then": true, "now": true}
)

// noneFits answers "none of these" (and "I don't know" which): the options
// are withdrawn and the user is asked to say it in their own words, after
// lead (a message id); a second miss in a row hands over.
func (a *GraphAgent) noneFits(s *Session, lead string) Reply {
	if len(s.PendingOptions) > 0 {
		s.Declined = s.CurrentNode
	}
	s.PendingOptions = nil
	s.Rephrases++
	if s.Rephrases >= 2 {
		s.Rephrases = 0
		return a.escalate(s, nil, nil)
	}
	return Reply{Action: Clarification, Text: a.say(s, "Describe", "Lead", a.say(s, lead))}
}
