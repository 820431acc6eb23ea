package page

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
)

// A manual of many chapters in one file (a PDF user guide) is many pages
// of a help center, not one: the ranking weighs a word by how few pages
// use it, and a single page of 278 printed ones uses them all, so
// "vpn" weighs what "server" does and a question about the VPN app is
// answered from the mail server's chapter. Split hands such a document
// over as its parts, each a page: the file's opening, then each section
// at the highest level under its title, a section that is still long
// split at its own sections in turn. A part lives at the file's address
// with the place it opens at (a PDF's "#page=12", which browsers' PDF
// viewers open), is titled by its section's heading, and names the
// sections it sits in as its breadcrumb.

// maxPartWords is how long a part may be before it is split at its
// sections: about six printed pages, longer than most help-center
// articles, so that a chapter on one task stays one page.
const maxPartWords = 750

// Split returns doc's parts when it is long and its reader said where its
// sections open (a PDF's pages), else doc alone.
func Split(doc *Document) []*Document {
	if len(doc.partAt) != len(doc.Blocks) || len(doc.Blocks) < 2 || doc.Blocks[0].Kind != Heading ||
		wordsOf(doc.Blocks) <= maxPartWords {
		return []*Document{doc}
	}
	s := splitter{doc: doc, used: map[string]bool{}, holder: make([]string, len(doc.Blocks))}
	s.section(0, len(doc.Blocks), nil)
	if len(s.parts) < 2 {
		return []*Document{doc}
	}
	s.linkParts()
	return s.parts
}

type splitter struct {
	doc   *Document
	parts []*Document
	used  map[string]bool // the parts' URLs
	// holder is, by block, the URL of the part that holds it ("" for
	// none: a part that said nothing).
	holder []string
}

// linkParts leads each link of the parts to a place in the document (a
// DocBook cross-reference, "book.docbook#undo-actions") to the part that
// holds that place, and one to a place no part opens at or holds to the
// document's opening part: a part's address is the document's and the
// place it opens at, told apart from a twin's ("#page=12&part=3"), and a
// place inside a part is no address of any.
func (s *splitter) linkParts() {
	base, _, _ := strings.Cut(s.doc.URL, "#")
	holders := map[string]string{} // place -> the part that holds it
	for i, place := range s.doc.partAt {
		if _, seen := holders[place]; place != "" && !seen && s.holder[i] != "" {
			holders[place] = s.holder[i]
		}
	}
	for _, part := range s.parts {
		relink(part, func(u string) string {
			page, place, ok := strings.Cut(u, "#")
			if !ok || page != base {
				return u
			}
			if to, ok := holders[place]; ok {
				return to
			}
			return base
		})
	}
}

// section adds the parts of the section of blocks [start, end), whose
// first block is its heading, under the headings crumb.
func (s *splitter) section(start, end int, crumb []string) {
	blocks := s.doc.Blocks[start:end]
	level := 0 // the highest level of the headings under the section's
	for i, b := range blocks[1:] {
		if b.Kind == Heading && (level == 0 || b.Level < level) && s.doc.partAt[start+1+i] != "" {
			level = b.Level
		}
	}
	if level == 0 || wordsOf(blocks) <= maxPartWords {
		s.add(start, end, crumb)
		return
	}
	var opens []int // where each subsection opens
	for i := start + 1; i < end; i++ {
		if b := s.doc.Blocks[i]; b.Kind == Heading && b.Level == level && s.doc.partAt[i] != "" {
			opens = append(opens, i)
		}
	}
	// The section's opening, before its first subsection, is a part of
	// its own when it says anything.
	s.add(start, opens[0], crumb)
	inner := append(slices.Clip(crumb), plainLinks(s.doc.Blocks[start]))
	for k, open := range opens {
		close := end
		if k+1 < len(opens) {
			close = opens[k+1]
		}
		s.section(open, close, inner)
	}
}

// add makes the blocks [start, end) a part: its heading the part's title
// at level 1, the headings below it raised as much.
// A part that says nothing below its heading ("Contents", whose lines a
// PDF's reader leaves out) is none. The first part has the file's
// address, so that a link to the file leads there.
func (s *splitter) add(start, end int, crumb []string) {
	doc := s.doc
	if wordsOf(doc.Blocks[start+1:end]) == 0 {
		return
	}
	head := doc.Blocks[start]
	// No part takes the document's keywords: they say what the whole
	// book is about, and on its opening part they made it the answer to
	// every question on its features (a handbook's "image, viewer,
	// photo" answering "rotate a photo" from its introduction).
	part := &Document{URL: doc.URL, Title: doc.Title, Lang: doc.Lang, Breadcrumb: slices.Concat(doc.Breadcrumb, crumb)}
	if start > 0 {
		part.Title = plainLinks(head)
	}
	if len(s.parts) > 0 {
		part.URL = s.url(start)
	}
	part.Blocks = append(part.Blocks, Block{Kind: Heading, Level: 1, Text: head.Text, Links: head.Links})
	shift := head.Level - 1
	for _, b := range doc.Blocks[start+1 : end] {
		if b.Kind == Heading {
			b.Level = max(2, b.Level-shift)
		}
		part.Blocks = append(part.Blocks, b)
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n", doc.ContentHash, part.URL)
	for _, b := range part.Blocks {
		fmt.Fprintf(h, "%s %d %d %s\n", b.Kind, b.Level, b.Depth, b.Text)
	}
	part.ContentHash = hex.EncodeToString(h.Sum(nil))
	s.parts = append(s.parts, part)
	for i := start; i < end; i++ {
		s.holder[i] = part.URL
	}
}

// url is the address of the part opening at block i: the file's with the
// place its reader gave, told apart from an earlier part that opens at
// the same place ("#page=12&part=3": a viewer opens page 12 and ignores
// what it does not know).
func (s *splitter) url(i int) string {
	base, _, _ := strings.Cut(s.doc.URL, "#")
	u := base + "#" + s.doc.partAt[i]
	if s.used[u] {
		u += fmt.Sprintf("&part=%d", len(s.parts)+1)
	}
	s.used[u] = true
	return u
}

// wordsOf counts the words of blocks.
func wordsOf(blocks []Block) int {
	n := 0
	for _, b := range blocks {
		n += len(strings.Fields(b.Text))
	}
	return n
}
