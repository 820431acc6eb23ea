package kgbuild

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/english"
	"github.com/helpgraph/helpgraph/internal/langid"
	"github.com/helpgraph/helpgraph/internal/lexical"
	"github.com/helpgraph/helpgraph/page"
)

// StructuralVersion identifies the structural extractor's rules. Bump it
// when they change, so the next build re-extracts every page.
//
// v2: one imperative-verb list ("When you call, tell them:" is an
// instruction, not a situation), and the stored actionable flag is no
// longer cleared on nodes with references.
// v3: sibling headings that are variants ("On Android" / "On iOS") are
// situations (markVariants).
// v4: so are the tabs of a tab set, and sibling headings that share their
// opening words and part at a preposition ("Watch videos in the app" /
// "... in a browser").
// v5: a page without an intro stands on its first section's opening less
// a closing sentence that introduces the section's steps (withoutLeadIn).
// v6: steps in German, French and Spanish make a node actionable
// (english.IsStep), and a sentence opening with a name in "-ez" is no
// French step where it holds more English function words.
// v7: situations in German, French and Spanish (english.Situations: the
// page's language, told from its text where it has no tag); an English
// label on such a page is read with the English rules.
// v8: nothing lost: the text after a run of condition children, up to the
// parent's next section, joins the parent's resolution (uncovered).
// v9: intents in the page's language (english.IntentsFor: templates of
// intents/LANG.txt for German, French and Spanish); a language without
// templates gets the node's own problem and condition, not English sentences.
// v10: a line of preformatted text (page.Block.Code) opens no node: a
// one-line code block is no section title, "if x:" no situation.
// v11: a German list item's opening clause ends at the comma before the
// main clause's verb (english.Situations.ClauseEnd), not at a comma of a
// list inside it.
// v12: a paragraph ending with a Chinese or Japanese stop ("。") is no
// title-like line (shortLine).
// v13: a page's keywords (front matter tags, <meta name=keywords>, a help
// desk's labels) are intents of its root node.
// v14: intents and problems spell a verb whole ("write", "contribute", not
// "writ", "contribut") and keep a manner adverb before it ("How do I
// automatically set…": "Automatically setting…", not "Automaticallying set").
// v15: a list item that is only a clause running on into the next item
// ("- if the GUI is working,") is a line of a checklist, no situation
// (runsOn).
// v16: a version note ("Changed in version 20.3: …", "New in Django 4.1:")
// is no situation: Sphinx's history of a section, not a branch of it; nor
// is a label that ends in a preposition with nothing after it ("Grouped
// By:", a dialog's field).
// v17: a note's title (page.Block.NoteTitle: ":::caution Restrictions",
// "!!! note \"Limitations\"") is no situation: it names the note; a
// label stays text of its node, a heading opens a section, no variant.
// v18: in a release's entry of release notes (a heading that names a
// version and a date), a "Name: change" line is no situation (releaseHeading).
// v19: nor is a "Name: link" line, a label and links alone (linkOnly: a
// credit, a download, a project's page), unless a lead makes it one.
// v20: a label that points to what follows ("…, do the following",
// "proceed as follows") is cut to the situation before its comma, or is
// none: a lead-in (situationAhead).
// v21: a line of code (page.Block.Code) is a Markdown code span in its
// node's text (nodeLine), which a reply shows as code.
// v22: with its white space as the page writes it (page.Block.Verbatim):
// its indentation and aligned columns.
// v23: a tab ends where its set closes (page.Block.TabsEnd); a node
// never reaches past its parent's end.
// v24: so does a collapsible part's section where the part closes
// (page.Block.Collapsible).
// v25: a blank line inside a code block (page.Block.BlankBefore) is a line
// of its own in the node's text, a code span of one space.
// v26: what Markdown would read as raw HTML in a page's words ("a <div>
// element") has its "<" escaped in the node's text (nodeLine).
// v27: a question's verb made a gerund doubles its final consonant where
// the dictionary does ("Resetting my password", was "Reseting").
// v28: a backslash in a page's words is doubled in the node's text
// (nodeLine): Markdown read "\/" as an escaped "/" and dropped it.
// v29: a page of questions and answers without an intro has its first
// question as the root's text, not that question's answer (firstParagraph).
// v30: a problem opening with a name from code ("db_column") keeps its
// spelling (lexical.UpperFirst; was "Db_column").
// v31: a tab's label inside a list item (Block.Tab on a paragraph) opens
// no node: pip's examples were offered as "Windows", "Windows", "Windows".
// v32: a section that says nothing (a heading with no text, and no
// section under it with some) makes no node; its text was its heading.
// v33: a situation said twice or more in one section is text, not a
// condition (withoutRepeatedSituations).
// v34: an elliptical or anaphoric situation ("If so", "If needed", "If
// this happens", "For such DOM") is text, not a condition
// (english.IsSituation).
// v35: Portuguese, Italian and Dutch pages' situations are read with
// their own words (english/situations/pt.txt, it.txt, nl.txt), their
// instructions are steps (english/steps/{pt,it,nl}-imperative.txt; and
// Russian's polite imperative, "Откройте"), and
// their nodes' intents are asked in their language (english/intents).
// v36: Russian pages' situations are read with their own words
// (english/situations/ru.txt).
// v37: a paragraph that is one link, followed by another such, is an
// entry of a list of pages, not a title line heading the next
// (linkListEntry).
// v38: a note's title opens a node that ends with the note, where the
// page marks its end (page.Block.TabsEnd): the section's text after a
// DocBook sidebar was the sidebar's.
// v39: "What is meant by …?" is kept as the question it is, not made
// the noun phrase "Meant by …" (english.QuestionToNounPhrase).
// v40: a space before a mark that opens a word stays ("all those .deb
// archive files" had read "those.deb"; english.Plain).
const StructuralVersion = "structural-v40"

// Structural extracts a page's problem tree from its structure alone: the
// title is the root problem, headings are sub-problems, and headings, list
// items and labels that state a situation ("If you booked by phone",
// "Online reservation as guest user:") are conditions. It needs no LLM, is
// deterministic, and is the fallback of the LLM extractor.
type Structural struct{}

var _ Extractor = (*Structural)(nil)

// NewStructural returns the structural extractor.
func NewStructural() *Structural { return &Structural{} }

// Version implements Extractor.
func (*Structural) Version() string { return StructuralVersion }

// Ranks order the blocks that open a node: headings by level (1..6), then
// labels in running text, then situation list items by depth.
const labelRank = 7

// start is a block that opens a node.
type start struct {
	block     int
	rank      int
	situation bool
	label     string // the situation (for a condition) or the heading text
	withLine  bool   // the opening line is part of the resolution
	ignored   bool   // chrome such as "Related articles": ends sections, makes no node
	tab       bool   // the heading labels a tab of the page (page.Block.Tab)
	note      bool   // the line is a note's title (page.Block.NoteTitle): never a situation
	// base is, for a situation that is one variant of its siblings' shared
	// problem ("Watch videos" of "Watch videos in the app"), that problem;
	// "" when the situation refines its parent's.
	base string
}

// treeNode is a node under construction.
type treeNode struct {
	start    start
	end      int // first block after the node's extent
	parent   int // index in the node list; -1 for the root
	children []int
	path     string
	base     string   // the problem without conditions
	conds    []string // conditions from the nearest section down to this node
	node     graph.Node
}

// Extract implements Extractor. Its phases, each one function: buildTree
// (which blocks open nodes, and their nesting), emit (each node's problem,
// condition and resolution, in document order) and pageGraph (ids, intents,
// edges, and the grounding check).
func (s *Structural) Extract(ctx context.Context, doc *page.Document) (*PageGraph, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if doc == nil || len(doc.Blocks) == 0 {
		return nil, page.ErrNoText
	}
	lines := make([]string, len(doc.Blocks))
	for i, b := range doc.Blocks {
		lines[i] = nodeLine(b)
	}
	text := doc.Text()
	if strings.TrimSpace(text) == "" {
		return nil, page.ErrNoText
	}

	lang := pageLanguage(doc)
	sit := english.SituationsFor(lang)
	first, title := titleBlock(doc)
	starts := withoutRepeatedSituations(sit, findStarts(sit, doc.Blocks, first))
	if !sit.ItemsEndSections() {
		starts = withoutStepItems(doc.Blocks, starts)
	}
	markVariants(sit, starts)
	nodes := buildTree(doc.Blocks, starts, title)
	intro, fallback := rootResolution(doc.Blocks, lines, starts, first)
	out := emit(sit, nodes, lines, intro, fallback)
	return pageGraph(doc.URL, text, nodes, out, english.IntentsFor(lang))
}

// nodeLine renders block b as a line of a node's text: as the page's text
// does (page.BlockLine), but a line of code as a Markdown code span
// (lexical.CodeSpan) of the line as the page writes it, so that a reply
// shows it as code, whole and as it stands (indentation, aligned columns),
// where the page's text has it as plain words. A customer copies
// such a line; read as running text, "*" and "_" in it became emphasis
// and "<NAME>" was dropped as markup.
//
// A blank line of the code block before it (page.Block.BlankBefore) is a
// line of its own, a code span of one space (lexical.BlankCode): an empty
// line would end the node's paragraph and split the block in two.
//
// A page's words are text, never Markdown markup: what Markdown would
// read as raw HTML in them ("insert a <div> element", "<OPTION
// VALUE=...>") has its "<" escaped and a backslash ("https?:\/\/") is
// doubled (lexical.EscapeWords), so that a reply shows them; a reply's
// renderer drops raw HTML and reads a backslash as an escape.
func nodeLine(b page.Block) string {
	if !b.Code {
		if strings.ContainsAny(b.Text, `<\`) {
			b.Text = lexical.EscapeWords(b.Text)
		}
		return page.BlockLine(b)
	}
	code := b.Text
	if b.Verbatim != "" {
		code = b.Verbatim
	}
	b.Text = lexical.CodeSpan(code)
	if !b.BlankBefore {
		return page.BlockLine(b)
	}
	blank := b
	blank.Text = lexical.BlankCode
	return page.BlockLine(blank) + "\n" + page.BlockLine(b)
}

// pageLanguages are the languages a page without a language tag is told
// among (langid): English and those with situation rules of their own.
var pageLanguages = langid.New(append([]string{"en"}, english.SituationLanguages()...)...)

// maxLanguageText bounds the text a page's language is told from.
const maxLanguageText = 4000

// pageLanguage is the page's language: its tag, else told from its title
// and opening text (many sites tag none).
func pageLanguage(doc *page.Document) string {
	if doc.Lang != "" {
		return doc.Lang
	}
	var b strings.Builder
	b.WriteString(doc.Title)
	for _, blk := range doc.Blocks {
		if b.Len() >= maxLanguageText {
			break
		}
		b.WriteString("\n")
		b.WriteString(blk.Text)
	}
	return pageLanguages.Detect(b.String())
}

// buildTree nests the node starts by rank under a root for the page's
// title: nodes[0] is the root, and each node lists its children.
func buildTree(blocks []page.Block, starts []start, title string) []*treeNode {
	root := &treeNode{parent: -1, path: "0", base: english.CleanTitle(title)}
	if root.base == "" {
		root.base = "This page"
	}
	nodes := []*treeNode{root}
	stack := []int{0}
	for k, st := range starts {
		end := extentEnd(blocks, starts, k)
		// Pop the nodes whose extent ended before this block.
		for len(stack) > 1 && nodes[stack[len(stack)-1]].end <= st.block {
			stack = stack[:len(stack)-1]
		}
		parentIdx := stack[len(stack)-1]
		parent := nodes[parentIdx]
		if parentIdx != 0 {
			end = min(end, parent.end) // within a tab, the tab's end (extentEnd)
		}
		tn := &treeNode{start: st, end: end, parent: parentIdx}
		if parent.start.ignored && parentIdx != 0 {
			tn.start.ignored = true
		}
		nodes = append(nodes, tn)
		parent.children = append(parent.children, len(nodes)-1)
		stack = append(stack, len(nodes)-1)
	}
	root.end = len(blocks)
	return nodes
}

// rootResolution returns the page's intro, the lines from the first content
// block to the first node start, and the resolution of a page without one:
// its first paragraph.
func rootResolution(blocks []page.Block, lines []string, starts []start, first int) (intro, fallback string) {
	introEnd := len(blocks)
	if len(starts) > 0 {
		introEnd = starts[0].block
	}
	return joinLines(lines, first, introEnd), firstParagraph(blocks, lines)
}

// emit fills in each node's resolution (its own lines, before its first
// child, then those of its extent no child holds), problem and condition,
// and returns the nodes that are not chrome in document order, numbering
// children per parent for stable ids. The root's own lines are the page's
// intro, else (when no line is the root's own) the fallback.
func emit(sit *english.Situations, nodes []*treeNode, lines []string, intro, fallback string) []*treeNode {
	dropEmptySections(nodes, lines)
	var out []*treeNode
	var walk func(idx int)
	walk = func(idx int) {
		tn := nodes[idx]
		if tn.start.ignored && idx != 0 {
			return
		}
		if idx != 0 {
			p := nodes[tn.parent]
			s := tn.start
			from := s.block + 1
			if s.withLine {
				from = s.block
			}
			res := ownText(nodes, tn, lines, from)
			if strings.TrimSpace(res) == "" {
				res = lines[s.block]
			}
			tn.node.Resolution = res
			if s.situation {
				tn.base = p.base
				if s.base != "" {
					tn.base = sectionProblem(s.base)
				}
				tn.conds = append(append([]string(nil), p.conds...), sit.Condition(s.label))
				tn.node.Condition = tn.conds[len(tn.conds)-1]
			} else {
				tn.base = sectionProblem(s.label)
			}
		} else {
			tn.node.Resolution = joinNonEmpty(intro, uncovered(nodes, tn, lines))
			if strings.TrimSpace(tn.node.Resolution) == "" {
				tn.node.Resolution = fallback
			}
		}
		tn.node.Problem = problemText(tn.base, tn.conds)
		out = append(out, tn)
		n := 0
		for _, c := range tn.children {
			if nodes[c].start.ignored {
				continue
			}
			nodes[c].path = tn.path + "/" + strconv.Itoa(n)
			n++
			walk(c)
		}
	}
	walk(0)
	return out
}

// dropEmptySections marks as ignored (no node) each section that says
// nothing: a heading with no text of its own and no section under it
// that says something. Its node's text was its heading ("## Options" on
// pip's reference pages, whose options the site's build writes in): an
// answer that answers nothing. Children come after their parent in
// nodes, so a section whose sections are all empty is empty too.
func dropEmptySections(nodes []*treeNode, lines []string) {
	for i := len(nodes) - 1; i > 0; i-- {
		tn := nodes[i]
		if tn.start.ignored || tn.start.withLine {
			continue
		}
		empty := strings.TrimSpace(ownText(nodes, tn, lines, tn.start.block+1)) == ""
		for _, c := range tn.children {
			empty = empty && nodes[c].start.ignored
		}
		if empty {
			tn.start.ignored = true
		}
	}
}

// ownText is the text of tn's extent from line from on that none of its
// children's extents holds: its opening lines, before its first child,
// and what uncovered finds after it.
func ownText(nodes []*treeNode, tn *treeNode, lines []string, from int) string {
	firstChild := tn.end
	if len(tn.children) > 0 {
		firstChild = nodes[tn.children[0]].start.block
	}
	return joinNonEmpty(joinLines(lines, from, firstChild), uncovered(nodes, tn, lines))
}

// uncovered returns the lines of tn's extent after its first child that no
// child's extent holds: the text after a run of condition children (a
// closing paragraph, more steps) up to tn's next section. It belongs to
// tn, after its own opening lines; without it no node would hold it.
func uncovered(nodes []*treeNode, tn *treeNode, lines []string) string {
	if len(tn.children) == 0 {
		return ""
	}
	var parts []string
	at := nodes[tn.children[0]].start.block
	for _, c := range tn.children {
		child := nodes[c]
		if child.start.block > at {
			parts = append(parts, joinLines(lines, at, child.start.block))
		}
		at = max(at, child.end)
	}
	if tn.end > at {
		parts = append(parts, joinLines(lines, at, tn.end))
	}
	return joinNonEmpty(parts...)
}

// joinNonEmpty joins the non-blank parts, one per line.
func joinNonEmpty(parts ...string) string {
	var keep []string
	for _, p := range parts {
		if strings.TrimSpace(p) != "" {
			keep = append(keep, p)
		}
	}
	return strings.Join(keep, "\n")
}

// pageGraph turns the emitted nodes of the page at url into graph nodes
// with ids, intents and child edges, checking that every resolution is
// grounded in the page's text. Intents are phrased in the page's language
// (tpl).
func pageGraph(url, text string, nodes, out []*treeNode, tpl *english.IntentTemplates) (*PageGraph, error) {
	pg := &PageGraph{Method: graph.MethodStructural}
	grounder := page.NewGrounder(text)
	seenIntents := make(map[string]bool)
	ids := make(map[*treeNode]string, len(out))
	for _, tn := range out {
		if !grounder.GroundedLines(tn.node.Resolution) {
			// By construction resolutions are whole lines of text; a miss
			// here is a bug, and an ungrounded node must never be emitted.
			return nil, fmt.Errorf("extracting %s: resolution of %q is not grounded in the page", url, tn.node.Problem)
		}
		id := NodeID(url, tn.path)
		ids[tn] = id
		tn.node.ID = id
		tn.node.Page = url
		tn.node.Root = tn.parent == -1
		tn.node.Actionable = english.Actionable(tn.node.Resolution)
		tn.node.Intents = pickIntents(tpl, tn, nodes, seenIntents)
		pg.Nodes = append(pg.Nodes, tn.node)
	}
	for _, tn := range out {
		if tn.parent >= 0 {
			pg.Edges = append(pg.Edges, graph.Edge{From: ids[nodes[tn.parent]], To: ids[tn], Type: graph.Child})
		}
	}
	return pg, nil
}

// titleBlock returns the index of the first content block (after a leading
// heading that repeats the title) and the page's title.
func titleBlock(doc *page.Document) (int, string) {
	title := strings.TrimSpace(doc.Title)
	b := doc.Blocks[0]
	if b.Kind == page.Heading {
		h := english.Plain(b.Text)
		// A leading h1 is the page's own heading; a lower one only when it
		// repeats the title.
		if b.Level == 1 || title == "" || page.Normalize(english.CleanTitle(h)) == page.Normalize(english.CleanTitle(title)) {
			if title == "" {
				title = h
			}
			return 1, title
		}
	}
	if title == "" {
		title = firstWords(english.Plain(b.Text), 8)
	}
	return 0, title
}

func firstWords(s string, n int) string {
	w := strings.Fields(s)
	if len(w) > n {
		w = w[:n]
	}
	return strings.TrimRight(strings.Join(w, " "), ".,:;")
}

func joinLines(lines []string, from, to int) string {
	if from >= to || from < 0 || to > len(lines) {
		return ""
	}
	return strings.Join(lines[from:to], "\n")
}

// firstParagraph is the root's resolution on a page with no intro. It is
// the first section's opening, standing for the whole page: a closing
// sentence that introduces what follows in that section ("To cancel your
// subscription:") is left to the section, where the steps follow it.
//
// On a page of questions and answers (collapsible parts: an accordion, a
// list of questions) it is the first question, not its answer: the answer
// to one question stands for no page, and a root that gave it answered
// "I have a question about my account" with whether one may have two.
func firstParagraph(blocks []page.Block, lines []string) string {
	for i, b := range blocks {
		if b.Kind == page.Heading && b.Collapsible && strings.TrimSpace(b.Text) != "" {
			return nodeLine(page.Block{Kind: page.Paragraph, Text: b.Text, Links: b.Links})
		}
		if b.Kind == page.Paragraph && strings.TrimSpace(b.Text) != "" {
			return withoutLeadIn(lines[i])
		}
	}
	for i, b := range blocks {
		if b.Kind != page.Heading && strings.TrimSpace(b.Text) != "" {
			return lines[i]
		}
	}
	return lines[0]
}

// leadIn is a paragraph's last sentence when it ends with a colon.
var leadIn = regexp.MustCompile(`(?:^|[.!?]\s+\p{Lu})[^.!?]*:\s*$`)

// withoutLeadIn returns paragraph without a closing sentence that ends with
// a colon, unless that sentence is all of it.
func withoutLeadIn(paragraph string) string {
	loc := leadIn.FindStringIndex(paragraph)
	if loc == nil || loc[0] == 0 {
		return paragraph
	}
	// Keep the stop that ends the sentence before.
	cut := loc[0] + strings.IndexAny(paragraph[loc[0]:], ".!?") + 1
	return strings.TrimSpace(paragraph[:cut])
}

// sectionProblem turns a heading into a problem that reads on its own.
func sectionProblem(h string) string {
	p := strings.TrimRight(english.Plain(h), ": ")
	p = qPrefix.ReplaceAllString(p, "")
	p = english.QuestionToNounPhrase(p)
	p = english.SentenceCase(p)
	if p == "" {
		return "Section"
	}
	return lexical.UpperFirst(p)
}

// problemText is a base problem with its conditions: "Changing a reservation
// (booked by phone)".
func problemText(base string, conds []string) string {
	if len(conds) == 0 {
		return base
	}
	short := make([]string, len(conds))
	for i, c := range conds {
		short[i] = english.ShortCondition(c)
	}
	return base + " (" + strings.Join(short, "; ") + ")"
}

// pickIntents chooses at least three intents for a node that no other node
// on the page has; in a language without templates, where the node's own
// words are its intents, one or two.
func pickIntents(tpl *english.IntentTemplates, tn *treeNode, nodes []*treeNode, seen map[string]bool) []string {
	const want = 4
	var out []string
	add := func(cands []string) {
		for _, c := range cands {
			if len(out) >= want {
				return
			}
			k := english.FoldIntent(c)
			if k == "" || seen[k] {
				continue
			}
			seen[k] = true
			out = append(out, c)
		}
	}
	cond := tpl.JoinConditions(tn.conds)
	cands := tpl.Intents(tn.base, cond)
	least := min(3, len(cands))
	add(cands)
	if len(out) < least && tn.parent >= 0 {
		// Two sections with the same heading: say which part of the page.
		parent := nodes[tn.parent].node.Problem
		add(tpl.Intents(tpl.Part(tn.base, parent), cond))
	}
	for k := 2; len(out) < max(least, 1); k++ {
		add([]string{tpl.Numbered(tn.node.Problem, k)})
	}
	return out
}
