package ask

import (
	"slices"
	"strings"
)

// vocabulary maps phrases (words joined by spaces) to what they say.
// Plural and singular forms, common synonyms and the contracted negations
// lexical.Words folds ("arent") are listed; the rest of the question's words
// must be function words (lexical.IsStopWord or fillers).
var vocabulary = map[string]func(p *formParser, i int){}

func init() {
	say := func(f func(p *formParser, i int), phrases ...string) {
		for _, ph := range phrases {
			vocabulary[ph] = f
		}
	}
	ret := func(r string) func(p *formParser, i int) {
		return func(p *formParser, i int) {
			switch {
			case p.ret == ReturnTop && r == ReturnCount:
				// "top 3 pages by node count": what the ranking counts
			case p.ret == "" || r != ReturnTop:
				p.ret = r
			}
			if r == ReturnTop && p.k == 0 {
				p.k = p.numberNear(i)
			}
		}
	}
	say(ret(ReturnCount), "how many", "number of", "count", "count of", "total number of", "how much", "amount of")
	say(ret(ReturnShare), "share", "percentage", "percent", "proportion", "fraction", "ratio", "what part")
	say(ret(ReturnTop), "top", "most", "the most", "most often", "most frequently", "biggest", "largest", "highest", "most common", "most frequent")
	say(func(p *formParser, _ int) { p.listWord = true }, "which", "what", "list", "show", "give", "find", "name", "tell", "display")

	subject := func(s string) func(p *formParser, i int) {
		return func(p *formParser, i int) { p.noun(s, i) }
	}
	say(subject(SubjectPage), append(subjectNouns[SubjectPage], "help page", "help pages", "help article", "help articles")...)
	say(subject(SubjectNode), subjectNouns[SubjectNode]...)
	say(subject(SubjectHandoff), "handoff", "handoffs", "hand off", "hand offs", "handover", "handovers", "ticket", "tickets", "escalation", "escalations")
	say(subject(SubjectConversation), "conversation", "conversations", "chat", "chats", "dialogue", "dialogues", "dialog", "dialogs")
	// "reference" and "link" are a verb before a page and a noun elsewhere.
	say(func(p *formParser, i int) {
		switch {
		case p.pageFollows(i):
			p.linkVerb = true
		case p.subject == "" && p.ret != ReturnTop:
			p.subject = SubjectReference
		case p.ret == ReturnTop:
			p.measure = MeasureReferrers
		default:
			p.addFilter(FilterLinksOut, "", p.subjectOr(SubjectNode))
		}
	}, "reference", "references", "link", "links", "cross reference", "cross references", "referencing", "linking")

	negation := func(p *formParser, _ int) { p.neg = !p.neg }
	say(negation, "not", "no", "non", "without", "never", "none", "arent", "isnt", "dont", "doesnt", "havent", "hasnt",
		"werent", "wasnt", "didnt", "lack", "lacks", "lacking", "missing", "nothing")

	filter := func(kind string, not bool) func(p *formParser, i int) {
		return func(p *formParser, _ int) { p.addFilterNot(kind, "", p.subjectOr(SubjectNode), not) }
	}
	say(filter(FilterUnresolved, false), "unresolved", "unanswered", "no resolution", "no answer", "no solution")
	say(filter(FilterUnresolved, true), "resolution", "resolutions", "answer", "answers", "solution", "solutions", "resolved", "answered", "fix")
	say(filter(FilterActionable, false), "actionable", "action", "actions", "steps")
	say(filter(FilterRoot, false), "root", "roots", "top level", "main")
	say(filter(FilterLeaf, false), "leaf", "leaves", "childless")
	say(func(p *formParser, i int) {
		if i+2 < len(p.toks) && p.toks[i+2] == "by" {
			p.ret = ReturnTop // "top problems by number of intents"
		} else {
			p.addFilter(FilterRoot, "", SubjectNode)
		}
		p.noun(SubjectNode, i)
	}, "top node", "top nodes", "top problem", "top problems")
	say(func(p *formParser, i int) {
		if p.ret == ReturnTop {
			p.measure = MeasureChildren
			return
		}
		p.addFilterNot(FilterLeaf, "", SubjectNode, true)
	}, "children", "child", "sub problems", "sub problem", "subproblems", "subproblem", "sub topics", "subtopics", "follow ups", "branches")
	say(filter(FilterConditioned, false), "condition", "conditions", "conditional")
	say(filter(FilterHollow, false), "hollow", "empty")
	say(func(p *formParser, i int) {
		if p.ret == ReturnTop {
			p.measure = MeasureIntents
			return
		}
		if !slices.ContainsFunc(p.toks, func(t string) bool { return strings.HasPrefix(t, "<PROBLEM_") }) {
			p.unknown = append(p.unknown, "intents")
		}
	}, "intents", "intent")
	say(func(p *formParser, _ int) { p.linkVerb = true },
		"link to", "links to", "linking to", "linked to", "point to", "points to", "pointing to", "refer to", "refers to",
		"referring to", "cite", "cites", "citing", "send to", "sends to", "lead to", "leads to")
	say(func(p *formParser, _ int) { p.addFilter(FilterLinksOut, "", p.subjectOr(SubjectNode)) },
		"link elsewhere", "links elsewhere", "link out", "links out", "link outside", "outgoing", "outgoing links",
		"outgoing references", "link to other pages", "links to other pages", "link to another page", "links to another page",
		"link to other articles", "link to another article", "refer elsewhere", "point elsewhere")
	say(func(p *formParser, _ int) {
		if p.ret == ReturnTop {
			p.measure = MeasureReferrers
			return
		}
		p.addFilter(FilterReferenced, "", p.subjectOr(SubjectPage))
	}, "referenced", "linked", "linked to", "incoming", "incoming links", "incoming references", "linked from", "referenced by",
		"cited", "pointed to", "backlinks", "inbound links")
	say(func(p *formParser, _ int) { p.addFilterNot(FilterReferenced, "", p.subjectOr(SubjectPage), true) }, "orphan", "orphans", "orphaned")
	say(func(p *formParser, i int) {
		if p.subject == "" && p.ret == ReturnTop {
			p.measure = SubjectHandoff // "the most escalated topics"
			return
		}
		if p.subject == "" {
			p.subject = SubjectHandoff
			return
		}
		if p.subject == SubjectHandoff || p.subject == SubjectConversation {
			return
		}
		if p.ret == ReturnTop {
			p.measure = SubjectHandoff
			return
		}
		p.addFilter(FilterEscalated, "", p.subject)
	}, "escalated", "handed off", "handed over", "passed to an agent", "passed to a person", "passed on", "led to handoffs", "led to a handoff", "escalate", "escalates")
	say(func(p *formParser, _ int) { p.addFilter(FilterWaiting, "", SubjectHandoff) }, "waiting", "open", "pending", "unhandled", "outstanding", "unassigned")
	say(func(p *formParser, _ int) { p.addFilterNot(FilterWaiting, "", SubjectHandoff, true) }, "handled", "closed", "done", "dealt with", "taken")
	say(func(p *formParser, _ int) { p.addFilterNot(FilterNoPage, "", SubjectHandoff, false) }, "no page", "no node", "matched no node", "matched no page", "unmatched", "without a page", "no matching page")
	say(func(p *formParser, _ int) { p.addFilter(FilterChanged, "", SubjectPage) }, "changed", "updated", "modified", "edited", "change", "changes")
	say(func(p *formParser, _ int) { p.addFilter(FilterChanged, "added", SubjectPage) }, "added", "new")
	say(func(p *formParser, _ int) { p.addFilter(FilterFailed, "", SubjectPage) }, "failed", "broken", "failing", "fail")
	say(func(*formParser, int) {}, "last build", "latest build", "the last build", "recent build", "the build", "build", "in the last build")
	say(func(p *formParser, i int) { p.since(i) }, "last", "past", "previous")
	say(func(p *formParser, _ int) { p.both = true }, "both")
	say(func(p *formParser, _ int) {
		if p.ret == ReturnTop {
			p.measure = MeasureThumbsDown
			return
		}
		p.addFilter(FilterRatedDown, "", p.subjectOr(SubjectNode))
	}, "thumbs down", "thumbs downs", "thumb down", "rated thumbs down", "rated down", "downvoted", "downvotes", "unhelpful",
		"not helpful", "rated unhelpful", "rated badly", "bad ratings", "bad rating", "negative ratings", "negative rating",
		"rated negatively", "disliked", "dislikes")

	having := func(op string, n int) func(p *formParser, i int) {
		return func(p *formParser, i int) {
			p.having = Having{Op: op, N: n}
			if n < 0 {
				p.having.N = p.numberNear(i)
			}
		}
	}
	say(having(">", -1), "more than", "over", "above", "greater than")
	say(having("<", -1), "fewer than", "less than")
	say(having(">=", -1), "at least")
	say(having("=", 1), "only one", "a single", "just one", "exactly one", "one single")
	say(having("=", -1), "exactly")

	// Follow-up markers.
	say(func(p *formParser, _ int) { p.followUp = true }, "those", "them", "they", "their", "these", "ones", "the ones", "of those",
		"of them", "what about", "how about", "and", "also", "just", "only", "same", "such", "narrow", "narrow down",
		"restrict", "keep", "limit", "filter", "same question", "same for", "the same", "that", "instead")
}

// fillers are function words a question may hold beyond lexical's stop words.
var fillers = setOf("are", "is", "there", "have", "has", "had", "do", "does", "did", "me", "all", "every", "each", "any",
	"which", "who", "whose", "where", "we", "our", "us", "i", "you", "please", "get", "see", "exist", "exists", "got", "by",
	"per", "in", "on", "under", "with", "that", "this", "of", "for", "to", "from", "at", "currently", "right", "now",
	"still", "yet", "so", "far", "altogether", "overall", "total", "ever", "anything", "something", "page", "can", "could",
	"would", "will", "been", "being", "be", "were", "was", "ended", "end", "ending", "ends", "up", "let", "know", "s", "got",
	"since", "after", "before", "until", "than", "within", "one", "ones", "else", "other", "others", "another", "kind",
	"say", "says", "talk", "talks", "about", "mention", "mentions", "mentioning", "mentioned", "contain", "contains",
	"containing", "regarding", "word", "words", "text", "come", "comes", "are", "many", "a", "an", "the", "it", "its", "out", "more",
	"belong", "belongs", "live", "lives", "appear", "appears", "located", "sit", "sits", "under", "inside", "there", "here",
	"found", "holding", "produce", "produces", "produced", "generate", "generates", "generated", "cause", "causes",
	"caused", "question", "people", "customers", "users", "send", "sends", "apply", "applies", "cover", "covers",
	"attached", "appear", "appears", "shown", "listed", "written", "get", "gets", "got", "receive", "received",
	"came", "created", "filed", "raised", "submitted", "logged", "led", "leading", "sits", "sit", "below", "beneath", "underneath",
	"graph", "help", "center", "centre", "knowledge", "base", "site", "much", "often", "times", "time", "period", "range",
	"status", "currently", "right", "hold", "holds", "include", "includes", "have", "has", "having", "got", "given")
