package page

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestDITAGolden: a small help center kept as DITA (a map, a concept, two
// tasks, a troubleshooting topic, a reference, a glossary entry, a file
// of two topics and a German topic), as the graph reads it.
func TestDITAGolden(t *testing.T) {
	checkDirGolden(t, "dita", "dita.golden")
}

func TestDITA(t *testing.T) {
	checkXMLReader(t, func(raw []byte) (*Document, error) { return parseDITA(raw, "x.dita", nil) }, ErrDITA, []xmlCase{
		{"a topic with no DTD, entities as authors type them",
			`<topic id="x"><title>Printing</title><body><p>Press <uicontrol>Print</uicontrol>&nbsp;now.</p></body></topic>`,
			"# Printing\nPress Print now."},
		{"a menu path, an external link, a link within the topic",
			`<task id="x"><title>T</title><taskbody><steps><step><cmd>Click <menucascade><uicontrol>File</uicontrol><uicontrol>Export</uicontrol></menucascade>.</cmd></step></steps>` +
				`<result>See <xref href="https://example.com/help" scope="external">the site</xref> and <xref href="#x/steps">above</xref>.</result></taskbody></task>`,
			"# T\n1. Click File > Export.\nSee [the site](https://example.com/help) and above."},
		{"a specialized element is read by its base type; comments, index terms and pictures are no text",
			`<concept id="x"><title>T</title><conbody><draft-comment>todo</draft-comment><warningpara class="- topic/p mydomain/warningpara ">Unplug it first.</warningpara>` +
				`<p>Text<indexterm>lamp</indexterm>.<image href="a.png"><alt>alt</alt></image></p></conbody></concept>`,
			"# T\nUnplug it first.\nText."},
		{"a paragraph holding a list: its text, then the list",
			`<topic id="x"><title>T</title><body><p>Choose one:<ul><li>Print</li><li>Save</li></ul></p></body></topic>`,
			"# T\nChoose one:\n- Print\n- Save"},
		{"a nested topic is a section",
			`<topic id="x"><title>T</title><body><p>One.</p></body><topic id="y"><title>Sub</title><body><p>Two.</p></body></topic></topic>`,
			"# T\nOne.\n## Sub\nTwo."},
	}, map[string]string{
		"not XML":            "Title\n=====\n",
		"another document":   `<html><body><p>x</p></body></html>`,
		"a map":              `<map><topicref href="a.dita"/></map>`,
		"a dita of no topic": `<dita></dita>`,
		"nested too deep":    strings.Repeat("<topic><body><section>", 30),
	})
}

// TestReadDirDITA: a topic's links to the folder's topics (and to those
// nested under it in its maps) are reference edges, its maps' topic
// references above it its breadcrumb, and a map is no page.
func TestReadDirDITA(t *testing.T) {
	docs, _, err := ReadDir(context.Background(), filepath.Join("testdata", "dita"), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	links := map[string][]string{}
	crumbs := map[string][]string{}
	for _, d := range docs {
		if strings.HasSuffix(d.URL, ".ditamap") || d.URL == "shared/warnings.dita" {
			t.Errorf("%s is a page (a map, or a topic the map names as a resource only)", d.URL)
		}
		for _, l := range d.Links() {
			links[d.URL] = append(links[d.URL], l.URL)
		}
		crumbs[d.URL] = d.Breadcrumb
	}
	for _, tc := range []struct{ from, to string }{
		{"concepts/about.dita", "tasks/pair.dita"},           // an xref with no text
		{"tasks/pair.dita", "tasks/schedule.dita"},           // to a topic of the file, by id
		{"troubleshooting/no-light.dita", "tasks/pair.dita"}, // from a remedy's step
		{"faq.dita", "tasks/pair.dita"},                      // through a key the map defines
		{"concepts/about.dita", "tasks/schedule.dita"},       // a child in the map, as DITA-OT lists it
	} {
		if !slices.Contains(links[tc.from], tc.to) {
			t.Errorf("%s links %q, want %s among them", tc.from, links[tc.from], tc.to)
		}
	}
	for rel, want := range map[string][]string{
		"tasks/pair.dita":               {"About the Lumen lamp"}, // the topic above, by its title
		"troubleshooting/no-light.dita": {"Troubleshooting"},      // a topichead's navtitle
		"reference/settings.dita":       nil,                      // a topicgroup has no title
	} {
		if got := crumbs[rel]; !slices.Equal(got, want) {
			t.Errorf("%s: breadcrumb %q, want %q", rel, got, want)
		}
	}
}

// FuzzParseDITA: no topic, however malformed, panics the reader or makes
// a page with markup in it.
func FuzzParseDITA(f *testing.F) {
	for _, name := range []string{"tasks/pair.dita", "reference/settings.dita", "troubleshooting/no-light.dita"} {
		raw, err := os.ReadFile(filepath.Join("testdata", "dita", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(raw)
	}
	f.Add([]byte(`<dita><topic><title/><body><steps><step><choicetable><chrow><chdesc><xref/></chdesc></chrow></choicetable></step></steps></body></topic></dita>`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		doc, err := parseDITA(raw, "f.dita", nil)
		if err != nil {
			return
		}
		checkCleanDocument(t, doc)
	})
}

// FuzzScanDITAMap: no map, however malformed, panics the map reader.
func FuzzScanDITAMap(f *testing.F) {
	raw, err := os.ReadFile(filepath.Join("testdata", "dita", "guide.ditamap"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(raw)
	f.Fuzz(func(t *testing.T, raw []byte) {
		m := scanDITAMap(raw)
		if m == nil {
			return
		}
		for _, r := range m.refs {
			if r.href == "" {
				t.Errorf("a reference with no href: %+v", r)
			}
		}
	})
}

// TestDITAReuseBounded: content reused in a cycle, or fanned out so that
// each target reuses many, makes a bounded page.
func TestDITAReuseBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<topic id="t"><title>T</title><body>`)
	// Ten levels, each a paragraph reusing the level below ten times.
	for level := range 10 {
		fmt.Fprintf(&b, `<p id="l%d">`, level)
		for range 10 {
			fmt.Fprintf(&b, `<ph conref="#t/l%d"/>`, level+1)
		}
		b.WriteString("</p>")
	}
	b.WriteString(`<p id="l10">leaf</p><p id="c" conref="#t/c"/></body></topic>`)
	doc, err := parseDITA([]byte(b.String()), "x.dita", nil)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(doc.Text(), "leaf"); n == 0 || n > maxReuses {
		t.Errorf("%d leaves written, want some and at most %d", n, maxReuses)
	}
}
