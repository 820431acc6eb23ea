package dialogue

import (
	"context"
	"net/url"
	"path"
	"slices"
	"strings"

	"golang.org/x/text/language"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/langid"
	"github.com/helpgraph/helpgraph/internal/lexical"
	"github.com/helpgraph/helpgraph/internal/messages"
)

// languages are a help center's languages. Each language's pages are a
// graph of their own with their own agent (its own word model, vocabulary
// and BM25 index), so that a German question is matched with German stems
// against German pages only, and an answer never comes from another
// language's page while the customer's language has one.
type languages struct {
	// lang is the language of the agent's pages.
	lang string
	// parts are the agents of each language, when there are several.
	parts map[string]*GraphAgent
	// detect tells a message's language among the pages' and the
	// catalog's languages; zero in a part.
	detect detectors
	// translations are each page's translations by language (see
	// Translations), when there are several parts.
	translations map[string]map[string]string
}

// newLanguageAgents returns the agent over g: one agent when its pages are
// in one language, else one over the whole graph that hands each message
// to its language's agent.
func newLanguageAgents(g *graph.Graph, opts Options) *GraphAgent {
	pageLang := PageLanguages(g, opts.DefaultLanguage)
	byLang := map[string][]string{} // language -> page URLs
	for _, p := range g.Pages {
		l := pageLang[p.URL]
		byLang[l] = append(byLang[l], p.URL)
	}
	var langs []string
	for l := range byLang {
		langs = append(langs, l)
	}
	slices.Sort(langs)
	if len(langs) <= 1 {
		lang := opts.DefaultLanguage
		if len(langs) == 1 {
			lang = langs[0]
		}
		a := newGraphAgent(g, opts, lexical.For(lang))
		a.langs = languages{lang: lang, detect: newDetectors([]string{lang}, opts.Messages.Languages())}
		return a
	}
	def := mainLanguage(opts.DefaultLanguage, langs, func(l string) int { return len(byLang[l]) })
	a := &GraphAgent{opts: opts, ix: graph.NewIndex(g), langs: languages{
		lang:         def,
		parts:        make(map[string]*GraphAgent, len(langs)),
		detect:       newDetectors(langs, opts.Messages.Languages()),
		translations: Translations(g.Pages, pageLang),
	}}
	for _, l := range langs {
		sub := subgraph(g, byLang[l])
		part := newGraphAgent(sub, opts, lexical.For(l))
		part.langs.lang = l
		a.langs.parts[l] = part
		opts.Logger.Info("pages in language", "lang", l, "pages", len(sub.Pages), "nodes", len(sub.Nodes))
	}
	return a
}

// PageLanguages returns the language of each page of g (by URL, base
// subtags such as "de"): the one its reader recorded (front matter, <html
// lang>, the help desk's locale), else the language folder of its URL
// ("de/…", "/i18n/de/…", "/fr-fr/…"), else the language of the other pages'
// text taken together (the default language when it cannot be told).
//
// Pages without a folder are not told apart one by one: trigrams misread
// a short page now and then (a help center's English how-to as Danish or
// Afrikaans), and one misread page would be cut off from its neighbours.
func PageLanguages(g *graph.Graph, defaultLang string) map[string]string {
	out := make(map[string]string, len(g.Pages))
	var rest []string
	for i := range g.Pages {
		p := &g.Pages[i]
		if l := messages.Base(p.Lang); l != "" {
			out[p.URL] = l
		} else if l := FolderLanguage(p.URL); l != "" {
			out[p.URL] = l
		} else {
			rest = append(rest, p.URL)
		}
	}
	if len(rest) == 0 {
		return out
	}
	lang := textLanguage(g, rest)
	if lang == "" {
		lang = defaultLang
	}
	for _, u := range rest {
		out[u] = lang
	}
	return out
}

// textLanguage returns the language of the titles and texts of the pages
// at urls, read from pages spread over them, or "".
func textLanguage(g *graph.Graph, urls []string) string {
	want := map[string]bool{}
	step := max(1, len(urls)/pageSamples)
	for i := 0; i < len(urls); i += step {
		want[urls[i]] = true
	}
	var b strings.Builder
	for i := range g.Pages {
		if p := &g.Pages[i]; want[p.URL] && b.Len() < textSample {
			b.WriteString(p.Title)
			b.WriteString(". ")
		}
	}
	for i := range g.Nodes {
		if n := &g.Nodes[i]; want[n.Page] && b.Len() < textSample {
			b.WriteString(n.Problem)
			b.WriteString(". ")
		}
	}
	return langid.New().Detect(b.String())
}

// A help center's language is read from the titles and headings of up to
// pageSamples pages, at most textSample bytes.
const (
	pageSamples = 64
	textSample  = 4000
)

// FolderLanguage returns the language a page's URL or path names by a
// folder ("de/general/x.md", "https://h.example/fr-fr/articles/1",
// "/i18n/ja/docs/x"), or "". Only the first folder counts, or the one after
// "i18n" or "locale(s)": deeper folders are topics ("guides/it/").
func FolderLanguage(u string) string {
	p := u
	if pu, err := url.Parse(u); err == nil && pu.Scheme != "" {
		p = pu.Path
	}
	segs := strings.Split(strings.Trim(path.Clean("/"+p), "/"), "/")
	if len(segs) < 2 {
		return ""
	}
	cand := segs[0]
	for i, s := range segs[:len(segs)-1] {
		if (s == "i18n" || s == "locale" || s == "locales") && i+2 < len(segs) {
			cand = segs[i+1]
			break
		}
	}
	return tagLanguage(cand)
}

// tagLanguage returns the base language of s when s is a language tag as
// folders spell them ("de", "pt-br", "zh_Hans"), else "".
func tagLanguage(s string) string {
	base := messages.Base(s)
	if len(base) != 2 || len(s) > 10 {
		return ""
	}
	t, err := language.Parse(strings.ReplaceAll(s, "_", "-"))
	if err != nil {
		return ""
	}
	if b, conf := t.Base(); conf == language.Exact && b.String() == base {
		return base
	}
	return ""
}

// subgraph returns the pages of g at urls with their nodes and the edges
// between them.
func subgraph(g *graph.Graph, urls []string) *graph.Graph {
	in := make(map[string]bool, len(urls))
	for _, u := range urls {
		in[u] = true
	}
	sub := &graph.Graph{}
	for _, p := range g.Pages {
		if in[p.URL] {
			sub.Pages = append(sub.Pages, p)
		}
	}
	nodes := map[string]bool{}
	for _, n := range g.Nodes {
		if in[n.Page] {
			sub.Nodes = append(sub.Nodes, n)
			nodes[n.ID] = true
		}
	}
	for _, e := range g.Edges {
		if nodes[e.From] && nodes[e.To] {
			sub.Edges = append(sub.Edges, e)
		}
	}
	return sub
}

// messageLanguage returns the language a message is in (chooseLanguage);
// an option sent back keeps the conversation's.
func (a *GraphAgent) messageLanguage(s *Session, msg string) string {
	// A chosen option is the bot's own words sent back (the "Talk to a
	// person" option's value is English in every language): it says
	// nothing of the customer's language.
	if s.Lang != "" && (isOptionValue(s.PendingOptions, msg) || strings.EqualFold(strings.TrimSpace(msg), TalkToPersonValue)) {
		return s.Lang
	}
	return chooseLanguage(a.langs.detect, a, s, msg)
}

// isOptionValue reports whether msg is the value of one of opts.
func isOptionValue(opts []Option, msg string) bool {
	msg = strings.TrimSpace(msg)
	for _, o := range opts {
		if strings.EqualFold(o.Value, msg) {
			return true
		}
	}
	return false
}

// respondInLanguage answers msg from the pages in the customer's language;
// when there are none, or none matches, from the default language's,
// saying so in the customer's language.
func (a *GraphAgent) respondInLanguage(ctx context.Context, s *Session, msg string) (Reply, error) {
	s.Lang = a.messageLanguage(s, msg)
	if a.langs.parts == nil {
		r, err := a.respondAcross(ctx, s, msg)
		if err == nil && s.Lang != a.langs.lang && found(r) {
			a.noteOtherLanguage(s, &r, a.langs.lang)
		}
		return r, err
	}
	// Picking an option answers from the option's page, whatever its
	// language (the options of an answer from another language's pages).
	first := a.langs.parts[s.Lang]
	if o := a.optionPart(s); o != nil {
		first = o
	}
	fallback := a.langs.parts[a.langs.lang]
	if first == nil {
		first, fallback = fallback, nil
	}
	if fallback == first {
		fallback = nil
	}
	try := first.sessionFor(*s)
	r, err := first.respondAcross(ctx, &try, msg)
	// Topics suggested for a message no page answers give way to an
	// answer from the default language's pages; a reply that is no miss
	// stands (missed).
	if err != nil || (found(r) && !suggestedOnly(r)) || fallback == nil || !found(r) && !missed(r) {
		*s = try
		if err == nil && first.langs.lang != s.Lang && found(r) {
			a.noteOtherLanguage(s, &r, first.langs.lang)
		}
		return r, err
	}
	other := fallback.sessionFor(*s)
	r2, err := fallback.respondAcross(ctx, &other, msg)
	// A guess there ("Is it about this?") is no answer: it would be
	// led by "we have no page about this in German", which a guess does
	// not know.
	if err != nil || !found(r2) || suggestedOnly(r2) {
		*s = try
		return r, nil
	}
	// The default language's article may have a translation the
	// customer's words missed: then the answer is from it.
	if first == a.langs.parts[s.Lang] {
		if id := a.translatedNode(r2.NodeID, fallback, first); id != "" {
			mine := first.sessionFor(*s)
			if r3, err := first.answerAt(ctx, &mine, id, msg); err == nil && found(r3) {
				*s = mine
				return r3, nil
			}
		}
	}
	*s = other
	a.noteOtherLanguage(s, &r2, fallback.langs.lang)
	return r2, nil
}

// translatedNode returns the node of to's pages that stands for node id of
// from's pages in the translation of its page: the node at the same place
// among the page's nodes when both pages have as many (a translation keeps
// the headings), else the translation's root; "" when the page has no
// translation in to's language.
func (a *GraphAgent) translatedNode(id string, from, to *GraphAgent) string {
	n := from.ix.Node(id)
	if n == nil {
		return ""
	}
	t := a.langs.translations[n.Page][to.langs.lang]
	if t == "" {
		return ""
	}
	src, dst := from.ix.PageNodes(n.Page), to.ix.PageNodes(t)
	if i := slices.Index(src, id); i >= 0 && len(src) == len(dst) {
		return dst[i]
	}
	return to.ix.Root(t)
}

// answerAt is respond with the message's node known: the turn answers at
// node id (a translation's) instead of identifying one.
func (a *GraphAgent) answerAt(ctx context.Context, s *Session, id, msg string) (Reply, error) {
	return a.respondWith(ctx, s, msg, func(ctx context.Context, s *Session, msg string) (Reply, error) {
		r := a.readText(msg)
		return a.respondOrHandOver(ctx, s, id, r, r)
	})
}

// respondAcross is respond for a message in the conversation's language,
// which may not be the pages'. Then the pages' words meet only the words
// both languages share (product names, technical terms): the message's
// function words are dropped, lest "le", "die" or "pas" count as words the
// pages lack. The history keeps the message as it was written.
func (a *GraphAgent) respondAcross(ctx context.Context, s *Session, msg string) (Reply, error) {
	if s.Lang == a.langs.lang || s.Lang == "" {
		return a.respond(ctx, s, msg)
	}
	// A dialogue act is read from the customer's words as written: without
	// its stop words "ich möchte mit einem Menschen sprechen" is no longer
	// a request for a person.
	if classifyAct(a.an, msg) != ActNone {
		return a.respond(ctx, s, msg)
	}
	from := len(s.History)
	foreign := lexical.For(s.Lang)
	var kept []string
	for _, w := range foreign.Words(msg) {
		if !foreign.IsStopWord(w) {
			kept = append(kept, w)
		}
	}
	r, err := a.respond(ctx, s, strings.Join(kept, " "))
	if err == nil && from < len(s.History) && s.History[from].Role == "user" {
		s.History[from].Text = msg
	}
	return r, err
}

// missed reports whether r, a reply that answers from no page, is a miss:
// a request to put it another way, with a person offered, or a hand-over.
// Only a miss is tried in the default language; a reply that says what
// the conversation needs stands ("What can I help you with?" to "ich habe
// eine Frage", whose "Frage" the English pages' speller read as "frame").
func missed(r Reply) bool {
	return r.Action == Escalation || slices.ContainsFunc(r.Options, func(o Option) bool { return o.Value == TalkToPersonValue })
}

// found reports whether r answers from the pages: an answer, a question
// about one of their problems, or suggestions of them (the not-found
// reply's "Talk to a person" names no page).
func found(r Reply) bool {
	if r.Action == Escalation {
		return false
	}
	if r.NodeID != "" {
		return true
	}
	for _, o := range r.Options {
		if o.NodeID != "" {
			return true
		}
	}
	return false
}

// quotesPages reports whether r says or offers something of the pages:
// it cites a source. A reply to thanks, a greeting or a goodbye at the
// node being discussed cites none, and "this answer is from our English
// pages" before "You're welcome!" would say what is not so.
func quotesPages(r Reply) bool { return len(r.Sources) > 0 }

// suggestedOnly reports whether r only suggests topics for a message no
// page answers: options of the pages, at no node.
func suggestedOnly(r Reply) bool {
	return r.Action == Clarification && r.NodeID == "" && found(r)
}

// sessionFor returns a copy of s to go on with in a's pages: a
// conversation at a node of another language's pages starts afresh here.
func (a *GraphAgent) sessionFor(s Session) Session {
	s = cloneSession(s)
	if s.CurrentNode != "" && a.ix.Node(s.CurrentNode) == nil {
		s.CurrentNode, s.PendingOptions, s.Declined, s.Rejected = "", nil, "", ""
	}
	return s
}

// optionPart returns the agent whose pages the pending options are on.
func (a *GraphAgent) optionPart(s *Session) *GraphAgent {
	for _, o := range s.PendingOptions {
		for _, p := range a.langs.parts {
			if p.ix.Node(o.NodeID) != nil {
				return p
			}
		}
	}
	return nil
}

// noteOtherLanguage leads r, an answer from pages in lang, with a word that
// they are not in the customer's language, unless the answer before said so.
func (a *GraphAgent) noteOtherLanguage(s *Session, r *Reply, lang string) {
	if !quotesPages(*r) {
		return
	}
	note := a.say(s, "OtherLanguage",
		"Language", messages.LanguageName(s.Lang, s.Lang),
		"Default", messages.LanguageName(lang, s.Lang))
	n := len(s.History)
	if n < 2 || s.History[n-1].Role != "agent" {
		return
	}
	for i := n - 2; i >= 0; i-- {
		if t := s.History[i]; t.Role == "agent" {
			if strings.HasPrefix(t.Text, note) {
				return
			}
			break
		}
	}
	r.Text = note + "\n\n" + r.Text
	s.History[n-1].Text = r.Text
}

// cloneSession copies s deeply enough for a turn on the copy to leave s as
// it was.
func cloneSession(s Session) Session {
	s.Confirmed = slices.Clone(s.Confirmed)
	s.PendingOptions = slices.Clone(s.PendingOptions)
	s.History = slices.Clone(s.History)
	return s
}

// mainLanguage returns the language whose pages answer a customer whose
// language has none: def, unless the help center has fewer than half as
// many pages in it as in its largest language (none at all, or a French
// help center with a dozen pages left in English: the Apache manual's
// French folder, 230 pages and 13), then the largest, the first of langs
// (sorted) among equals. pages counts a language's pages.
func mainLanguage(def string, langs []string, pages func(lang string) int) string {
	if len(langs) == 0 {
		return def
	}
	largest := slices.MaxFunc(langs, func(x, y string) int { return pages(x) - pages(y) })
	if 2*pages(def) < pages(largest) {
		return largest
	}
	return def
}
