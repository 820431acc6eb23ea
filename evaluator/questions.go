package evaluator

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"runtime"
	"strings"

	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/jsonl"
)

// Question is one line of a question set: what a customer asks first, the
// pages that answer it, and what they may ask next in the same
// conversation. A support team writes these for its own help center; the
// set is a regression suite (evaluate --questions --fail-below).
type Question struct {
	Question string `json:"question"`
	// Gold are the pages that answer the question, each a page URL, a path
	// relative to the pages folder or a tail of one (see GoldPages). An
	// empty list ("gold": []) marks a near-domain question: the pages do
	// not answer it, and the agent should give no resolution.
	Gold      []string   `json:"gold"`
	FollowUps []FollowUp `json:"follow_ups,omitempty"`
}

// NearDomain reports whether the pages do not answer the question.
func (q *Question) NearDomain() bool { return q.Gold != nil && len(q.Gold) == 0 }

// followUpNearDomain reports whether the pages do not answer follow-up j:
// its gold is [], or it has none and is on a near-domain question's page.
func (q *Question) followUpNearDomain(j int) bool {
	f := &q.FollowUps[j]
	return f.NearDomain() || f.Gold == nil && q.NearDomain()
}

// FollowUp is a later message of the conversation a Question starts.
type FollowUp struct {
	Message string `json:"message"`
	// Gold are the pages that answer the follow-up; none (no "gold") means
	// the question's own, an empty list ("gold": []) a near-domain
	// follow-up that the pages do not answer.
	Gold []string `json:"gold,omitempty"`
}

// NearDomain reports whether the pages do not answer the follow-up.
func (f *FollowUp) NearDomain() bool { return f.Gold != nil && len(f.Gold) == 0 }

// MarshalJSON writes a near-domain follow-up's "gold": [], which
// omitempty would drop (and so turn it into one on the question's page).
func (f FollowUp) MarshalJSON() ([]byte, error) {
	type plain FollowUp
	if f.NearDomain() {
		return json.Marshal(struct {
			Message string   `json:"message"`
			Gold    []string `json:"gold"`
		}{f.Message, f.Gold})
	}
	return json.Marshal(plain(f))
}

// ReadQuestions reads and checks a JSON Lines question set. Blank lines
// and lines starting with "//" are skipped; errors name the line.
func ReadQuestions(r io.Reader) ([]Question, error) {
	qs, err := jsonl.Read(r, jsonl.Options{Strict: true, Comment: "//"}, func(_ int, q *Question) error {
		switch {
		case strings.TrimSpace(q.Question) == "":
			return errors.New("empty question")
		case q.Gold == nil:
			return fmt.Errorf("question %q: no gold page (list the pages that answer it, or [] when none does)", q.Question)
		}
		for _, f := range q.FollowUps {
			if strings.TrimSpace(f.Message) == "" {
				return fmt.Errorf("question %q: a follow-up with an empty message", q.Question)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("questions %w", err)
	}
	if len(qs) == 0 {
		return nil, errors.New("questions: none in the set")
	}
	return qs, nil
}

// ReadQuestionsFile reads the question set at path.
func ReadQuestionsFile(path string) ([]Question, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("opening questions: %w", err)
	}
	defer f.Close()
	qs, err := ReadQuestions(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return qs, nil
}

// pageKey folds a page URL or path for comparison: scheme, host, query
// and fragment dropped, unescaped, lower case, no slashes at either end,
// no .md/.mdx/.rst/.html/.htm/.adoc/.page extension and no trailing "/index" (a
// docs-as-code site publishes a/b.md and a/b/index.md at .../a/b/).
func pageKey(s string) string {
	s = strings.TrimSpace(s)
	if u, err := url.Parse(s); err == nil && u.Host != "" {
		s = u.Path
	} else {
		if i := strings.IndexAny(s, "?#"); i >= 0 {
			s = s[:i]
		}
		if p, err := url.PathUnescape(s); err == nil {
			s = p
		}
	}
	s = strings.ToLower(strings.Trim(strings.TrimPrefix(s, "./"), "/"))
	for _, ext := range []string{".mdx", ".md", ".rst", ".html", ".htm", ".adoc", ".asciidoc", ".page"} {
		if strings.HasSuffix(s, ext) {
			s = strings.TrimSuffix(s, ext)
			break
		}
	}
	if s == "index" {
		return ""
	}
	return strings.TrimSuffix(s, "/index")
}

// GoldPages returns the URLs among pages that gold names: those whose path
// is gold's, else those whose path ends with it after a slash
// ("license/transfer.md" names "general/license/transfer.md", but
// "getting-started.md" not "development/getting-started.rst" when the
// folder has a getting-started.md of its own), or else the page whose path
// is the longest tail of gold (a published URL naming a page built from a
// folder). Extensions .md/.mdx/.rst/.html/.adoc, trailing slashes, case, scheme and
// host do not matter; "/", "index.html" and a bare host name the home page.
// A gold with a fragment that is a page's whole URL names that page alone.
func GoldPages(gold string, pages []string) []string {
	if strings.TrimSpace(gold) == "" {
		return nil
	}
	// A part of a long document (page.Split: "manual.pdf#page=12") is a
	// page of its own, named by its whole URL; the file's name names
	// every part.
	if strings.Contains(gold, "#") {
		for _, u := range pages {
			if u == strings.TrimSpace(gold) {
				return []string{u}
			}
		}
	}
	g := pageKey(gold) // "" is the site's home page
	var out, exact []string
	best, bestLen := "", 0
	for _, u := range pages {
		k := pageKey(u)
		switch {
		case k == g:
			exact = append(exact, u)
		case k == "" || g == "":
		case strings.HasSuffix(k, "/"+g):
			out = append(out, u)
		case strings.HasSuffix(g, "/"+k) && len(k) > bestLen:
			best, bestLen = u, len(k)
		}
	}
	switch {
	case len(exact) > 0:
		return exact
	case len(out) == 0 && best != "":
		return []string{best}
	}
	return out
}

// QuestionsOptions configures AskQuestions.
type QuestionsOptions struct {
	// Pages are the URLs of the pages the agents read; gold is matched
	// against them (GoldPages).
	Pages []string
	// PageOf returns the page of a node or option id an agent put in a
	// reply ("" when unknown): a clarification is on the page of the node
	// it asks about, and its options' pages are the pages it offers.
	PageOf func(id string) string
	// ClientLang is the language the customer's browser or widget asks for
	// (dialogue.Session.ClientLang), "" none: a question set in one
	// language is asked as on that language's help center.
	ClientLang string
	// Concurrency bounds conversations in flight; 0 means 2×GOMAXPROCS.
	Concurrency int
	// Progress, if set, is told each finished conversation.
	Progress func(agent string, done, total int)
	Logger   *slog.Logger
}

// ErrNoGoldQuestion is returned when no question's gold names a page the
// agents read: the graph was built from other pages.
var ErrNoGoldQuestion = errors.New("no question's gold page is among the agents' pages")

// QuestionTurn is one agent reply to a question (Turn 0) or to one of its
// follow-ups (Turn 1, 2, …).
type QuestionTurn struct {
	Agent    string          `json:"agent"`
	Question int             `json:"question"` // line order in the set, from 1
	Turn     int             `json:"turn"`
	Message  string          `json:"message"`
	Reply    string          `json:"reply"`
	Action   dialogue.Action `json:"action"`
	Page     string          `json:"page,omitempty"`    // see replyPage
	Options  []string        `json:"options,omitempty"` // the pages of the offered options
	Gold     []string        `json:"gold"`              // page URLs
	// UnknownGold is the set's gold when it names none of the pages.
	UnknownGold []string `json:"unknown_gold,omitempty"`
	OnGold      bool     `json:"on_gold"`
	// GoldOffered: a gold page is among the options.
	GoldOffered bool `json:"gold_offered"`
	// AskedWhich: a clarification with options.
	AskedWhich bool `json:"asked_which"`
	Abstained  bool `json:"abstained"`
	// NearDomain: the pages do not answer the message (gold []); Answered:
	// the agent gave a resolution citing a page all the same.
	NearDomain bool `json:"near_domain,omitempty"`
	Answered   bool `json:"answered,omitempty"`
}

// QuestionMetrics are one agent's numbers on a question set (metrics.json
// "questions"). Rates are fractions 0..1.
type QuestionMetrics struct {
	// Questions and FollowUps count those with gold pages; near-domain
	// ones are counted apart and in none of the rates.
	Questions int `json:"questions"`
	// FirstOnGold: the first reply is on a gold page (it cites one first,
	// or it is a clarification about a node on one).
	FirstOnGold float64 `json:"first_on_gold"`
	// GoldOffered: the first reply offers a gold page among its options.
	GoldOffered float64 `json:"gold_offered"`
	// Clarified: the first reply is a clarification with options to
	// choose from (a request to rephrase is none).
	Clarified float64 `json:"clarified"`
	// Abstained: the first reply names no page at all ("please rephrase",
	// a hand-off without a source).
	Abstained float64 `json:"abstained"`
	FollowUps int     `json:"follow_ups"`
	// FollowUpsOnGold: follow-up replies on the follow-up's gold page.
	FollowUpsOnGold float64 `json:"follow_ups_on_gold"`
	// NearDomain counts the questions the pages do not answer (gold [])
	// and NearDomainAnswered those given a resolution citing a page all
	// the same; the follow-up pair counts them mid-conversation.
	NearDomain                  int `json:"near_domain,omitempty"`
	NearDomainAnswered          int `json:"near_domain_answered,omitempty"`
	NearDomainFollowUps         int `json:"near_domain_follow_ups,omitempty"`
	NearDomainFollowUpsAnswered int `json:"near_domain_follow_ups_answered,omitempty"`
	Failed                      int `json:"failed,omitempty"` // conversations an agent error ended
	// SinceBaseline: replies gained and lost against an earlier run.
	SinceBaseline *BaselineCounts `json:"since_baseline,omitempty"`
}

// GraphStats describe the graph a question set was asked over.
type GraphStats struct {
	Pages int `json:"pages"`
	Nodes int `json:"nodes"`
	// ConditionShare is the share of nodes with a condition: what the
	// graph agent's clarifications choose between.
	ConditionShare float64 `json:"condition_share"`
}

// StatsOf returns g's GraphStats.
func StatsOf(g *graph.Graph) GraphStats {
	conds := 0
	for i := range g.Nodes {
		if strings.TrimSpace(g.Nodes[i].Condition) != "" {
			conds++
		}
	}
	return GraphStats{Pages: len(g.Pages), Nodes: len(g.Nodes), ConditionShare: frac(conds, len(g.Nodes))}
}

// QuestionsResult is a whole question-set run.
type QuestionsResult struct {
	// Graph describes the graph the agents read, when the caller knows it.
	Graph   *GraphStats
	Agents  []string // in the order given
	Turns   []QuestionTurn
	Metrics map[string]QuestionMetrics
	// UnknownGold counts questions and follow-ups whose gold names none of
	// the pages: they count as misses, and the log says which.
	UnknownGold int
	// Baseline compares the replies with an earlier run's (CompareWith);
	// nil without one.
	Baseline *Baseline
}

// AskQuestions asks every question of qs, then its follow-ups, in a fresh
// session per question and agent, and scores where each reply is.
func AskQuestions(ctx context.Context, agents []ReplayAgent, qs []Question, opts QuestionsOptions) (*QuestionsResult, error) {
	if opts.Concurrency <= 0 {
		opts.Concurrency = 2 * runtime.GOMAXPROCS(0)
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.PageOf == nil {
		opts.PageOf = func(string) string { return "" }
	}
	res := &QuestionsResult{Metrics: make(map[string]QuestionMetrics, len(agents))}
	// gold[i][0] is question i's pages, gold[i][k] follow-up k's; a
	// near-domain message's are an empty, non-nil list.
	gold := make([][][]string, len(qs))
	known := 0
	resolve := func(names []string) []string {
		if names != nil && len(names) == 0 {
			return []string{}
		}
		var out []string
		for _, n := range names {
			out = append(out, GoldPages(n, opts.Pages)...)
		}
		if len(out) == 0 {
			res.UnknownGold++
			opts.Logger.WarnContext(ctx, "questions: gold names none of the pages; counted as a miss", "gold", strings.Join(names, ", "))
		}
		return out
	}
	for i, q := range qs {
		gold[i] = append(gold[i], resolve(q.Gold))
		if len(gold[i][0]) > 0 {
			known++
		}
		for _, f := range q.FollowUps {
			if f.Gold == nil {
				gold[i] = append(gold[i], gold[i][0])
			} else {
				gold[i] = append(gold[i], resolve(f.Gold))
			}
			if len(gold[i][len(gold[i])-1]) > 0 {
				known++
			}
		}
	}
	// A set of near-domain questions only names no page to check.
	if known == 0 && !allNearDomain(qs) {
		return nil, fmt.Errorf("questions: %w (e.g. %s, among %d pages)", ErrNoGoldQuestion, qs[0].Gold[0], len(opts.Pages))
	}
	for _, a := range agents {
		res.Agents = append(res.Agents, a.Name)
		turns := make([][]QuestionTurn, len(qs))
		failed := make([]bool, len(qs))
		var progress func(int)
		if opts.Progress != nil {
			progress = func(done int) { opts.Progress(a.Name, done, len(qs)) }
		}
		err := forEach(ctx, len(qs), opts.Concurrency, func(i int) {
			turns[i], failed[i] = askOne(ctx, a, i, &qs[i], gold[i], opts)
		}, progress)
		if err != nil {
			return nil, fmt.Errorf("questions: %w", err)
		}
		var all []QuestionTurn
		nFailed := 0
		for i := range qs {
			all = append(all, turns[i]...)
			if failed[i] {
				nFailed++
			}
		}
		res.Turns = append(res.Turns, all...)
		m := questionMetrics(all, qs)
		m.Failed = nFailed
		res.Metrics[a.Name] = m
	}
	return res, nil
}

// askOne has one conversation: the question, then each follow-up. An
// agent error ends it; the turns not taken count as misses.
func askOne(ctx context.Context, a ReplayAgent, i int, q *Question, gold [][]string, opts QuestionsOptions) ([]QuestionTurn, bool) {
	s := &dialogue.Session{ID: fmt.Sprintf("q%d/%s", i+1, a.Name), ClientLang: opts.ClientLang}
	msgs := []string{q.Question}
	for _, f := range q.FollowUps {
		msgs = append(msgs, f.Message)
	}
	var out []QuestionTurn
	for k, msg := range msgs {
		r, err := a.Agent.Respond(ctx, s, msg)
		if err != nil {
			if ctx.Err() == nil {
				opts.Logger.WarnContext(ctx, "questions: agent failed", "agent", a.Name, "question", i+1, "turn", k, "err", err)
			}
			return out, true
		}
		t := scoreTurn(a.Name, i+1, k, msg, r, gold[k], opts.PageOf)
		if len(t.Gold) == 0 && !t.NearDomain {
			t.UnknownGold = q.Gold
			if k > 0 && len(q.FollowUps[k-1].Gold) > 0 {
				t.UnknownGold = q.FollowUps[k-1].Gold
			}
		}
		out = append(out, t)
	}
	return out, false
}

// replyPage is the page a reply is on: for a clarification about a node,
// that node's page; otherwise the first page it cites ("" for none).
func replyPage(r dialogue.Reply, pageOf func(string) string) string {
	if r.Action == dialogue.Clarification && r.NodeID != "" {
		if p := pageOf(r.NodeID); p != "" {
			return p
		}
	}
	if len(r.Sources) > 0 {
		return r.Sources[0]
	}
	return ""
}

func scoreTurn(agent string, question, turn int, msg string, r dialogue.Reply, gold []string, pageOf func(string) string) QuestionTurn {
	t := QuestionTurn{
		Agent: agent, Question: question, Turn: turn, Message: msg,
		Reply: r.Text, Action: r.Action, Page: replyPage(r, pageOf), Gold: gold,
	}
	for _, o := range r.Options {
		if p := pageOf(o.NodeID); p != "" && !contains(t.Options, p) {
			t.Options = append(t.Options, p)
		}
	}
	t.OnGold = t.Page != "" && contains(gold, t.Page)
	// A question between pages, every one of them gold (an article and its
	// twin for another version), leads to gold whatever the customer picks.
	if r.Action == dialogue.Clarification && t.Page == "" && len(t.Options) > 0 {
		t.OnGold = true
		for _, p := range t.Options {
			t.OnGold = t.OnGold && contains(gold, p)
		}
	}
	for _, p := range t.Options {
		if contains(gold, p) {
			t.GoldOffered = true
		}
	}
	// Options that name no page ("Talk to a person") ask nothing of the kind.
	t.AskedWhich = r.Action == dialogue.Clarification && len(t.Options) > 0
	t.Abstained = t.Page == "" && len(t.Options) == 0
	t.NearDomain = gold != nil && len(gold) == 0
	t.Answered = t.NearDomain && r.Action == dialogue.Resolution && t.Page != ""
	return t
}

func allNearDomain(qs []Question) bool {
	for i := range qs {
		if !qs[i].NearDomain() {
			return false
		}
		for j := range qs[i].FollowUps {
			if !qs[i].followUpNearDomain(j) {
				return false
			}
		}
	}
	return true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// questionMetrics are the rates over one agent's turns on qs; the
// denominators come from qs, so that a turn an agent error left out
// counts as missed (and a near-domain one as not answered).
func questionMetrics(turns []QuestionTurn, qs []Question) QuestionMetrics {
	var m QuestionMetrics
	for i := range qs {
		if qs[i].NearDomain() {
			m.NearDomain++
		} else {
			m.Questions++
		}
		for j := range qs[i].FollowUps {
			if qs[i].followUpNearDomain(j) {
				m.NearDomainFollowUps++
			} else {
				m.FollowUps++
			}
		}
	}
	var first, offered, clarified, abstained, followHits int
	for _, t := range turns {
		switch {
		case t.NearDomain && t.Turn == 0:
			if t.Answered {
				m.NearDomainAnswered++
			}
		case t.NearDomain:
			if t.Answered {
				m.NearDomainFollowUpsAnswered++
			}
		case t.Turn == 0:
			if t.OnGold {
				first++
			}
			if t.GoldOffered {
				offered++
			}
			if t.AskedWhich {
				clarified++
			}
			if t.Abstained {
				abstained++
			}
		case t.OnGold:
			followHits++
		}
	}
	m.FirstOnGold, m.GoldOffered = frac(first, m.Questions), frac(offered, m.Questions)
	m.Clarified, m.Abstained = frac(clarified, m.Questions), frac(abstained, m.Questions)
	m.FollowUpsOnGold = frac(followHits, m.FollowUps)
	return m
}
