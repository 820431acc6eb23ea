package page

import (
	"reflect"
	"testing"
)

// TestTabsEnd: every reader that knows where a set of tabs closes marks
// the first block after it that is the section's again (Block.TabsEnd);
// a tab's own text, a tab of the same set and a heading are not marked.
func TestTabsEnd(t *testing.T) {
	for _, tc := range []struct {
		name, kind, src string
		want            []string // the texts of the blocks marked
	}{
		{"reStructuredText", "rst", "Install\n=======\n\nRun it:\n\n.. tab:: Unix\n\n   Type a.\n\n.. tab:: Windows\n\n   Type b.\n\nSee the reference.\n",
			[]string{"See the reference."}},
		{"reStructuredText, tabs in a container", "rst", "Install\n=======\n\n.. tabs::\n\n   .. tab:: Unix\n\n      Type a.\n\n   .. tab:: Windows\n\n      Type b.\n\n.. a comment\n\nSee the reference.\n",
			[]string{"See the reference."}},
		{"reStructuredText, a heading after the tabs", "rst", "Install\n=======\n\n.. tab:: Unix\n\n   Type a.\n\nNext\n====\n\nx\n",
			nil},
		{"Docusaurus", "md", "## Install\n<Tabs>\n<TabItem value=\"a\" label=\"Android\">\nTap Install.\n</TabItem>\n<TabItem value=\"i\" label=\"iOS\">\nTap Get.\n</TabItem>\n</Tabs>\n\nThen sign in.\n",
			[]string{"Then sign in."}},
		{"MyST inline tabs, one set", "md", "## Paths\n````{tab} Linux\nA\n````\n````{tab} Windows\nB\n````\nAfter.\n",
			[]string{"After."}},
		{"Hugo", "md", "## Install\n{{< tabs >}}\n{{% tab \"Android\" %}}\nTap Install.\n{{% /tab %}}\n{{% tab \"iOS\" %}}\nTap Get.\n{{% /tab %}}\n{{< /tabs >}}\nThen sign in.\n",
			[]string{"Then sign in."}},
		{"MkDocs", "md", "## Install\n=== \"Android\"\n    Tap Install.\n=== \"iOS\"\n    Tap Get.\n\nThen sign in.\n",
			[]string{"Then sign in."}},
		{"tabs at the page's end", "md", "## Install\n<Tabs>\n<TabItem value=\"a\" label=\"Android\">\nTap Install.\n</TabItem>\n</Tabs>\n",
			nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := parseKind(t, tc.kind, tc.src)
			var got []string
			for _, b := range doc.Blocks {
				if b.TabsEnd {
					got = append(got, b.Text)
				}
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("marked %q, want %q\n%+v", got, tc.want, doc.Blocks)
			}
		})
	}
}

// parseKind reads src as a page of kind "md" (Markdown) or "rst".
func parseKind(t *testing.T, kind, src string) *Document {
	t.Helper()
	parse := map[string]func([]byte, string) (*Document, error){"md": ParseMarkdown, "rst": ParseRST}[kind]
	doc, err := parse([]byte(src), "p."+kind)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// TestLeadTabSets: a section of several sets of tabs, each led by a line
// ending in ":", has each lead as its set's heading, the tabs one level
// down; a section with one set, or with a set no line leads, is left as
// it is.
func TestLeadTabSets(t *testing.T) {
	h := func(level int, text string, tab bool) Block {
		return Block{Kind: Heading, Level: level, Text: text, Tab: tab}
	}
	p := func(text string) Block { return Block{Kind: Paragraph, Text: text} }
	after := func(text string) Block { return Block{Kind: Paragraph, Text: text, TabsEnd: true} }
	for _, tc := range []struct {
		name     string
		in, want []Block
	}{
		{"two led sets, the first closed by the page",
			[]Block{h(2, "Listing", false), p("To list installed packages:"), h(3, "Unix", true), p("a"), h(3, "Windows", true), p("b"),
				after("To list outdated packages:"), h(3, "Unix", true), h(4, "Note", false), p("c"), h(3, "Windows", true), p("d"), h(2, "Next", false)},
			[]Block{h(2, "Listing", false), h(3, "To list installed packages", false), h(4, "Unix", true), p("a"), h(4, "Windows", true), p("b"),
				h(3, "To list outdated packages", false), h(4, "Unix", true), h(5, "Note", false), p("c"), h(4, "Windows", true), p("d"), h(2, "Next", false)}},
		{"two led sets, a repeated label opening the second",
			[]Block{h(2, "Listing", false), p("To list:"), h(3, "Unix", true), p("a"), p("To show:"), h(3, "Unix", true), p("c")},
			[]Block{h(2, "Listing", false), h(3, "To list", false), h(4, "Unix", true), p("a"), h(3, "To show", false), h(4, "Unix", true), p("c")}},
		{"one set",
			[]Block{h(2, "Listing", false), p("To list installed packages:"), h(3, "Unix", true), p("a"), h(3, "Windows", true), p("b"), after("See also.")},
			nil},
		{"a set no line leads",
			[]Block{h(2, "Listing", false), p("To list installed packages:"), h(3, "Unix", true), p("a"), h(3, "Windows", true), p("b"),
				after("More."), h(3, "Unix", true), p("c")},
			nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := append([]Block(nil), tc.in...)
			leadTabSets(got)
			want := tc.want
			if want == nil {
				want = tc.in
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got\n%+v\nwant\n%+v", got, want)
			}
		})
	}
}
