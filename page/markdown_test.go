package page

import (
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"unicode/utf8"
)

func TestParseMarkdown(t *testing.T) {
	tests := []struct {
		file      string
		url       string
		wantTitle string
		wantText  string
		wantLinks []Link
	}{
		{
			file:      "frontmatter.md",
			url:       "guides/bags.md",
			wantTitle: "Baggage allowance",
			wantText: "# Bags on board\n" +
				"You may bring one bag. See [fees](fees.md) or [x](https://acme.example/x).\n" +
				"1. Measure the bag.\n" +
				"  - Max 55 cm.\n" +
				"1. Weigh it.\n" +
				"| Size | Fee |\n" +
				"| S | 0 |",
			wantLinks: []Link{{Text: "fees", URL: "fees.md"}, {Text: "x", URL: "https://acme.example/x"}},
		},
		{
			file:      "plain.md",
			url:       "https://acme.example/help/plain",
			wantTitle: "Main title",
			wantText:  "Intro line before any heading.\n## Second level\n# Main title\nText.",
		},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			doc, err := ParseMarkdown(readFixture(t, filepath.Join("md", tt.file)), tt.url)
			if err != nil {
				t.Fatal(err)
			}
			if doc.URL != tt.url {
				t.Errorf("URL = %q, want %q", doc.URL, tt.url)
			}
			if doc.Title != tt.wantTitle {
				t.Errorf("Title = %q, want %q", doc.Title, tt.wantTitle)
			}
			if got := doc.Text(); got != tt.wantText {
				t.Errorf("Text() =\n%s\nwant\n%s", got, tt.wantText)
			}
			if tt.wantLinks != nil && !reflect.DeepEqual(doc.Links(), tt.wantLinks) {
				t.Errorf("Links() = %+v, want %+v", doc.Links(), tt.wantLinks)
			}
		})
	}
}

func TestFrontMatter(t *testing.T) {
	tests := []struct {
		name, in, wantBody string
		want               FrontMatter
		wantErr            bool
	}{
		{name: "yaml", in: "---\ntitle: Hello\n---\nbody", wantBody: "body", want: FrontMatter{Title: "Hello"}},
		{name: "yaml dots", in: "---\ntitle: 'Quoted: yes'\nother: 1\n...\nbody\n", wantBody: "body\n", want: FrontMatter{Title: "Quoted: yes"}},
		{name: "yaml all keys", in: "---\ntitle: Refunds\ndescription: How refunds work\ntags: [billing, money]\n" +
			"aliases:\n  - Money back\nslug: /refunds\nlang: de\ndraft: false\n---\n",
			want: FrontMatter{Title: "Refunds", Description: "How refunds work", Tags: []string{"billing", "money"},
				Aliases: []string{"Money back"}, Slug: "/refunds", Lang: "de"}},
		{name: "jekyll permalink, unpublished", in: "---\npermalink: /article/12-x\npublished: false\n---\n",
			want: FrontMatter{Permalink: "/article/12-x", Draft: true}},
		{name: "toml", in: "+++\ntitle = \"Hugo page\"\ntags = [\"a\"]\nurl = \"/x/\"\ndraft = true\nlanguageCode = \"x\"\n+++\nbody",
			wantBody: "body", want: FrontMatter{Title: "Hugo page", Tags: []string{"a"}, Permalink: "/x/", Draft: true}},
		// ReadMe's hidden page is seen by admins only; Hugo Relearn's is
		// only out of the menu.
		{name: "readme hidden", in: "---\ntitle: Notes\nexcerpt: For admins\ncategory: 64f0a1\nhidden: true\n---\n",
			want: FrontMatter{Title: "Notes", Description: "For admins", Draft: true}},
		{name: "readme shown", in: "---\ntitle: Notes\nexcerpt: For all\nhidden: false\n---\n",
			want: FrontMatter{Title: "Notes", Description: "For all"}},
		{name: "hidden from a menu", in: "---\ntitle: Notes\nhidden: true\n---\n", want: FrontMatter{Title: "Notes"}},
		{name: "never closed", in: "---\ntitle: never closed\nbody", wantBody: "---\ntitle: never closed\nbody"},
		{name: "not front matter", in: "--- not front matter\ntitle: x\n---\n", wantBody: "--- not front matter\ntitle: x\n---\n"},
		{name: "none", in: "# no front matter", wantBody: "# no front matter"},
		{name: "bad yaml", in: "---\ntitle: [unclosed\n---\nbody", wantBody: "body", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			front, format, body := splitFrontMatter([]byte(tt.in))
			if string(body) != tt.wantBody {
				t.Errorf("body = %q, want %q", body, tt.wantBody)
			}
			fm, err := parseFrontMatter(front, format)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want error %v", err, tt.wantErr)
			}
			if !reflect.DeepEqual(fm, tt.want) {
				t.Errorf("front matter = %+v, want %+v", fm, tt.want)
			}
		})
	}
}

// A Markdown page's keywords are its front matter's description, then its
// tags or keywords.
func TestMarkdownKeywords(t *testing.T) {
	doc, err := ParseMarkdown([]byte("---\ntitle: Refunds\ndescription: How and when we pay money back\nkeywords: [refund, chargeback]\n---\nBody text."), "refunds.md")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"How and when we pay money back", "refund", "chargeback"}; !slices.Equal(doc.Keywords, want) {
		t.Errorf("keywords = %q, want %q", doc.Keywords, want)
	}
}

func FuzzParseMarkdown(f *testing.F) {
	f.Add(readFixture(f, "md/frontmatter.md"))
	f.Add(readFixture(f, "md/plain.md"))
	f.Add([]byte("---\ntitle: x\n---\n- a\n  - b\n\n| a |\n|---|\n| [l](../x) |"))
	f.Add([]byte("+++\ntitle = \"x\"\ntags = [\"a\"]\n+++\n:::note T\n- a\n:::\n<Tabs>\n<TabItem value=\"a\">\nx\n</TabItem>\n</Tabs>\n![i](a.png)"))
	f.Add([]byte("!!! tip \"T\"\n    a\n=== \"W\"\n    b\n> [!note]\n> c\n[[P|l]] {% include x %} {{ site.url }} {{< ref \"a\" >}}"))
	f.Add([]byte("(t)=\n# T\n% c\n```{note}\n{doc}`x` {pep}`8`\n```\n````{tab} A\nx\n````\n```{toctree}\n:maxdepth: 1\na\n```"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		doc, err := ParseMarkdown(raw, "dir/page.md")
		if err != nil {
			return
		}
		if !utf8.ValidString(doc.Text()) || !utf8.ValidString(doc.Title) {
			t.Fatalf("Text() or Title is not valid UTF-8: %q", doc.Text())
		}
	})
}

// TestParseMarkdownHeadingAnchor: an explicit heading anchor is markup, not
// words of the heading a reply may quote.
func TestParseMarkdownHeadingAnchor(t *testing.T) {
	// (An id that says cookie must not read as a cookie banner either.)
	doc, err := ParseMarkdown([]byte("# Rules\n\n## Basic rule modifiers {#basic-rule-modifiers-examples}\n\nA rule with modifiers.\n\n### Delete cookies {#1p-cookie}\n\nCookies go.\n"), "rules.md")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := doc.Text(), "# Rules\n## Basic rule modifiers\nA rule with modifiers.\n### Delete cookies\nCookies go."; got != want {
		t.Errorf("Text() =\n%s\nwant\n%s", got, want)
	}
}

// TestImageAltStyleMarkers: the words led by an asterisk that end an
// image's alt text style the picture ("*border", "*mobile_border"); they
// are no part of what the picture shows, and a reply must not quote them.
func TestImageAltStyleMarkers(t *testing.T) {
	for _, tc := range []struct{ md, want string }{
		{"Open it.\n![Statistics *border](s.png)", "Open it. (Statistics)"},
		{"Open it.\n![Main screen *mobile_border](s.png)", "Open it. (Main screen)"},
		{"Open it.\n![Main screen \\*mobile\\_border](s.png)", "Open it. (Main screen)"},
		{"Open it.\n![Uninstall *mobile border](s.png)", "Open it. (Uninstall)"},
		{"Open it.\n![*border](s.png)", "Open it."},
		{"Open it.\n![A *bold* word](s.png)", "Open it. (A bold word)"},
		{"Open it.\n![Rule *.example.com](s.png)", "Open it. (Rule *.example.com)"},
		{"Open it.\n![Price: 5 * 3](s.png)", "Open it. (Price: 5 * 3)"},
	} {
		doc, err := ParseMarkdown([]byte(tc.md), "p.md")
		if err != nil {
			t.Fatal(err)
		}
		if got := doc.Text(); got != tc.want {
			t.Errorf("%q: text %q, want %q", tc.md, got, tc.want)
		}
	}
}

// TestTabHeadings: each dialect's tabs come out as headings marked Tab, one
// level below the section they are in; other headings are not marked.
func TestTabHeadings(t *testing.T) {
	type h struct {
		level int
		text  string
		tab   bool
	}
	for _, tc := range []struct {
		name, md string
		want     []h
	}{
		{"docusaurus", "## Install\n<Tabs>\n<TabItem value=\"a\" label=\"Android\">\nTap Install.\n</TabItem>\n<TabItem value=\"i\" label=\"iOS & iPadOS\">\nTap Get.\n</TabItem>\n</Tabs>\n## Next\nx",
			[]h{{2, "Install", false}, {3, "Android", true}, {3, "iOS & iPadOS", true}, {2, "Next", false}}},
		{"mkdocs", "## Install\n=== \"Android\"\n    Tap Install.\n=== \"iOS\"\n    Tap Get.\n",
			[]h{{2, "Install", false}, {3, "Android", true}, {3, "iOS", true}}},
		{"hugo, labels given", "## Install\n{{< tabs >}}\n{{% tab \"Android\" %}}\nTap Install.\n{{% /tab %}}\n{{% tab header=\"iOS\" %}}\nTap Get.\n{{% /tab %}}\n{{< /tabs >}}\n",
			[]h{{2, "Install", false}, {3, "Android", true}, {3, "iOS", true}}},
		{"hugo, labels from items", "## Install\n{{< tabs items=\"Android,iOS\" >}}\n{{< tab >}}\nTap Install.\n{{< /tab >}}\n{{< tab >}}\nTap Get.\n{{< /tab >}}\n{{< /tabs >}}\n",
			[]h{{2, "Install", false}, {3, "Android", true}, {3, "iOS", true}}},
		{"plain headings", "## Install\n### Android\nTap Install.\n### iOS\nTap Get.",
			[]h{{2, "Install", false}, {3, "Android", false}, {3, "iOS", false}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := ParseMarkdown([]byte(tc.md), "p.md")
			if err != nil {
				t.Fatal(err)
			}
			var got []h
			for _, b := range doc.Blocks {
				if b.Kind == Heading {
					got = append(got, h{b.Level, b.Text, b.Tab})
				}
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("headings %+v, want %+v\n%s", got, tc.want, doc.Text())
			}
		})
	}
}

// TestListItemIntroducesParagraph: a list item's line and the paragraph
// under it (a link to a guide and what the guide is about) read as one
// line joined by a dash, not run together; an item that ends at its line,
// or a line that ends a sentence or a picture's caption, gets none.
func TestListItemIntroducesParagraph(t *testing.T) {
	src := "# Guides\n\n- [Features](features.md)\n\n    Main features and settings\n\n- Installation\n- Done.\n\n    Then restart.\n- Choose Move to trash.\n\n    ![Move to trash](trash.png)\n\n    The app is removed.\n"
	doc, err := ParseMarkdown([]byte(src), "guides.md")
	if err != nil {
		t.Fatal(err)
	}
	want := "# Guides\n- [Features](features.md) – Main features and settings\n- Installation\n- Done. Then restart.\n- Choose Move to trash. (Move to trash) The app is removed."
	if got := doc.Text(); got != want {
		t.Errorf("Text() =\n%s\nwant\n%s", got, want)
	}
}
