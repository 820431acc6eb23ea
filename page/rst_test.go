package page

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// rstSyntax is what no page text read from reStructuredText may carry:
// explicit markup (not an ellipsis), roles, literals, references.
var rstSyntax = regexp.MustCompile("(^|[^.])\\.\\. [\\w|\\[]|:ref:|:doc:|``|`_|:orphan:|\\|version\\|")

// TestParseRST reads each construct of the subset the reader knows.
func TestParseRST(t *testing.T) {
	tests := []struct {
		name, in, want string
		title          string   // "" when not checked
		keywords       []string // nil when not checked
		tabs           []string // the headings marked Block.Tab
		code           []string // the lines marked Block.Code
		includes       map[string]string
		folder         *rstFolder
	}{
		{
			name:  "section levels by first-seen adornment",
			in:    "Guide\n=====\n\nIntro.\n\nPart\n----\n\nText.\n\nSub\n~~~\n\nMore.\n\nNext\n----\n\nEnd.",
			want:  "# Guide\nIntro.\n## Part\nText.\n### Sub\nMore.\n## Next\nEnd.",
			title: "Guide",
		},
		{
			name:  "overline and underline are two styles",
			in:    "=======\n Guide\n=======\n\nIntro.\n\nPart\n=======\n\nText.",
			want:  "# Guide\nIntro.\n## Part\nText.",
			title: "Guide",
		},
		{
			name:  "no title: the file name",
			in:    "Just text\nover two lines.",
			want:  "Just text over two lines.",
			title: "Guide",
		},
		{
			name: "transition dropped",
			in:   "One.\n\n----------\n\nTwo.",
			want: "One.\nTwo.",
		},
		{
			name: "nested bullet list",
			in:   "- a\n- b\n  continued\n\n  - c\n\n- d",
			want: "- a\n- b continued\n  - c\n- d",
		},
		{
			name: "enumerated list",
			in:   "1. one\n2. two\n#. three\n\n(a) four",
			want: "1. one\n1. two\n1. three\n1. four",
		},
		{
			name: "literal block after ::",
			in:   "Run this::\n\n    pip install x\n    pip list\n\nDone.",
			want: "Run this:\npip install x\npip list\nDone.",
			code: []string{"pip install x", "pip list"},
		},
		{
			name: "expanded :: alone and after a space",
			in:   "Run this ::\n\n  a\n\n::\n\n  b",
			want: "Run this\na\nb",
			code: []string{"a", "b"},
		},
		{
			name: "code-block with options",
			in:   ".. code-block:: console\n   :caption: Listing\n\n   $ pip list\n\n.. code:: python\n\n   print(1)",
			want: "$ pip list\nprint(1)",
			code: []string{"$ pip list", "print(1)"},
		},
		{
			name: "definition list",
			in:   "wheel\n   A built package.\n\nsdist : classifier\n   A source archive.",
			want: "wheel\nA built package.\nsdist\nA source archive.",
		},
		{
			name:     "field list at the top dropped, description kept as keyword",
			in:       ":orphan:\n:description: Install packages\n   from PyPI.\n\nTitle\n=====\n\nText.",
			want:     "# Title\nText.",
			keywords: []string{"Install packages from PyPI."},
		},
		{
			name: "field list in the text",
			in:   "Text.\n\n:param name: the package.\n:returns: nothing.",
			want: "Text.\n- param name: the package.\n- returns: nothing.",
		},
		{
			name: "comments and targets dropped",
			in:   ".. a comment\n   over two lines\n\n.. _label:\n\n..\n   an empty comment's block\n\nText.",
			want: "Text.",
		},
		{
			name: "a note opening a section is written after its text",
			in:   "Sec\n===\n\n.. note:: Careful\n   here.\n\nThe answer.",
			want: "# Sec\nThe answer.\nNote: Careful here.",
		},
		{
			name: "a warning keeps its place",
			in:   "Sec\n===\n\n.. warning::\n\n   Careful.\n\nThe answer.",
			want: "# Sec\nWarning: Careful.\nThe answer.",
		},
		{
			name: "admonition with a title, seealso, versionadded",
			in:   "Text.\n\n.. admonition:: Before you start\n\n   Back up.\n\n.. seealso:: The FAQ.\n\n.. versionadded:: 2.0\n   The flag.",
			want: "Text.\nBefore you start: Back up.\nSee also: The FAQ.\nNew in version 2.0: The flag.",
		},
		{
			name:     "hidden toctree, contents, index dropped; meta description a keyword",
			in:       "Text.\n\n.. toctree::\n   :maxdepth: 2\n   :hidden:\n\n   install\n   usage\n\n.. contents::\n\n.. index:: pip\n\n.. meta::\n   :description: About pip.",
			want:     "Text.",
			keywords: []string{"About pip."},
		},
		{
			name: "toctree: its caption and links; self, globs and untitled URLs left out",
			in:   "Text.\n\n.. toctree::\n   :maxdepth: 2\n   :caption: Using pip\n   :glob:\n\n   install\n   The FAQ </faq>\n   self\n   topics/*\n   https://example.com\n   Home <https://example.com>\n   user/index",
			want: "Text.\nUsing pip\n- [Install](install)\n- [The FAQ](faq)\n- [Home](https://example.com)\n- [User](user/index)",
		},
		{
			name: "image and figure by their alt text",
			in:   ".. image:: a.png\n   :alt: The settings dialog\n\n.. image:: b.png\n\n.. figure:: c.png\n   :alt: A chart\n\n   The caption.",
			want: "(The settings dialog)\n(A chart)\nThe caption.",
		},
		{
			name: "sphinx-tabs as tabs",
			in:   "Install\n=======\n\n.. tabs::\n\n   .. tab:: Windows\n\n      Run the installer.\n\n   .. tab:: Linux\n\n      Use apt.\n\n   .. tab:: Empty\n\n      .. pip-command-usage:: x",
			want: "# Install\n## Windows\nRun the installer.\n## Linux\nUse apt.",
			tabs: []string{"Windows", "Linux"},
		},
		{
			name: "sphinx-design tab-set as tabs, code-tab",
			in:   "Install\n=======\n\n.. tab-set::\n\n   .. tab-item:: Android\n\n      Open the app.\n\n.. code-tab:: bash Unix\n\n   ls",
			want: "# Install\n## Android\nOpen the app.\n## Unix\nls",
			tabs: []string{"Android", "Unix"},
			code: []string{"ls"},
		},
		{
			name: "a tab inside a list item is a label",
			in:   "#. Freeze.\n\n   .. tab:: Unix\n\n      Run it.",
			want: "1. Freeze.\n  Unix:\n  Run it.",
			tabs: []string{"Unix:"},
		},
		{
			name: "emphasis, literals, links",
			in:   "**Bold** and *em* and ``code`` and `PyPI <https://pypi.org>`_ and `Docs`_ and Home_.\n\n.. _Docs: https://docs.example.com\n.. _home: https://example.com",
			want: "Bold and em and code and [PyPI](https://pypi.org) and [Docs](https://docs.example.com) and [Home](https://example.com).",
		},
		{
			name: "markup that does not open stays text",
			in:   "Use *.whl files, 2 * 3, a*b and an *unclosed one, snake_case_.",
			want: "Use *.whl files, 2 * 3, a*b and an *unclosed one, snake_case_.",
		},
		{
			name: "roles: their text; a doc a link",
			in:   "See :ref:`Installing <install-label>`, :ref:`config-file`, :ref:`sec`, :doc:`topics/auth`, :doc:`the FAQ </faq>`, :pep:`8`, :kbd:`Ctrl+C`, :menuselection:`File --> Open`, :py:func:`~pip.main`.\n\n.. _sec:\n\nSection title\n-------------\n\nx",
			want: "See Installing, config file, Section title, [Auth](topics/auth), [the FAQ](faq), PEP 8, Ctrl+C, File > Open, main.\n# Section title\nx",
		},
		{
			name: "a label another page defines: a link to it",
			in:   "See :ref:`pip uninstall`, :ref:`Removing <pip uninstall>` and :ref:`unknown-label`.",
			want: "See [pip uninstall](cli/pip_uninstall.rst), [Removing](cli/pip_uninstall.rst) and unknown label.",
			folder: &rstFolder{label: func(name string) (string, string, bool) {
				if name == "pip uninstall" {
					return "/cli/pip_uninstall.rst", "pip uninstall", true
				}
				return "", "", false
			}},
		},
		{
			name: "substitutions and footnotes",
			in:   "Version |version| is |undefined| out [1]_.\n\n.. |version| replace:: 2.0\n.. [1] A footnote.",
			want: "Version 2.0 is out.\nA footnote.",
		},
		{
			name: "escapes",
			in:   `A \*star\* and a\ joined word and \\ one backslash.`,
			want: `A *star* and ajoined word and \ one backslash.`,
		},
		{
			name: "simple table",
			in:   "=====  =========\nName   Meaning\n=====  =========\n-e     editable\n-r     requirements\n       file\n=====  =========",
			want: "| Name | Meaning |\n| -e | editable |\n| -r | requirements file |",
		},
		{
			name: "grid table",
			in:   "+------+----------+\n| Name | Meaning  |\n+======+==========+\n| -e   | editable |\n|      | install  |\n+------+----------+",
			want: "| Name | Meaning |\n| -e | editable install |",
		},
		{
			name: "list-table and csv-table",
			in:   ".. list-table::\n   :header-rows: 1\n\n   * - Name\n     - Meaning\n   * - -e\n     - editable\n\n.. csv-table::\n   :header: \"A\", \"B\"\n\n   1, \"two, three\"",
			want: "| Name | Meaning |\n| -e | editable |\n| A | B |\n| 1 | two, three |",
		},
		{
			name:     "include from the folder",
			in:       "Text.\n\n.. include:: parts/shared.rst\n\n.. include:: ../outside.rst",
			want:     "Text.\nShared words.",
			includes: map[string]string{"parts/shared.rst": "Shared *words*."},
		},
		{
			name: "block quote and line block",
			in:   "Said:\n\n    Quoted text.\n\n| Line one\n| Line two",
			want: "Said:\nQuoted text.\nLine one\nLine two",
		},
		{
			name: "unknown directives: their content; domain objects as Sphinx writes them",
			in:   ".. only:: html\n\n   Shown.\n\n.. py:function:: install(name)\n\n   Installs it.\n\n.. raw:: html\n\n   <b>x</b>",
			want: "Shown.\ninstall(name)\nInstalls it.",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := &renderEnv{include: func(name string) ([]byte, bool) {
				s, ok := tt.includes[name]
				return []byte(s), ok
			}}
			doc, err := parseRST([]byte(tt.in), "guide.rst", env, nil, tt.folder)
			if err != nil {
				t.Fatal(err)
			}
			if got := doc.Text(); got != tt.want {
				t.Errorf("text:\n%s\nwant:\n%s", got, tt.want)
			}
			if tt.title != "" && doc.Title != tt.title {
				t.Errorf("title %q, want %q", doc.Title, tt.title)
			}
			if tt.keywords != nil && !slices.Equal(doc.Keywords, tt.keywords) {
				t.Errorf("keywords %q, want %q", doc.Keywords, tt.keywords)
			}
			var tabs, code []string
			for _, b := range doc.Blocks {
				if b.Tab {
					tabs = append(tabs, b.Text)
				}
				if b.Code {
					code = append(code, b.Text)
				}
			}
			if !slices.Equal(tabs, tt.tabs) {
				t.Errorf("tabs %q, want %q", tabs, tt.tabs)
			}
			if !slices.Equal(code, tt.code) {
				t.Errorf("code %q, want %q", code, tt.code)
			}
		})
	}
}

// TestReadDirRST reads a folder of pip's documentation: every .rst file
// is a page, titled by its first section, with no markup left in its text,
// and a :doc: reference to a page of the folder is a link to it.
func TestReadDirRST(t *testing.T) {
	docs, errs, err := ReadDir(context.Background(), filepath.Join("testdata", "rst", "pip"), ReadOptions{BaseURL: "https://pip.example.org/en/stable/"})
	if err != nil {
		t.Fatal(err)
	}
	if len(errs) > 0 {
		t.Fatalf("page errors: %v", errs)
	}
	var sb strings.Builder
	for _, d := range docs {
		fmt.Fprintf(&sb, "URL: %s\nTitle: %s\nKeywords: %s\n\n%s\n\n", d.URL, d.Title, strings.Join(d.Keywords, " | "), d.Text())
		if m := rstSyntax.FindString(d.Text()); m != "" {
			t.Errorf("%s: text holds %q", d.URL, m)
		}
	}
	checkGolden(t, filepath.Join("rst", "pip.golden"), sb.String())
	if len(docs) != 5 {
		t.Errorf("%d pages, want 5 (every .rst file but LICENSE.txt)", len(docs))
	}
	for _, d := range docs {
		if d.URL != "https://pip.example.org/en/stable/quickstart/" {
			continue
		}
		var got []string
		for _, l := range d.Links() {
			got = append(got, l.URL)
		}
		if want := "https://pip.example.org/en/stable/development/getting-started/"; !slices.Contains(got, want) {
			t.Errorf("quickstart links to %q, want %s among them", got, want)
		}
	}
}

func FuzzParseRST(f *testing.F) {
	for _, name := range []string{"rst/pip/quickstart.rst", "rst/pip/cli/pip_uninstall.rst", "rst/pip/development/getting-started.rst"} {
		f.Add(readFixture(f, name))
	}
	f.Add([]byte("T\n=\n\n* a\n\n  #. b\n\n     .. note:: c\n\n        ``d`` *e* `f <g>`_ :ref:`h` |i| [1]_\n\n+--+\n| x|\n+==+\n"))
	f.Add([]byte(".. toctree::\n   :caption: C\n   :glob:\n\n   a\n   T <b/index>\n   self\n   *\n\nx"))
	f.Add([]byte("===  ===\na    b\n===  ===\n\n.. list-table::\n\n   * - x\n\n.. csv-table::\n   :header: \"a\n\n   \"b"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		env := &renderEnv{include: func(string) ([]byte, bool) { return raw, true }}
		folder := &rstFolder{docTitle: func(string) string { return "" }, label: func(string) (string, string, bool) { return "/a.rst", "A", true }}
		doc, err := parseRST(raw, "page.rst", env, nil, folder)
		if err != nil {
			return
		}
		checkCleanDocument(t, doc)
	})
}
