package page

import "testing"

// TestReadMeBlocks: the edge cases of ReadMe's legacy blocks; the whole
// dialect is TestDialects' readme folder.
func TestReadMeBlocks(t *testing.T) {
	for _, tt := range []struct{ name, in, want string }{
		{"header with a level", "[block:api-header]\n{\"title\": \"Limits\", \"level\": 3}\n[/block]", "\n### Limits\n"},
		{"header of level 1", "[block:api-header]\n{\"title\": \"Limits\", \"level\": 1}\n[/block]", "\n## Limits\n"},
		{"header without a title", "[block:api-header]\n{\"type\": \"basic\"}\n[/block]\nText", "\n\n\nText"},
		{"callout without a title", "[block:callout]\n{\"type\": \"success\", \"body\": \"Done.\"}\n[/block]", "\n> [!tip] \n> Done.\n"},
		{"callout of an unknown type", "[block:callout]\n{\"type\": \"purple\", \"body\": \"B\"}\n[/block]", "\n> [!note] \n> B\n"},
		{"backslash JSON does not allow", "[block:callout]\n{\"type\": \"info\", \"body\": \"Run \\`x\\`.\\nThen y.\"}\n[/block]", "\n> [!info] \n> Run `x`.\n> Then y.\n"},
		{"code holding a fence", "[block:code]\n{\"codes\": [{\"code\": \"```\\nx\", \"language\": \"md\"}]}\n[/block]", "\n````md\n```\nx\n````\n"},
		{"table cell with a pipe", "[block:parameters]\n{\"data\": {\"h-0\": \"A\", \"0-0\": \"a|b\"}, \"cols\": 1, \"rows\": 1}\n[/block]", "\n| A |\n| --- |\n| a\\|b |\n"},
		// Nothing is dropped that is not read.
		{"JSON that does not parse", "[block:callout]\n{\"type\": \"info\",\n[/block]", "[block:callout]\n{\"type\": \"info\",\n[/block]"},
		{"a kind not read", "[block:tutorial-tile]\n{\"x\": 1}\n[/block]", "[block:tutorial-tile]\n{\"x\": 1}\n[/block]"},
		{"never closed", "[block:callout]\n{\"type\": \"info\"}", "[block:callout]\n{\"type\": \"info\"}"},
		{"in a code fence", "```\n[block:api-header]\n{\"title\": \"T\"}\n[/block]\n```", "```\n[block:api-header]\n{\"title\": \"T\"}\n[/block]\n```"},
		{"emoji callout", "> 🚧 Careful\n> Back up first.", "> [!warning] Careful\n> Back up first."},
		{"emoji inside a quote", "> Text\n> 📘 not a callout", "> Text\n> 📘 not a callout"},
		{"doc link", "See [proxy](doc:configure-proxy#port) and [api](ref:get-user).", "See [proxy](<wikilink:configure-proxy>) and [api](ref:get-user)."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(readmeBlocks([]byte(tt.in))); got != tt.want {
				t.Errorf("readmeBlocks(%q) =\n%q, want\n%q", tt.in, got, tt.want)
			}
		})
	}
}

func FuzzReadMeBlocks(f *testing.F) {
	f.Add([]byte("[block:callout]\n{\"type\": \"info\", \"title\": \"T\", \"body\": \"a\\`b\"}\n[/block]\n[block:parameters]\n{\"data\": {\"h-0\": \"A\"}, \"cols\": 3, \"rows\": 2}\n[/block]\n> 📘 x\n[y](doc:z#w)"))
	f.Add([]byte("```\n[block:code]\n{\"codes\": [{\"code\": \"x\"}, {\"code\": \"y\"}]}\n[/block]\n```\n[block:code]\n{\"codes\": [{\"code\": \"x\"}, {\"code\": \"y\"}]}\n[/block]"))
	f.Fuzz(func(t *testing.T, src []byte) {
		out := readmeBlocks(src)
		if !hasReadMe(src) && string(out) != string(src) {
			t.Errorf("readmeBlocks changed a page without ReadMe's syntax: %q -> %q", src, out)
		}
	})
}
