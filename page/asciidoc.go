package page

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"html"
	"io"
	"regexp"
	"strings"
	"sync"

	"github.com/bytesparadise/libasciidoc"
	"github.com/bytesparadise/libasciidoc/pkg/configuration"
	"github.com/bytesparadise/libasciidoc/pkg/types"
	"github.com/sirupsen/logrus"
)

// AsciiDoc (.adoc, .asciidoc), the pages of Asciidoctor and Antora help
// centers: libasciidoc writes a page as the HTML Asciidoctor would
// publish, which the HTML reader then cleans, as the Markdown reader does
// with goldmark's output. Before that, the reader resolves the page's
// includes itself (libasciidoc opens them from the working directory and
// fails the page on one it cannot), reads the header's description and
// keywords, and afterwards rewrites Asciidoctor's admonition tables as the
// other readers write notes (adocHTML).

// ParseAsciiDoc cleans an AsciiDoc page. The title is the document title
// ("= Title"), else its first section title, else the file name of url.
// It converts the page in this process, where a panic in one of
// libasciidoc's own goroutines ends the process (ReadOptions.AsciiDoc
// takes an AsciiDocBox instead).
func ParseAsciiDoc(raw []byte, url string) (*Document, error) {
	return parseAsciiDoc(context.Background(), raw, url, nil, nil)
}

// adocEnv is what an AsciiDoc page needs of its folder.
type adocEnv struct {
	// include returns the text of the file an include directive names
	// (the target as written, attributes substituted) from the file at
	// slash path from, and that file's path, for the includes it holds;
	// false for a file outside the folder or that cannot be read.
	include func(from, target string) (raw []byte, file string, ok bool)
	// file is the page's slash path in the folder.
	file string
	// attrs are the attributes the site sets (antora.yml's asciidoc
	// attributes), which the page's own override.
	attrs map[string]string
	// lang is the page's language (BCP 47), "" when unknown: it names the
	// kinds of its notes.
	lang string
	// convert writes the page as HTML; nil: in this process (inProcess).
	convert AsciiDocConverter
}

// maxAdocBytes bounds a page with its includes: libasciidoc reads about
// 100 KB a second, and more slowly the longer the page, so a page is read
// up to there (a help page is rarely a tenth of it), and a page including
// a large file many times costs no more than that.
const maxAdocBytes = 256 << 10

// quietAdocLog silences libasciidoc, once: it logs every page's parse
// timings through logrus's standard logger at info level, and a warning
// for each {name} it cannot substitute (a program's "%{User-Name}" in a
// page's text, kept as written), which would flood a build's output.
// Nothing else here logs through logrus.
var quietAdocLog sync.Once

// parseAsciiDoc is ParseAsciiDoc for a page of a folder: env resolves its
// includes and attributes (nil: none), links resolves links to the
// folder's pages.
func parseAsciiDoc(ctx context.Context, raw []byte, url string, env *adocEnv, links func(string) (string, bool)) (*Document, error) {
	text, err := decodeHTML(raw, "utf-8")
	if err != nil {
		return nil, err
	}
	if env == nil {
		env = &adocEnv{}
	}
	src := strings.ReplaceAll(strings.ReplaceAll(string(text), "\r\n", "\n"), "\r", "\n")
	pre := &adocPre{env: env, attrs: map[string]string{}, budget: maxAdocBytes}
	for k, v := range env.attrs {
		pre.attrs[k] = v
	}
	var body strings.Builder
	pre.lines(&body, src, env.file, 0)
	head := readAdocHeader(src)
	var convert AsciiDocConverter = inProcess{}
	if env.convert != nil {
		convert = env.convert
	}
	out, title, err := convert.ConvertAsciiDoc(ctx, body.String(), env.attrs)
	if err != nil {
		return nil, err
	}
	page := adocHTML(out, title, env.lang)
	p, err := parseHTMLPage(page, url, "", links)
	if err != nil {
		return nil, err
	}
	doc := p.Document
	doc.Title = title
	if doc.Title == "" {
		doc.Title = sectionTitle(doc.Blocks, url)
	}
	kw := head.keywords()
	for i := range kw {
		kw[i] = pre.subst(kw[i])
	}
	doc.Keywords = Keywords(append(kw, doc.Keywords...)...)
	sum := sha256.Sum256(raw)
	doc.ContentHash = hex.EncodeToString(sum[:])
	return doc, nil
}

// adocConvertFunc writes AsciiDoc as HTML: libasciidoc.Convert, or a fake
// one in tests.
type adocConvertFunc func(io.Reader, io.Writer, *configuration.Configuration) (types.Metadata, error)

// AsciiDocConverter writes an AsciiDoc page's text (its includes already
// resolved) as HTML with the attributes attrs set, and returns its
// document title as text. ReadOptions.AsciiDoc takes one.
type AsciiDocConverter interface {
	ConvertAsciiDoc(ctx context.Context, src string, attrs map[string]string) (html []byte, title string, err error)
}

// inProcess converts in the calling process: a panic in the calling
// goroutine fails the page, but one in a goroutine libasciidoc starts
// (it parses in several) ends the process. The default of ReadOptions,
// for programs that cannot start an AsciiDocBox's child.
type inProcess struct{}

func (inProcess) ConvertAsciiDoc(_ context.Context, src string, attrs map[string]string) ([]byte, string, error) {
	return convertAsciiDoc(src, attrs, libasciidoc.Convert)
}

// convertAsciiDoc writes src as HTML with convert, attrs set, and returns
// the document title as text. A panic in the calling goroutine fails the
// page; one in a goroutine the converter starts ends the process, which
// an AsciiDocBox's child is there to take.
func convertAsciiDoc(src string, attrs map[string]string, convert adocConvertFunc) (out []byte, title string, err error) {
	quietAdocLog.Do(func() { logrus.SetLevel(logrus.PanicLevel) })
	defer func() {
		if r := recover(); r != nil {
			out, title, err = nil, "", fmt.Errorf("rendering AsciiDoc: %v", r)
		}
	}()
	settings := []configuration.Setting{configuration.WithBackEnd("html5")}
	for k, v := range attrs {
		settings = append(settings, configuration.WithAttribute(k, v))
	}
	var buf bytes.Buffer
	md, err := convert(strings.NewReader(src), &buf, configuration.NewConfiguration(settings...))
	if err != nil {
		return nil, "", fmt.Errorf("rendering AsciiDoc: %w", err)
	}
	return buf.Bytes(), collapse(html.UnescapeString(stripTags(md.Title))), nil
}

// tagPattern matches an HTML tag, for a title libasciidoc writes with its
// inline markup.
var tagPattern = regexp.MustCompile(`<[^>]*>`)

func stripTags(s string) string { return tagPattern.ReplaceAllString(s, "") }

// adocPre resolves a page's includes (the one preprocessor directive
// libasciidoc would resolve from the file system; conditionals it
// evaluates itself) and tracks the attributes include targets may name.
type adocPre struct {
	env   *adocEnv
	attrs map[string]string
	// budget is how many more bytes the page and its includes may have.
	budget int
	// head is where the page's header is: before its title, after it
	// (the header's lines), or over (the body).
	head int
	// table: the line is in a table; row is the table's row being
	// joined (tableLine).
	table bool
	row   string
}

var (
	// adocInclude is an include directive, alone on its line.
	adocInclude = regexp.MustCompile(`^include::(\S[^\[]*)\[(.*)\]\s*$`)
	// adocAttrEntry is an attribute entry, ":name: value" (":name!:"
	// unsets it).
	adocAttrEntry = regexp.MustCompile(`^:([\w][\w-]*)(!?):(?:\s+(.*))?$`)
	// adocTableDelim is a table's delimiter line.
	adocTableDelim = regexp.MustCompile(`^\|===+$`)
	// adocAttrRef is a reference to an attribute, {name}.
	adocAttrRef = regexp.MustCompile(`\{([\w][\w-]*)\}`)
)

// lines writes src, read from the file at slash path file, to w with its
// includes resolved: an include the folder cannot give (outside it,
// missing, nested deeper than maxIncludeDepth, over the page's budget)
// is dropped. An include's tag=, tags= and lines= are not read: the whole
// file is included.
func (p *adocPre) lines(w *strings.Builder, src, file string, depth int) {
	comment := false
	verbatim := "" // the delimiter of the listing or literal block line is in
	for line := range strings.SplitSeq(src, "\n") {
		if p.budget -= len(line) + 1; p.budget < 0 {
			p.closeBlocks(w, verbatim, comment)
			return
		}
		t := strings.TrimRight(line, " \t")
		if strings.HasPrefix(line, "include::") {
			// Every line libasciidoc would read as an include is read
			// here: it would open the file itself, changing the
			// process's working directory to do so.
			if !comment {
				p.include(w, t, file, depth)
			}
			continue
		}
		delim := false
		switch {
		case verbatim != "":
			if t == verbatim {
				verbatim = ""
			}
		case len(t) >= 4 && strings.Count(t, "/") == len(t):
			comment = !comment
		case !comment && len(t) >= 4 && (strings.Count(t, "-") == len(t) || strings.Count(t, ".") == len(t)):
			verbatim = t
			p.flushRow(w)
		case comment:
		case adocTableDelim.MatchString(t):
			// libasciidoc knows "|===" alone; Asciidoctor any longer run
			// of "=" (FreeRADIUS writes "|=====").
			line, delim = t[:4], true
			p.table = !p.table
		case p.table:
			line = p.tableLine(line)
			if line == "" {
				continue // joined to the line before
			}
		}
		if verbatim == "" && !comment {
			line = quoteMacroText(line)
			if strings.HasPrefix(t, "[") && strings.Contains(t, "cols=") {
				line = adocCols.ReplaceAllStringFunc(line, colsSpec)
			}
		}
		if depth == 0 && p.authorLine(t, comment) {
			continue
		}
		if m := adocAttrEntry.FindStringSubmatch(t); m != nil && !comment {
			if m[2] == "!" {
				delete(p.attrs, m[1])
			} else {
				p.attrs[m[1]] = m[3]
			}
		}
		p.flushRow(w)
		if p.table && !delim && strings.TrimSpace(line) != "" {
			p.row = line // a cell's text may go on on the next lines
			continue
		}
		w.WriteString(line)
		w.WriteByte('\n')
	}
	p.flushRow(w)
}

// Where a page's header is (adocPre.head).
const (
	beforeTitle = iota
	inHeader
	inBody
)

// authorLine reports whether t, a line of the page itself, is one of the
// header's author or revision lines (the lines after the title that are
// neither attribute entries nor comments): no text of the page, and
// libasciidoc parses them in a goroutine of its own, where an odd one
// (an email address it cannot read) panics out of reach of a recover.
func (p *adocPre) authorLine(t string, comment bool) bool {
	switch p.head {
	case beforeTitle:
		switch {
		case strings.HasPrefix(t, "= "):
			p.head = inHeader
		case t == "" || comment || strings.HasPrefix(t, "//") || adocAttrEntry.MatchString(t):
		default:
			p.head = inBody
		}
	case inHeader:
		switch {
		case t == "":
			p.head = inBody
		case comment || strings.HasPrefix(t, "//") || adocAttrEntry.MatchString(t) || strings.HasPrefix(t, "include::"):
		default:
			return true
		}
	}
	return false
}

// closeBlocks closes the blocks open where the page is cut short, so that
// what was read stays what it was: the listing or literal block
// (delimiter verbatim), comment or table the cut falls in.
func (p *adocPre) closeBlocks(w *strings.Builder, verbatim string, comment bool) {
	p.flushRow(w)
	switch {
	case verbatim != "":
		w.WriteString(verbatim + "\n")
	case comment:
		w.WriteString("////\n")
	case p.table:
		w.WriteString("|===\n")
		p.table = false
	}
}

// flushRow writes the table row being joined.
func (p *adocPre) flushRow(w *strings.Builder) {
	if p.row != "" {
		w.WriteString(p.row)
		w.WriteByte('\n')
		p.row = ""
	}
}

// adocCellStart is a line of a table that starts a cell: "|", or a cell
// specifier before it ("2+|", "a|", "^.^h|").
var adocCellStart = regexp.MustCompile(`^\s*[\d.+*<^>adehlmsv]{0,8}\|`)

// tableLine rewrites a line of a table as libasciidoc reads tables: a
// cell's text that goes on on the next lines joined into one line (""
// when line is joined to the row before), white space before the first
// cell dropped, an escaped "\|" in a cell as the {vbar} attribute (one
// "|" in the text, not a new cell).
func (p *adocPre) tableLine(line string) string {
	t := strings.TrimSpace(line)
	t = strings.ReplaceAll(t, `\|`, "{vbar}")
	if t == "" || adocCellStart.MatchString(t) || p.row == "" {
		return t
	}
	p.row += " " + t
	return ""
}

// adocCols is a table's quoted column specifiers in its attribute line.
var adocCols = regexp.MustCompile(`cols="[^"]*"`)

// colsSpec rewrites a table's column specifiers as libasciidoc reads
// them: widths in percent ("10%,90%") as proportions, an empty specifier
// (cols=",") as width 1. libasciidoc drops a table whose specifiers it
// cannot parse, text and all.
func colsSpec(attr string) string {
	specs := strings.Split(strings.TrimSuffix(strings.TrimPrefix(attr, `cols="`), `"`), ",")
	for i, c := range specs {
		c = strings.ReplaceAll(strings.TrimSpace(c), "%", "")
		if c == "" {
			c = "1"
		}
		specs[i] = c
	}
	return `cols="` + strings.Join(specs, ",") + `"`
}

// adocMacroText is a link or cross reference macro's text in brackets.
var adocMacroText = regexp.MustCompile(`\b(xref:|link:|https?://|mailto:)([^\s\[\]]*)\[([^\]"]*)\]`)

// quoteMacroText quotes a link's text that holds a comma (and a cross
// reference's that holds "="): libasciidoc reads it as attributes, and
// cuts the text at the comma ("one, two" as "one"), where Asciidoctor
// keeps a cross reference's text whole.
func quoteMacroText(line string) string {
	if !strings.Contains(line, "[") || !strings.ContainsAny(line, ",=") {
		return line
	}
	return adocMacroText.ReplaceAllStringFunc(line, func(m string) string {
		sub := adocMacroText.FindStringSubmatch(m)
		text := sub[3]
		if !strings.Contains(text, ",") && !(sub[1] == "xref:" && strings.Contains(text, "=")) ||
			sub[1] != "xref:" && strings.Contains(text, "=") {
			return m
		}
		return sub[1] + sub[2] + `["` + text + `"]`
	})
}

// include writes the file the include directive line names, its own
// includes resolved; nothing when the folder cannot give it.
func (p *adocPre) include(w *strings.Builder, line, file string, depth int) {
	m := adocInclude.FindStringSubmatch(line)
	if m == nil || depth >= maxIncludeDepth || p.env.include == nil {
		return
	}
	raw, inc, ok := p.env.include(file, p.subst(m[1]))
	if !ok {
		return
	}
	text, err := decodeHTML(raw, "utf-8")
	if err != nil {
		return
	}
	p.flushRow(w)
	s := strings.ReplaceAll(strings.ReplaceAll(string(text), "\r\n", "\n"), "\r", "\n")
	p.lines(w, strings.TrimRight(s, "\n"), inc, depth+1)
}

// subst replaces the attributes known so far in s: an include's target,
// the page's description.
func (p *adocPre) subst(s string) string {
	return adocAttrRef.ReplaceAllStringFunc(s, func(ref string) string {
		if v, ok := p.attrs[ref[1:len(ref)-1]]; ok {
			return v
		}
		return ref
	})
}

// adocHeader is what a page's header says about it besides its title.
type adocHeader struct{ description, keywordList string }

// keywords are the header's description and keywords, as a Markdown
// page's front matter description and keywords are read.
func (h adocHeader) keywords() []string {
	return append([]string{h.description}, list(h.keywordList)...)
}

// readAdocHeader reads the description and keywords attributes of the
// page's header: the attribute entries and comments before the first
// blank line after the title (or before the first line that is neither,
// on a page without a title).
func readAdocHeader(src string) adocHeader {
	var h adocHeader
	started := false
	for line := range strings.SplitSeq(src, "\n") {
		t := strings.TrimSpace(line)
		switch {
		case t == "" && started:
			return h
		case t == "" || strings.HasPrefix(t, "//"):
		case strings.HasPrefix(t, "= "):
			started = true
		default:
			m := adocAttrEntry.FindStringSubmatch(t)
			if m == nil {
				if !started {
					return h
				}
				continue // an author or revision line
			}
			switch strings.ToLower(m[1]) {
			case "description":
				h.description = collapse(m[3])
			case "keywords":
				h.keywordList = m[3]
			}
		}
	}
	return h
}

// adocTitleLine is the text of a page's document title line ("= Title"),
// markup and all, for the folder's index of titles; "" when it has none.
func adocTitleLine(raw []byte) string {
	for line := range strings.SplitSeq(string(raw), "\n") {
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, "= "):
			return collapse(t[2:])
		case t == "" || strings.HasPrefix(t, "//") || strings.HasPrefix(t, ":"):
		default:
			return ""
		}
	}
	return ""
}
