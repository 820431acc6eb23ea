package web

import "testing"

func TestMarkdownLite(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", "<p>plain</p>"},
		{"a <b>bold</b> & co", "<p>a &lt;b&gt;bold&lt;/b&gt; &amp; co</p>"},
		{"see [docs](https://x.test/a?b=1&c=2)", `<p>see <a href="https://x.test/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">docs</a></p>`},
		{"[x](javascript:alert(1))", "<p>[x](javascript:alert(1))</p>"},
		{"[x](/relative)", "<p>[x](/relative)</p>"},
		{`[<img src=x onerror=alert(1)>](https://x.test)`, `<p><a href="https://x.test" rel="noopener noreferrer" target="_blank">&lt;img src=x onerror=alert(1)&gt;</a></p>`},
		{`[q](https://x.test/"onmouseover="alert(1))`, `<p><a href="https://x.test/&#34;onmouseover=&#34;alert(1" rel="noopener noreferrer" target="_blank">q</a>)</p>`},
		{"line one\nline two", "<p>line one<br>line two</p>"},
		{"para\n\nnext", "<p>para</p><p>next</p>"},
		{"Steps:\n- one\n- two\nafter", "<p>Steps:</p><ul><li>one</li><li>two</li></ul><p>after</p>"},
		{"1. first\n2) second", "<ol><li>first</li><li>second</li></ol>"},
		{"## Heading\ntext", "<p>Heading<br>text</p>"},
		{"| When | Fee |\n| 8 days | Free |", "<p>When – Fee<br>8 days – Free</p>"},
		{"a | b", "<p>a | b</p>"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := renderMarkdownLite(tt.in); got != tt.want {
			t.Errorf("renderMarkdownLite(%q)\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}
