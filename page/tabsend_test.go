package page

import (
	"reflect"
	"testing"
)

// TestTabsEnd: every reader that knows where a set of tabs closes marks
// the first block after it that is the section's again (Block.TabsEnd);
// a tab's own text, a tab of the same set and a heading are not marked.
func TestTabsEnd(t *testing.T) {
	parse := map[string]func([]byte, string) (*Document, error){"md": ParseMarkdown, "rst": ParseRST}
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
			doc, err := parse[tc.kind]([]byte(tc.src), "p."+tc.kind)
			if err != nil {
				t.Fatal(err)
			}
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
