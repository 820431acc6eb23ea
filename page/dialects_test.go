package page

import (
	"context"
	"errors"
	"fmt"
	"maps"
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
		// syntax is the dialect's own syntax no page text may carry, beside
		// templateSyntax.
		syntax []string
	}{
		{
			dialect: "jekyll",
			baseURL: "https://help.example.com/",
			links: map[string][]string{
				"https://help.example.com/article/12-refunds": {"https://help.example.com/article/13-shipping", "https://help.example.com/forms/refund.pdf",
					"https://help.example.com/article/returns-policy/"},
				"https://help.example.com/article/13-shipping":     {"https://help.example.com/article/12-refunds"},
				"https://help.example.com/article/returns-policy/": {"https://help.example.com/about.html"},
				"https://help.example.com/contact/":                {"https://help.example.com/article/12-refunds"},
			},
			code: []string{"{% if user %}{{ user.name }}{% endif %}", "{{ page.title }} in templates"},
		},
		{
			dialect: "hugo",
			baseURL: "https://help.example.com/docs/",
			links: map[string][]string{
				// by ref, and by slug alone (/posts/shipping is no path)
				"https://help.example.com/docs/get-money-back/": {"https://help.example.com/docs/shipping/", "https://help.example.com/docs/guides/about/"},
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
		{
			// ReadMe guides as its rdme tool syncs them: the legacy
			// editor's JSON blocks, emoji callouts, doc: links.
			dialect: "readme",
			baseURL: "https://docs.example.com/docs/",
			links: map[string][]string{
				"https://docs.example.com/docs/getting-started/": {"https://docs.example.com/docs/configure-proxy/"},
				"https://docs.example.com/docs/configure-proxy/": {"https://docs.example.com/docs/getting-started/", "https://video.example.com/proxy-setup"},
			},
			code:   []string{"[block:callout]\n{\"type\": \"info\"}\n[/block]"},
			syntax: []string{"[block:", "[/block]", "(doc:", "📘", `"codes"`, `"h-0"`, "Internal notes"},
		},
		{
			// Retype's callouts, tabs and panels, closed by a line of
			// their own.
			dialect: "retype",
			links:   map[string][]string{"install.md": {"linux.md"}},
			code:    []string{"!!!danger Not a callout\nIn code.\n!!!"},
			syntax:  []string{"!!!", "+++", "==="},
		},
		{
			// Docsify's tips and its tabs plugin.
			dialect: "docsify",
			links:   map[string][]string{"README.md": {"billing.md"}},
			syntax:  []string{"?>", "!>", "tabs:start", "**Android**"},
		},
		{
			// MDC (Nuxt Content): block components, nested by colons.
			dialect: "mdc",
			baseURL: "https://docs.example.com/",
			links:   map[string][]string{"https://docs.example.com/install/": {"https://docs.example.com/billing/"}},
			code:    []string{"::note\nIn code.\n::"},
			syntax:  []string{"::", "{label", "#title"},
		},
		{
			// Writerside's semantic elements and attribute lists.
			dialect: "writerside",
			links:   map[string][]string{"sync.md": {"backups.md"}},
			code:    []string{"<step>Not a step</step>\n{style=\"note\"}"},
			syntax:  []string{"{style", "{id", "collapsible=", "<step>", "<procedure"},
		},
		{
			// An excerpt of pip's user guide (MyST, Sphinx), as published.
			dialect: "myst",
			links: map[string][]string{
				"getting-started.md": {"installation.md"},
			},
			code:   []string{"%LocalAppData%\\pip\\Cache"},
			syntax: []string{"```{", "}`", "{ref}", "{doc}", ":maxdepth:", ":hidden:", ":caption:", ")=\n"},
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
			for _, s := range append(templateSyntax, tt.syntax...) {
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
		{"news/2021-08-01-prices.md", FrontMatter{}, "news/2021-08-01-prices/"},
		{"1.5-release.md", FrontMatter{}, "1.5-release/"},
		{"404.md", FrontMatter{}, "404/"},
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
		if got := (&site{}).sitePath(tt.rel, tt.fm, pageKind(tt.rel) == "md"); got != tt.want {
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

// TestFileLanguages: a language in a file's name counts where the file's
// translations sit beside it under the same name (Hugo's "about.fr.md"
// beside "about.md", Debian's manuals' "ch05.zh-tw.html"); alone, or not
// a language, it is part of the name.
func TestFileLanguages(t *testing.T) {
	var files []pageFile
	for _, rel := range []string{"ch05.en.html", "ch05.zh-tw.html", "ch05.zh-cn.html", "about.md", "about.fr.md",
		"setup.io.md", "notes.v2.md", "notes.v3.md", "faq/index.de.md", "index.de.md"} {
		files = append(files, pageFile{rel: rel})
	}
	got := fileLanguages(files)
	want := map[string]string{"ch05.en.html": "en", "ch05.zh-tw.html": "zh-TW", "ch05.zh-cn.html": "zh-CN", "about.fr.md": "fr"}
	if !maps.Equal(got, want) {
		t.Errorf("fileLanguages = %v, want %v", got, want)
	}
	s := &site{lang: "en", fileLangs: got}
	if l := s.pageLang("ch05.zh-tw.html"); l != "zh-TW" {
		t.Errorf("pageLang(ch05.zh-tw.html) = %q", l)
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

func TestHasDialect(t *testing.T) {
	for _, plain := range []string{"# Title\n\nText with a [link](x.md) and <b>bold</b>.\n", "a < b and c > d", "<", "To export your data, open Settings."} {
		if hasDialect([]byte(plain)) {
			t.Errorf("hasDialect(%q) = true, want false", plain)
		}
	}
	for _, d := range []string{"x {{ site.url }}", "<Tabs>", "a\n</TabItem>", ":::note", "[[Page]]", "!!! tip", "import X from 'y'", "Intro\nimport X from 'y'"} {
		if !hasDialect([]byte(d)) {
			t.Errorf("hasDialect(%q) = false, want true", d)
		}
	}
}

func FuzzRenderDialects(f *testing.F) {
	f.Add([]byte(":::note Title\n- a\n:::\n<Tabs>\n<TabItem value=\"a\" label=\"A\">\nx\n</TabItem>\n</Tabs>"))
	f.Add([]byte("!!! tip\n    a\n=== \"T\"\n    ```\n    {{ x }}\n    ```\n{% raw %}{{ y }}{% endraw %} [[P|l]] ![[i.png]]"))
	f.Add([]byte("{{< ref \"a\" >}} {{% x %}} {% include a.md %} `{{ c }}` > [!note]\n> t"))
	f.Add([]byte("(t)=\n% c\n````{tab-set}\n```{tab-item} A\n:sync: a\n{doc}`x <y>` {ref}`z`\n```\n````\n:::{note} N\n---\nk: v\n---\n:::\n```{code-block} py\n:linenos:\nx\n```\n```{toctree}\na\n```"))
	f.Add([]byte("::: code-group\n```sh [a]\nx\n```\n- i\n  ::: code-group\n  ~~~ [b\n  :::\n:::\n::: details D\n:::"))
	// Tabs inside a list item (tabsItem pads their lines into the item).
	f.Add([]byte("1. Step.\n\n   <Tabs>\n     <TabItem label=\"A\">\n x\n\t```\n     </TabItem>\n   </Tabs>\n- b\n\t=== \"T\"\n\n        y\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		env := &renderEnv{include: func(string) ([]byte, bool) { return src, true }}
		out := renderDialects(src, env)
		if len(out) > 64*len(src)+1024 {
			t.Fatalf("rendering %d bytes gave %d", len(src), len(out))
		}
	})
}

// nl is a note's label as the dialects write it, marked as its title.
func nl(label string) string { return `<span class="note-label">` + label + `</span>` }

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
		{"admonition label on bold text", ":::tip\n**Restart** now.\n:::", "\n\n" + nl("Tip:") + " **Restart** now.\n\n"},
		{"admonition label before a list", ":::info\n- a\n:::", "\n\n" + nl("Info:") + "\n\n- a\n\n"},
		// A note that opens a section is written after the section's own
		// text (a reply then opens with the answer); a warning stays first.
		{"note before the page's text", ":::info\nThis is about X.\n:::\n\nDo this.\n\n## Next\nText", "\n\nDo this.\n\n\n" + nl("Info:") + " This is about X.\n\n## Next\nText\n"},
		{"note at a section's top", "## A\n:::note\nN.\n:::\nSteps.\n## B", "## A\n\nSteps.\n\n" + nl("Note:") + " N.\n\n## B\n"},
		{"warning keeps its place", ":::caution\nBack up.\n:::\nSteps.", "\n" + nl("Caution:") + " Back up.\n\nSteps.\n"},
		{"note after text stays", "Text first.\n:::info\nI.\n:::\nMore.", "Text first.\n\n" + nl("Info:") + " I.\n\nMore.\n"},
		{"nested notes move whole", ":::info\nOuter\n:::tip\nInner\n:::\n:::\nDo.", "\nDo.\n\n" + nl("Info:") + " Outer\n\n" + nl("Tip:") + " Inner\n\n\n"},
		{"mkdocs note", "!!! note \"Scope\"\n    About X.\n\nDo this.\n# H", "\nDo this.\n\n" + nl("Scope:") + " About X.\n\n\n# H\n"},
		{"github callout", "> [!NOTE]\n> About X.\n\nDo this.\n", "\nDo this.\n\n> " + nl("Note:") + "\n> About X.\n\n"},
		{"note alone in its section", ":::info\nI.\n:::\n## H\nx", "\n\n" + nl("Info:") + " I.\n\n## H\nx\n"},
		{"mdx imports", "import Tabs from '@theme/Tabs';\nimport {A, B} from \"x\"\nimport * as C from 'c'\nimport './s.css';\nexport const x = 1;\nText", "Text\n"},
		{"prose starting with import", "import the file from 'Downloads'", "import the file from 'Downloads'\n"},
		{"tabs with headings inside", "## Install\n<Tabs>\n<TabItem value=\"a\" label=\"A\">\n\n#### Step\n\n</TabItem>\n<TabItem value=\"b\" label=\"B\">\nx\n</TabItem>\n</Tabs>\n",
			"## Install\n\n\n<h3 role=\"tab\">A</h3>\n\n\n#### Step\n\n\n\n<h3 role=\"tab\">B</h3>\n\nx\n\n\n"},
		{"tabs over several lines", "<Tabs\n  defaultValue=\"a\"\n  values={[\n    {label: 'Apple', value: 'a'},\n    {value: 'o', label: 'Orange'},\n  ]}>\n<TabItem value=\"a\">\nx\n</TabItem>\n<TabItem\n  value=\"o\">\ny\n</TabItem>\n</Tabs>",
			"\n\n<h2 role=\"tab\">Apple</h2>\n\nx\n\n\n<h2 role=\"tab\">Orange</h2>\n\ny\n\n\n"},
		{"include within a line", "See {! a.md !} and more", "See \nincluded\n and more\n"},
		{"a lone < line", "<Foo bar\nnever closed", "<Foo bar never closed\n"},
		{"one-line code is no fence", "```a {{ b }}```\n{{ c }}", "```a {{ b }}```\n\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := &renderEnv{include: func(string) ([]byte, bool) { return []byte("included"), true }}
			if got := string(renderDialects([]byte(tt.in), env)); got != tt.want {
				t.Errorf("renderDialects(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestDirDraftsAndFailures: drafts, partials and a built site's not-found
// page are no pages and no failures; a page that fails is reported under its live URL, its file
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
		"404.html":             "<html><head><title>Page not found</title></head><body><h1>404 - Not found</h1></body></html>",
		"sub/404.md":           "# Error 404\n\nA page about the error code.",
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
	want := []string{"https://help.example.com/ok/", "https://help.example.com/sub/404/", "https://help.example.com/sub/", "https://help.example.com/sub/license/"}
	if !slices.Equal(urls, want) {
		t.Errorf("pages = %v, want %v", urls, want)
	}
	if len(errs) != 1 || errs[0].URL != "https://help.example.com/empty/" || !errors.Is(errs[0], ErrNoText) || !strings.Contains(errs[0].Error(), "empty.md") {
		t.Errorf("page errors = %v, want empty.md's ErrNoText under its live URL", errs)
	}
}

func TestPageLangFromSource(t *testing.T) {
	tests := []struct {
		name, raw, want string
		md              bool
	}{
		{"html lang", `<html lang="pt-br"><body><p>Olá.</p></body></html>`, "pt-BR", false},
		{"html lang with underscore", `<html lang="en_GB"><body><p>Hello.</p></body></html>`, "en-GB", false},
		{"html lang not a tag", `<html lang="not a language"><body><p>Hello.</p></body></html>`, "", false},
		{"no html lang", `<p>Hello.</p>`, "", false},
		{"body lang (GNOME's Yelp pages)", `<html><body lang="de" dir="ltr"><p>Hallo.</p></body></html>`, "de", false},
		{"html lang over body lang", `<html lang="fr"><body lang="de"><p>Bonjour.</p></body></html>`, "fr", false},
		{"front matter lang", "---\nlang: de-DE\n---\nHallo.", "de-DE", true},
		{"front matter locale", "---\nlocale: fr\n---\nBonjour.", "fr", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			parse := ParseHTML
			if tt.md {
				parse = ParseMarkdown
			}
			doc, err := parse([]byte(tt.raw), "p")
			if err != nil {
				t.Fatal(err)
			}
			if doc.Lang != tt.want {
				t.Errorf("Lang = %q, want %q", doc.Lang, tt.want)
			}
		})
	}
}

func TestJekyllPaths(t *testing.T) {
	c := &jekyllConfig{collections: map[string]string{"articles": "/article/:name/", "faq": ""}}
	pretty := &jekyllConfig{permalink: "pretty", collections: map[string]string{}}
	tests := []struct {
		c    *jekyllConfig
		file string
		fm   FrontMatter
		want string
	}{
		{c, "_articles/12-refunds.md", FrontMatter{}, "article/12-refunds/"},
		{c, "_faq/billing/cards.md", FrontMatter{}, "faq/billing/cards.html"},
		{c, "_posts/2021-08-01-new-prices.md", FrontMatter{}, "2021/08/01/new-prices.html"},
		{c, "about.md", FrontMatter{}, "about.html"},
		{c, "guides/index.md", FrontMatter{}, "guides/"},
		{c, "about.md", FrontMatter{Permalink: "/:title/"}, "about/"},
		{pretty, "about.md", FrontMatter{}, "about/"},
	}
	for _, tt := range tests {
		s := &site{jekyll: tt.c}
		if got := s.sitePath(tt.file, tt.fm, true); got != tt.want {
			t.Errorf("sitePath(%q, %+v) = %q, want %q", tt.file, tt.fm, got, tt.want)
		}
	}
}

// TestDirDigestInputs: what a page includes or is named by (an include,
// a category label, the site's config, the base URL) changes the folder's
// digest, so a rebuild does not take the folder for unchanged.
func TestDirDigestInputs(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("guides/a.md", "# A\n\n{% include note.md %}")
	write("_includes/note.md", "Note one.")
	write("guides/_category_.json", `{"label": "Guides"}`)
	write("_config.yml", "permalink: pretty\n")
	digest := func(base string) string {
		t.Helper()
		d, err := OpenDir(context.Background(), dir, ReadOptions{BaseURL: base})
		if err != nil {
			t.Fatal(err)
		}
		return d.Digest()
	}
	last := digest("")
	for _, change := range []func(){
		func() { write("_includes/note.md", "Note two.") },
		func() { write("guides/_category_.json", `{"label": "How-to guides"}`) },
		func() { write("_config.yml", "permalink: date\n") },
	} {
		change()
		if d := digest(""); d == last {
			t.Errorf("digest unchanged after a change")
		} else {
			last = d
		}
	}
	if digest("https://help.example.com/") == last {
		t.Errorf("digest unchanged with a base URL")
	}
}
