package page

import "testing"

// TestMDCBlocks: the edge cases of MDC's block components; the dialect
// whole is TestDialects' mdc folder.
func TestMDCBlocks(t *testing.T) {
	for _, tt := range []struct{ name, in, want string }{
		{"note", "::tip\nText.\n::", "\n:::tip \nText.\n:::\n"},
		{"alert by its type", "::alert{type=\"error\"}\nText.\n::", "\n:::danger \nText.\n:::\n"},
		{"callout by its colour, titled in brackets", "::callout{color='warning'}[Careful]\nText.\n::", "\n:::warning Careful\nText.\n:::\n"},
		{"tabs", "::tabs\n:::tab{label=\"A\"}\na\n:::\n::", "\n<Tabs>\n<TabItem label=\"A\">\na\n</TabItem>\n</Tabs>\n"},
		{"props as YAML", "::collapsible\n---\nlabel: More\n---\nText.\n::", "\n:::details More\nText.\n:::\n"},
		{"another component's lines go", "::steps\n### One\n::", "\n### One\n"},
		{"slot marker", "::card{title=\"C\"}\n#description\nText.\n::", "\n<Card title=\"C\">\nText.\n</Card>\n"},
		{"nested note", "::tabs\n:::tabs-item{label=\"A\"}\n::::note\nN\n::::\n:::\n::", "\n<Tabs>\n<TabItem label=\"A\">\n\n:::note \nN\n:::\n\n</TabItem>\n</Tabs>\n"},
		// Docusaurus' notes and code are not MDC's.
		{"docusaurus note", ":::note\nText.\n:::", ":::note\nText.\n:::"},
		{"never closed", "::note\nText.", "\n:::note \nText."},
		{"in a code fence", "```\n::note\nx\n::\n```", "```\n::note\nx\n::\n```"},
		{"inline component", "Text :badge[New] more", "Text :badge[New] more"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(mdcBlocks([]byte(tt.in))); got != tt.want {
				t.Errorf("mdcBlocks(%q) =\n%q, want\n%q", tt.in, got, tt.want)
			}
		})
	}
}

func FuzzClosedDialects(f *testing.F) {
	f.Add([]byte("::tabs\n:::tabs-item{label=\"A\"}\n::::note\nN\n::::\n:::\n::\n::collapsible\n---\nlabel: M\n---\nx\n::"))
	f.Add([]byte("[block:callout]\n{\"type\": \"info\", \"body\": \"b\"}\n[/block]\n!!!warning T\nx\n!!!\n+++ A\na\n+++"))
	f.Add([]byte("> q\n{style=\"note\"}\n## T {id=\"x\"}\n<procedure title=\"P\">\n<step>a\nb</step>\n</procedure>\n<tabs>\n<tab title=\"A\">\nx\n</tab>\n</tabs>\n<warning>\nw\n</warning>"))
	f.Fuzz(func(t *testing.T, src []byte) {
		renderDialects(closedDialects(src), &renderEnv{})
	})
}
