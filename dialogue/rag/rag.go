// Package rag is the retrieval-augmented baseline the graph agent is compared
// with, as in the study: it reads the help pages' text (not the graph), and
// per turn extracts the user's core intent, retrieves heading-bounded
// passages, selects an action and phrases the reply from those passages.
//
// With an LLM configured the intent, action and reply come from the LLM and,
// with embeddings, passages are those with cosine similarity ≥ 0.4 (or the
// top 3 when none qualify). Offline the intent is the user's utterances with
// specifics masked, retrieval is BM25, and the reply is extractive.
package rag

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/lexical"
	"github.com/helpgraph/helpgraph/internal/messages"
	"github.com/helpgraph/helpgraph/llm"
	"github.com/helpgraph/helpgraph/prompts"
)

// Options configures an Agent. The zero value is the offline agent.
type Options struct {
	LLM      llm.JSONModel // nil: offline intent, action selection and reply
	Embedder llm.Embedder  // nil: BM25 retrieval
	Logger   *slog.Logger
	// MinCoverage is the share of the intent's term weight the best passage
	// must contain for an offline answer; below it the agent escalates.
	// 0 means DefaultMinCoverage.
	MinCoverage float64
	// MinSimilarity is the embedding cosine similarity a passage needs to be
	// retrieved; 0 means DefaultMinSimilarity.
	MinSimilarity float64
	// TopK passages are retrieved when none reaches MinSimilarity, and by BM25.
	TopK int
	// Words is the pages' word model (nil: English); NewByLanguage gives
	// each language's agent its own.
	Words *lexical.Model
	// Messages are the agent's fixed texts, in the session's language
	// (nil: the embedded catalog).
	Messages *messages.Catalog
}

// Defaults for zero Options fields.
const (
	DefaultMinCoverage   = 0.3
	DefaultMinSimilarity = 0.4
	DefaultTopK          = 3
	// similarScore is how close (as a ratio of BM25 scores) the second
	// passage must be to the first for the offline agent to ask which applies.
	similarScore = 0.9
	// maxClarifications bounds the offline agent's questions per dialogue.
	maxClarifications = 1
)

// Agent is the RAG baseline. It is safe for concurrent use by many sessions.
type Agent struct {
	opts     Options
	log      *slog.Logger
	passages []*passage
	index    *passageIndex

	embMu sync.Mutex
	embs  [][]float32 // passage embeddings, computed on first use
}

var (
	_ dialogue.Agent        = (*Agent)(nil)
	_ dialogue.PageAnswerer = (*Agent)(nil)
)

// New returns an agent over pages' cleaned text.
func New(pages []graph.Page, opts Options) *Agent {
	if opts.MinCoverage <= 0 {
		opts.MinCoverage = DefaultMinCoverage
	}
	if opts.MinSimilarity <= 0 {
		opts.MinSimilarity = DefaultMinSimilarity
	}
	if opts.TopK <= 0 {
		opts.TopK = DefaultTopK
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if opts.Words == nil {
		opts.Words = lexical.English
	}
	if opts.Messages == nil {
		opts.Messages = messages.Embedded()
	}
	ps := splitPages(pages, opts.Words)
	return &Agent{opts: opts, log: log, passages: ps, index: newPassageIndex(ps, opts.Words)}
}

// NewByLanguage returns the agent over pages in several languages: one
// agent per language, each with its language's word model, answering in
// the customer's language (see dialogue.ByLanguage).
func NewByLanguage(pages []graph.Page, defaultLang string, opts Options) dialogue.Agent {
	return dialogue.NewByLanguage(pages, defaultLang, opts.Messages,
		func(pages []graph.Page, words *lexical.Model, catalog *messages.Catalog) dialogue.Agent {
			o := opts
			o.Words, o.Messages = words, catalog
			return New(pages, o)
		})
}

// say returns the fixed text id in the session's language.
func (a *Agent) say(s *dialogue.Session, id string, data ...any) string {
	return a.opts.Messages.Text(s.Lang, id, data...)
}

// Respond implements dialogue.Agent.
func (a *Agent) Respond(ctx context.Context, s *dialogue.Session, message string) (dialogue.Reply, error) {
	return a.respondWith(ctx, s, message, a.turn)
}

// RespondFrom implements dialogue.PageAnswerer: the answer is the passage
// of page that best matches the conversation, else its first.
func (a *Agent) RespondFrom(ctx context.Context, s *dialogue.Session, message, page string) (dialogue.Reply, error) {
	return a.respondWith(ctx, s, message, func(context.Context, *dialogue.Session, string) (dialogue.Reply, error) {
		intent := a.offlineIntent(s)
		for _, h := range a.index.search(intent, len(a.passages)) {
			if h.p.URL == page {
				return a.resolve(h.p, intent), nil
			}
		}
		for _, p := range a.passages {
			if p.URL == page {
				return a.resolve(p, intent), nil
			}
		}
		return dialogue.Reply{Action: dialogue.Escalation, Text: a.say(s, "BaselineNotFound")}, nil
	})
}

// respondWith is Respond with turn deciding the reply.
func (a *Agent) respondWith(ctx context.Context, s *dialogue.Session, message string, turn func(context.Context, *dialogue.Session, string) (dialogue.Reply, error)) (dialogue.Reply, error) {
	s.History = append(s.History, dialogue.Turn{Role: "user", Text: message})
	r, err := turn(ctx, s, message)
	if err != nil {
		s.History = s.History[:len(s.History)-1]
		return dialogue.Reply{}, err
	}
	s.PendingOptions = nil
	if r.Action == dialogue.Clarification {
		s.PendingOptions = r.Options
	}
	if r.Action == dialogue.Escalation {
		s.Escalated = true
	}
	if r.Options == nil {
		r.Options = []dialogue.Option{}
	}
	if r.Sources == nil {
		r.Sources = []string{}
	}
	s.CurrentNode = r.NodeID
	s.History = append(s.History, dialogue.Turn{Role: "agent", Text: r.Text, Action: r.Action, NodeID: r.NodeID})
	return r, nil
}

// turn decides the reply to message, the last turn of s.History.
func (a *Agent) turn(ctx context.Context, s *dialogue.Session, message string) (dialogue.Reply, error) {
	var (
		r   dialogue.Reply
		err error
	)
	switch act := dialogue.ClassifyAct(message); {
	case act == dialogue.ActHuman:
		r = dialogue.Reply{Action: dialogue.Escalation, Text: a.say(s, "BaselineHuman")}
	case act == dialogue.ActRestart:
		*s = dialogue.Session{ID: s.ID, History: s.History}
		r = dialogue.Reply{Action: dialogue.Clarification, Text: a.say(s, "StartOver")}
	case act == dialogue.ActThanks:
		r = dialogue.Reply{Action: dialogue.Clarification, Text: a.say(s, "Welcome")}
	case act == dialogue.ActGreeting:
		r = dialogue.Reply{Action: dialogue.Clarification, Text: a.say(s, "Greeting")}
	case a.opts.LLM != nil:
		r, err = a.respondLLM(ctx, s)
	default:
		r = a.respondOffline(s, message)
	}
	return r, err
}

// respondOffline is the extractive baseline.
func (a *Agent) respondOffline(s *dialogue.Session, message string) dialogue.Reply {
	intent := a.offlineIntent(s)
	// An answer to our clarification picks the passage it names.
	if p := a.chosenOption(s.PendingOptions, message); p != nil {
		return a.resolve(p, intent)
	}
	hits := a.index.search(intent, a.opts.TopK)
	if len(hits) == 0 || hits[0].coverage < a.opts.MinCoverage {
		return dialogue.Reply{Action: dialogue.Escalation, Text: a.say(s, "BaselineNotFound")}
	}
	best := hits[0]
	if isContactPassage(best.p) {
		r := a.resolve(best.p, intent)
		r.Action = dialogue.Escalation
		r.Text = a.say(s, "BaselineContact") + " " + r.Text
		return r
	}
	if len(hits) > 1 && clarifications(s) < maxClarifications {
		second := hits[1]
		if second.score >= similarScore*best.score && !strings.EqualFold(second.p.Heading, best.p.Heading) {
			opts := []dialogue.Option{
				{Label: best.p.Heading, Value: best.p.Heading, NodeID: best.p.ref()},
				{Label: second.p.Heading, Value: second.p.Heading, NodeID: second.p.ref()},
			}
			return dialogue.Reply{
				Action:  dialogue.Clarification,
				Text:    a.say(s, "BaselineWhich", "First", best.p.Heading, "Second", second.p.Heading),
				Options: opts,
				Sources: uniq([]string{best.p.URL, second.p.URL}),
				Intent:  intent,
			}
		}
	}
	return a.resolve(best.p, intent)
}

func (a *Agent) resolve(p *passage, intent string) dialogue.Reply {
	sents := a.index.bestSentences(p.Body, intent, 3)
	return dialogue.Reply{
		Action:  dialogue.Resolution,
		Text:    strings.Join(sents, " "),
		NodeID:  p.ref(),
		Sources: []string{p.URL},
		Intent:  intent,
	}
}

// chosenOption returns the passage of the pending option message picks, or nil.
func (a *Agent) chosenOption(pending []dialogue.Option, message string) *passage {
	if len(pending) == 0 {
		return nil
	}
	msg := a.termSet(message)
	bestScore, bestRef := 0.0, ""
	for _, o := range pending {
		if strings.EqualFold(strings.TrimSpace(message), strings.TrimSpace(o.Value)) {
			bestScore, bestRef = 2, o.NodeID
			break
		}
		if sc := lexical.Overlap(a.termSet(o.Label), msg); sc > bestScore {
			bestScore, bestRef = sc, o.NodeID
		}
	}
	if bestScore < 0.5 {
		return nil
	}
	for _, p := range a.passages {
		if p.ref() == bestRef {
			return p
		}
	}
	return nil
}

func (a *Agent) termSet(s string) map[string]bool {
	set := map[string]bool{}
	for _, t := range a.opts.Words.Terms(s) {
		set[t] = true
	}
	return set
}

func clarifications(s *dialogue.Session) int {
	n := 0
	for _, t := range s.History {
		if t.Role == "agent" && t.Action == dialogue.Clarification {
			n++
		}
	}
	return n
}

var contactRE = regexp.MustCompile(`(?i)\bcontact(?:ing)?\s+us\b|\bcontact\s+(?:support|the support team|customer service)\b`)

func isContactPassage(p *passage) bool {
	return contactRE.MatchString(p.Heading) || (p.N == 0 && contactRE.MatchString(p.Title))
}

func (a *Agent) offlineIntent(s *dialogue.Session) string {
	var parts []string
	for _, t := range s.History {
		if t.Role == "user" {
			// The user's specifics carry no retrieval signal and would
			// only match numbers on unrelated pages.
			parts = append(parts, lexical.Mask(t.Text))
		}
	}
	return strings.Join(parts, " ")
}

// ---- LLM mode ----

type intentAnswer struct {
	Intent string `json:"intent"`
}

func (x *intentAnswer) Validate() error {
	if strings.TrimSpace(x.Intent) == "" {
		return errors.New(`"intent" must be a non-empty string`)
	}
	return nil
}

type respondAnswer struct {
	Action   dialogue.Action `json:"action"`
	Reply    string          `json:"reply"`
	Options  []string        `json:"options"`
	Passages []int           `json:"passages"`
}

func (x *respondAnswer) Validate() error {
	switch x.Action {
	case dialogue.Resolution, dialogue.Escalation:
	case dialogue.Clarification:
		if len(x.Options) < 2 {
			return errors.New(`a "clarification" needs at least two "options"`)
		}
	default:
		return fmt.Errorf(`"action" must be "resolution", "clarification" or "escalation", not %q`, x.Action)
	}
	if strings.TrimSpace(x.Reply) == "" {
		return errors.New(`"reply" must be a non-empty string`)
	}
	return nil
}

func (a *Agent) respondLLM(ctx context.Context, s *dialogue.Session) (dialogue.Reply, error) {
	var utterances []string
	var history []prompts.ChatTurn
	for _, t := range s.History {
		if t.Role == "user" {
			utterances = append(utterances, t.Text)
		}
		history = append(history, prompts.ChatTurn{Role: t.Role, Text: t.Text})
	}
	msgs, err := prompts.Messages("rag_intent", prompts.RAGIntent{Utterances: utterances})
	if err != nil {
		return dialogue.Reply{}, err
	}
	var in intentAnswer
	if err := a.opts.LLM.JSON(ctx, msgs, &in); err != nil {
		return dialogue.Reply{}, fmt.Errorf("rag: extracting intent: %w", err)
	}
	retrieved, err := a.retrieve(ctx, in.Intent)
	if err != nil {
		return dialogue.Reply{}, err
	}
	data := prompts.RAGRespond{History: history, Intent: in.Intent}
	for i, p := range retrieved {
		data.Passages = append(data.Passages, prompts.RAGPassage{Ref: i + 1, Title: p.Title, Heading: p.Heading, Text: p.Body})
	}
	if msgs, err = prompts.Messages("rag_respond", data); err != nil {
		return dialogue.Reply{}, err
	}
	var ans respondAnswer
	if err := a.opts.LLM.JSON(ctx, msgs, &ans); err != nil {
		return dialogue.Reply{}, fmt.Errorf("rag: formulating response: %w", err)
	}
	r := dialogue.Reply{Action: ans.Action, Text: strings.TrimSpace(ans.Reply), Intent: in.Intent}
	used := retrieved
	if len(ans.Passages) > 0 {
		used = nil
		for _, n := range ans.Passages {
			if n >= 1 && n <= len(retrieved) {
				used = append(used, retrieved[n-1])
			}
		}
	}
	if len(used) > 0 && r.Action != dialogue.Escalation {
		r.NodeID = used[0].ref()
	}
	for _, p := range used {
		r.Sources = append(r.Sources, p.URL)
	}
	r.Sources = uniq(r.Sources)
	if r.Action == dialogue.Clarification {
		for _, o := range ans.Options {
			r.Options = append(r.Options, dialogue.Option{Label: o, Value: o})
		}
	}
	return r, nil
}

// retrieve returns the passages for intent: by embedding similarity when an
// embedder is configured, else BM25's top K.
func (a *Agent) retrieve(ctx context.Context, intent string) ([]*passage, error) {
	if a.opts.Embedder == nil {
		var out []*passage
		for _, h := range a.index.search(intent, a.opts.TopK) {
			out = append(out, h.p)
		}
		return out, nil
	}
	embs, err := a.passageEmbeddings(ctx)
	if err != nil {
		return nil, err
	}
	q, err := a.opts.Embedder.Embed(ctx, []string{intent})
	if err != nil || len(q) != 1 {
		return nil, fmt.Errorf("rag: embedding the intent: %w", errors.Join(err, errors.New("no embedding returned")))
	}
	type scored struct {
		p   *passage
		sim float64
	}
	all := make([]scored, len(a.passages))
	for i, p := range a.passages {
		all[i] = scored{p, llm.Cosine(q[0], embs[i])}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].sim > all[j].sim })
	var out []*passage
	for _, s := range all {
		if s.sim >= a.opts.MinSimilarity {
			out = append(out, s.p)
		}
	}
	if len(out) == 0 {
		for _, s := range all[:min(a.opts.TopK, len(all))] {
			out = append(out, s.p)
		}
	}
	return out, nil
}

// passageEmbeddings embeds every passage once; a failure is retried on the
// next turn rather than remembered.
func (a *Agent) passageEmbeddings(ctx context.Context) ([][]float32, error) {
	a.embMu.Lock()
	defer a.embMu.Unlock()
	if a.embs != nil {
		return a.embs, nil
	}
	const batch = 64
	embs := make([][]float32, 0, len(a.passages))
	for i := 0; i < len(a.passages); i += batch {
		var texts []string
		for _, p := range a.passages[i:min(i+batch, len(a.passages))] {
			texts = append(texts, p.Title+" > "+p.Heading+"\n"+p.Body)
		}
		v, err := a.opts.Embedder.Embed(ctx, texts)
		if err != nil {
			return nil, fmt.Errorf("rag: embedding passages: %w", err)
		}
		if len(v) != len(texts) {
			return nil, fmt.Errorf("rag: embedding passages: asked for %d, got %d", len(texts), len(v))
		}
		embs = append(embs, v...)
	}
	a.embs = embs
	return embs, nil
}

func uniq(xs []string) []string {
	var out []string
	for _, x := range xs {
		if x != "" && !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}
