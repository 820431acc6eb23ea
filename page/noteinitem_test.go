package page

import (
	"strings"
	"testing"
)

// TestNoteInListItem: a Docusaurus note written inside a list item stays in
// the item, and what the item goes on with after the note is text of the
// item, not an indented code block (AdGuard's "f. *Block WebRTC*. This
// feature…" after a caution was shown as a line of code, asterisks and all;
// an image after a note as its Markdown).
func TestNoteInListItem(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		wantText  []string // text the blocks must hold, none of them code
	}{
		{"a note's first line joins its label",
			"# Levels\n\n1. **High**\n\n    a. *Block trackers*. This feature blocks trackers.\n\n    :::caution\n\n    This deletes cookies.\n\n    :::\n\n    b. *Block WebRTC*. This feature blocks WebRTC.\n\n2. **Extreme**\n",
			[]string{"Caution: This deletes cookies.", "b. Block WebRTC. This feature blocks WebRTC."}},
		{"a note's label before a list",
			"# Steps\n\n1. Tap **Report**.\n\n    :::note\n\n    - Wait a moment.\n\n    :::\n\n    Then share the report.\n\n1. Send it.\n",
			[]string{"Note:", "Then share the report."}},
		{"a note at the top level is unchanged",
			"# Steps\n\nText.\n\n:::note\n\nWait a moment.\n\n:::\n\nThen share it.\n",
			[]string{"Note: Wait a moment.", "Then share it."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := ParseMarkdown([]byte(tc.src), "https://help.example.com/levels")
			if err != nil {
				t.Fatal(err)
			}
			var all []string
			for _, b := range doc.Blocks {
				if b.Code {
					t.Errorf("%q is read as code", b.Text)
				}
				all = append(all, b.Text)
			}
			text := strings.Join(all, "\n")
			for _, want := range tc.wantText {
				if !strings.Contains(text, want) {
					t.Errorf("no %q in %q", want, all)
				}
			}
		})
	}
}
