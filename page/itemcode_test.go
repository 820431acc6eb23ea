package page

import "testing"

// TestCodeInListItem: a code block inside a list item keeps its lines,
// each a block of its own after the item's text, indented under it, and
// what the item says after it goes on as an indented paragraph. Before, the lines ran together into
// the item's one line ("... run: $ python -m pip install truststore
// [...] $ python -m pip install SomePackage", pip's HTTPS page).
func TestCodeInListItem(t *testing.T) {
	for _, tc := range []struct {
		name, body, want string
	}{
		{"commands in an item",
			"<ul><li><p>Install the package:</p><pre>$ pip install truststore\n[...]\n$ pip install SomePackage</pre></li><li>Use it.</li></ul>",
			"- Install the package:\n  $ pip install truststore\n  [...]\n  $ pip install SomePackage\n- Use it."},
		{"text after the code",
			"<ol><li>Run:<pre>make</pre>Then restart.</li><li>Check the log.</li></ol>",
			"1. Run:\n  make\n  Then restart.\n1. Check the log."},
		{"no code: one line", "<ul><li>Open <code>Settings</code> and <b>save</b>.</li></ul>", "- Open Settings and save."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := ParseHTML([]byte("<html><body><main>"+tc.body+"</main></body></html>"), "https://acme.example/")
			if err != nil {
				t.Fatal(err)
			}
			if got := doc.Text(); got != tc.want {
				t.Errorf("Text() =\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}
