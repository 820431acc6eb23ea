package dialogue

import (
	"strings"

	"github.com/helpgraph/helpgraph/internal/quickre"
)

// contrast turns from what was said before it to what matters: "thanks,
// but", "ok, though", "danke, aber", "merci, mais", "gracias, pero",
// "ありがとう、でも" (Japanese runs on with no space after it).
var contrast = quickre.MustCompile(`(?i)[\s,.;!、。]+(?:(?:but|however|though|although|aber|doch|jedoch|mais|cependant|pero|sin\s+embargo)(?:[\s,.;!]+|$)|(?:でも|けど|しかし)[\s、。]*)`)

// complaintAfterCourtesy reads a courtesy followed by a contrast and a
// way of saying no ("thanks but it didn't change", "ok, but that didn't
// fix it"): the no wins, since the thanks only softens it. Read whole,
// the thanks was cut off and the complaint's own words searched as a new
// request. ok is false where the message is not made so.
func complaintAfterCourtesy(an *analyzer, msg string) (Act, bool) {
	loc := contrast.FindStringIndex(msg)
	if loc == nil {
		return ActNone, false
	}
	if !courtesyLead(an, msg[:loc[0]]) {
		return ActNone, false
	}
	if act := classifyAct(an, msg[loc[1]:]); saysNo(act) {
		return act, true
	}
	return ActNone, false
}

// praise is words of praise alone ("great", "cool, perfect"): said
// before a contrast, a courtesy like thanks ("great, but it's still the
// same problem"), though alone it acknowledges nothing in particular.
var praise = quickre.MustCompile(`(?i)^\s*(?:(?:ok(?:ay)?|oh|ah|well|alright|all\s+right)[\s,.!]+)*(?:great|cool|perfect|good|nice|awesome|excellent)(?:[\s,.!]+(?:great|cool|perfect|good|nice|awesome|excellent|ok(?:ay)?))*[\s,.!]*$`)

// courtesyLead reports whether lead, what comes before a contrast, is only
// a courtesy: thanks, an acknowledgement, praise or fillers.
func courtesyLead(an *analyzer, lead string) bool {
	switch classifyAct(an, lead) {
	case ActThanks, ActAck:
		return true
	}
	return chatOnly(lead) || praise.MatchString(lead)
}

// clauseBreak separates the clauses of a short message: punctuation, or
// "and" / "but" between them ("i tried that, still nothing", "did that
// and same thing").
var clauseBreak = quickre.MustCompile(`(?i)\s*[,;.!?]+\s*|\s+(?:and|but)\s+`)

// notSolvedClauses reads a message made only of ways of saying that it did
// not work, one clause after another ("i tried that, still nothing",
// "did that. same thing"): each clause alone is that, so the whole is too.
// Read whole, it matched no single form and its words ("nothing",
// "thing") were searched as a new request. Fillers ("hmm") and a
// greeting ("hello, nothing works!") around the clauses say nothing more.
func notSolvedClauses(msg string) bool {
	// Clauses are cut at punctuation and spaces, so one holds a word of
	// notSolved only where msg does: most messages are ruled out before
	// they are cut.
	if !notSolved.MayMatch(msg) {
		return false
	}
	clauses := clauseBreak.Split(msg, -1)
	said := 0
	for _, c := range clauses {
		switch {
		case strings.TrimSpace(c) == "" || chatOnly(c) || actGreeting.MatchString(strings.TrimSpace(c)):
		case notSolved.MatchString(c):
			said++
		default:
			return false
		}
	}
	return said > 0
}
