package page

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// blockLines writes blocks one a line, as "h3 tab Android" or "p Text",
// with the marks that matter to sections (a tab, a collapsible part, the
// section's text again after them, a note's title, code).
func blockLines(blocks []Block) []string {
	var out []string
	for _, b := range blocks {
		line := "p"
		if b.Kind == Heading {
			line = "h" + string(rune('0'+b.Level))
		}
		for _, m := range []struct {
			on   bool
			name string
		}{{b.Tab, "tab"}, {b.Collapsible, "collapsible"}, {b.TabsEnd, "again"}, {b.NoteTitle, "note"}, {b.Code, "code"}} {
			if m.on {
				line += " " + m.name
			}
		}
		out = append(out, line+" "+b.Text)
	}
	return out
}

// checkBlockLines fails t unless the page src, read as kind ("md", "mdx"
// or "html"), has the blocks want (as blockLines writes them).
func checkBlockLines(t *testing.T, kind, src string, want []string) {
	t.Helper()
	parse := ParseMarkdown
	if kind == "html" {
		parse = ParseHTML
	}
	doc, err := parse([]byte(src), "https://help.example.com/p."+kind)
	if err != nil {
		t.Fatal(err)
	}
	if got := blockLines(doc.Blocks); !slices.Equal(got, want) {
		t.Errorf("blocks:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestGitBook: GitBook's tabs are tabs, one heading each one level below
// their section, and its hints labelled notes (one that opens a section
// after the section's own text, as an admonition; a warning in its
// place); its other tags go and what they enclose stays.
func TestGitBook(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"tabs",
			"# Install\n\n## Download\n\n{% tabs %}\n{% tab title=\"Android\" %}\nTap **Install**.\n{% endtab %}\n\n{% tab title=\"iOS\" %}\nTap **Get**.\n{% endtab %}\n{% endtabs %}\n\nThen sign in.\n",
			[]string{"h1 Install", "h2 Download", "h3 tab Android", "p Tap Install.", "h3 tab iOS", "p Tap Get.", "p again Then sign in."}},
		{"a tab with no title",
			"# Install\n\n{% tabs %}\n{% tab %}\nTap Install.\n{% endtab %}\n{% endtabs %}\n",
			[]string{"h1 Install", "p Tap Install."}},
		{"hints",
			"# Reset\n\n{% hint style=\"info\" %}\nYou need the app.\n{% endhint %}\n\nOpen Settings.\n\n{% hint style=\"warning\" %}\nThis deletes your notes.\n{% endhint %}\n\n{% hint style=\"success\" %}\nNotes in the cloud are kept.\n{% endhint %}\n\n{% hint %}\nNo style.\n{% endhint %}\n",
			[]string{"h1 Reset", "p Open Settings.", "p note Warning: This deletes your notes.", "p note Tip: Notes in the cloud are kept.", "p note Info: No style.", "p note Info: You need the app."}},
		{"a hint's label in the page's language",
			"---\nlang: de\n---\n# Zurücksetzen\n\nÖffnen Sie die Einstellungen.\n\n{% hint style=\"warning\" %}\nDas löscht Ihre Notizen.\n{% endhint %}\n",
			[]string{"h1 Zurücksetzen", "p Öffnen Sie die Einstellungen.", "p note Warnung: Das löscht Ihre Notizen."}},
		{"other tags",
			"# Sign in\n\n{% code title=\"login.sh\" %}\n```bash\nacme login\n```\n{% endcode %}\n\n{% content-ref url=\"reset.md\" %}\n[reset.md](reset.md)\n{% endcontent-ref %}\n",
			[]string{"h1 Sign in", "p code acme login", "p [reset.md](https://help.example.com/reset.md)"}},
	} {
		t.Run(tc.name, func(t *testing.T) { checkBlockLines(t, "md", tc.src, tc.want) })
	}
}

// TestCollapsible: a collapsible part (<details>) with a summary is a
// sub-section headed by the summary, one level below the section it is
// in, and the first block after it is the section's again; one with no
// summary, or in a list item, stays text.
func TestCollapsible(t *testing.T) {
	for _, tc := range []struct {
		name, kind, src string
		want            []string
	}{
		{"an FAQ in Markdown", "md",
			"# Install\n\n## Troubleshooting\n\n<details>\n\n<summary>The download never finishes</summary>\n\nFree some space.\n\n</details>\n\n<details>\n\n<summary>The app crashes</summary>\n\nReinstall it.\n\n</details>\n\nStill stuck? Write to us.\n",
			[]string{"h1 Install", "h2 Troubleshooting", "h3 collapsible The download never finishes", "p Free some space.", "h3 collapsible The app crashes", "p Reinstall it.", "p again Still stuck? Write to us."}},
		{"VitePress", "md",
			"# FAQ\n\n::: details Can I get a refund?\nYes, within 14 days.\n:::\n\n::: tip\nWrite to us.\n:::\n\nThanks.\n",
			[]string{"h1 FAQ", "h2 collapsible Can I get a refund?", "p Yes, within 14 days.", "p again note Tip: Write to us.", "p Thanks."}},
		{"MkDocs", "md",
			"# FAQ\n\n??? question \"Can I get a refund?\"\n    Yes, within 14 days.\n\n???+ note\n    Untitled.\n\nThanks.\n",
			[]string{"h1 FAQ", "h2 collapsible Can I get a refund?", "p Yes, within 14 days.", "p again note Note: Untitled.", "p Thanks."}},
		{"nested, on an HTML page", "html",
			"<html><body><h1>FAQ</h1><details><summary>Billing</summary><p>About bills.</p><details><summary>Can I get a refund?</summary><p>Yes, within 14 days.</p></details></details><h2>Contact</h2><p>Mail us.</p></body></html>",
			[]string{"h1 FAQ", "h2 collapsible Billing", "p About bills.", "h3 collapsible Can I get a refund?", "p Yes, within 14 days.", "h2 Contact", "p Mail us."}},
		{"no summary", "html",
			"<html><body><h1>FAQ</h1><details><p>Hidden text.</p></details><p>After.</p></body></html>",
			[]string{"h1 FAQ", "p Hidden text.", "p After."}},
		{"in a list item", "md",
			"# Steps\n\n- Open the menu.\n  <details><summary>Where is it?</summary>Top right.</details>\n",
			[]string{"h1 Steps", "p Open the menu. Where is it? Top right."}},
	} {
		t.Run(tc.name, func(t *testing.T) { checkBlockLines(t, tc.kind, tc.src, tc.want) })
	}
}

// TestBookFolder: in a book (a folder with a SUMMARY.md, or a GitBook's
// .gitbook.yaml) the table of contents is no page and the README is the
// first page; a .gitbook.yaml's root is the pages folder, its structure
// names the two files; in any other folder the README describes the
// repository.
func TestBookFolder(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string // contents by path; "" for a page of its own
		want  []string
	}{
		{"a book", map[string]string{"SUMMARY.md": "", "README.md": "", "start/install.md": "", "start/SUMMARY.md": ""},
			[]string{"README.md", "start/SUMMARY.md", "start/install.md"}},
		{"a repository", map[string]string{"README.md": "", "LICENSE.md": "", "install.md": "", "summary.md": ""},
			[]string{"install.md", "summary.md"}},
		{"a GitBook with its pages in docs", map[string]string{".gitbook.yaml": "root: ./docs/\n", "README.md": "", "CONTRIBUTING.md": "", "notes/todo.md": "",
			"docs/README.md": "", "docs/SUMMARY.md": "", "docs/start/install.md": ""},
			[]string{"README.md", "start/install.md"}},
		{"a GitBook's own names", map[string]string{".gitbook.yaml": "structure:\n  readme: intro.md\n  summary: toc.md\n", "README.md": "", "intro.md": "", "toc.md": "", "a.md": ""},
			[]string{"a.md", "intro.md"}},
		{"a GitBook root outside the folder", map[string]string{".gitbook.yaml": "root: ../elsewhere/\n", "SUMMARY.md": "", "README.md": "", "a.md": ""},
			[]string{"README.md", "a.md"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for f, body := range tc.files {
				p := filepath.Join(dir, filepath.FromSlash(f))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if body == "" {
					body = "# " + f + "\n\nText of " + f + ".\n"
				}
				if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			docs, _, err := ReadDir(context.Background(), dir, ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, d := range docs {
				got = append(got, d.URL)
			}
			slices.Sort(got)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("pages %q, want %q", got, tc.want)
			}
		})
	}
}

// TestMDXComponents: the components of the MDX sites that carry a page's
// structure: tabs (labelled by title, label, value or their set's items),
// collapsible parts (a sub-section per question), callouts (labelled
// notes) and steps' titles; other components go, their content stays.
func TestMDXComponents(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"Mintlify",
			"# Install\n\n<Tabs>\n  <Tab title=\"macOS\">\n    Run `brew install acme`.\n  </Tab>\n  <Tab title=\"Windows\">\n    Run the installer.\n  </Tab>\n</Tabs>\n\nThen sign in.\n\n<Warning>\nKeep your key secret.\n</Warning>\n\n## FAQ\n\n<AccordionGroup>\n  <Accordion title=\"Can I use two devices?\">\n    Yes, up to five.\n  </Accordion>\n  <Accordion title=\"Is there a free plan?\">\n    No.\n  </Accordion>\n</AccordionGroup>\n\nAsk us anything.\n",
			[]string{"h1 Install", "h2 tab macOS", "p Run brew install acme.", "h2 tab Windows", "p Run the installer.", "p again Then sign in.", "p note Warning: Keep your key secret.",
				"h2 FAQ", "h3 collapsible Can I use two devices?", "p Yes, up to five.", "h3 collapsible Is there a free plan?", "p No.", "p again Ask us anything."}},
		{"Nextra",
			"# Install\n\n<Tabs items={['pnpm', 'npm']}>\n<Tabs.Tab>\npnpm add acme\n</Tabs.Tab>\n<Tabs.Tab>\nnpm i acme\n</Tabs.Tab>\n</Tabs>\n\n<Callout type=\"error\">\nNode 16 is not supported.\n</Callout>\n",
			[]string{"h1 Install", "h2 tab pnpm", "p pnpm add acme", "h2 tab npm", "p npm i acme", "p again note Danger: Node 16 is not supported."}},
		{"Starlight and Docusaurus callouts with a title",
			"# Sync\n\nSync runs hourly.\n\n<Aside type=\"tip\" title=\"Faster sync\">\nPlug in your phone.\n</Aside>\n\n<Admonition type=\"info\">\nSync needs Wi-Fi.\n</Admonition>\n",
			[]string{"h1 Sync", "p Sync runs hourly.", "p note Faster sync: Plug in your phone.", "p note Info: Sync needs Wi-Fi."}},
		{"indented children: a list, and code in it",
			"# Install\n\n<Tabs>\n  <Tab title=\"macOS\">\n    1. Open Terminal.\n    2. Run:\n\n       ```bash\n       brew install acme\n       ```\n\n    Done.\n  </Tab>\n</Tabs>\n",
			[]string{"h1 Install", "h2 tab macOS", "p Open Terminal.", "p Run:", "p code brew install acme", "p Done."}},
		{"steps: one list, each step's text in its item",
			"# Set up\n\n<Steps>\n  <Step title=\"Install the CLI\">\n    Run:\n\n    ```bash\n    npm i -g acme\n    ```\n  </Step>\n  <Step title=\"Sign in\">\n    Run `acme login`.\n  </Step>\n</Steps>\n\nDone.\n",
			[]string{"h1 Set up", "p Install the CLI – Run:", "p code npm i -g acme", "p Sign in – Run acme login.", "p Done."}},
		{"cards: a list of links to the pages they lead to",
			"# Get started\n\n<CardGroup cols={2}>\n  <Card title=\"Install\" icon=\"download\" href=\"/install\">\n    Set up the app on your phone.\n  </Card>\n  <Card title=\"Billing\" href=\"/billing\" />\n</CardGroup>\n\n<LinkCard title=\"Support\" description=\"Write to us\" href=\"/support\" />\n",
			[]string{"h1 Get started", "p [Install](https://help.example.com/install) – Set up the app on your phone.", "p [Billing](https://help.example.com/billing)", "p [Support](https://help.example.com/support) – Write to us"}},
		{"an aside in a page's text (Notion's export)",
			"# Reset your password\n\n<aside>\n💡 You need your e-mail.\n\n</aside>\n\nClick **Forgot password**.\n",
			[]string{"h1 Reset your password", "p Click Forgot password.", "p note Note: 💡 You need your e-mail."}},
		{"Docusaurus tabs are unchanged",
			"## Install\n<Tabs values={[{label: 'Android', value: 'a'}]}>\n<TabItem value=\"a\">\nTap Install.\n</TabItem>\n</Tabs>\n",
			[]string{"h2 Install", "h3 tab Android", "p Tap Install."}},
	} {
		t.Run(tc.name, func(t *testing.T) { checkBlockLines(t, "mdx", tc.src, tc.want) })
	}
}

// TestFileNameLinkTitled: a link whose text is its own target, a file name
// (GitBook's page references), reads as the title of the page it leads
// to; a link with words of its own, or to no page of the folder, is left.
func TestFileNameLinkTitled(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"install.md": "# Install\n\n{% content-ref url=\"sign-in.md\" %}\n[sign-in.md](sign-in.md)\n{% endcontent-ref %}\n\nThen [sign in](sign-in.md) or see [faq.md](faq.md).\n",
		"sign-in.md": "# Sign in\n\nTap Sign in.\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	docs, _, err := ReadDir(context.Background(), dir, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(docs, func(d *Document) bool { return d.URL == "install.md" })
	if i < 0 {
		t.Fatal("no page install.md")
	}
	text := docs[i].Text()
	for _, want := range []string{"[Sign in](sign-in.md)", "[sign in](sign-in.md)", "[faq.md]("} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in %q", want, text)
		}
	}
	if strings.Contains(text, "[sign-in.md]") {
		t.Errorf("the file name is still the link's text: %q", text)
	}
}
