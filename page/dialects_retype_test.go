package page

import "testing"

// TestClosedBlocks: the edge cases of Retype's and Docsify's blocks; the
// dialects whole are TestDialects' retype and docsify folders.
func TestClosedBlocks(t *testing.T) {
	for _, tt := range []struct{ name, in, want string }{
		{"callout of a variant", "!!!danger Careful\nText.\n!!!", "\n:::danger Careful\nText.\n:::\n"},
		{"callout without a title", "!!!\nText.\n!!!", "\n:::note \nText.\n:::\n"},
		{"variant Retype's alone", "!!!question Why?\nText.\n!!!", "\n:::note Why?\nText.\n:::\n"},
		{"never closed", "!!! Title\nText.", "!!! Title\nText."},
		{"MkDocs' note", "!!! note \"T\"\n    Text.\n!!!", "!!! note \"T\"\n    Text.\n!!!"},
		{"tabs", "+++ A\na\n+++ B\nb\n+++", "<Tabs>\n<TabItem label=\"A\">\na\n</TabItem>\n<TabItem label=\"B\">\nb\n</TabItem>\n</Tabs>"},
		{"a lone +++", "Text\n+++\nmore", "Text\n+++\nmore"},
		{"panel", "=== More\nText.\n===", "\n:::details More\nText.\n:::\n"},
		{"MkDocs' tab", "=== \"A\"\n    a", "=== \"A\"\n    a"},
		{"docsify tip over lines", "?> One\ntwo\n\nAfter.", "\n:::tip\nOne\ntwo\n:::\n\n\nAfter."},
		{"docsify warning", "!> Careful.", "\n:::warning\nCareful.\n:::\n"},
		{"docsify tabs", "<!-- tabs:start -->\n#### **A \"x\"**\na\n#### **B**\nb\n<!-- tabs:end -->",
			"<Tabs>\n<TabItem label=\"A &quot;x&quot;\">\na\n</TabItem>\n<TabItem label=\"B\">\nb\n</TabItem>\n</Tabs>"},
		{"bold heading outside tabs", "#### **A**\na", "#### **A**\na"},
		{"in a code fence", "```\n!!!\nx\n!!!\n?> y\n```", "```\n!!!\nx\n!!!\n?> y\n```"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(closedBlocks([]byte(tt.in))); got != tt.want {
				t.Errorf("closedBlocks(%q) =\n%q, want\n%q", tt.in, got, tt.want)
			}
		})
	}
}

func FuzzClosedBlocks(f *testing.F) {
	f.Add([]byte("!!!warning T\n+++ A\n!!!\nx\n+++ B\n=== P\ny\n===\n+++\n!!!\n?> a\n!> b\n<!-- tabs:start -->\n## **C**\nc\n<!-- tabs:end -->"))
	f.Fuzz(func(t *testing.T, src []byte) {
		out := closedBlocks(src)
		if !hasClosedBlocks(src) && string(out) != string(src) {
			t.Errorf("closedBlocks changed a page without their syntax: %q -> %q", src, out)
		}
		renderDialects(out, &renderEnv{})
	})
}
