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
		if level, heading := textHeading(text); level > 0 {
			if chromeLevel == 0 || level <= chromeLevel {
				chromeLevel = 0
				if english.IsChromeHeading(heading) {
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

// EmptySections returns the headings of a page's text (graph.Page.Text)
// that have no text under them: the next line that says something is a
// heading at the same level or above, or there is none. The extractor
// makes no node of such a section (dropEmptySections); a support team
// fills it, or removes the heading. The title and chrome sections
// ("Related articles") are left out. A line "# …" after the first is
// text: a page has one title, and a line of code may open so (a shell's
// comment, which the text writes as it stands).
func EmptySections(p graph.Page) []string {
	var out []string
	open, openLevel := "", 0 // the heading nothing has been said under yet
	for i, line := range strings.Split(p.Text, "\n") {
		text := strings.TrimSpace(line)
		if text == "" {
			continue
		}
		level, h := textHeading(text)
		if level == 0 || level == 1 && i > 0 {
			open = "" // text: the open heading says something
			continue
		}
		if open != "" && level <= openLevel {
			out = append(out, open)
		}
		open, openLevel = "", level
		if level > 1 && h != "" && !english.IsChromeHeading(h) {
			open = h
		}
	}
	if open != "" {
		out = append(out, open)
	}
	return out
}

// textHeading returns the level and plain text of line when it is a
// heading as a page's text writes one ("## Usage"), else 0.
func textHeading(line string) (int, string) {
	level := len(line) - len(strings.TrimLeft(line, "#"))
	if level == 0 || !strings.HasPrefix(line[level:], " ") {
		return 0, ""
	}
	return level, english.Plain(strings.TrimSpace(line[level:]))
}
