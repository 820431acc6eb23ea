package ask

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

// ParseForm reads a masked question into a Form. prev is the form of the
// conversation's previous answered turn (nil for none): a follow-up ("how
// many are there?", "which of those link elsewhere?", "just the ones under
// payments") refines it instead of starting over. c names the URL folders
// ("under payments"); now resolves "the last 30 days".
//
// It reports an error when the question uses a content word it does not
// know, names a problem (the example library answers those), or says
// nothing it can ask about: the caller then falls back to the examples.
func ParseForm(m Masked, prev *Form, c *Catalog, now time.Time) (Form, error) {
	p := &formParser{toks: strings.Fields(m.Text), ents: map[string]Entity{}, cat: c, now: now}
	if prev != nil {
		p.prevSubject = prev.Subject
	}
	for _, e := range m.Entities {
		p.ents[e.Placeholder] = e
	}
	p.run()
	if len(p.unknown) > 0 {
		return Form{}, fmt.Errorf("words not understood: %s", strings.Join(p.unknown, ", "))
	}
	if p.problem {
		return Form{}, fmt.Errorf("names a problem: asked through the examples")
	}
	return p.form(prev)
}

// formParser reads the tokens left to right: each step matches the longest
// phrase of the vocabulary at the position and applies it.
type formParser struct {
	toks []string
	ents map[string]Entity
	// prevSubject is the previous turn's subject: what a follow-up's
	// filters are about until it names another.
	prevSubject string
	cat         *Catalog
	now         time.Time

	ret      string // explicit return, "" when the question does not say
	listWord bool   // "which", "list", …: a list unless a follow-up keeps its ranking
	subject  string
	measure  string
	k        int
	having   Having
	show     string
	label    string // the subject's noun as the question wrote it, plural
	filters  []Filter
	neg      bool // a negation waiting for the next filter
	linkVerb bool // the last words were "link to", "reference", …
	followUp bool // "those", "them", "and …", "what about …"
	both     bool
	problem  bool
	unknown  []string
}

// maxPhrase is the most words a vocabulary phrase has.
const maxPhrase = 5

func (p *formParser) run() {
	for i := 0; i < len(p.toks); {
		if ph := placeholderRe.FindStringSubmatch(p.toks[i]); ph != nil && ph[0] == p.toks[i] {
			p.entity(i)
			i++
			continue
		}
		n := p.phrase(i)
		if n > 0 {
			i += n
			continue
		}
		w := p.toks[i]
		switch {
		case p.sectionWord(i):
		case lexical.IsStopWord(w) || fillers[w]:
		case p.subjectNext(i):
			// "refund problems", "billing articles": what they mention.
			on := SubjectNode
			if vocabularySubject(p.toks[i+1]) == SubjectPage {
				on = SubjectPage
			}
			p.addFilter(FilterMentions, lexical.Stem(w), on)
		default:
			p.unknown = append(p.unknown, w)
		}
		i++
	}
}

// phrase applies the longest vocabulary phrase at i and returns its length.
func (p *formParser) phrase(i int) int {
	for n := min(maxPhrase, len(p.toks)-i); n >= 1; n-- {
		f, ok := vocabulary[strings.Join(p.toks[i:i+n], " ")]
		if !ok {
			continue
		}
		if n == 1 && p.toks[i] == "section" && i > 0 && strings.HasPrefix(p.toks[i-1], "<SECTION_") {
			return 1 // "the payments section": the folder, said so
		}
		f(p, i)
		return n
	}
	return 0
}

// sectionWord reads a URL folder named after "under" or "in" ("just the
// ones under payments").
func (p *formParser) sectionWord(i int) bool {
	if p.cat == nil || i == 0 || !slices.Contains([]string{"under", "in", "within", "from"}, p.toks[i-1]) {
		return false
	}
	e, ok := p.cat.sections[p.toks[i]]
	if !ok {
		return false
	}
	p.addFilter(FilterInSection, e.Value, SubjectPage)
	return true
}

// entity reads a placeholder.
func (p *formParser) entity(i int) {
	e := p.ents[p.toks[i]]
	switch e.Type {
	case TypePage, TypeURL:
		switch {
		case p.linkVerb:
			p.addFilter(FilterLinksTo, e.Value, p.subjectOr(SubjectPage))
			p.linkVerb = false
		case p.linkAfter(i) && (p.subject == SubjectPage || p.subject == ""):
			// "which pages does <PAGE> link to"
			p.addFilter(FilterLinkedFrom, e.Value, SubjectPage)
		default:
			p.addFilter(FilterOnPage, e.Value, SubjectPage)
		}
	case TypeSection:
		p.addFilter(FilterInSection, e.Value, SubjectPage)
	case TypeTerm, TypeQuoted:
		on := p.subjectOr(SubjectNode)
		if on != SubjectPage {
			on = SubjectNode
		}
		p.addFilter(FilterMentions, strings.ToLower(e.Value), on)
	case TypeDate:
		kind := FilterSince
		if i > 0 && slices.Contains([]string{"before", "until"}, p.toks[i-1]) {
			kind = FilterBefore
		}
		p.addFilter(kind, e.Value, SubjectHandoff)
	case TypeNumber:
		// read by the phrase before or after it (top 5, more than 8)
	case TypeProblem:
		// "the children of X", "what is below X": its sub-problems;
		// "which page is X on": the page with that problem.
		if p.childWords(i) {
			// "the children of X" read "children" as "has children": it was the noun.
			p.filters = slices.DeleteFunc(p.filters, func(f Filter) bool { return f.Kind == FilterLeaf })
			p.addFilter(FilterChildOf, e.Value, SubjectNode)
			p.subject = SubjectNode
			return
		}
		if show := p.propertyWords(); show != "" {
			p.subject, p.show = SubjectNode, show
			if show == ShowCondition {
				// "the conditions of X" are its sub-problems' conditions.
				p.filters = slices.DeleteFunc(p.filters, func(f Filter) bool { return f.Kind == FilterConditioned })
				p.addFilter(FilterChildOf, e.Value, SubjectNode)
				p.addFilter(FilterConditioned, "", SubjectNode)
				return
			}
			p.filters = slices.DeleteFunc(p.filters, func(f Filter) bool { return f.Kind == FilterUnresolved })
			p.addFilter(FilterProblem, e.Value, SubjectNode)
			return
		}
		if p.subject == SubjectPage || slices.Contains(p.toks, "where") {
			p.addFilter(FilterProblem, e.Value, SubjectNode)
			p.subject = SubjectPage
			return
		}
		p.problem = true
	default:
		p.unknown = append(p.unknown, p.toks[i])
	}
}

// subjectNext reports whether token i+1 is a page or problem noun.
func (p *formParser) subjectNext(i int) bool {
	s := vocabularySubject(p.toks[min(i+1, len(p.toks)-1)])
	return i+1 < len(p.toks) && (s == SubjectPage || s == SubjectNode)
}

// vocabularySubject is the subject a one-word noun names, or "".
func vocabularySubject(w string) string {
	for _, s := range []string{SubjectPage, SubjectNode} {
		if slices.Contains(subjectNouns[s], w) {
			return s
		}
	}
	return ""
}

var subjectNouns = map[string][]string{
	SubjectPage: {"page", "pages", "article", "articles", "doc", "docs", "document", "documents"},
	SubjectNode: {"node", "nodes", "section", "sections", "problem", "problems", "issue", "issues", "topic", "topics", "entry", "entries"},
}

// propertyWords names the property a question about one problem asks for.
func (p *formParser) propertyWords() string {
	for _, w := range p.toks {
		switch w {
		case "resolution", "resolved", "answer", "answered", "solution", "solved", "fix", "fixed":
			return ShowResolution
		case "conditions", "condition":
			return ShowCondition
		case "intents", "intent":
			return ShowIntents
		}
	}
	return ""
}

// pluralWord is a vocabulary noun's plural, a column name.
func pluralWord(w string) string {
	switch {
	case strings.HasSuffix(w, "s"):
		return w
	case strings.HasSuffix(w, "y"):
		return strings.TrimSuffix(w, "y") + "ies"
	}
	return w + "s"
}

// childWords reports whether the words before token i ask for sub-problems.
func (p *formParser) childWords(i int) bool {
	for j := max(0, i-3); j < i; j++ {
		if slices.Contains([]string{"children", "child", "below", "beneath", "underneath", "subproblems", "problems"}, p.toks[j]) &&
			(p.toks[j] != "problems" || j > 0 && p.toks[j-1] == "sub") {
			return true
		}
	}
	return false
}

// pageFollows reports whether a page placeholder follows token i (after "the", "to").
func (p *formParser) pageFollows(i int) bool {
	for j := i + 1; j < len(p.toks) && j <= i+3; j++ {
		if e, ok := p.ents[p.toks[j]]; ok {
			return e.Type == TypePage || e.Type == TypeURL
		}
		if !slices.Contains([]string{"the", "to", "a", "an"}, p.toks[j]) {
			return false
		}
	}
	return false
}

// linkAfter reports whether a link verb follows token i.
func (p *formParser) linkAfter(i int) bool {
	for j := i + 1; j < len(p.toks) && j <= i+2; j++ {
		if slices.Contains([]string{"link", "links", "reference", "references", "point", "points", "refer", "refers", "cite", "cites"}, p.toks[j]) {
			return true
		}
	}
	return false
}

// numberNear returns the NUMBER placeholder's value just before or after i, or 0.
func (p *formParser) numberNear(i int) int {
	for _, j := range []int{i + 1, i + 2, i - 1} {
		if j < 0 || j >= len(p.toks) {
			continue
		}
		if e, ok := p.ents[p.toks[j]]; ok && e.Type == TypeNumber {
			n, _ := strconv.Atoi(e.Value)
			return n
		}
	}
	return 0
}

// since reads "the last 30 days", "the past 2 weeks".
func (p *formParser) since(i int) {
	if i+1 >= len(p.toks) {
		p.unknown = append(p.unknown, p.toks[i])
		return
	}
	n, unitAt := 1, i+1
	if e, ok := p.ents[p.toks[i+1]]; ok && e.Type == TypeNumber {
		n, _ = strconv.Atoi(e.Value)
		unitAt = i + 2
	}
	if unitAt >= len(p.toks) {
		p.unknown = append(p.unknown, p.toks[i])
		return
	}
	var from time.Time
	switch strings.TrimSuffix(p.toks[unitAt], "s") {
	case "day":
		from = p.now.AddDate(0, 0, -n)
	case "week":
		from = p.now.AddDate(0, 0, -7*n)
	case "month":
		from = p.now.AddDate(0, -n, 0)
	case "year":
		from = p.now.AddDate(-n, 0, 0)
	default:
		p.unknown = append(p.unknown, p.toks[i])
		return
	}
	p.addFilter(FilterSince, from.UTC().Format("2006-01-02"), SubjectHandoff)
	// The number and unit are read: what follows is filler.
	for j := i + 1; j <= unitAt; j++ {
		p.toks[j] = "the"
	}
}

func (p *formParser) subjectOr(def string) string {
	if p.subject == "" && p.prevSubject != "" {
		return p.prevSubject
	}
	if p.subject == "" {
		return def
	}
	return p.subject
}

// noun reads a subject noun: the first is the subject; a later one is what
// a ranking counts ("pages with the most nodes") or what a count is about.
func (p *formParser) noun(s string, i int) {
	if i > 0 && strings.HasPrefix(p.toks[i-1], "<SECTION_") && strings.HasPrefix(p.toks[i], "section") {
		return
	}
	if i > 0 && s == SubjectPage && p.ents[p.toks[i-1]].Type == TypePage {
		return // "the Refunds page" names the page, not the subject
	}
	switch {
	case p.subject == "":
		p.subject = s
		p.label = pluralWord(p.toks[i])
	case p.subject == s:
	case p.ret == ReturnTop || p.having.Op != "":
		if p.measure == "" {
			p.measure = s
		}
	case (p.subject == SubjectHandoff || p.subject == SubjectConversation) && (s == SubjectPage || s == SubjectNode):
		// "handoffs on the Refunds page": the page filter says it.
	case p.subject == SubjectPage && s == SubjectNode && p.ret == ReturnCount:
		// "how many pages have problems": every page has.
	case p.ret == ReturnCount && p.followUp:
		p.subject, p.label = s, pluralWord(p.toks[i]) // "how many nodes do they have?"
	default:
		p.measure = s
	}
}

func (p *formParser) addFilter(kind, value, on string) { p.addFilterNot(kind, value, on, false) }

// addFilterNot adds a filter, negated by not and by a waiting negation.
func (p *formParser) addFilterNot(kind, value, on string, not bool) {
	if on == SubjectConversation {
		on = SubjectHandoff
	}
	if on == SubjectReference || nodeOnly[kind] {
		on = SubjectNode
	}
	if p.neg {
		not = !not
		p.neg = false
	}
	p.filters = append(p.filters, Filter{Kind: kind, Value: value, Not: not, On: on})
}

// measureFilter is what a measure says in a list: "pages with handoffs"
// are the escalated ones.
var measureFilter = map[string]string{SubjectHandoff: FilterEscalated, SubjectConversation: FilterEscalated,
	MeasureReferrers: FilterReferenced, MeasureThumbsDown: FilterRatedDown}

// nodeOnly are the filters about a node whatever the subject: "pages with
// unresolved problems".
var nodeOnly = setOf(FilterUnresolved, FilterActionable, FilterRoot, FilterLeaf, FilterConditioned, FilterHollow)

// form assembles the parse, refining prev for a follow-up.
func (p *formParser) form(prev *Form) (Form, error) {
	f := Form{Return: p.ret, Subject: p.subject, Measure: p.measure, K: p.k, Having: p.having, Filters: p.filters, Show: p.show, Label: p.label}
	if f.Return == "" {
		f.Return = ReturnList
	}
	if f.Return == ReturnTop && f.K == 0 && f.Having.Op == "" {
		// "which 3 pages have the most nodes"
		for _, tok := range p.toks {
			if e, ok := p.ents[tok]; ok && e.Type == TypeNumber {
				f.K, _ = strconv.Atoi(e.Value)
			}
		}
	}
	if f.Return == ReturnTop && f.Measure == "" {
		// "referenced most", "escalated most": read as filters before "most" was.
		for i := len(f.Filters) - 1; i >= 0; i-- {
			fl := f.Filters[i]
			if fl.Not || (fl.Kind != FilterReferenced && fl.Kind != FilterEscalated) {
				continue
			}
			f.Measure = MeasureReferrers
			if fl.Kind == FilterEscalated {
				f.Measure = SubjectHandoff
			}
			f.Filters = slices.Delete(slices.Clone(f.Filters), i, i+1)
			break
		}
	}
	if f.Measure != "" && f.Return == ReturnList && f.Having.Op == "" {
		// "which pages had escalations": a filter, not a ranking.
		if kind, ok := measureFilter[f.Measure]; ok && f.Subject != "" {
			f.Filters = append(f.Filters, Filter{Kind: kind, On: f.Subject})
		}
		f.Measure = ""
	}
	// A follow-up points back ("those", "and …"), names no subject, or
	// only names another subject ("on which pages?").
	followUp := prev != nil && (p.followUp || p.subject == "" ||
		(p.subject != prev.Subject && len(p.filters) == 0 && p.ret == "" && p.measure == ""))
	if !followUp {
		if f.Subject == "" && len(f.Filters) > 0 {
			// "what links to Contact us?": about what its first filter is about.
			f.Subject = f.Filters[0].On
		}
		if f.Subject == "" {
			return Form{}, fmt.Errorf("no subject: pages, problems, handoffs, conversations or references")
		}
		return f, nil
	}
	out := *prev
	out.Filters = append([]Filter{}, prev.Filters...)
	if p.subject != "" {
		out.Subject, out.Label = p.subject, p.label
	}
	switch {
	case p.ret != "":
		out.Return = p.ret
		if p.ret != ReturnTop {
			out.Measure, out.K = "", 0
		}
	case p.listWord && (prev.Return != ReturnTop || out.Subject != prev.Subject):
		out.Return, out.Measure, out.K = ReturnList, "", 0
	}
	if p.measure != "" {
		out.Measure = p.measure
	}
	if p.k > 0 {
		out.K = p.k
	}
	if p.having.Op != "" {
		out.Having = p.having
	}
	for _, fl := range p.filters {
		out.Filters = refine(out.Filters, fl, p.both)
	}
	return out, nil
}

// refine adds a follow-up's filter: another page or folder replaces the
// earlier one ("and what about Contact us?"), unless the question says both;
// anything else narrows.
func refine(filters []Filter, fl Filter, both bool) []Filter {
	pageValued := func(k string) bool { return k == FilterOnPage || k == FilterLinksTo || k == FilterLinkedFrom }
	if !both {
		for i, old := range filters {
			switch {
			case fl.Kind == FilterOnPage && pageValued(old.Kind):
				filters[i].Value = fl.Value
				return filters
			case fl.Kind == old.Kind && (fl.Kind == FilterInSection || pageValued(fl.Kind)):
				filters[i] = fl
				return filters
			case fl.Kind == old.Kind && fl.Value == old.Value:
				filters[i] = fl // "only the actionable ones" after "not actionable"
				return filters
			}
		}
	}
	return append(filters, fl)
}
