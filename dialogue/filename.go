package dialogue

import (
	"net/url"
	"path"
	"strings"
	"unicode"

	"github.com/helpgraph/helpgraph/graph"
)

// A page's file name is how its authors named it: "clock-set.html",
// "numbering_stop.html", "/articles/115-how-to-reset-your-password". A
// search engine reads a URL's words as a field of the page; here they are
// part of the whole page's document, once, as a word of its text is. They
// give the page a word its text may not write ("the clock on my computer
// is wrong": GNOME's page on setting the date and time, whose file name
// says clock and its text does not, lost to a page on the wrong wireless
// network). Only words the graph already has count: a file-name word no
// node writes matches no message word either. Measured as a title field
// (the name's words as the title's) it moved more and gained less: see
// the commit.

// readFileNames sets gw.fileName: per page, the run in gw.titles of its
// file name's words that the graph's vocabulary has.
func (gw *graphWords) readFileNames(g *graph.Graph) {
	for _, p := range g.Pages {
		start := int32(len(gw.titles))
		gw.v.buf = gw.v.an.model.EachWord(fileNameWords(p.URL), gw.v.buf, func(w []byte) {
			if id, ok := gw.v.ids[string(w)]; ok && hasLetter(w) {
				gw.titles = append(gw.titles, id)
			}
		})
		if end := int32(len(gw.titles)); end > start {
			gw.fileName[p.URL] = [2]int32{start, end}
		}
	}
}

// fileNameWords returns the words of the last element of a page's URL (or
// path), without its extensions, its dashes and underscores as spaces: ""
// for a folder's index page, whose name says nothing of it.
func fileNameWords(u string) string {
	if strings.Contains(u, "://") {
		if pu, err := url.Parse(u); err == nil {
			u = pu.Path
		}
	}
	name := path.Base(strings.TrimSuffix(u, "/"))
	if s, err := url.PathUnescape(name); err == nil {
		name = s // "Reset%20your%20password.md"
	}
	if i := strings.IndexByte(name, '.'); i >= 0 {
		name = name[:i]
	}
	switch strings.ToLower(name) {
	case "index", "readme", "", "/":
		return ""
	}
	return nameSeparators.Replace(name)
}

// nameSeparators are what a file name writes between its words.
var nameSeparators = strings.NewReplacer("-", " ", "_", " ")

// hasLetter reports whether w has a letter: a file name's number (an
// article's id, LibreOffice's "05020300") is no word of the page.
func hasLetter(w []byte) bool {
	return strings.IndexFunc(string(w), unicode.IsLetter) >= 0
}
