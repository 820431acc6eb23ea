package dialogue

import (
	"regexp"
	"slices"
	"strings"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/lexical"
)

// What a node's resolution says decides whether the node answers the user.
//
// The builder's actionable flag marks resolutions with steps to take, and it
// is cleared on every node with a reference edge. Many resolutions that are
// not steps still answer ("Members: on the reservation details page",
// "refunds take 7 business days", "No. Expired points can't be restored"),
// and a "See [Refunds](…)" beside an answer does not take the answer away. A
// node answers when its flag is set, or when its resolution says something
// beyond a restatement of its condition or a hand-off ("please contact the
// accommodation directly") and it is a leaf: a node with sub-problems
// introduces them, and one with references follows them (the study's rule;
// the reply still leads with the node's own text). Only a node with nowhere
// to go escalates.

var (
	// sentenceEnd splits text into sentences, roughly.
	sentenceEnd = regexp.MustCompile(`[.!?](?:\s+|$)|\n`)
	// seeAlso is a sentence that only points elsewhere.
	seeAlso = regexp.MustCompile(`(?i)^(?:a\.\s*)?(?:please\s+)?(?:see(?:\s+also)?|for\s+details,?\s+see|read|go\s+to)\b[^a-z]*\[`)
	// qaMarker is the "A." of an FAQ answer.
	qaMarker = regexp.MustCompile(`^(?:A|Q)\.\s+`)
	// lastUpdated is page furniture.
	lastUpdated = regexp.MustCompile(`(?i)^(?:last\s+updated|updated)\b`)
	// handOff is a sentence sending the user to someone else.
	handOff = regexp.MustCompile(`(?i)\b(?:contact|get\s+in\s+touch|reach\s+out|check\s+with|speak\s+(?:to|with)|talk\s+to|call\s+(?:us|the|your)|ask\s+(?:the|your)|(?:handled|decided|managed|dealt\s+with)\s+by)\b`)
	// negatedHandOff is "if you do not contact anyone": no hand-off.
	negatedHandOff = regexp.MustCompile(`(?i)\b(?:not|never|nt|n't|without)\s+(?:\w+\s+)?(?:contact|call|ask)\b`)
)

// answers reports whether n's resolution answers the user by itself.
func (a *GraphAgent) answers(n *graph.Node) bool {
	if n.Actionable {
		return true
	}
	// A node with sub-problems introduces them ("check which situation
	// matches yours").
	if len(a.ix.Children(n.ID)) > 0 {
		return false
	}
	// One with references points on (the study's rule), unless its own
	// text, outside the sentences that link, gives steps: then the link is a
	// "see also" ("log in and open My Reservations; if it isn't listed,
	// see ...").
	// The same holds when it says whom to ask ("StayNest can't change
	// these. Please contact the site where you booked. See ..."): that is
	// what the user is to do, and the linked page would only ask again.
	// A lone step towards the one page it links, naming what that page is
	// about ("Reset it from the login page. See [Resetting your
	// password]"), is that page's lead: the page says how.
	if refs := a.ix.References(n.ID); len(refs) > 0 {
		sub := substance(n)
		pointer := len(sub) == 1 && len(refs) == 1 && a.sharesTerms(sub[0], a.ix.Node(refs[0]).Problem)
		return (givesSteps(sub) && !pointer) || namesWhoToAsk(sub)
	}
	first := ""
	for _, s := range substance(n) {
		if first == "" {
			first = s
		}
	}
	if first == "" {
		return false
	}
	// The page's main advice is to ask someone else: a dead end for us.
	return !(handOff.MatchString(first) && !negatedHandOff.MatchString(first) && !lexical.PhoneNumber.MatchString(n.Resolution))
}

// sharesTerms reports whether texts x and y have a term in common.
func (a *GraphAgent) sharesTerms(x, y string) bool {
	ys := a.an.terms(y)
	for _, t := range a.an.terms(x) {
		if slices.Contains(ys, t) {
			return true
		}
	}
	return false
}

// substance returns the sentences of n's resolution that say something: not
// headings' markers, page furniture, a restated condition or problem, or
// "see [another page]".
func substance(n *graph.Node) []string {
	var out []string
	for _, line := range strings.Split(cleanResolution(n), "\n") {
		line = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(line), "-*>|"))
		line = qaMarker.ReplaceAllString(line, "")
		if line == "" || lastUpdated.MatchString(line) {
			continue
		}
		for _, s := range sentenceEnd.Split(line, -1) {
			s = strings.TrimSpace(s)
			if s == "" || seeAlso.MatchString(s) || sameText(s, n.Problem) || sameText(s, n.Condition) {
				continue
			}
			if len(lexical.Words(lexical.StripLinks(s))) == 0 {
				continue
			}
			out = append(out, s)
		}
	}
	return out
}

// cleanResolution is n's resolution as shown: Markdown heading markers
// dropped, and an opening line that only restates the node's condition or
// problem removed ("You were logged out" under "If you were logged out"), or
// its restating prefix cut ("- If you want X: cancel ..." -> "Cancel ..."),
// unless that is all it says.
func cleanResolution(n *graph.Node) string {
	lines := strings.Split(strings.TrimSpace(n.Resolution), "\n")
	kept := lines[:0]
	for _, l := range lines {
		t := strings.TrimLeft(l, " \t")
		if lastUpdated.MatchString(t) {
			continue // page furniture
		}
		if strings.HasPrefix(t, "#") {
			l = strings.TrimSpace(strings.TrimLeft(t, "#"))
		}
		// An FAQ's "Q. ..." restates the question the node is about, and
		// "A. " only marks the answer.
		if strings.HasPrefix(t, "Q. ") {
			continue
		}
		l = strings.TrimPrefix(l, "A. ")
		kept = append(kept, l)
	}
	lines = kept
	whole := strings.TrimSpace(strings.Join(lines, "\n"))
	for len(lines) > 0 {
		rest, restated := cutRestatement(lines[0], n.Condition, n.Problem)
		if !restated {
			break
		}
		if rest == "" {
			lines = lines[1:]
			continue
		}
		lines[0] = rest
		break
	}
	if len(lines) == 0 {
		// All restatement: say it once rather than nothing.
		return whole
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}

// cutRestatement checks whether line opens by restating one of phrases. It
// returns what follows the restatement, and whether there was one.
func cutRestatement(line string, phrases ...string) (string, bool) {
	body := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(line), "-*>"))
	body = stripLead(body)
	for _, p := range phrases {
		p = strings.TrimRight(stripLead(strings.TrimSpace(p)), ".:;, ")
		if len(p) < 3 || len(body) < len(p) || !strings.EqualFold(body[:len(p)], p) {
			continue
		}
		rest := body[len(p):]
		if rest != "" && !strings.ContainsRune(":.;,", rune(rest[0])) {
			// "You booked by phone" does not restate "You booked", but
			// "If it did not appear Turn off ..." does: a new sentence.
			if next := strings.TrimSpace(rest); rest[0] != ' ' || next == "" || next[0] < 'A' || next[0] > 'Z' {
				continue
			}
		}
		rest = strings.TrimSpace(strings.TrimLeft(rest, ":.;, "))
		return lexical.UpperFirst(rest), true
	}
	return line, false
}

// stripLead drops a leading "If "/"When "/"For ".
func stripLead(s string) string {
	for _, p := range []string{"if ", "when ", "for "} {
		if len(s) > len(p) && strings.EqualFold(s[:len(p)], p) {
			return strings.TrimSpace(s[len(p):])
		}
	}
	return s
}

// sameText reports whether a and b say the same words, ignoring case,
// punctuation and Markdown.
func sameText(a, b string) bool {
	return strings.Join(lexical.Words(a), " ") == strings.Join(lexical.Words(b), " ")
}

// namesWhoToAsk reports whether one of sentences, with no link in it,
// sends the user to someone.
func namesWhoToAsk(sentences []string) bool {
	for _, s := range sentences {
		if !lexical.MarkdownLink.MatchString(s) && handOff.MatchString(s) && !negatedHandOff.MatchString(s) {
			return true
		}
	}
	return false
}

// imperatives are verbs a help page's instructions start with, in any
// business. Waiting, reading and handing off ("check", "see", "contact")
// are not steps.
var imperatives = toSet(strings.Fields(`log sign click tap go enter select choose visit open download
print fill complete submit press follow type upload use apply request register create set reset
update change cancel call find make add remove send pay book confirm turn allow tell scroll navigate`))

// stepLead strips what may precede an instruction's verb.
var stepLead = regexp.MustCompile(`(?i)^(?:\d+[.)]\s*|please\s+|first,?\s+|then,?\s+|just\s+)+`)

// givesSteps reports whether one of sentences is an instruction ("Open the
// [Guest Reservation page](…), enter your code and click Cancel").
func givesSteps(sentences []string) bool {
	for _, s := range sentences {
		ws := lexical.Words(stepLead.ReplaceAllString(strings.TrimSpace(s), ""))
		if len(ws) > 0 && imperatives[ws[0]] {
			return true
		}
	}
	return false
}
