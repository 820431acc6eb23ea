// Package verdict decides, once per graph, what each node's resolution does
// for a user: whether it answers by itself, says nothing (hollow), and how
// it reads in a reply. The builder stores the verdicts with the graph; the
// dialogue reads them, and judges a graph stored without them on load.
package verdict

import (
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/english"
	"github.com/helpgraph/helpgraph/internal/lexical"
)

// Version names the rules Judge applies; change it whenever Judge decides
// differently. A build whose pages have not changed since the last still
// judges them again when that build used other rules.
const Version = "15" // 15: a numbered list gives steps in any language (numberedSteps)

// Judge decides every node's verdict (graph.Verdict) from its text and its
// edges. The builder runs it once the graph's edges are known, after
// extraction, so a reference that appears or disappears changes verdicts
// without extracting a page again. Readers of a graph stored without
// verdicts run it on load.
func Judge(g *graph.Graph) {
	ix := graph.NewIndex(g)
	for i := range g.Nodes {
		n := &g.Nodes[i]
		text, sub := english.ReadResolution(n.Resolution, n.Problem, n.Condition)
		// A link to a folder path (pages built without their site's
		// address) leads a customer nowhere: a reply shows its text. A
		// picture it cannot show is left out.
		text = lexical.FollowableLinks(withoutPictures(text))
		// A hollow node (its heading again, or a lead-in with nothing
		// after it) answers nothing, whatever steps the extractor saw; nor
		// does a leaf whose text is a label or a placeholder left in a page
		// ("- TODO", a caption): what answers is its page's best section
		// for the request (the dialogue's ownAnswer). A node with
		// sub-problems answers nothing by its text anyway: it introduces
		// them.
		if len(ix.Children(n.ID)) == 0 && fragment(text, sub) {
			sub = nil
		}
		n.Verdict = &graph.Verdict{Answers: len(sub) > 0 && answers(ix, n, sub), Hollow: len(sub) == 0, Text: text}
	}
}

// picture is a line that stands for a picture: its alt text in brackets,
// as the Markdown reader writes an image ("(Phone settings)"), or image
// syntax a page broke ("![Settings] (https://x.example/s.png)").
var picture = regexp.MustCompile(`(?m)^[ \t]*(?:\([^()\n]*\)|!\[[^\]\n]*\]\s*\([^)\s]+\))[ \t]*(?:\n|$)`)

// caption is a picture's alt text in brackets between a sentence's end
// and the line's end or the next sentence, where a screenshot follows a
// step ("Click Cancel auto-renewal. (Cancel)", "Choose the folder. (Choose
// folder) If you want ..."): a sentence's own aside ends with a stop inside
// its brackets or comes before its stop.
var caption = regexp.MustCompile(`(?m)([.!?:])[ \t]+\([^().!?\n]{1,60}\)(?:[ \t]*$|[ \t]+(\p{Lu}))`)

// withoutPictures returns text without the lines, and the ends of lines,
// that stand for a picture, which a reply in words cannot show ("It should
// look like this: (Phone settings)"); a text of pictures alone is kept.
func withoutPictures(text string) string {
	if !strings.Contains(text, "(") {
		return text
	}
	out := caption.ReplaceAllStringFunc(text, func(m string) string {
		sub := caption.FindStringSubmatch(m)
		if sub[2] == "" {
			return sub[1]
		}
		return sub[1] + " " + sub[2]
	})
	if out = strings.TrimSpace(picture.ReplaceAllString(out, "")); out != "" {
		return out
	}
	return text
}

// Judged returns g if every node has a verdict, or else a copy of g whose
// nodes are judged; g itself is not modified.
func Judged(g *graph.Graph) *graph.Graph {
	for _, n := range g.Nodes {
		if n.Verdict == nil {
			c := *g
			c.Nodes = append([]graph.Node(nil), g.Nodes...)
			Judge(&c)
			return &c
		}
	}
	return g
}

// answers reports whether n's resolution answers the user by itself; sub
// is its substance.
//
// The extractor's actionable flag marks resolutions with steps to take.
// Many resolutions that are not steps still answer ("Members: on the
// details page", "refunds take 7 business days", "No. Expired points can't
// be restored"). A node answers when it gives steps and links nowhere, or
// when its resolution says something beyond a restatement of its condition
// or a hand-off ("please contact the shop directly") and it is a leaf: a
// node with sub-problems introduces them, and one with references follows
// them (the reply still leads with the node's own text). Only a node with
// nowhere to go escalates.
func answers(ix *graph.Index, n *graph.Node, sub []string) bool {
	refs := ix.References(n.ID)
	if n.Actionable && len(refs) == 0 {
		return true
	}
	// A node with sub-problems introduces them ("check which situation
	// matches yours").
	if len(ix.Children(n.ID)) > 0 {
		return false
	}
	// One with references points on, unless its own text, outside the
	// sentences that link, gives steps: then the link is a "see also"
	// ("log in and open My Orders; if it isn't listed, see ..."). The same
	// holds when it says whom to ask ("We can't change these. Please
	// contact the site where you bought it. See ..."): that is what the user
	// is to do, and the linked page would only ask again. A lone step
	// towards the one page it links, naming what that page is about
	// ("Reset it from the login page. See [Resetting your password]"), is
	// that page's lead: the page says how.
	if len(refs) > 0 {
		// A sentence that is a link and nothing else is the way to another
		// page, however its title reads ("[Set up a local printer](...)"):
		// a list of them is a menu of pages.
		own := slices.DeleteFunc(slices.Clone(sub), onlyLink)
		pointer := len(own) == 1 && len(refs) == 1 && sharesTerms(own[0], ix.Node(refs[0]).Problem)
		return ((english.GivesSteps(own) || numberedSteps(n.Resolution)) && !pointer) || english.NamesWhoToAsk(own)
	}
	if len(sub) == 0 {
		return false
	}
	// The page's main advice is to ask someone else: a dead end, unless it
	// gives the number to call.
	return !english.HandsOff(sub[0]) || lexical.PhoneNumber.MatchString(n.Resolution)
}

// fragmentWords is how many words a text needs, at the least, to say
// something by itself when it is not written as a sentence: fewer, with no
// full stop, it is a label, a caption or a placeholder, not an answer
// ("Call 0800 123 456" holds a number, "Yes." is a sentence, "Click
// Select a file" three words, and they answer).
const fragmentWords = 3

// fragment reports whether a resolution, its text and its substance sub
// (its sentences, see english.ReadResolution), holds too little to
// answer: fewer than fragmentWords words in all, no full stop, and no
// digit or link, which are what a short answer gives. A
// word of a script written without spaces counts one per two letters.
func fragment(text string, sub []string) bool {
	if len(sub) == 0 || strings.ContainsAny(text, ".!?。！？") {
		return false
	}
	words := 0
	for _, s := range sub {
		if strings.IndexFunc(s, unicode.IsDigit) >= 0 || strings.Contains(s, "](") {
			return false
		}
		for _, w := range lexical.Words(s) {
			words += unspacedWords(w)
		}
	}
	return words < fragmentWords
}

// unspacedWords is how many words w counts as: one, or for a run of a
// script written without spaces (Chinese, Japanese), one per two letters.
func unspacedWords(w string) int {
	n, unspaced := 0, false
	for _, r := range w {
		n++
		if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) {
			unspaced = true
		}
	}
	if !unspaced {
		return 1
	}
	return (n + 1) / 2
}

// numberedSteps reports whether a resolution holds a numbered list of two
// items or more that are more than a link each: steps in any language,
// as the extractor's actionable flag reads a numbered item
// (english.Actionable). The imperatives english.IsStep knows are those of
// nine languages; GNOME's Swedish "Delete a user account", its steps and
// a link to the page on administrator rights, was read as pointing there.
func numberedSteps(resolution string) bool {
	items := 0
	for _, line := range strings.Split(resolution, "\n") {
		line = strings.TrimSpace(line)
		if loc := english.NumberedItem.FindStringIndex(line); loc != nil && !onlyLink(strings.TrimSpace(line[loc[1]:])) {
			items++
		}
	}
	return items >= 2
}

// onlyLink reports whether sentence s is one link and nothing else.
func onlyLink(s string) bool {
	loc := lexical.MarkdownLink.FindStringIndex(s)
	return loc != nil && strings.Trim(s[:loc[0]]+s[loc[1]:], " .;,:-–—*") == ""
}

// sharesTerms reports whether texts x and y have a term in common.
func sharesTerms(x, y string) bool {
	ys := lexical.TermSet(y)
	for _, t := range lexical.Terms(x) {
		if ys[t] {
			return true
		}
	}
	return false
}
