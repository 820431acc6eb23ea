package page

import (
	"crypto/sha256"
	"encoding/hex"
	"html"
	"net/url"
	"regexp"
	"strconv"
	"strings"
)

// MediaWiki pages (.wiki, .mediawiki): a wiki's pages kept as files, as a
// GitHub or Gollum wiki keeps them, or saved from a MediaWiki one by one.
// The wikitext is written as plain HTML and read by the HTML reader, as a
// Word document is: "== Heading ==" a heading at its level, "*", "#", ";"
// and ":" lines nested lists and terms, a line opening with a space, and
// <pre>, <syntaxhighlight> and <source> blocks, code; "{| … |}" tables;
// '''bold''' and ''italic''; [[Page|label]] a link to the folder's page of
// that name (as an Obsidian wikilink), [url label] an external link,
// [[File:…|caption]] its caption, [[Category:…]] the page's keywords. A
// note or warning template ({{Note|…}}, {{Warning|…}}) is a note; every
// other template, a parser function, a reference, a comment and a magic
// word (__TOC__) is left out: a template's text is on another page, which
// the folder does not have. {{DISPLAYTITLE:…}} titles the page, else its
// file name does ("Reset_your_password.wiki").

// mediaWikiNoteKinds are the templates that are notes, by their name.
var mediaWikiNoteKinds = map[string]bool{
	"note": true, "tip": true, "info": true, "hint": true, "notice": true,
	"warning": true, "caution": true, "important": true, "danger": true,
}

var (
	wikiComment     = regexp.MustCompile(`(?s)<!--.*?(?:-->|$)`)
	wikiRef         = regexp.MustCompile(`(?is)<ref\b[^>/]*/>|<ref\b[^>]*>.*?</ref>|<references\s*/?>`)
	wikiMagic       = regexp.MustCompile(`__[A-Z]+__`)
	wikiHeading     = regexp.MustCompile(`^(={1,6})\s*(.*?)\s*(={1,6})\s*$`)
	wikiListLine    = regexp.MustCompile(`^([*#:;]+)\s*(.*)$`)
	wikiCodeOpen    = regexp.MustCompile(`(?i)^\s*<(pre|syntaxhighlight|source)\b[^>]*>(.*)$`)
	wikiBoldItalic  = regexp.MustCompile(`'''''(.+?)'''''`)
	wikiBold        = regexp.MustCompile(`'''(.+?)'''`)
	wikiItalic      = regexp.MustCompile(`''(.+?)''`)
	wikiInternal    = regexp.MustCompile(`\[\[([^\[\]|]*)(?:\|([^\[\]]*))?\]\]([a-z]*)`)
	wikiExternal    = regexp.MustCompile(`\[((?:https?|ftp|mailto):[^\s\]]+)(?:\s+([^\]]*))?\]`)
	wikiNowiki      = regexp.MustCompile(`(?is)<nowiki>(.*?)</nowiki>`)
	wikiPlaceholder = regexp.MustCompile("\x00(\\d+)\x00")
)

// parseMediaWiki reads a page of wikitext; rel is its path in the folder,
// link how the folder resolves a link (site.link).
func parseMediaWiki(raw []byte, rel string, link func(string) (string, bool)) (*Document, error) {
	return parseWikitext(raw, titleFromPath(rel), rel, link)
}

// ParseWikitext reads the wikitext of a wiki's page titled title (a page
// of a MediaWiki's export or API) as parseMediaWiki reads a file's, its
// URL pageURL. link returns the URL of the wiki's page a [[link]] names
// ("Reset your password", "Help:Sign in"), or false for none.
func ParseWikitext(raw []byte, title, pageURL string, link func(name string) (string, bool)) (*Document, error) {
	resolve := func(href string) (string, bool) {
		name, ok := strings.CutPrefix(href, wikiScheme)
		if !ok || link == nil {
			return "", false
		}
		n, err := url.PathUnescape(name)
		if err != nil {
			return "", false
		}
		return link(n)
	}
	return parseWikitext(raw, title, pageURL, resolve)
}

// parseWikitext reads a page of wikitext at rel, titled by its
// DISPLAYTITLE, else title.
func parseWikitext(raw []byte, title, rel string, link func(string) (string, bool)) (*Document, error) {
	text := strings.ReplaceAll(string(raw), "\r\n", "\n")
	text = wikiComment.ReplaceAllString(text, "")
	w := wikiWriter{}
	text = w.templates(text)
	text = wikiRef.ReplaceAllString(text, "")
	text = wikiMagic.ReplaceAllString(text, "")
	w.write(text)
	if w.title != "" {
		title = w.title
	}
	page := "<h1>" + html.EscapeString(title) + "</h1>\n" + w.out.String()
	p, err := parseHTMLPage([]byte(page), rel, "", link)
	if err != nil {
		return nil, err
	}
	doc := p.Document
	doc.Title = title
	doc.Keywords = w.categories
	sum := sha256.Sum256(raw)
	doc.ContentHash = hex.EncodeToString(sum[:])
	return doc, nil
}

// wikiWriter writes wikitext as HTML.
type wikiWriter struct {
	out        strings.Builder
	title      string
	categories []string
	para       []string // the lines of the paragraph being written
	lists      string   // the list markers open ("*#"), outermost first
	code       []string // the lines of the code block being written
	codeEnd    string   // the tag that ends it ("</pre>"), "" for space-led lines
	notes      []string // the notes' HTML, by number (placeholders in the text)
	literal    []string // <nowiki> text, by number
}

// templates removes the templates of text, keeping a note template's text
// as a note (a placeholder the writer fills in) and reading the title
// DISPLAYTITLE gives. Templates nest; an unclosed one runs to the end.
func (w *wikiWriter) templates(text string) string {
	var b strings.Builder
	for {
		start := strings.Index(text, "{{")
		if start < 0 {
			b.WriteString(text)
			return b.String()
		}
		b.WriteString(text[:start])
		depth, end := 0, len(text)
		for i := start; i+1 < len(text); i++ {
			switch text[i : i+2] {
			case "{{":
				depth++
				i++
			case "}}":
				depth--
				i++
				if depth == 0 {
					end = i + 1
				}
			}
			if end < len(text) {
				break
			}
		}
		body := text[start+2 : max(start+2, end-2)]
		text = text[end:]
		name, args, _ := strings.Cut(body, "|")
		name = strings.TrimSpace(name)
		if t, ok := strings.CutPrefix(name, "DISPLAYTITLE:"); ok {
			w.title = collapse(html.UnescapeString(tagless(t)))
			continue
		}
		kind := strings.ToLower(name)
		if !mediaWikiNoteKinds[kind] || strings.Contains(args, "{{") {
			continue
		}
		// The note's text is its last unnamed argument.
		parts := strings.Split(args, "|")
		note := ""
		for _, p := range parts {
			if k, _, named := strings.Cut(p, "="); !named || strings.ContainsAny(k, " <[") {
				note = p
			}
		}
		if note = strings.TrimSpace(note); note == "" {
			continue
		}
		class := "note"
		if warningKinds[kind] {
			class = "warning"
		}
		w.notes = append(w.notes, `<div class="`+class+`"><p>`+noteLabel(admonitionLabel(kind, "", ""))+" "+w.inline(note)+"</p></div>\n")
		b.WriteString("\n\x00n" + strconv.Itoa(len(w.notes)-1) + "\x00\n")
	}
}

// write writes text, line by line.
func (w *wikiWriter) write(text string) {
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if w.codeEnd != "" {
			if j := strings.Index(strings.ToLower(line), w.codeEnd); j >= 0 {
				w.code = append(w.code, line[:j])
				w.flushCode()
				continue
			}
			w.code = append(w.code, line)
			continue
		}
		trimmed := strings.TrimSpace(line)
		switch m := wikiListLine.FindStringSubmatch(line); {
		case strings.HasPrefix(trimmed, "\x00n"):
			w.flush()
			if n, err := strconv.Atoi(strings.Trim(trimmed, "\x00n")); err == nil && n < len(w.notes) {
				w.out.WriteString(w.notes[n])
			}
		case wikiCodeOpen.MatchString(line):
			w.flush()
			cm := wikiCodeOpen.FindStringSubmatch(line)
			w.codeEnd = "</" + strings.ToLower(cm[1]) + ">"
			rest := cm[2]
			if j := strings.Index(strings.ToLower(rest), w.codeEnd); j >= 0 {
				w.code = append(w.code, rest[:j])
				w.flushCode()
			} else if rest != "" {
				w.code = append(w.code, rest)
			}
		case strings.HasPrefix(trimmed, "{|"):
			w.flush()
			end := i
			for depth := 0; end < len(lines); end++ {
				t := strings.TrimSpace(lines[end])
				if strings.HasPrefix(t, "{|") {
					depth++
				} else if strings.HasPrefix(t, "|}") {
					if depth--; depth == 0 {
						break
					}
				}
			}
			w.table(lines[i+1 : min(end, len(lines))])
			i = end
		case wikiHeading.MatchString(line):
			w.flush()
			hm := wikiHeading.FindStringSubmatch(line)
			level := min(len(hm[1]), len(hm[3]))
			text := strings.Repeat("=", len(hm[1])-level) + hm[2] + strings.Repeat("=", len(hm[3])-level)
			tag := "h" + strconv.Itoa(max(level, 2)) // "= x =" is the page's own level
			w.out.WriteString("<" + tag + ">" + w.inline(text) + "</" + tag + ">\n")
		case m != nil:
			w.flushPara()
			w.item(m[1], m[2])
		case strings.HasPrefix(line, " ") && trimmed != "":
			w.flushPara()
			w.flushLists()
			w.code = append(w.code, wikiNowiki.ReplaceAllString(line[1:], "$1")) // a space-led line's <nowiki> is its text
		case trimmed == "" || strings.HasPrefix(trimmed, "----"):
			w.flush()
		default:
			w.flushLists()
			w.flushCode()
			w.para = append(w.para, trimmed)
		}
	}
	w.flush()
}

// item writes a list line: markers, outermost first ("*#" is an item of
// a numbered list inside a bulleted one), and its text. A ";term : text"
// line is a term and its description.
func (w *wikiWriter) item(markers, text string) {
	w.flushCode()
	common := 0
	for common < len(markers) && common < len(w.lists) && sameWikiList(markers[common], w.lists[common]) {
		common++
	}
	for len(w.lists) > common {
		w.closeList()
	}
	if common == len(markers) && common > 0 {
		w.out.WriteString("</" + wikiItemTag(w.lists[common-1]) + ">\n")
		common-- // a sibling: reopen the last level's item
	} else {
		for _, m := range markers[common:] {
			w.out.WriteString("<" + wikiListTag(byte(m)) + ">\n")
			w.lists += string(m)
			if len(w.lists) < len(markers) {
				w.out.WriteString("<" + wikiItemTag(byte(m)) + ">")
			}
		}
	}
	last := markers[len(markers)-1]
	if last == ';' {
		if term, desc, ok := strings.Cut(text, " : "); ok {
			w.out.WriteString("<dt>" + w.inline(term) + "</dt>\n<dd>" + w.inline(desc))
			w.lists = w.lists[:len(w.lists)-1] + ":"
			return
		}
	}
	w.out.WriteString("<" + wikiItemTag(last) + ">" + w.inline(text))
}

// sameWikiList reports whether markers a and b continue one list: ";"
// and ":" are the terms and descriptions of one.
func sameWikiList(a, b byte) bool {
	return a == b || (a == ';' || a == ':') && (b == ';' || b == ':')
}

func wikiListTag(m byte) string {
	switch m {
	case '*':
		return "ul"
	case '#':
		return "ol"
	}
	return "dl"
}

func wikiItemTag(m byte) string {
	switch m {
	case ';':
		return "dt"
	case ':':
		return "dd"
	}
	return "li"
}

func (w *wikiWriter) closeList() {
	n := len(w.lists) - 1
	w.out.WriteString("</" + wikiItemTag(w.lists[n]) + "></" + wikiListTag(w.lists[n]) + ">\n")
	w.lists = w.lists[:n]
}

// table writes the rows of a "{| … |}" table (its lines between).
func (w *wikiWriter) table(lines []string) {
	w.out.WriteString("<table>\n<tr>")
	for _, line := range lines {
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, "|-"):
			w.out.WriteString("</tr>\n<tr>")
		case strings.HasPrefix(t, "|+"):
			w.out.WriteString("<caption>" + w.inline(cellText(t[2:])) + "</caption>")
		case strings.HasPrefix(t, "!"), strings.HasPrefix(t, "|"):
			tag, sep := "td", "||"
			if t[0] == '!' {
				tag, sep = "th", "!!"
			}
			for _, cell := range strings.Split(t[1:], sep) {
				w.out.WriteString("<" + tag + ">" + w.inline(cellText(cell)) + "</" + tag + ">")
			}
		default: // a cell's text goes on
			w.out.WriteString(" " + w.inline(t))
		}
	}
	w.out.WriteString("</tr>\n</table>\n")
}

// cellText is a cell's text without its attributes ('style="…" | text').
func cellText(cell string) string {
	if attrs, text, ok := strings.Cut(cell, "|"); ok && !strings.Contains(attrs, "[[") && strings.Contains(attrs, "=") {
		return strings.TrimSpace(text)
	}
	return strings.TrimSpace(cell)
}

func (w *wikiWriter) flush() {
	w.flushPara()
	w.flushLists()
	w.flushCode()
}

func (w *wikiWriter) flushPara() {
	if len(w.para) > 0 {
		w.out.WriteString("<p>" + w.inline(strings.Join(w.para, " ")) + "</p>\n")
		w.para = nil
	}
}

func (w *wikiWriter) flushLists() {
	for len(w.lists) > 0 {
		w.closeList()
	}
}

func (w *wikiWriter) flushCode() {
	if len(w.code) > 0 {
		w.out.WriteString("<pre>" + html.EscapeString(strings.Join(w.code, "\n")) + "</pre>\n")
	}
	w.code, w.codeEnd = nil, ""
}

// inline writes a line's wikitext as HTML: links, emphasis, and the
// HTML it holds as written (the HTML reader cleans it); <nowiki> text is
// text.
func (w *wikiWriter) inline(s string) string {
	s = wikiNowiki.ReplaceAllStringFunc(s, func(m string) string {
		w.literal = append(w.literal, html.EscapeString(wikiNowiki.FindStringSubmatch(m)[1]))
		return "\x00" + strconv.Itoa(len(w.literal)-1) + "\x00"
	})
	s = wikiInternal.ReplaceAllStringFunc(s, w.internalLink)
	s = wikiExternal.ReplaceAllStringFunc(s, func(m string) string {
		sm := wikiExternal.FindStringSubmatch(m)
		label := sm[2]
		if label == "" {
			label = sm[1]
		}
		return `<a href="` + html.EscapeString(sm[1]) + `">` + label + "</a>"
	})
	s = wikiBoldItalic.ReplaceAllString(s, "<b><i>$1</i></b>")
	s = wikiBold.ReplaceAllString(s, "<b>$1</b>")
	s = wikiItalic.ReplaceAllString(s, "<i>$1</i>")
	return wikiPlaceholder.ReplaceAllStringFunc(s, func(m string) string {
		if n, err := strconv.Atoi(strings.Trim(m, "\x00")); err == nil && n < len(w.literal) {
			return w.literal[n]
		}
		return ""
	})
}

// internalLink writes a [[…]] link: to a page of the folder by its name,
// a file's caption, a category as the page's keyword (no text).
func (w *wikiWriter) internalLink(m string) string {
	sm := wikiInternal.FindStringSubmatch(m)
	target, label, trail := strings.TrimSpace(sm[1]), sm[2], sm[3]
	ns, rest, hasNS := strings.Cut(target, ":")
	switch strings.ToLower(strings.TrimSpace(ns)) {
	case "category", "kategorie", "catégorie", "categoría", "カテゴリ":
		if hasNS {
			w.categories = append(w.categories, strings.TrimSpace(rest))
			return ""
		}
	case "file", "image", "datei", "bild", "fichier", "archivo", "ファイル":
		if hasNS {
			caption := ""
			for _, p := range strings.Split(label, "|") {
				if p = strings.TrimSpace(p); p != "" && !wikiImageOption.MatchString(p) {
					caption = p
				}
			}
			if caption == "" {
				return ""
			}
			return "(" + caption + ")"
		}
	}
	target = strings.TrimPrefix(target, ":")
	name, heading, _ := strings.Cut(target, "#")
	if label == "" {
		label = target
		if name == "" {
			label = heading
		}
	}
	label += trail
	if name == "" {
		return label // a section of this page
	}
	return `<a href="` + wikiScheme + url.PathEscape(strings.ReplaceAll(name, "_", " ")) + `">` + label + "</a>"
}

// wikiImageOption is an option of a [[File:…]] link, not its caption.
var wikiImageOption = regexp.MustCompile(`^(?:thumb|thumbnail|frame|frameless|border|left|right|center|centre|none|upright(?:=.*)?|\d*x?\d+px|(?:alt|link|page|class|lang)=.*)$`)
