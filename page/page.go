// Package page turns raw help pages (HTML or Markdown, from a folder or a
// crawl) into cleaned Documents: the page's title, canonical URL and content
// blocks, with navigation, headers, footers, scripts and styles dropped.
//
// A Document's Text is what the knowledge graph's resolutions are snippets of,
// and what the store keeps for the RAG baseline and grounding checks.
package page

import (
	"encoding/json"
	"errors"
	"index/suffixarray"
	"strings"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

// BlockKind is the kind of a content block.
type BlockKind string

const (
	Heading   BlockKind = "heading"   // Level 1..6
	Paragraph BlockKind = "paragraph" //
	ListItem  BlockKind = "list-item" // Depth 1 for a top-level item, 2 for a nested one...
	TableRow  BlockKind = "table-row" // cells joined with " | "
)

// Link is a hyperlink found in a block, made absolute against the page URL.
type Link struct {
	Text string `json:"text"`
	URL  string `json:"url"`
}

// Block is one unit of page content. Text is inline Markdown: plain words with
// links written as [text](absolute-url); no block prefix ("## ", "- ").
type Block struct {
	Kind    BlockKind `json:"kind"`
	Level   int       `json:"level,omitempty"` // heading level
	Depth   int       `json:"depth,omitempty"` // list nesting depth, 1-based; of a paragraph, the item's it goes on in (its code)
	Ordered bool      `json:"ordered,omitempty"`
	// Tab marks a heading that labels one tab of a set of tabs (Docusaurus
	// <TabItem>, MkDocs Material "=== ", Hugo's tab shortcode): its section
	// is one of several alternatives the page sets side by side, of which
	// a reader needs one ("Android" / "iOS"). Inside a list item, where
	// a step shows its command for each system, a tab's label is a
	// paragraph of the item marked Tab ("Windows:"), its content the
	// item's: the tabs stay in their step.
	Tab bool `json:"tab,omitempty"`
	// TabsEnd marks the first block after a set of tabs, or after a
	// collapsible part, that is the section's again, not the last tab's
	// or the part's ("To learn more, see …" after the Unix and Windows
	// tabs): the readers that know where a set of tabs closes mark it, as
	// a heading has no end tag.
	TabsEnd bool `json:"tabs_end,omitempty"`
	// Collapsible marks a heading that is the summary of a collapsible
	// part (<details>): its section ends where the part closes, at the
	// block marked TabsEnd, as a tab's does.
	Collapsible bool `json:"collapsible,omitempty"`
	// Code marks a line of preformatted text (<pre>, a Markdown code
	// block): code or a command a reader copies as it stands, never a
	// page's title for a section nor a situation ("if form.is_valid():").
	Code bool `json:"code,omitempty"`
	// Verbatim is a line of code as the page writes it, where Text has
	// its white space collapsed as all text has: its indentation and
	// aligned columns, which a reader copies (a Python block, a table a
	// command prints). Empty when it is Text.
	Verbatim string `json:"verbatim,omitempty"`
	// BlankBefore marks a line of code that a blank line of the same
	// code block comes before (a shell session's second command, a config
	// file's next paragraph): the blank is no block of its own, so the
	// page's text and where its blocks start stay as they were.
	BlankBefore bool `json:"blank_before,omitempty"`
	// NoteTitle marks a block that opens with the title of a note (an
	// admonition or callout: ":::caution Restrictions", ".. note::",
	// "!!! tip \"Title\"", an HTML page's note title): the page's
	// furniture, which names the note, never a situation of the reader's.
	NoteTitle bool   `json:"note_title,omitempty"`
	Text      string `json:"text"`
	Links     []Link `json:"links,omitempty"`
}

// Document is a cleaned help page.
type Document struct {
	// URL identifies the page: its canonical URL when the page declares one,
	// else the crawled URL, or for a file its address under the folder's
	// base URL (ReadOptions.BaseURL), else its path relative to the folder.
	URL   string `json:"url"`
	Title string `json:"title"`
	// Lang is the page's language as a BCP 47 tag, "" when unknown: from
	// its front matter, <html lang> (else <body lang>), or a language folder
	// (de/, i18n/de/).
	Lang   string  `json:"lang,omitempty"`
	Blocks []Block `json:"blocks"`
	// ContentHash is the hex SHA-256 of the raw bytes the document came from.
	ContentHash string `json:"content_hash"`
	// Breadcrumb names the sections the page sits in, outermost first (a
	// help desk's category and section), where the source says.
	Breadcrumb []string `json:"breadcrumb,omitempty"`
	// Keywords are what the page's authors say it is about besides its
	// title, for their site's search: its front matter's description and
	// keywords or tags, its HTML's keywords meta tags, a help desk
	// article's labels (see Keywords).
	Keywords []string `json:"keywords,omitempty"`

	// partAt says, for each block, where a part of the document may open
	// there, addressed in its file ("page=12": a PDF's heading on its
	// twelfth page), "" where none may; nil for a reader that cannot
	// address its sections. See Split.
	partAt []string
}

// Limits on a page's keywords: a page declares them, untrusted, and a
// keyword stuffed with a paragraph or a list of hundreds would outweigh
// what the page says.
const (
	maxKeywords    = 24
	maxKeywordSize = 160 // bytes
)

// Keywords returns what of declared a page keeps as its keywords: each
// trimmed, with inner white space collapsed, none empty, longer than
// maxKeywordSize or said twice (case aside), at most maxKeywords.
func Keywords(declared ...string) []string {
	var out []string
	seen := make(map[string]bool)
	for _, k := range declared {
		k = strings.Join(strings.Fields(k), " ")
		key := strings.ToLower(k)
		if k == "" || len(k) > maxKeywordSize || seen[key] {
			continue
		}
		seen[key] = true
		if out = append(out, k); len(out) == maxKeywords {
			break
		}
	}
	return out
}

// BlockLine renders one block as a line of the document text.
func BlockLine(b Block) string {
	switch b.Kind {
	case Heading:
		return strings.Repeat("#", max(1, min(b.Level, 6))) + " " + b.Text
	case ListItem:
		marker := "- "
		if b.Ordered {
			marker = "1. "
		}
		return strings.Repeat("  ", max(0, b.Depth-1)) + marker + b.Text
	case TableRow:
		return "| " + b.Text + " |"
	default:
		// A paragraph inside a list item (its code, what follows
		// it) is indented under the item, as Markdown continues one.
		return strings.Repeat("  ", b.Depth) + b.Text
	}
}

// blockMarkup is the number of bytes BlockLine adds to a block's text.
func blockMarkup(b Block) int {
	switch b.Kind {
	case Heading:
		return max(1, min(b.Level, 6)) + 1
	case ListItem:
		if b.Ordered {
			return 2*max(0, b.Depth-1) + 3
		}
		return 2*max(0, b.Depth-1) + 2
	case TableRow:
		return 4
	default:
		return 2 * b.Depth
	}
}

// Text renders the document as Markdown-like text, one block per line.
func (d *Document) Text() string {
	// Sized first: the text is kept (a graph holds every page's), and a
	// growing builder left up to half its buffer unused.
	n := len(d.Blocks)
	for _, b := range d.Blocks {
		n += len(b.Text) + blockMarkup(b)
	}
	var sb strings.Builder
	sb.Grow(n)
	for i, b := range d.Blocks {
		if i > 0 {
			sb.WriteByte('\n')
		}
		sb.WriteString(BlockLine(b))
	}
	return sb.String()
}

// Links returns every link in the document, in order, duplicates removed.
func (d *Document) Links() []Link {
	var out []Link
	seen := make(map[string]bool)
	for _, b := range d.Blocks {
		for _, l := range b.Links {
			if !seen[l.URL] {
				seen[l.URL] = true
				out = append(out, l)
			}
		}
	}
	return out
}

var typographic = strings.NewReplacer(
	"\u2018", "'", "\u2019", "'", "\u201c", `"`, "\u201d", `"`,
	"\u2013", "-", "\u2014", "-", "\u00a0", " ",
)

// Normalize folds text for grounding checks: lower case, Markdown emphasis
// and list/heading markers kept, all runs of white space collapsed to one
// space, and typographic quotes and dashes mapped to ASCII.
func Normalize(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(typographic.Replace(s))), " ")
}

// Grounded reports whether snippet occurs in text after normalisation. To
// check many snippets against one text, use a Grounder: this normalises the
// whole text on every call.
func Grounded(snippet, text string) bool {
	n := Normalize(snippet)
	return n != "" && strings.Contains(Normalize(text), n)
}

// GroundedLines reports whether every non-blank line of snippet occurs in
// text after normalisation (Grounder.GroundedLines).
func GroundedLines(snippet, text string) bool {
	return NewGrounder(text).GroundedLines(snippet)
}

// Grounder checks snippets against one text, normalised once. Snippets are
// looked up by a plain scan until the scans add up to scanBudget times the
// text's length; then the text is indexed (a suffix array), so that checking
// every node of a page never costs the size of the page times the number of
// nodes, while the usual page, checked a few times, never pays for an index.
type Grounder struct {
	text    string
	scanned int
	index   *suffixarray.Index
}

// scanBudget is how many times over a Grounder scans its text before it
// indexes it: building the suffix array costs about as much as a few dozen
// scans.
const scanBudget = 32

// NewGrounder prepares text for Grounded.
func NewGrounder(text string) *Grounder {
	return &Grounder{text: Normalize(text)}
}

// Grounded reports whether snippet occurs in the text after normalisation.
func (g *Grounder) Grounded(snippet string) bool {
	n := Normalize(snippet)
	if n == "" {
		return false
	}
	if g.index == nil && g.scanned > scanBudget*len(g.text) {
		g.index = suffixarray.New([]byte(g.text))
	}
	if g.index != nil {
		return len(g.index.Lookup([]byte(n), 1)) > 0
	}
	g.scanned += len(g.text)
	return strings.Contains(g.text, n)
}

// GroundedLines reports whether every non-blank line of snippet occurs in
// the text after normalisation: a resolution that joins the page's lines
// from two places (a section's opening, and its closing after the
// situations) is grounded line by line. A line that is one code span
// and nothing else (a line of code as a node's text marks it,
// lexical.CodeSpan) is grounded by the code it holds, and a line whose
// "<" and backslashes the node's text escapes (lexical.EscapeWords) by
// its words.
func (g *Grounder) GroundedLines(snippet string) bool {
	seen := false
	for _, line := range strings.Split(snippet, "\n") {
		if strings.TrimSpace(line) == "" || lexical.BlankCodeLine(line) {
			continue // a blank line of code says nothing of its own
		}
		if !g.Grounded(line) && !g.Grounded(lexical.UnescapeWords(line)) {
			code, ok := lexical.CodeLine(line)
			if !ok || !g.Grounded(code) {
				return false
			}
		}
		seen = true
	}
	return seen
}

// Errors a page can fail to read with. Callers match them with errors.Is.
var (
	ErrNoText  = errors.New("page has no text")
	ErrTooBig  = errors.New("page is too big")
	ErrCharset = errors.New("page charset is not supported")
	ErrBinary  = errors.New("page is binary data, not text")
)

// PageError records a page that could not be read, while the rest of the
// pages of a folder or crawl still were.
type PageError struct {
	URL string `json:"url"`
	Err error  `json:"-"`
}

func (e PageError) Error() string {
	if e.Err == nil {
		return e.URL + ": failed"
	}
	return e.URL + ": " + e.Err.Error()
}

func (e PageError) Unwrap() error { return e.Err }

// MarshalJSON writes the error as its message, which Err alone cannot be.
func (e PageError) MarshalJSON() ([]byte, error) {
	msg := ""
	if e.Err != nil {
		msg = e.Err.Error()
	}
	return json.Marshal(struct {
		URL   string `json:"url"`
		Error string `json:"error"`
	}{e.URL, msg})
}
