package kgbuild

import (
	"regexp"
	"strings"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/english"
	"github.com/helpgraph/helpgraph/page"
)

// sentenceEnd splits a line after a full stop, question or exclamation
// mark followed by a space.
var sentenceEnd = regexp.MustCompile(`[.!?]\s+`)

// UnplacedText returns the sentences of a page's text (graph.Page.Text, one
// block a line as page.Document.Text renders it) that are in none of the
// page's nodes: no problem, condition or resolution holds them, so the
// agent can never answer with them. Headings are left out (they become
// problems, reworded), and so are chrome sections ("Related articles") and
// their lines. total is the number of sentences looked at.
func UnplacedText(p graph.Page, nodes []graph.Node) (lost []string, total int) {
	var held strings.Builder
	for _, n := range nodes {
		held.WriteString(n.Problem + "\n" + n.Condition + "\n" + n.Resolution + "\n")
	}
	grounder := page.NewGrounder(held.String())
	chromeLevel := 0 // the level of the chrome heading whose section this is; 0 when none
	for _, line := range strings.Split(p.Text, "\n") {
		text := strings.TrimSpace(line)
		if level := len(text) - len(strings.TrimLeft(text, "#")); level > 0 && strings.HasPrefix(text[level:], " ") {
			if chromeLevel == 0 || level <= chromeLevel {
				chromeLevel = 0
				if english.IsChromeHeading(english.Plain(text[level:])) {
					chromeLevel = level
				}
			}
			continue
		}
		if chromeLevel > 0 || text == "" || title(text) {
			continue
		}
		for _, s := range sentences(text) {
			total++
			if !grounder.Grounded(s) {
				lost = append(lost, s)
			}
		}
	}
	return lost, total
}

// sentences splits a line of page text into its sentences, list and table
// markers removed.
func sentences(line string) []string {
	for _, marker := range []string{"- ", "1. ", "| "} {
		if strings.HasPrefix(line, marker) {
			line = line[len(marker):]
			break
		}
	}
	line = strings.TrimSuffix(line, " |")
	var out []string
	at := 0
	for _, loc := range sentenceEnd.FindAllStringIndex(line, -1) {
		if s := strings.TrimSpace(line[at : loc[0]+1]); s != "" {
			out = append(out, s)
		}
		at = loc[1]
	}
	if s := strings.TrimSpace(line[at:]); s != "" {
		out = append(out, s)
	}
	return out
}

// title reports whether a line is one short question, a FAQ's heading.
func title(line string) bool {
	return strings.HasSuffix(line, "?") && len(sentences(line)) == 1 && len(strings.Fields(line)) <= 20
}
