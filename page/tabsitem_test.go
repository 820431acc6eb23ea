package page

import (
	"fmt"
	"reflect"
	"testing"
)

// TestTabsInListItem: a set of tabs inside a list item (a step that shows
// its command for each system) stays in the item in every dialect: each
// tab's label is a line of the item marked Tab, its code the item's, and
// the list goes on with its next item. Taken out as headings, the tabs
// ended the list and were read as the section's variants.
func TestTabsInListItem(t *testing.T) {
	want := []string{
		"list-item 1 Install the app.",
		"paragraph 1 tab macOS:",
		"paragraph 1 code brew install app",
		"paragraph 1 tab Windows:",
		"paragraph 1 code winget install app",
		"list-item 1 Upgrade it.",
	}
	for _, tc := range []struct{ name, kind, src string }{
		{"Docusaurus", "md", "## Steps\n\n1. Install the app.\n\n   <Tabs>\n   <TabItem value=\"m\" label=\"macOS\">\n\n   ```\n   brew install app\n   ```\n\n   </TabItem>\n   <TabItem value=\"w\" label=\"Windows\">\n\n   ```\n   winget install app\n   ```\n\n   </TabItem>\n   </Tabs>\n\n2. Upgrade it.\n"},
		{"Docusaurus, tabs indented under their set", "md", "## Steps\n\n1. Install the app.\n\n   <Tabs>\n     <TabItem value=\"m\" label=\"macOS\">\n       ```\n       brew install app\n       ```\n     </TabItem>\n     <TabItem value=\"w\" label=\"Windows\">\n       ```\n       winget install app\n       ```\n     </TabItem>\n   </Tabs>\n\n2. Upgrade it.\n"},
		{"MkDocs", "md", "## Steps\n\n1. Install the app.\n\n    === \"macOS\"\n\n        ```\n        brew install app\n        ```\n\n    === \"Windows\"\n\n        ```\n        winget install app\n        ```\n\n2. Upgrade it.\n"},
		{"Hugo", "md", "## Steps\n\n1. Install the app.\n\n   {{< tabs >}}\n   {{% tab \"macOS\" %}}\n   ```\n   brew install app\n   ```\n   {{% /tab %}}\n   {{% tab \"Windows\" %}}\n   ```\n   winget install app\n   ```\n   {{% /tab %}}\n   {{< /tabs >}}\n\n2. Upgrade it.\n"},
		{"GitBook", "md", "## Steps\n\n1. Install the app.\n\n   {% tabs %}\n   {% tab title=\"macOS\" %}\n   ```\n   brew install app\n   ```\n   {% endtab %}\n   {% tab title=\"Windows\" %}\n   ```\n   winget install app\n   ```\n   {% endtab %}\n   {% endtabs %}\n\n2. Upgrade it.\n"},
		{"MyST", "md", "## Steps\n\n1. Install the app.\n\n   ::::{tab-set}\n   :::{tab-item} macOS\n   ```\n   brew install app\n   ```\n   :::\n   :::{tab-item} Windows\n   ```\n   winget install app\n   ```\n   :::\n   ::::\n\n2. Upgrade it.\n"},
		{"VitePress", "md", "## Steps\n\n1. Install the app.\n\n   ::: code-group\n   ```sh [macOS]\n   brew install app\n   ```\n   ```sh [Windows]\n   winget install app\n   ```\n   :::\n\n2. Upgrade it.\n"},
		{"reStructuredText", "rst", "Steps\n=====\n\n#. Install the app.\n\n   .. tab:: macOS\n\n      .. code-block:: shell\n\n         brew install app\n\n   .. tab:: Windows\n\n      .. code-block:: shell\n\n         winget install app\n\n#. Upgrade it.\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := parseKind(t, tc.kind, tc.src)
			var got []string
			for _, b := range doc.Blocks {
				if b.Kind == Heading {
					continue
				}
				mark := ""
				switch {
				case b.Tab:
					mark = "tab "
				case b.Code:
					mark = "code "
				}
				got = append(got, fmt.Sprintf("%s %d %s%s", b.Kind, b.Depth, mark, b.Text))
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("blocks\n%q\nwant\n%q", got, want)
			}
		})
	}
}

// TestTabsOutsideListItem: a set of tabs after a list, not indented into
// its last item, is the section's tabs (headings), as before.
func TestTabsOutsideListItem(t *testing.T) {
	src := "## Install\n\n- Read the notes.\n\n<Tabs>\n<TabItem value=\"m\" label=\"macOS\">\n\nRun brew.\n\n</TabItem>\n</Tabs>\n"
	doc, err := ParseMarkdown([]byte(src), "p.md")
	if err != nil {
		t.Fatal(err)
	}
	var tabs []string
	for _, b := range doc.Blocks {
		if b.Tab {
			tabs = append(tabs, fmt.Sprintf("%s %s", b.Kind, b.Text))
		}
	}
	if want := []string{"heading macOS"}; !reflect.DeepEqual(tabs, want) {
		t.Errorf("tabs %q, want %q", tabs, want)
	}
}
