package dialogue

import "github.com/helpgraph/helpgraph/internal/quickre"

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
	switch classifyAct(an, msg[:loc[0]]) {
	case ActThanks, ActAck:
	default:
		if !chatOnly(msg[:loc[0]]) {
			return ActNone, false
		}
	}
	if act := classifyAct(an, msg[loc[1]:]); saysNo(act) {
		return act, true
	}
	return ActNone, false
}
