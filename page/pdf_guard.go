package page

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strconv"

	"github.com/ledongthuc/pdf"
)

// The PDF library trusts a file's cross-reference numbers: a section
// that starts at object 999999999 makes it allocate that many entries, a
// section whose /Prev leads back to itself reads forever, and a page tree
// whose kids hold their parent walks it forever. checkPDFStructure refuses
// such numbers in the file's own text before the library reads it (the
// cross-reference sections and their dictionaries are never compressed),
// and pdfPages walks the page tree within bounds.

// maxPDFObjects is how many objects a file of n bytes may number: even
// packed into compressed object streams, an object takes some bytes.
func maxPDFObjects(n int) int { return n/8 + 1024 }

// maxPDFContent bounds a page's program once inflated.
const maxPDFContent = 32 << 20

var (
	pdfStartXref  = regexp.MustCompile(`startxref\s+(\d+)`)
	pdfPrev       = regexp.MustCompile(`/Prev\s+(\d+)(\s+\d+\s+R)?`)
	pdfSubsection = regexp.MustCompile(`(?m)^[ \t]*(\d+)[ \t]+(\d+)[ \t]*\r?$`)
	pdfSize       = regexp.MustCompile(`/Size\s+(\d+)`)
	pdfIndex      = regexp.MustCompile(`/Index\s*\[([\d\s]*)\]`)
	pdfWidths     = regexp.MustCompile(`/W\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s*\]`)
)

// checkPDFStructure returns ErrPDF when raw's cross-reference numbers
// would make the library allocate without bound or loop.
func checkPDFStructure(raw []byte) error {
	limit := maxPDFObjects(len(raw))
	atoi := func(b []byte) int {
		n, err := strconv.Atoi(string(b))
		if err != nil {
			return -1 // too large for an int
		}
		return n
	}
	// Each section is read once: the last startxref and the /Prev each
	// section's trailer names (an outline item's /Prev is a reference).
	seen := map[int]bool{}
	if all := pdfStartXref.FindAllSubmatch(raw, -1); len(all) > 0 {
		seen[atoi(all[len(all)-1][1])] = true
	}
	for _, m := range pdfPrev.FindAllSubmatch(raw, -1) {
		if len(m[2]) > 0 {
			continue
		}
		if off := atoi(m[1]); seen[off] {
			return fmt.Errorf("%w: cross-reference sections in a loop", ErrPDF)
		} else {
			seen[off] = true
		}
	}
	tooMany := func(ns ...int) bool {
		total := 0
		for _, n := range ns {
			if n < 0 || n > limit {
				return true
			}
			total += n
		}
		return total > limit
	}
	for _, m := range pdfSubsection.FindAllSubmatch(raw, -1) {
		if tooMany(atoi(m[1]), atoi(m[2])) {
			return fmt.Errorf("%w: a cross-reference section numbers more objects than the file can hold", ErrPDF)
		}
	}
	for _, m := range pdfSize.FindAllSubmatch(raw, -1) {
		if tooMany(atoi(m[1])) {
			return fmt.Errorf("%w: /Size numbers more objects than the file can hold", ErrPDF)
		}
	}
	for _, m := range pdfIndex.FindAllSubmatch(raw, -1) {
		f := bytes.Fields(m[1])
		for i := 0; i+1 < len(f); i += 2 {
			if tooMany(atoi(f[i]), atoi(f[i+1])) {
				return fmt.Errorf("%w: /Index numbers more objects than the file can hold", ErrPDF)
			}
		}
	}
	for _, m := range pdfWidths.FindAllSubmatch(raw, -1) {
		for _, w := range m[1:] {
			if n := atoi(w); n < 0 || n > 8 {
				return fmt.Errorf("%w: cross-reference entries %s bytes wide", ErrPDF, w)
			}
		}
	}
	return nil
}

// maxPDFTreeDepth bounds how deep a page tree is walked: a real one is a
// few levels, a loop is endless.
const maxPDFTreeDepth = 32

// pdfPages returns the pages of r's page tree in order, at most max+1
// of them, walking at most maxPDFTreeDepth levels and 4·max nodes.
func pdfPages(r *pdf.Reader, max int) []pdf.Page {
	var pages []pdf.Page
	nodes := 0
	var walk func(node pdf.Value, depth int)
	walk = func(node pdf.Value, depth int) {
		if nodes++; depth > maxPDFTreeDepth || nodes > 4*max || len(pages) > max {
			return
		}
		kids := node.Key("Kids")
		if node.Key("Type").Name() == "Page" || kids.IsNull() && !node.Key("Contents").IsNull() {
			pages = append(pages, pdf.Page{V: node})
			return
		}
		for i := 0; i < kids.Len() && len(pages) <= max; i++ {
			walk(kids.Index(i), depth+1)
		}
	}
	walk(r.Trailer().Key("Root").Key("Pages"), 0)
	return pages
}

// checkPDFContent returns ErrTooBig when page p's program inflates to
// more than maxPDFContent bytes (a small file can hold a huge one).
func checkPDFContent(p pdf.Page) error {
	c := p.V.Key("Contents")
	streams := []pdf.Value{c}
	if c.Kind() == pdf.Array {
		streams = streams[:0]
		for i := 0; i < c.Len(); i++ {
			streams = append(streams, c.Index(i))
		}
	}
	var total int64
	for _, s := range streams {
		rc := s.Reader()
		n, _ := io.Copy(io.Discard, io.LimitReader(rc, maxPDFContent+1-total))
		rc.Close()
		if total += n; total > maxPDFContent {
			return fmt.Errorf("a page's program over %d bytes: %w", maxPDFContent, ErrTooBig)
		}
	}
	return nil
}
