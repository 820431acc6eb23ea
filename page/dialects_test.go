package page

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// templateSyntax is what no page text may carry once its dialect is
// rendered.
var templateSyntax = []string{"{%", "{{", "[[", ":::", "<Tabs", "<TabItem", "{!", "> [!", "import ", "%%", "--8<--", "!!!", "==="}

// TestDialects reads one small folder per docs-as-code dialect and checks
// each page against a golden file (URL, title, language, text) and the
// links it must have: every link between pages leads to the page's URL.
func TestDialects(t *testing.T) {
	tests := []struct {
		dialect string
		baseURL string
		// links maps a page URL to the URLs its text must link to.
		links map[string][]string
		// code is text that must stay as written (inside code).
		code []string
	}{
		{
			dialect: "jekyll",
			baseURL: "https://help.example.com/",
			links: map[string][]string{
				"https://help.example.com/article/12-refunds": {"https://help.example.com/article/13-shipping", "https://help.example.com/forms/refund.pdf",
					"https://help.example.com/collections/returns/returns-policy/"},
				"https://help.example.com/article/13-shipping": {"https://help.example.com/article/12-refunds"},
			},
			code: []string{"{% if user %}{{ user.name }}{% endif %}", "{{ page.title }} in templates"},
		},
		{
			dialect: "hugo",
			baseURL: "https://help.example.com/docs/",
			links: map[string][]string{
				"https://help.example.com/docs/get-money-back/": {"https://help.example.com/docs/shipping/"},
			},
		},
		{
			dialect: "docusaurus",
			baseURL: "https://help.example.com/",
			links: map[string][]string{
				"https://help.example.com/":                         {"https://help.example.com/getting-started/install/"},
				"https://help.example.com/getting-started/install/": {"https://help.example.com/getting-started/setup/"},
				"https://help.example.com/getting-started/setup/":   {"https://help.example.com/getting-started/install/", "https://help.example.com/"},
			},
			code: []string{`<Tabs><TabItem value="x">{{ code }}</TabItem></Tabs>`},
		},
		{
			dialect: "mkdocs",
			links: map[string][]string{
				"index.md": {"setup.md"},
				"setup.md": {"index.md"},
			},
			code: []string{"./setup {{ not_a_variable }}"},
		},
		{
			dialect: "obsidian",
			baseURL: "https://notes.example.com/",
			links: map[string][]string{
				"https://notes.example.com/Refunds/": {"https://notes.example.com/Shipping/", "https://notes.example.com/Returns/"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.dialect, func(t *testing.T) {
			docs, errs, err := ReadDir(context.Background(), filepath.Join("testdata", "dialects", tt.dialect), ReadOptions{BaseURL: tt.baseURL})
			if err != nil {
				t.Fatal(err)
			}
			if len(errs) > 0 {
				t.Fatalf("page errors: %v", errs)
			}
			var sb strings.Builder
			byURL := map[string]*Document{}
			for _, d := range docs {
				byURL[d.URL] = d
				fmt.Fprintf(&sb, "URL: %s\nTitle: %s\nLang: %s\nBreadcrumb: %s\n\n%s\n\n", d.URL, d.Title, d.Lang, strings.Join(d.Breadcrumb, " > "), d.Text())
				if tt.baseURL != "" && !strings.HasPrefix(d.URL, tt.baseURL) {
					t.Errorf("page URL %s is not under %s", d.URL, tt.baseURL)
				}
			}
			checkGolden(t, filepath.Join("dialects", tt.dialect+".golden"), sb.String())

			for u, want := range tt.links {
				d := byURL[u]
				if d == nil {
					t.Errorf("no page %s", u)
					continue
				}
				var got []string
				for _, l := range d.Links() {
					got = append(got, l.URL)
				}
				for _, w := range want {
					if !slices.Contains(got, w) {
						t.Errorf("%s links to %q, want %s among them", u, got, w)
					}
				}
			}
			all := sb.String()
			for _, c := range tt.code {
				all = strings.ReplaceAll(all, c, "")
				if !strings.Contains(sb.String(), c) {
					t.Errorf("code %q was rewritten", c)
				}
			}
			for _, s := range templateSyntax {
				if strings.Contains(all, s) {
					t.Errorf("page text carries %q:\n%s", s, all)
				}
			}
		})
	}
}

func TestTitleFromPath(t *testing.T) {
	tests := []struct{ in, want string }{
		{"guides/getting-started.md", "Getting started"},
		{"01-setup/02-first_steps.mdx", "First steps"},
		{"billing/index.md", "Billing"},
		{"README.md", "README"},
		{"Refunds.md", "Refunds"},
	}
	for _, tt := range tests {
		if got := titleFromPath(tt.in); got != tt.want {
			t.Errorf("titleFromPath(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSitePath(t *testing.T) {
	tests := []struct {
		rel  string
		fm   FrontMatter
		want string
	}{
		{"a/b.md", FrontMatter{}, "a/b/"},
		{"01-start/02-install.mdx", FrontMatter{}, "start/install/"},
		{"guides/guides.md", FrontMatter{}, "guides/"},
		{"guides/index.md", FrontMatter{}, "guides/"},
		{"index.md", FrontMatter{}, ""},
		{"i18n/de/docusaurus-plugin-content-docs/current/a/b.md", FrontMatter{}, "de/a/b/"},
		{"i18n/de/b.md", FrontMatter{}, "de/b/"},
		{"a/b.md", FrontMatter{Slug: "/"}, ""},
		{"a/b.md", FrontMatter{Slug: "/x/y"}, "x/y/"},
		{"a/b.md", FrontMatter{Slug: "c"}, "a/c/"},
		{"b.md", FrontMatter{Slug: "c"}, "c/"},
		{"a/b.md", FrontMatter{Permalink: "/article/12-x"}, "article/12-x"},
		{"a/b.md", FrontMatter{Permalink: "/:year/:title/"}, "a/b/"},
		{"a/page.html", FrontMatter{}, "a/page.html"},
	}
	for _, tt := range tests {
		if got := sitePath(tt.rel, tt.fm, pageKind(tt.rel) == "md"); got != tt.want {
			t.Errorf("sitePath(%q, %+v) = %q, want %q", tt.rel, tt.fm, got, tt.want)
		}
	}
}

func TestPageLang(t *testing.T) {
	s := &site{lang: "en"}
	tests := []struct{ rel, want string }{
		{"de/refunds.md", "de"},
		{"i18n/pt-BR/docs/refunds.md", "pt-BR"},
		{"api/refunds.md", "en"},
		{"guides/de/refunds.md", "en"}, // only a top-level or i18n/ folder is a language
		{"refunds.md", "en"},
	}
	for _, tt := range tests {
		if got := s.pageLang(tt.rel); got != tt.want {
			t.Errorf("pageLang(%q) = %q, want %q", tt.rel, got, tt.want)
		}
	}
}

func TestParseBaseURL(t *testing.T) {
	for _, bad := range []string{"help.example.com", "ftp://x/", "/docs/"} {
		if _, err := OpenDir(context.Background(), "testdata/dialects/jekyll", ReadOptions{BaseURL: bad}); err == nil {
			t.Errorf("base URL %q: no error", bad)
		}
	}
	u, err := parseBaseURL("https://help.example.com/docs")
	if err != nil || u.String() != "https://help.example.com/docs/" {
		t.Errorf("parseBaseURL = %v, %v; want https://help.example.com/docs/", u, err)
	}
}

func FuzzRenderDialects(f *testing.F) {
	f.Add([]byte(":::note Title\n- a\n:::\n<Tabs>\n<TabItem value=\"a\" label=\"A\">\nx\n</TabItem>\n</Tabs>"))
	f.Add([]byte("!!! tip\n    a\n=== \"T\"\n    ```\n    {{ x }}\n    ```\n{% raw %}{{ y }}{% endraw %} [[P|l]] ![[i.png]]"))
	f.Add([]byte("{{< ref \"a\" >}} {{% x %}} {% include a.md %} `{{ c }}` > [!note]\n> t"))
	f.Fuzz(func(t *testing.T, src []byte) {
		env := &renderEnv{include: func(string) ([]byte, bool) { return src, true }}
		out := renderDialects(src, env)
		if len(out) > 64*len(src)+1024 {
			t.Fatalf("rendering %d bytes gave %d", len(src), len(out))
		}
	})
}

func TestRenderDialectsInline(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"raw in a line", "a {% raw %}{{ x }}{% endraw %} b", "a {{ x }} b\n"},
		{"comment in a line", "a {% comment %}hidden{% endcomment %} b", "a  b\n"},
		{"comment over lines", "a\n{% comment %}\nhidden\n{% endcomment %}\nb", "a\n\nb\n"},
		{"unknown variable", "Hi {{ user.name }}!", "Hi !\n"},
		{"hugo ref", `[x]({{< relref "a/b.md" >}})`, "[x](a/b.md)\n"},
		{"code span kept", "`{% x %}` and {% y %}z", "`{% x %}` and z\n"},
		{"highlight", "{% highlight go %}\n{{ x }}\n{% endhighlight %}", "```go\n{{ x }}\n```\n"},
		{"wikilink heading only", "[[#Costs]]", "Costs\n"},
		{"wikilink", "[[Refund policy|the policy]]", "[the policy](<wikilink:Refund%20policy>)\n"},
		{"admonition label on bold text", ":::tip\n**Restart** now.\n:::", "\nTip: **Restart** now.\n\n"},
		{"admonition label before a list", ":::info\n- a\n:::", "\nInfo:\n\n- a\n\n"},
		{"mdx imports", "import Tabs from '@theme/Tabs';\nimport {A, B} from \"x\"\nimport * as C from 'c'\nimport './s.css';\nexport const x = 1;\nText", "Text\n"},
		{"prose starting with import", "import the file from 'Downloads'", "import the file from 'Downloads'\n"},
		{"tabs with headings inside", "## Install\n<Tabs>\n<TabItem value=\"a\" label=\"A\">\n\n#### Step\n\n</TabItem>\n<TabItem value=\"b\" label=\"B\">\nx\n</TabItem>\n</Tabs>\n",
			"## Install\n\n\n### A\n\n\n#### Step\n\n\n\n### B\n\nx\n\n\n"},
		{"one-line code is no fence", "```a {{ b }}```\n{{ c }}", "```a {{ b }}```\n\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(renderDialects([]byte(tt.in), &renderEnv{})); got != tt.want {
				t.Errorf("renderDialects(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestDirDraftsAndFailures: drafts and partials are no pages and no
// failures; a page that fails is reported under its live URL, its file
// named in the error.
func TestDirDraftsAndFailures(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"ok.md":                "# OK\n\nText.",
		"draft.md":             "---\ndraft: true\n---\nNot yet.",
		"empty.md":             "---\ntitle: Empty\n---\n",
		"_partial.md":          "Included only.",
		"_includes/snippet.md": "Included only.",
		"sub/_index.md":        "# Section\n\nHugo's section page.",
		"sub/license.md":       "# License\n\nA page about licences.",
		"LICENSE.md":           "The repository's licence.",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	docs, errs, err := ReadDir(context.Background(), dir, ReadOptions{BaseURL: "https://help.example.com/"})
	if err != nil {
		t.Fatal(err)
	}
	var urls []string
	for _, d := range docs {
		urls = append(urls, d.URL)
	}
	want := []string{"https://help.example.com/ok/", "https://help.example.com/sub/", "https://help.example.com/sub/license/"}
	if !slices.Equal(urls, want) {
		t.Errorf("pages = %v, want %v", urls, want)
	}
	if len(errs) != 1 || errs[0].URL != "https://help.example.com/empty/" || !errors.Is(errs[0], ErrNoText) || !strings.Contains(errs[0].Error(), "empty.md") {
		t.Errorf("page errors = %v, want empty.md's ErrNoText under its live URL", errs)
	}
}
