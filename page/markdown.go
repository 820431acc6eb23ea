package page

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path"
	"regexp"
	"strings"
	"unicode"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// markdown renders help-center Markdown: GitHub tables and lists, and raw
// HTML passed through, since the HTML cleaner removes what is unsafe.
// Images are written as their alt text (imageAlt). A heading's explicit
// anchor ("## Install {#install}", as Docusaurus and MkDocs write them) is
// parsed off, not kept in its text, where a reply would quote it; it is
// not written out either (dropAttributes), as the HTML reader drops an
// element whose id says cookie or popup (#cookie-modifier, #1p-cookie).
var markdown = goldmark.New(
	goldmark.WithExtensions(extension.GFM, extension.DefinitionList),
	goldmark.WithParserOptions(parser.WithAttribute(), parser.WithASTTransformers(util.Prioritized(dropAttributes{}, 100))),
	goldmark.WithRendererOptions(html.WithUnsafe(), renderer.WithNodeRenderers(util.Prioritized(imageAlt{}, 100))),
)

// dropAttributes removes the attributes parsed off headings.
type dropAttributes struct{}

func (dropAttributes) Transform(doc *ast.Document, _ text.Reader, _ parser.Context) {
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering && n.Kind() == ast.KindHeading {
			n.RemoveAttributes()
		}
		return ast.WalkContinue, nil
	})
}

// imageAlt renders a Markdown image as its alt text in parentheses: what
// the picture shows, for a reader who cannot see it, marked as an aside so
// that an image alone on its line never reads as a heading-like line that
// opens a section. (The HTML cleaner drops <img>, whose alt text on a
// crawled page is mostly logos and icons.)
type imageAlt struct{}

func (imageAlt) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindImage, func(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		var alt bytes.Buffer
		altText(&alt, src, n)
		if t := bytes.TrimSpace(styleMarker.ReplaceAll(alt.Bytes(), nil)); len(t) > 0 {
			_, _ = w.WriteString(" (")
			_, _ = w.Write(util.EscapeHTML(t))
			_, _ = w.WriteString(") ")
		}
		return ast.WalkSkipChildren, nil
	})
}

// styleMarker is the end of an alt text that styles the picture instead of
// describing it: words led by an asterisk, with no closing one ("Settings
// *border", "Menu *mobile_border", "Menu *mobile border"), which some
// Docusaurus themes read to frame a screenshot. A reply must not quote it.
var styleMarker = regexp.MustCompile(`(^|\s)\*[\pL_][\pL\pN_ -]*$`)

// altText writes the text of an image's description.
func altText(w *bytes.Buffer, src []byte, n ast.Node) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			// The source's backslash escapes (\* and \_) are not text.
			w.Write(util.UnescapePunctuations(c.Value(src)))
			if c.SoftLineBreak() {
				w.WriteByte(' ')
			}
		case *ast.String:
			w.Write(c.Value)
		default:
			altText(w, src, c)
		}
	}
}

// MarkdownHTML renders the Markdown body of an article (a help desk that
// keeps its articles in Markdown: Chatwoot's help center) as the HTML its
// other articles are, with the dialects of folders rendered first.
func MarkdownHTML(body []byte) ([]byte, error) {
	return renderMarkdown(body, &renderEnv{})
}

// renderMarkdown renders a Markdown body as HTML, its dialects (closed
// blocks first, then those a line at a time) in env.
func renderMarkdown(body []byte, env *renderEnv) ([]byte, error) {
	var out bytes.Buffer
	if err := markdown.Convert(renderDialects(closedDialects(body), env), &out); err != nil {
		return nil, fmt.Errorf("rendering Markdown: %w", err)
	}
	return out.Bytes(), nil
}

// ErrDraft is a page its front matter marks as a draft: not published, so
// not read.
var ErrDraft = errors.New("page is a draft")

// ParseMarkdown cleans a Markdown page by rendering it to HTML and cleaning
// that, so both kinds of page share one cleaner. The docs-as-code dialects
// (front matter, Liquid, Hugo shortcodes, MDX, MkDocs, Obsidian) are
// rendered first (see renderDialects). The title is the front matter's,
// else the first # heading, else the file name of url.
func ParseMarkdown(raw []byte, url string) (*Document, error) {
	return parseMarkdown(raw, url, nil, nil)
}

// parseMarkdown is ParseMarkdown for a page of a folder: env renders its
// includes and variables, links resolves links to the folder's pages.
func parseMarkdown(raw []byte, url string, env *renderEnv, links func(string) (string, bool)) (*Document, error) {
	text, err := decodeHTML(raw, "utf-8")
	if err != nil {
		return nil, err
	}
	front, format, body := splitFrontMatter(text)
	fm, err := parseFrontMatter(front, format)
	if err != nil {
		return nil, err
	}
	if fm.Draft {
		return nil, ErrDraft
	}
	var properties []string
	if isNotionExport(url) {
		body, properties = notionProperties(body)
	}
	if env == nil {
		env = &renderEnv{}
	}
	env.title = fm.Title
	if lang := langTag(fm.Lang, false); lang != "" {
		env.lang = lang
	}
	rendered, err := renderMarkdown(body, env)
	if err != nil {
		return nil, err
	}
	p, err := parseHTMLPage(rendered, url, "", links)
	if err != nil {
		return nil, err
	}
	doc := p.Document
	doc.Title = fm.Title
	if doc.Title == "" {
		doc.Title = firstH1(doc.Blocks)
	}
	if doc.Title == "" {
		doc.Title = titleFromPath(url)
	}
	doc.Lang = langTag(fm.Lang, false)
	doc.Keywords = fm.keywords(append(doc.Keywords, properties...))
	sum := sha256.Sum256(raw)
	doc.ContentHash = hex.EncodeToString(sum[:])
	return doc, nil
}

// firstH1 is the text of the page's first level-1 heading, or "": a page
// whose first heading is an h2 has no title of its own.
func firstH1(blocks []Block) string {
	for _, b := range blocks {
		if b.Kind == Heading && b.Level == 1 {
			return plainLinks(b)
		}
	}
	return ""
}

// numericPrefix is the ordering prefix of a docs-as-code file or folder
// name ("01-intro.md"), which the generators drop from titles and URLs;
// datedName is a name that starts with a date or version instead
// ("2021-08-01-prices", "1.5-release"), which keeps it, as in Docusaurus.
var (
	numericPrefix = regexp.MustCompile(`^\d+[-_. ]+`)
	datedName     = regexp.MustCompile(`^\d+[-_.]\d`)
)

// stripNumberPrefix drops a name's ordering prefix, unless that would
// leave nothing or the name starts with a date or version.
func stripNumberPrefix(name string) string {
	if datedName.MatchString(name) {
		return name
	}
	if s := numericPrefix.ReplaceAllString(name, ""); s != "" {
		return s
	}
	return name
}

// wordSeparators are the characters file names separate words with.
var wordSeparators = strings.NewReplacer("-", " ", "_", " ")

// titleFromPath makes a title of a page's file name, as the generators do
// for a page that has none: "getting-started.md" -> "Getting started"; an
// index page is named after its folder.
func titleFromPath(p string) string {
	p = strings.TrimSuffix(p, "/")
	name := path.Base(p)
	name = unescapePath(name)
	stem := strings.TrimSuffix(name, path.Ext(name))
	if isIndexName(stem) {
		if dir := path.Dir(p); dir != "." && dir != "/" {
			stem = path.Base(dir)
		}
	}
	stem = withoutNotionID(stem) // Notion's export names a page "Title <id>"
	stem = stripNumberPrefix(stem)
	stem = collapse(wordSeparators.Replace(stem))
	if stem == "" {
		return ""
	}
	r := []rune(stem)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// isIndexName reports whether a file stem names its folder's page.
func isIndexName(stem string) bool {
	switch strings.ToLower(stem) {
	case "index", "_index", "readme":
		return true
	}
	return false
}

// closedDialects rewrites the Markdown dialects whose blocks a line of
// their own closes, which the line-by-line renderDialects does not read
// (ReadMe's, Retype's and Docsify's, MDC's, Writerside's), into the
// syntax it reads.
func closedDialects(body []byte) []byte {
	return writersideBlocks(mdcBlocks(closedBlocks(readmeBlocks(body))))
}

// codeFences follows the code fences of a page's lines, one line after
// another, so that the rewriters of closedDialects leave code as written.
type codeFences struct{ open string }

// code reports whether line is code: a line that opens or closes a fence,
// or one inside a fence.
func (f *codeFences) code(line string) bool {
	if m := fenceOpen.FindStringSubmatch(line); m != nil && (f.open == "" || strings.HasPrefix(strings.TrimLeft(line, " "), f.open)) {
		if f.open == "" {
			f.open = m[1]
		} else {
			f.open = ""
		}
		return true
	}
	return f.open != ""
}
