package dialogue

import (
	"context"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/lexical"
	"github.com/helpgraph/helpgraph/internal/messages"
	"github.com/helpgraph/helpgraph/llm"
	"github.com/helpgraph/helpgraph/verdict"
)

// Options configure a GraphAgent. The zero value is a working offline agent.
type Options struct {
	// LLM, if set, rewrites each message and picks the intent among the
	// retrieved candidates, in one call (and, with Reword, chooses the
	// reply's sentences). Nil: every step is deterministic.
	LLM llm.JSONModel
	// Embedder, if set, adds cosine similarity over node embeddings to the
	// lexical retrieval. Node embeddings are computed once per graph, lazily.
	Embedder llm.Embedder
	Logger   *slog.Logger
	// HumanHandoff says a person really follows up escalated conversations
	// (the web chat records handoffs). Only then does an escalation promise it.
	HumanHandoff bool

	// Synonyms are the help center's own groups of words that mean the
	// same thing (see ParseSynonyms), on top of the generic ones every help
	// center shares. Nil: generic only.
	Synonyms [][]string

	// MinCoverage is the share (IDF-weighted) of the utterance's terms a node
	// must contain to count as a match. Default 0.5.
	MinCoverage float64
	// MinCosine is the embedding similarity that counts as a match. Default 0.8.
	MinCosine float64
	// TieMargin is how close (relative BM25 score) candidates must be to the
	// best one to be weighed against each other in selection. Default 0.1.
	TieMargin float64
	// PageWeight is how much a whole page's BM25 score (title, headings
	// and all its text, against the request) adds to the score of each of
	// its sections: section and page evidence fused in one ranking.
	// Default 1.5; negative turns page evidence off.
	PageWeight float64
	// Candidates is how many candidates the LLM chooses among. Default 5.
	Candidates int
	// Hops bounds the neighbourhood of the current node preferred for
	// follow-up utterances. Default 2.
	Hops int
	// TurnTimeout bounds the LLM work of one turn; what is left then is
	// done offline. Default DefaultTurnTimeout.
	TurnTimeout time.Duration
	// Reword lets the LLM choose and order the sentences of a resolution
	// (never write its own); off by default.
	Reword bool

	// Messages are the agent's own words in each language (nil: the
	// embedded catalog); a reply is in the session's language.
	Messages *messages.Catalog
	// DefaultLanguage is the language of the pages that answer a customer
	// whose language no page has (or none of whose pages match), and of
	// pages whose language is unknown. Default "en".
	DefaultLanguage string
}

func (o Options) withDefaults() Options {
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.MinCoverage <= 0 {
		o.MinCoverage = 0.5
	}
	if o.MinCosine <= 0 {
		o.MinCosine = 0.8
	}
	if o.TieMargin <= 0 {
		o.TieMargin = 0.1
	}
	if o.PageWeight == 0 {
		o.PageWeight = 1.5
	}
	if o.Candidates <= 0 {
		o.Candidates = 5
	}
	if o.Hops <= 0 {
		o.Hops = 2
	}
	if o.Messages == nil {
		o.Messages = messages.Embedded()
	}
	if o.DefaultLanguage = messages.Base(o.DefaultLanguage); o.DefaultLanguage == "" {
		o.DefaultLanguage = messages.Default
	}
	return o
}

// GraphAgent answers from the knowledge graph alone. Each message goes
// through three steps, each an LLM prompt when Options.LLM is set and
// deterministic code otherwise (and whenever the LLM fails):
//
//  1. Intent identification: the message is rewritten with the conversation
//     (offline: a short follow-up is combined with the current problem), the
//     user's specifics are masked, and nodes are retrieved by BM25 over their
//     problem, condition and intents (plus embeddings, when configured),
//     preferring the current node's neighbourhood unless the topic changed.
//     Nothing good enough: ask to rephrase once, then escalate.
//  2. Response candidates: descend through children whose conditions the user
//     stated or confirmed, follow references of non-actionable nodes, then
//     resolve (the node's condition and resolution, verbatim or reworded and
//     verified), clarify (the children's conditions as options) or escalate.
//  3. Selection: among near-tied candidates, prefer the one connected to the
//     current node, or the problem whose condition branches tie with it.
//
// An answer to a clarification (by value, number, ordinal or words) moves
// straight to the chosen branch. Instructions in user text are never
// followed: such messages are treated as off-graph requests.
//
// A GraphAgent is immutable once built (apart from its lazily filled
// embedding cache) and safe for concurrent use; all conversation state lives
// in the Session.
type GraphAgent struct {
	opts Options
	ix   *graph.Index
	an   *analyzer
	lex  *lexicalIndex
	doc  map[string]int // node id -> position in ix.Graph.Nodes
	// negProblem holds the nodes whose problem is negated.
	negProblem lazyFlags
	// facts holds the analysis of each node's condition and problem, made
	// on first use: per graph, too costly to make for every node up front.
	facts []atomic.Pointer[nodeTexts]
	// resolutions holds each node's resolution terms, read on first use
	// (see resolutionTerms).
	resolutions []atomic.Pointer[[]string]
	spell       *speller
	embed       *embeddingCache
	// earlier caches the reading of earlier user messages (see topic).
	earlier messageCache
	// masked caches lexical.Mask by text: texts come back (option labels
	// sent as messages, the message before a yes with a story).
	masked *lru.Cache[string, string]
	// versions are the names a heading, title or intent numbers with
	// a lone digit ("pi 4"), as versionKey.
	versions map[string]bool
	// titles holds each page's title terms (URL -> []string), read on
	// first use.
	titles sync.Map
	// langs are the help center's languages (see language.go).
	langs languages
	// boilerplate holds the opening lines many pages share.
	boilerplate boilerplate
	// rarest is the weight of the graph's rarest word (see holdsRequest).
	rarest rarestWeight
	// situations indexes the nodes by what their condition is about.
	situations situationIndex
	// shared holds the headings several pages use (see sharedHeading).
	shared sharedHeadings
}

var _ Agent = (*GraphAgent)(nil)

// NewGraphAgent returns an agent over g. g must not be modified afterwards.
// A help center in several languages gets one agent per language (see
// language.go).
func NewGraphAgent(g *graph.Graph, opts Options) *GraphAgent {
	if g == nil {
		g = &graph.Graph{}
	}
	opts = opts.withDefaults()
	if j := verdict.Judged(g); j != g {
		// A store written before verdicts were stored: the next build
		// stores them.
		opts.Logger.Warn("graph has no verdicts (built by an older helpgraph); deciding them now; run helpgraph build to store them")
		g = j
	}
	return newLanguageAgents(g, opts)
}

// newGraphAgent returns the agent over g, a graph in one language whose
// words model reads.
func newGraphAgent(g *graph.Graph, opts Options, model *lexical.Model) *GraphAgent {
	an := newModelAnalyzer(model, opts.Synonyms)
	a := &GraphAgent{
		opts:        opts,
		an:          an,
		doc:         make(map[string]int, len(g.Nodes)),
		negProblem:  make(lazyFlags, len(g.Nodes)),
		facts:       make([]atomic.Pointer[nodeTexts], len(g.Nodes)),
		resolutions: make([]atomic.Pointer[[]string], len(g.Nodes)),
	}
	// The parts that only read what is built before them run side by side:
	// a rebuilt graph of 100k nodes is served sooner.
	var wg sync.WaitGroup
	wg.Go(func() {
		a.ix = graph.NewIndex(g)
		for i := range g.Nodes {
			a.doc[g.Nodes[i].ID] = i
		}
	})
	words := newGraphWords(an, g)
	wg.Wait()
	if model == lexical.English {
		words.v.readSolid(words.words, words.titles)
	}
	isWord := model.IsWord
	if model != lexical.English {
		// Without a dictionary, a word the pages lack that is a form of
		// theirs ("rechner" beside "Rechners", "vieille" beside "vieux") is
		// the language's word, not a typo of another ("rechnen",
		// "veille"): inflected languages are full of such neighbours.
		an.forms = words.v.known()
		words.v.readParticiples(an.forms)
		isWord = func(w string) bool { return model.IsWord(w) || an.forms.isForm(model, w) }
	}
	// The speller knows the English groups' words in every language
	// (customers mix them in: "login"), and the language's own.
	spelled := genericSynonyms
	if model != lexical.English {
		spelled = slices.Concat(genericSynonyms, languageSynonyms[model.Lang()])
	}
	wg.Go(func() { a.spell = newSpeller(words, slices.Concat(spelled, opts.Synonyms), isWord) })
	a.lex = newLexicalIndex(an, a.ix, words, a.doc, opts.PageWeight)
	wg.Wait()
	an.known = words.v
	a.versions = versionsOf(g)
	a.masked, _ = lru.New[string, string](maskCacheSize) // fails only for a size ≤ 0
	if opts.Embedder != nil {
		a.embed = &embeddingCache{}
	}
	return a
}

// maskCacheSize bounds the texts whose masking an agent remembers.
const maskCacheSize = 4096

// mask is lexical.Mask(text), remembered, keeping the codes and numbers
// the pages write (ownCode).
func (a *GraphAgent) mask(text string) string {
	if m, ok := a.masked.Get(text); ok {
		return m
	}
	m := lexical.MaskKeeping(text, a.ownCode)
	a.masked.Add(text, m)
	return m
}

// WithGraph returns an agent with a's options over a rebuilt graph g.
// Sessions started with a carry on with the new agent: node ids that still
// exist keep their place, and a session whose node is gone starts over on
// its next message instead of failing.
func (a *GraphAgent) WithGraph(g *graph.Graph) *GraphAgent { return NewGraphAgent(g, a.opts) }

// Index returns the graph the agent answers from.
func (a *GraphAgent) Index() *graph.Index { return a.ix }

// Respond answers one user message and updates s.
func (a *GraphAgent) Respond(ctx context.Context, s *Session, message string) (Reply, error) {
	if err := ctx.Err(); err != nil {
		return Reply{}, err
	}
	if a.langs.parts != nil || a.langs.detect.all != nil {
		r, err := a.respondInLanguage(ctx, s, message)
		if err == nil {
			a.missInAbsentLanguage(s, &r)
		}
		return r, err
	}
	return a.respond(ctx, s, message)
}

// respond is Respond within one language's pages.
func (a *GraphAgent) respond(ctx context.Context, s *Session, message string) (Reply, error) {
	return a.respondWith(ctx, s, message, a.turn)
}

// respondWith is respond with turn deciding the reply.
func (a *GraphAgent) respondWith(ctx context.Context, s *Session, message string, turn func(context.Context, *Session, string) (Reply, error)) (Reply, error) {
	a.heal(s)
	message = truncate(strings.TrimSpace(message), MaxMessageChars)
	s.History = append(s.History, Turn{Role: "user", Text: message})
	request, fresh := a.askedPart(message)
	if fresh {
		s.startOver(len(s.History) - 1) // the message that asks afresh begins it
	}
	message = request
	r, err := turn(a.beginTurn(ctx), s, message)
	if err != nil {
		return Reply{}, err
	}
	// Two questions in one message: the reply answers one, and the other
	// is named and offered (its words as an option), not dropped unsaid.
	if first, second, two := twoQuestions(message, s.Lang, a.langs.lang); two && r.Action != Escalation {
		if other, ok := a.unanswered(replyNodes(r), first, second); ok {
			r.Text = strings.TrimSpace(r.Text + "\n\n" + a.say(s, "AlsoAsked", "Question", other))
			r.Options = append(slices.Clip(r.Options), Option{Label: lexical.UpperFirst(other), Value: other})
		}
	}
	if !s.doubtOpen() {
		s.Doubted = "" // its question is no longer open
	}
	if r.Options == nil {
		r.Options = []Option{}
	}
	if r.Sources == nil {
		r.Sources = []string{}
	}
	s.History = append(s.History, Turn{Role: "agent", Text: r.Text, Action: r.Action, NodeID: r.NodeID})
	a.opts.Logger.DebugContext(ctx, "dialogue turn", "session", s.ID, "action", r.Action, "node", r.NodeID)
	return r, nil
}

// MaxMessageChars bounds how much of one message is read (and kept in the
// history), in characters, as the web chat counts them: a pasted essay is
// not a support request, and must not cost more.
const MaxMessageChars = 2000

// truncate cuts s to at most n characters.
func truncate(s string, n int) string {
	i := 0
	for pos := range s {
		if i == n {
			return s[:pos]
		}
		i++
	}
	return s
}

// heal drops session state that refers to nodes the graph no longer has, so a
// rebuilt graph never breaks a conversation in flight.
func (a *GraphAgent) heal(s *Session) {
	if s.CurrentNode != "" && a.ix.Node(s.CurrentNode) == nil {
		a.opts.Logger.Info("session node gone after a rebuild; starting over", "session", s.ID, "node", s.CurrentNode)
		s.CurrentNode = ""
		s.PendingOptions = nil
	}
	if s.Doubted != "" && a.ix.Node(s.Doubted) == nil {
		s.Doubted = ""
	}
	if s.Rejected != "" && a.ix.Node(s.Rejected) == nil {
		s.Rejected = ""
	}
	for _, o := range s.PendingOptions {
		if o.NodeID != "" && a.ix.Node(o.NodeID) == nil {
			s.PendingOptions = nil
			break
		}
	}
}

func (a *GraphAgent) turn(ctx context.Context, s *Session, msg string) (Reply, error) {
	if msg == "" || isInjection(msg) {
		return a.miss(s), nil
	}
	r := a.readMessage(msg)
	if last, _ := lastAgentTurns(s); last.Action != "" {
		r.terms = withoutPointers(r.terms, a.an.pointer)
	}
	if r.act != ActNone {
		if reply, ok, err := a.act(ctx, s, r.act, r); ok || err != nil {
			return reply, err
		}
	}
	if len(s.PendingOptions) > 0 {
		picked := a.matchOptions(s, r)
		switch {
		case len(picked) == 1 && !a.pickHolds(s, r, picked[0]):
			// Matched on words a new request shares with the option: no
			// pick, the request is read afresh (see pickHolds).
		case len(picked) == 1:
			o := s.PendingOptions[picked[0]]
			a.confirm(s, a.ix.Node(o.NodeID).Condition)
			s.Rephrases = 0
			if _, clicked := optionByForm(r, s.PendingOptions); clicked {
				// An option sent back (its label, its number) says which
				// option, nothing more: its words are the node's own, and
				// must not pick among the situations around it (a section
				// on links "from the web version", beneath "you use the
				// desktop app", does not say the user uses the web one).
				// A topic offered for a request is answered in the part
				// that request asks (takenFor).
				r = a.takenFor(s, &reading{text: r.text})
			}
			return a.respondAt(ctx, s, o.NodeID, r)
		case len(picked) > 1 && a.ix.Node(s.CurrentNode) != nil:
			// "online" when the options were member online / guest online / phone.
			var narrowed []Option
			for _, i := range picked {
				narrowed = append(narrowed, s.PendingOptions[i])
			}
			s.Rephrases = 0
			return a.clarify(s, a.ix.Node(s.CurrentNode), narrowed, a.sourcesOf(s.CurrentNode)), nil
		}
	}
	// "Which of these applies?" (Windows, Mac) "I'm on Android": a case
	// the page does not cover, said so; read as a request, its word
	// finds any section that mentions it.
	if len(s.PendingOptions) > 1 && lastAgentTurn(s).Action == Clarification {
		if situation := a.unofferedSituation(r, s.PendingOptions); situation != "" {
			if id, joined := a.pageForSituation(s, r); id != "" {
				return a.respondAt(ctx, s, id, joined)
			}
			return a.noSuchSituation(s, situation), nil
		}
	}
	// "My screen is too dark" (answered) "it's a laptop": a detail of the
	// case, not a new request (see detailAfterAnswer).
	if reply, ok, err := a.detailAfterAnswer(ctx, s, r); ok || err != nil {
		return reply, err
	}
	// "Is it about this?" "She was getting retirement benefits.": an
	// answer, not a new request (see assentsToAsked); "how can I change
	// that?" asks about it (asksOfAsked).
	if st := a.askedStateOf(s, r); assentsToAsked(r, st) || asksOfAsked(r, st) {
		if reply, ok, err := a.makeMove(ctx, s, moveShowAsked, r); ok || err != nil {
			return reply, err
		}
	}
	// Read once: identify searches a detail of a missed request with that
	// request, and the miss policy takes it in (see detailsMiss).
	detail := func() string { return r.caseDetailIn(s.Lang, a.langs.lang) }
	detailed := detailsMiss(detail, s.CurrentNode != "", previousUserMessage(s) != "", lastAgentTurn(s))
	id, text, err := a.identify(ctx, s, r, detailed)
	rejected := s.Rejected
	s.Rejected = "" // for the request after the rejection only
	if err != nil {
		return Reply{}, err
	}
	// "Which of these applies?" (In the app, In Safari) "on my iphone":
	// a detail of the case asked about, not a request for the page that
	// says which iPhones are supported (see detailWhileAsked).
	if reply, ok := a.detailWhileAsked(s, r, id); ok {
		return reply, nil
	}
	// Offline, words alone decide: a node without the request's
	// distinctive words does not answer it, it is asked about (embeddings
	// and an LLM judge meaning themselves).
	var doubted string
	if id != "" && a.embed == nil && a.opts.LLM == nil && !a.holdsRequest(s, id, text) && !asksOnAnswer(r, repeatsLastAnswer(s, id)) {
		id, doubted = "", id
	}
	if id == "" {
		st := missState{rephrases: s.Rephrases, llm: a.opts.LLM != nil, asking: a.actState(s).asking(), doubted: doubted != ""}
		st.detailOnDoubted = doubted == "" && s.doubtOpen() && len(r.terms) > 0 && a.allUnknown(r.terms)
		st.pageWords = a.hasPageWords(r, true)
		st.detail = detailed
		as := a.actState(s)
		st.yesNo = as.yesNo
		st.first = as.last == ""
		st.situations = st.asking && s.CurrentNode != "" && !s.doubtOpen() && !as.askedAgain
		st.offered = suggestedOnMiss(s) && !restates(r.terms, a.earlierRequests(s))
		for _, m := range missMoves(r, st) {
			if m == moveAskAbout {
				if reply, ok := a.askAbout(s, doubted); ok {
					return reply, nil
				}
				continue
			}
			if reply, ok, err := a.makeMove(ctx, s, m, r); ok || err != nil {
				return reply, err
			}
		}
		return a.miss(s), nil
	}
	s.Rephrases = 0
	id = a.statedSituation(s, id, text)
	reply, err := a.respondOrHandOver(ctx, s, id, text, r)
	if err == nil && rejected != "" && reply.Action == Resolution && reply.NodeID == rejected {
		// Found again by another way (its section, then the section
		// above it): the answer the customer said was not it is not
		// given again; the pages have nothing else for it.
		return a.miss(s), nil
	}
	return reply, err
}

// previousRequest is what the user's message before this one asked
// (askedPart): without the courtesy or the fresh start it opened with.
func (a *GraphAgent) previousRequest(s *Session) string {
	request, _ := a.askedPart(previousUserMessage(s))
	return request
}

// previousUserMessage returns the user's message before the one being
// answered in the conversation being had, or "".
func previousUserMessage(s *Session) string {
	seen := 0
	h := s.turns()
	for i := len(h) - 1; i >= 0; i-- {
		if h[i].Role == "user" {
			if seen++; seen == 2 {
				return h[i].Text
			}
		}
	}
	return ""
}

func (a *GraphAgent) confirm(s *Session, condition string) {
	if condition == "" {
		return
	}
	for _, c := range s.Confirmed {
		if c == condition {
			return
		}
	}
	s.Confirmed = append(s.Confirmed, condition)
}
