package kgbuild

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/helpgraph/helpgraph/internal/english"
	"github.com/helpgraph/helpgraph/page"
)

// Which blocks of a page open a node: headings, and lines of running text,
// list items and short lines that state a situation or ask a question
// (findStarts), and where each one's extent ends.

// labelSplit finds "Label: rest" with a short label.
var labelSplit = regexp.MustCompile(`^([^:\[\]()]{2,80}):\s+(\S.*)$`)

// findStarts classifies blocks from first on and returns those that open a
// node, with the situation rules sit of the page's language.
func findStarts(sit *english.Situations, blocks []page.Block, first int) []start {
	var out []start
	release := 0 // the level of the release entry the block is in, 0: none
	for i := first; i < len(blocks); i++ {
		b := blocks[i]
		text := english.Plain(b.Text)
		if text == "" || b.Code {
			continue // a line of code opens nothing (page.Block.Code)
		}
		if b.Kind == page.Heading {
			if release > 0 && b.Level <= release {
				release = 0
			}
			if release == 0 && releaseHeading(text) {
				release = max(1, b.Level)
			}
		}
		// A note's title ("Restrictions:", "Limitations:") names the note,
		// no situation: it may open a section, never a condition.
		note := b.NoteTitle
		// In a release's entry a "Name: change" line names what changed,
		// and a "Name: link" line (a credit, a download, a project's
		// page) names what it links to: no situation unless led by one
		// ("If you use OpenVPN, migrate", "If you use Windows: [the guide](…)").
		// A label that points to what follows is cut to its situation
		// (situationAhead).
		situationOf := func(label string) (string, bool) {
			if (release > 0 || linkOnly.MatchString(b.Text)) && !sit.StartsWithLead(label) {
				return "", false
			}
			return situationAhead(sit, label)
		}
		switch b.Kind {
		case page.Heading:
			h := strings.TrimSpace(text)
			colon := strings.HasSuffix(h, ":")
			st := start{block: i, rank: max(1, min(b.Level, 6)), label: strings.TrimRight(h, ": "), tab: b.Tab, note: note}
			st.ignored = english.IsChromeHeading(h)
			st.situation = !st.ignored && !note && sit.IsSituation(h, colon)
			out = append(out, st)
		case page.Paragraph:
			if b.Tab {
				continue // a tab's label in a step: its system's command, text of the step's node
			}
			if label, ok := paragraphLabel(sit, text); ok {
				if label, ok = situationOf(label); ok && !note {
					out = append(out, start{block: i, rank: labelRank, situation: true, label: label, withLine: true})
				} // else the label stays text of its node
			} else if questionLine(blocks, i) {
				out = append(out, start{block: i, rank: labelRank, label: text, note: note})
			} else if shortLine(blocks, i) && !linkListEntry(blocks, i) {
				// A bold line standing alone ("The plan does not allow
				// changes"): a clause is a situation, a noun phrase a section.
				label, situation := text, !note && (sit.IsClause(text) || sit.IsSituation(text, false))
				if situation {
					if label, situation = situationAhead(sit, text); !situation {
						continue // a lead-in ("The following data is used"): text of its node
					}
				}
				out = append(out, start{block: i, rank: labelRank, situation: situation, label: label, withLine: situation, note: note})
			}
		case page.ListItem:
			if label, ok := itemLabel(sit, text); ok {
				if label, ok = situationOf(label); ok {
					out = append(out, start{block: i, rank: labelRank + max(1, b.Depth), situation: true, label: label, withLine: true})
				}
			}
		}
	}
	return out
}

// A release's heading in release notes or a changelog names a version and
// the date it came out: "Version 0.44.0 (2018-12-03)", "Plinth v0.10.0
// (2016-08-21)", "2.1.0 - March 3, 2024". The "Name: change" lines of its
// entry name the part of the product a change is to, not a situation.
var (
	releaseVersion = regexp.MustCompile(`(?:^|[\s(])v?\d+(?:\.\d+)+(?:$|[\s),:-])`)
	releaseDate    = regexp.MustCompile(`\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\.? \pL+\.? \d{4}\b|\pL+\.? \d{1,2}, \d{4}\b`)
)

// pointsAhead matches a label that points to what follows it: "do the
// following", "proceed as follows", "as below" (not a label that opens
// with "Following …").
var pointsAhead = regexp.MustCompile(`(?i)\S\s+(?:following|as\s+follows|as\s+below)\b`)

// situationAhead returns the situation of a label that points to what
// follows it: the clause before its comma, where that clause is one ("If
// you need to reinstall the app, do the following" -> "If you need to
// reinstall the app"); a lead-in with none ("The following data is used
// as an example", "To create a chart proceed as below") is no situation.
// Any other label is returned as it is.
func situationAhead(sit *english.Situations, label string) (string, bool) {
	if !pointsAhead.MatchString(label) {
		return label, true
	}
	i := strings.IndexByte(label, ',')
	if i <= 0 {
		return "", false
	}
	clause := strings.TrimSpace(label[:i])
	if pointsAhead.MatchString(clause) || !sit.StartsWithLead(clause) || !sit.IsSituation(clause, false) {
		return "", false
	}
	return clause, true
}

// wholeLink matches a line that is one link and nothing else (a block's
// text, its link written [text](url)).
var wholeLink = regexp.MustCompile(`^\s*\[(?:[^\]\\]|\\.)*\]\([^)\s]*\)\s*$`)

// linkListEntry reports whether paragraph i is an entry of a list of
// pages written as paragraphs, one link each, as a program's help writes
// its index ("Inserting Tables", "Deleting Tables or the Contents of a
// Table"): it names the page it links to, never a section of this one.
// Read as a title line, each such entry headed the next: LibreOffice's
// Writer guide had a section "Inserting Tables" whose text was the link
// to deleting them. A link followed by what it is (a reference's term
// linking its definition elsewhere, then the text about it) still heads
// that text.
func linkListEntry(blocks []page.Block, i int) bool {
	return wholeLink.MatchString(blocks[i].Text) && i+1 < len(blocks) &&
		blocks[i+1].Kind == page.Paragraph && wholeLink.MatchString(blocks[i+1].Text)
}

// linkOnly matches a line that is a label and links alone: "Otto by
// Square: [square.github.io/otto](https://…)", "Official images:
// https://…" (a block's text, its links written [text](url)).
var linkOnly = regexp.MustCompile(`^[^:\[\]()]{2,80}:\s+(?:(?:\[(?:[^\]\\]|\\.)*\]\([^)\s]*\)|https?://\S+)[\s,;/.]*)+$`)

// releaseHeading reports whether a heading opens a release's entry: it
// names a version and a date.
func releaseHeading(h string) bool {
	return releaseVersion.MatchString(h) && releaseDate.MatchString(h)
}

// versionNote is the label of a version note, as Sphinx writes one before
// what changed ("Changed in version 20.3:", "New in Django 4.1:",
// "Deprecated since version 3.0:"): history, no situation of the reader's.
var versionNote = regexp.MustCompile(`(?i)^(?:new|changed|added|removed|deprecated)\s+(?:in|since)(?:\s+\S+){0,2}?\s+v?\d+(?:\.\d+)*$`)

// paragraphLabel recognises a line of running text that introduces a
// situation: "Online reservation as guest user:", "Members: log in and ...",
// or a short line that is only a situation ("If you booked by phone").
func paragraphLabel(sit *english.Situations, text string) (string, bool) {
	m := labelSplit.FindStringSubmatch(text) // "Label: rest", read once
	if m != nil && versionNote.MatchString(strings.TrimSpace(m[1])) || versionNote.MatchString(strings.TrimRight(text, ":. ")) {
		return "", false
	}
	words := len(strings.Fields(text))
	// "When you call, tell them:" is an instruction, not a situation.
	instruction := sit.IsInstruction
	if strings.HasSuffix(text, ":") && words <= 14 {
		label := strings.TrimRight(text, ": ")
		return label, !instruction(label) && sit.IsSituation(label, true)
	}
	if m != nil && len(strings.Fields(m[1])) <= 10 {
		return m[1], !instruction(m[1]) && sit.IsSituation(m[1], true)
	}
	if words <= 14 && !strings.HasSuffix(text, ".") && sit.IsSituation(text, false) && sit.StartsWithLead(text) {
		return text, true
	}
	return "", false
}

var qPrefix = regexp.MustCompile(`^(?i)(q[.:]|question:)\s*`)

// questionLine reports whether paragraph i is a FAQ question: "Q. ..." or a
// short line ending in "?" followed by its answer.
func questionLine(blocks []page.Block, i int) bool {
	text := english.Plain(blocks[i].Text)
	if qPrefix.MatchString(text) {
		return true
	}
	if !strings.HasSuffix(text, "?") || len(strings.Fields(text)) > 20 || i+1 >= len(blocks) {
		return false
	}
	next := blocks[i+1]
	return next.Kind == page.ListItem || next.Kind == page.Paragraph && !strings.HasSuffix(english.Plain(next.Text), "?")
}

// shortLine reports whether paragraph i is a title-like line of its own: a
// few words with no closing punctuation, starting with a letter, followed by
// a longer paragraph or a list that it introduces.
func shortLine(blocks []page.Block, i int) bool {
	text := english.Plain(blocks[i].Text)
	words := strings.Fields(text)
	if len(words) == 0 || len(words) > 12 || i+1 >= len(blocks) {
		return false
	}
	if strings.ContainsAny(text, ":;：；") || closesSentence(text) {
		return false
	}
	if r := []rune(text)[0]; !unicode.IsLetter(r) || !unicode.IsUpper(r) {
		return false
	}
	next := blocks[i+1]
	switch next.Kind {
	case page.ListItem, page.TableRow:
		return true
	case page.Paragraph:
		nt := strings.TrimRight(english.Plain(next.Text), "\"')”’ ")
		return len(strings.Fields(nt)) > len(words) || strings.HasSuffix(nt, ".")
	}
	return false
}

// closesSentence reports whether text ends as a sentence or clause does,
// with the stops of text with spaces or of Chinese and Japanese ("。",
// "？"): a Japanese paragraph has few spaces, so few "words", and read
// as a title it opened a node of its own whose text was the next line
// (on adguard-ja, a page's introduction became a section whose answer was
// the banner naming the product).
func closesSentence(text string) bool {
	r, _ := utf8.DecodeLastRuneInString(text)
	return strings.ContainsRune(".!?,。！？、．，", r)
}

// itemLabel recognises a list item that states a situation: a label as in
// paragraphLabel, or a leading clause "If you booked by phone, call ...".
//
// An item that is only such a clause, its sentence running on into the
// next item ("Check if the upgraded system works: - if the GUI is working,
// - if one can manage printers, - and if ... are working."), is one line
// of a checklist, not a situation: nothing is said for it.
func itemLabel(sit *english.Situations, text string) (string, bool) {
	if runsOn(text) {
		return "", false
	}
	if label, ok := paragraphLabel(sit, text); ok {
		return label, true
	}
	if i := strings.IndexByte(text, ','); i > 0 {
		clause := sit.CutAtImperative(text[:i])
		if len(strings.Fields(clause)) <= 14 && sit.StartsWithLead(clause) && sit.IsSituation(clause, false) {
			// The situation is the whole clause, where a comma of a list
			// inside it came first.
			if j := sit.ClauseEnd(text); j > i {
				clause = sit.CutAtImperative(text[:j])
			}
			return clause, true
		}
	}
	return "", false
}

// withoutRepeatedSituations drops the situations said twice or more at
// one rank in one section: a condition tells a node from its siblings,
// and one said again tells nothing apart. Such lines are steps of the
// text, not situations a reader is in: "If equal, prefer …" four times
// over, a resolver's tie-breaks in order, made four nodes "The resolver
// algorithm (equal)".
func withoutRepeatedSituations(sit *english.Situations, starts []start) []start {
	type key struct {
		section, rank int
		condition     string
	}
	keys := make([]key, len(starts))
	count := map[key]int{}
	section := -1
	for k, st := range starts {
		if st.situation {
			keys[k] = key{section, st.rank, strings.ToLower(sit.Condition(st.label))}
			count[keys[k]]++
		}
		if st.rank < labelRank {
			section = k // a heading, a situation's too, opens a section
		}
	}
	out := starts[:0:0]
	for k, st := range starts {
		if !st.situation || count[keys[k]] < 2 {
			out = append(out, st)
		}
	}
	return out
}

// withoutStepItems drops the situation list items that have more of their
// section after them: running text or items that open no node, which no
// node would hold once the item ended the section's text.
func withoutStepItems(blocks []page.Block, starts []start) []start {
	for {
		opens := make(map[int]bool, len(starts))
		for _, st := range starts {
			opens[st.block] = true
		}
		out := starts[:0:0]
		for k, st := range starts {
			if st.rank > labelRank {
				end := extentEnd(blocks, starts, k)
				if end < len(blocks) && !opens[end] && blocks[end].Kind != page.Heading {
					continue
				}
			}
			out = append(out, st)
		}
		if len(out) == len(starts) {
			return out
		}
		starts = out
	}
}

// extentEnd returns the first block after the extent of starts[k]: the next
// node start of the same or higher rank. A situation list item also ends at
// its next sibling item, and at running text unless it is a label ending in
// a colon.
func extentEnd(blocks []page.Block, starts []start, k int) int {
	st := starts[k]
	next := len(blocks)
	for _, o := range starts[k+1:] {
		if o.rank <= st.rank {
			next = o.block
			break
		}
	}
	if st.tab || st.note || blocks[st.block].Collapsible {
		// A tab ends where its set closes, a collapsible part or a note
		// where it closes, if the page says where (page.Block.TabsEnd):
		// what follows is its section's again.
		for j := st.block + 1; j < next; j++ {
			if blocks[j].TabsEnd {
				return j
			}
		}
	}
	if st.rank <= labelRank {
		return next
	}
	item := blocks[st.block]
	colonLabel := strings.HasSuffix(strings.TrimSpace(english.Plain(item.Text)), ":")
	for j := st.block + 1; j < next; j++ {
		b := blocks[j]
		switch {
		case b.Kind == page.ListItem && b.Depth <= item.Depth:
			return j
		case b.Kind == page.ListItem:
			// a nested item: part of this one
		case b.Kind == page.Paragraph && b.Depth >= max(1, item.Depth):
			// the item's own code, or its text after it: part of it
		case b.Kind == page.Heading:
			return j
		case !colonLabel:
			return j
		}
	}
	return next
}

// runsOn reports whether a line ends mid-sentence, at a comma or a
// semicolon: the sentence goes on in the next line.
func runsOn(text string) bool {
	t := strings.TrimSpace(text)
	return strings.HasSuffix(t, ",") || strings.HasSuffix(t, ";") || strings.HasSuffix(t, "，") || strings.HasSuffix(t, "、")
}
