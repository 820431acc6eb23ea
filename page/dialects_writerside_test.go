package page

import "testing"

// TestWritersideBlocks: the edge cases of Writerside's Markdown; the
// dialect whole is TestDialects' writerside folder.
func TestWritersideBlocks(t *testing.T) {
	for _, tt := range []struct{ name, in, want string }{
		{"styled quote", "> A\n> B\n{style=\"tip\"}", "\n:::tip\nA\nB\n:::\n"},
		{"quote without a style", "> A\n{id=\"q\"}\nText", "> A\nText"},
		{"plain quote", "> A\n\nText {x}", "> A\n\nText {x}"},
		{"style with nothing to style", "{style=\"note\"}\nText", "Text"},
		{"heading attributes", "## Title {id=\"t\" collapsible=\"true\"}", "## Title"},
		{"pandoc heading id stays", "## Title {#t}", "## Title {#t}"},
		{"note element with a title", "<tip title=\"Shortcut\">\nPress F1.\n</tip>", "\n:::tip Shortcut\nPress F1.\n:::\n"},
		{"step over lines", "<procedure>\n<step>\nA\n\nB\n</step>\n</procedure>", "\n1. \n   A\n\n   B\n"},
		{"in a code fence", "```\n<note>\n> q\n{style=\"note\"}\n```", "```\n<note>\n> q\n{style=\"note\"}\n```"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(writersideBlocks([]byte(tt.in))); got != tt.want {
				t.Errorf("writersideBlocks(%q) =\n%q, want\n%q", tt.in, got, tt.want)
			}
		})
	}
}
