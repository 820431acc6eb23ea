package ask

import (
	"fmt"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/lexical"
)

// Entity types: the placeholders a masked question holds.
const (
	TypePage    = "PAGE"    // a page, by title or URL slug; fills in the page's URL
	TypeSection = "SECTION" // a URL folder ("the payments section"); fills in "/payments/"
	TypeProblem = "PROBLEM" // a node's problem text
	TypeTerm    = "TERM"    // a word the question asks about ("mentioning refunds"); fills in its stem
	TypeQuoted  = "QUOTED"  // a quoted string, as written
	TypeNumber  = "NUMBER"
	TypeDate    = "DATE" // YYYY-MM-DD, or a relative date ("this week") resolved to one
	TypeURL     = "URL"
)

// Entity is one masked value. Placeholder is what stands in its place in the
// masked question and in example Cypher, e.g. <PAGE_1>; Value is what fills
// it in Cypher (a string literal, or a number for NUMBER).
type Entity struct {
	Type        string `json:"type"`
	Placeholder string `json:"placeholder"`
	Text        string `json:"text"` // as the question wrote it
	Value       string `json:"value"`
}

// Literal returns the entity's value as a Cypher literal.
func (e Entity) Literal() string {
	if e.Type == TypeNumber {
		return e.Value
	}
	return quote(e.Value)
}

// quote writes s as a single-quoted Cypher string literal.
func quote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// Catalog is what masking recognises in a question: the names of the graph's
// pages, sections and problems, as normalised word sequences.
type Catalog struct {
	names   map[string]Entity // normalised name → entity (Placeholder unset)
	longest int               // words in the longest name
	// Section names are masked only before a word saying so ("the payments
	// section"), since a folder name alone is usually an ordinary word.
	sections map[string]Entity
	pages    map[string]bool // page URLs: a URL of the graph's is that page
}

// sectionWords are the words after which a folder name is a section.
var sectionWords = map[string]bool{"section": true, "sections": true, "page": true, "pages": true, "category": true, "folder": true}

// minProblemWords keeps short, generic problem texts ("Password") from
// masking ordinary words.
const minProblemWords = 3

// NewCatalog indexes g's names. Where names collide, pages win over
// problems, and the first of a kind wins.
func NewCatalog(g *graph.Graph) *Catalog {
	c := &Catalog{names: map[string]Entity{}, sections: map[string]Entity{}, pages: map[string]bool{}}
	add := func(name string, e Entity) {
		key := lexical.Normalize(name)
		if key == "" {
			return
		}
		if _, ok := c.names[key]; ok {
			return
		}
		c.names[key] = e
		c.longest = max(c.longest, len(strings.Fields(key)))
	}
	if g == nil {
		return c
	}
	for _, p := range g.Pages {
		e := Entity{Type: TypePage, Value: p.URL}
		c.pages[p.URL] = true
		add(cleanTitle(p.Title), e)
		if slug, section := urlParts(p.URL); slug != "" {
			add(slug, e)
			if section != "" {
				key := lexical.Normalize(section)
				if _, ok := c.sections[key]; !ok && key != "" {
					c.sections[key] = Entity{Type: TypeSection, Value: "/" + section + "/"}
				}
			}
		}
	}
	for _, n := range g.Nodes {
		if len(lexical.Words(n.Problem)) >= minProblemWords {
			add(n.Problem, Entity{Type: TypeProblem, Value: n.Problem})
		}
	}
	return c
}

// cleanTitle drops a site suffix ("Refunds | Example Help" → "Refunds").
func cleanTitle(t string) string {
	for _, sep := range []string{" | ", " – ", " — ", " - "} {
		if i := strings.LastIndex(t, sep); i > 0 {
			return t[:i]
		}
	}
	return t
}

// urlParts returns a page URL's slug as words ("cancel-reservation.html" →
// "cancel reservation") and the folder it is in ("" at the top level).
func urlParts(raw string) (slug, section string) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", ""
	}
	parts := strings.Split(strings.Trim(u.Path, "/"), "/")
	last := parts[len(parts)-1]
	if i := strings.LastIndex(last, "."); i > 0 {
		last = last[:i]
	}
	slug = strings.Join(lexical.Words(last), " ")
	if slug == "index" {
		slug = ""
	}
	if len(parts) >= 2 {
		section = parts[len(parts)-2]
	}
	return slug, section
}

// Masked is a question with its entity values replaced by placeholders.
type Masked struct {
	Text     string   `json:"text"` // lowercase words and placeholders, e.g. "how many nodes does <PAGE_1> have"
	Entities []Entity `json:"entities"`
}

// Placeholder patterns.
var (
	quotedRe      = regexp.MustCompile(`"([^"]+)"|“([^”]+)”|'([^']{2,})'`)
	urlRe         = regexp.MustCompile(`https?://[^\s"'<>]+[^\s"'<>.,;:!?)]`)
	dateRe        = regexp.MustCompile(`\b\d{4}-\d{2}-\d{2}\b`)
	placeholderRe = regexp.MustCompile(`<([A-Z]+)_(\d+)>`)
)

// termTriggers are the words after which the next word is what the question
// is about.
var termTriggers = map[string]bool{"about": true, "mention": true, "mentions": true, "mentioning": true,
	"contain": true, "contains": true, "containing": true, "regarding": true, "word": true}

// relativeDates are spans resolved against now to the first day they cover.
var relativeDates = map[string]func(now time.Time) time.Time{
	"today":     func(now time.Time) time.Time { return now },
	"yesterday": func(now time.Time) time.Time { return now.AddDate(0, 0, -1) },
	"this week": func(now time.Time) time.Time { return now.AddDate(0, 0, -int((now.Weekday()+6)%7)) },
	"last week": func(now time.Time) time.Time { return now.AddDate(0, 0, -7) },
	"this month": func(now time.Time) time.Time {
		return time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, now.Location())
	},
	"last month": func(now time.Time) time.Time { return now.AddDate(0, -1, 0) },
}

// token is a word of the question, or an entity found before word splitting.
type token struct {
	word string
	ent  *Entity
}

// Mask replaces the entity values of question with typed placeholders.
// prior are the entities of earlier turns: placeholders are numbered per type
// across the conversation, and a value seen before keeps its placeholder, so
// a follow-up's Cypher can use an earlier turn's entities. now resolves
// relative dates.
func Mask(question string, c *Catalog, prior []Entity, now time.Time) Masked {
	if c == nil {
		c = &Catalog{}
	}
	toks := preTokens(question, c)
	toks = maskNames(toks, c)
	toks = maskTermsAndNumbers(toks, now)

	counts := map[string]int{}
	seen := map[string]string{}
	for _, e := range prior {
		counts[e.Type] = max(counts[e.Type], placeholderIndex(e.Placeholder))
		seen[e.Type+"\x00"+e.Value] = e.Placeholder
	}
	var m Masked
	var words []string
	for _, t := range toks {
		if t.ent == nil {
			words = append(words, t.word)
			continue
		}
		e := *t.ent
		key := e.Type + "\x00" + e.Value
		if ph, ok := seen[key]; ok {
			e.Placeholder = ph
		} else {
			counts[e.Type]++
			e.Placeholder = fmt.Sprintf("<%s_%d>", e.Type, counts[e.Type])
			seen[key] = e.Placeholder
		}
		words = append(words, e.Placeholder)
		if !hasPlaceholder(m.Entities, e.Placeholder) {
			m.Entities = append(m.Entities, e)
		}
	}
	m.Text = strings.Join(words, " ")
	return m
}

func hasPlaceholder(es []Entity, ph string) bool {
	for _, e := range es {
		if e.Placeholder == ph {
			return true
		}
	}
	return false
}

func placeholderIndex(ph string) int {
	m := placeholderRe.FindStringSubmatch(ph)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[2])
	return n
}

// preTokens splits the question into words, taking quoted strings, URLs and
// dates out whole first.
func preTokens(q string, c *Catalog) []token {
	type span struct {
		start, end int
		ent        Entity
	}
	var spans []span
	for _, m := range quotedRe.FindAllStringSubmatchIndex(q, -1) {
		var text string
		for g := 1; g < 4; g++ {
			if m[2*g] >= 0 {
				text = q[m[2*g]:m[2*g+1]]
			}
		}
		e := Entity{Type: TypeQuoted, Text: text, Value: text}
		// A quoted page title or problem is that page or problem.
		if known, ok := c.names[lexical.Normalize(text)]; ok {
			e.Type, e.Value = known.Type, known.Value
		}
		spans = append(spans, span{m[0], m[1], e})
	}
	for _, m := range urlRe.FindAllStringIndex(q, -1) {
		text := q[m[0]:m[1]]
		e := Entity{Type: TypeURL, Text: text, Value: text}
		if c.pages[text] {
			e.Type = TypePage
		}
		spans = append(spans, span{m[0], m[1], e})
	}
	for _, m := range dateRe.FindAllStringIndex(q, -1) {
		text := q[m[0]:m[1]]
		spans = append(spans, span{m[0], m[1], Entity{Type: TypeDate, Text: text, Value: text}})
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].start < spans[j].start })
	var toks []token
	pos := 0
	for _, s := range spans {
		if s.start < pos {
			continue // inside an earlier span (a URL inside quotes)
		}
		for _, w := range lexical.Words(q[pos:s.start]) {
			toks = append(toks, token{word: w})
		}
		e := s.ent
		toks = append(toks, token{ent: &e})
		pos = s.end
	}
	for _, w := range lexical.Words(q[pos:]) {
		toks = append(toks, token{word: w})
	}
	return toks
}

// maskNames replaces the longest runs of words that name a page or problem,
// and folder names followed by "section" or "page".
func maskNames(toks []token, c *Catalog) []token {
	var out []token
	for i := 0; i < len(toks); {
		if toks[i].ent != nil {
			out = append(out, toks[i])
			i++
			continue
		}
		matched := false
		for n := min(c.longest, len(toks)-i); n >= 1 && !matched; n-- {
			words := make([]string, 0, n)
			for _, t := range toks[i : i+n] {
				if t.ent != nil {
					break
				}
				words = append(words, t.word)
			}
			if len(words) < n {
				continue
			}
			// A lone word after a trigger ("about refunds") is a term,
			// not a page, even when a page has that one-word title.
			if n == 1 && i > 0 && toks[i-1].ent == nil && termTriggers[toks[i-1].word] {
				continue
			}
			text := strings.Join(words, " ")
			if e, ok := c.names[text]; ok {
				e.Text = text
				out = append(out, token{ent: &e})
				i += n
				matched = true
			}
		}
		if matched {
			continue
		}
		if e, ok := c.sections[toks[i].word]; ok && i+1 < len(toks) && sectionWords[toks[i+1].word] {
			e.Text = toks[i].word
			out = append(out, token{ent: &e})
			i++
			continue
		}
		out = append(out, toks[i])
		i++
	}
	return out
}

// maskTermsAndNumbers masks the word after a trigger, relative dates and numbers.
func maskTermsAndNumbers(toks []token, now time.Time) []token {
	var out []token
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.ent != nil {
			out = append(out, t)
			continue
		}
		if i+1 < len(toks) && toks[i+1].ent == nil {
			if f, ok := relativeDates[t.word+" "+toks[i+1].word]; ok {
				out = append(out, token{ent: &Entity{Type: TypeDate, Text: t.word + " " + toks[i+1].word, Value: f(now).Format("2006-01-02")}})
				i++
				continue
			}
		}
		if f, ok := relativeDates[t.word]; ok {
			out = append(out, token{ent: &Entity{Type: TypeDate, Text: t.word, Value: f(now).Format("2006-01-02")}})
			continue
		}
		if lexical.IsDigits(t.word) {
			value := t.word
			if n, err := strconv.ParseInt(t.word, 10, 64); err == nil {
				value = strconv.FormatInt(n, 10)
			}
			out = append(out, token{ent: &Entity{Type: TypeNumber, Text: t.word, Value: value}})
			continue
		}
		if i > 0 && toks[i-1].ent == nil && termTriggers[toks[i-1].word] && !lexical.IsStopWord(t.word) {
			out = append(out, token{ent: &Entity{Type: TypeTerm, Text: t.word, Value: lexical.Stem(t.word)}})
			continue
		}
		out = append(out, t)
	}
	return out
}
