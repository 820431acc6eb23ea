package page

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestMallardGolden reads a folder of Mallard pages in the shapes GNOME's
// help uses (testdata/mallard): a topic with steps, keys, a note, a
// conditional for another session, a section with a list, terms, a
// table and a command; guides whose topic lists yelp would write.
func TestMallardGolden(t *testing.T) {
	checkDirGolden(t, "mallard", "mallard.golden")
}

func TestMallard(t *testing.T) {
	checkXMLReader(t, func(raw []byte) (*Document, error) { return parseMallard(raw, "x.page", nil) }, ErrMallard, []xmlCase{
		{"a page with no namespace prefix and a bare title",
			`<page id="x"><title>Printing</title><p>Press <keyseq><key>Ctrl</key><key>P</key></keyseq>.</p></page>`,
			"# Printing\nPress Ctrl+P."},
		{"a conditional for GNOME's session is read, another session's not",
			`<page xmlns="http://projectmallard.org/1.0/" xmlns:if="http://projectmallard.org/if/1.0/" id="x"><title>T</title>` +
				`<p if:test="!platform:gnome-classic">On GNOME.</p><p if:test="platform:gnome-classic">Classic.</p>` +
				`<if:if test="target:html"><p>On screen.</p></if:if></page>`,
			"# T\nOn GNOME.\nOn screen."},
		{"an editorial comment and a picture are no text",
			`<page xmlns="http://projectmallard.org/1.0/" id="x"><title>T</title><comment><p>todo</p></comment><media src="a.png">alt</media><p>Text.</p></page>`,
			"# T\nText."},
	}, map[string]string{
		"not XML":          "Title\n=====\n",
		"another document": `<html><body><p>x</p></body></html>`,
		"nested too deep":  strings.Repeat("<page><section>", 40),
	})
}

// TestReadDirMallard: a topic's links to the folder's pages, its trail
// and the topics its guide lists (where the guide places them, or after
// its own text when it places none) are reference edges and a breadcrumb.
func TestReadDirMallard(t *testing.T) {
	docs, _, err := ReadDir(context.Background(), filepath.Join("testdata", "mallard"), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	links := map[string][]string{}
	crumbs := map[string][]string{}
	for _, d := range docs {
		for _, l := range d.Links() {
			links[d.URL] = append(links[d.URL], l.URL)
		}
		crumbs[d.URL] = d.Breadcrumb
	}
	for _, tc := range []struct{ from, to string }{
		{"keyboard-bouncekeys.page", "keyboard-repeat.page"}, // See also
		{"keyboard-repeat.page", "keyboard-bouncekeys.page"}, // an xref with no text
		{"keyboard.page", "keyboard-bouncekeys.page"},        // the guide's section lists it
		{"index.page", "keyboard.page"},                      // the guide lists it
		{"cleanup.page", "cleanup-trash.page"},               // a guide with no <links>: yelp lists its topics
	} {
		if !slices.Contains(links[tc.from], tc.to) {
			t.Errorf("%s links %q, want %s among them", tc.from, links[tc.from], tc.to)
		}
	}
	if got := crumbs["keyboard-bouncekeys.page"]; !slices.Equal(got, []string{"Keyboard"}) {
		t.Errorf("bounce keys' breadcrumb %q, want its guide's title", got)
	}
}

// FuzzParseMallard: no page, however malformed, panics the reader or
// makes a page with markup in it.
func FuzzParseMallard(f *testing.F) {
	raw, err := os.ReadFile(filepath.Join("testdata", "mallard", "keyboard-bouncekeys.page"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(raw)
	f.Add([]byte(`<page xmlns:if="http://projectmallard.org/if/1.0/"><if:choose><if:when test=","><p>a<keyseq/></p></if:when></if:choose><table><tr><td><table/></td></tr></table></page>`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		doc, err := parseMallard(raw, "f.page", nil)
		if err != nil {
			return
		}
		checkCleanDocument(t, doc)
	})
}
