package evaluator

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"runtime"
	"strings"

	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/doc2dial"
)

// ReplayAgent is an agent replayed under a name ("graph", "rag").
type ReplayAgent struct {
	Name  string
	Agent dialogue.Agent
}

// ReplayOptions configures Replay.
type ReplayOptions struct {
	// Pages are the URLs of the pages the agents read. A dialogue's gold
	// page is the one its doc_file names: the longest URL that is doc_file
	// or a tail of it after a slash, since a build names a page by its path
	// under the folder it was given (docs/ssa/x.html is "ssa/x.html" when
	// built from docs).
	Pages []string
	// ClientLang is the language the customer's browser or widget asks for
	// (dialogue.Session.ClientLang), "" none.
	ClientLang string
	// Concurrency bounds dialogues in flight; 0 means 2×GOMAXPROCS.
	Concurrency int
	// Progress, if set, is told each finished dialogue.
	Progress func(agent string, done, total int)
	Logger   *slog.Logger
}

// ErrNoGoldPages is returned when no dialogue's page is among the agents'
// pages: the graph was built from other pages.
var ErrNoGoldPages = errors.New("no dialogue's page is among the agents' pages")

// Reasons a user turn of a replayed dialogue is not scored.
const (
	ReplayUnknownUtterance = "user utterance unknown"
	ReplayNoAgentTurn      = "no agent turn follows"
	ReplayUnknownGold      = "gold grounding unknown"
	ReplayAgentFailed      = "agent failed"
)

// ReplayTurn is one agent reply to a real user turn, scored against the
// grounding of the agent turn that followed it in the real dialogue.
type ReplayTurn struct {
	Agent  string `json:"agent"`
	DialID string `json:"dial_id"`
	// Round is the user turn's position among the dialogue's user turns, from 1.
	Round    int             `json:"round"`
	User     string          `json:"user"`
	Reply    string          `json:"reply"`
	Action   dialogue.Action `json:"action"`
	Source   string          `json:"source,omitempty"` // the reply's first source page
	Gold     string          `json:"gold"`
	GoldPage string          `json:"gold_page"`
	F1       float64         `json:"f1"`
	PageHit  bool            `json:"page_hit"`
	// AfterOnPage says the agent's previous reply in the dialogue (to the
	// user turn sent before this one) cited the dialogue's page first.
	AfterOnPage bool `json:"after_on_page,omitempty"`
	// OtherSite says the reply's first source is on another site (Site)
	// than the dialogue's page.
	OtherSite bool `json:"other_site,omitempty"`
}

// ReplayResult is a whole replay.
type ReplayResult struct {
	Turns   []ReplayTurn // per agent in the order given, dialogues in input order
	Metrics map[string]ReplayMetrics
	// MissingPages counts dialogues whose gold page is not among Pages.
	MissingPages int
}

// ReplayMetrics are one agent's replay numbers (metrics.json "replay").
type ReplayMetrics struct {
	F1           float64 `json:"f1"`
	PageAccuracy float64 `json:"page_accuracy"`
	Turns        int     `json:"turns"` // scored user turns
	// Actions are the shares of scored turns per action taken.
	Actions map[dialogue.Action]float64 `json:"actions"`
	Rounds  map[string]RoundMetrics     `json:"rounds"`  // "R1" … "R4", "R5+"
	Skipped map[string]int              `json:"skipped"` // reason -> user turns
	// OnPageBefore counts the scored turns that follow a reply on the
	// dialogue's page, and LeftPage is the share of them whose reply cites
	// another page first: how often the agent leaves the right page (a
	// reply citing no page, such as a request to rephrase, has not left it).
	OnPageBefore int     `json:"on_page_before"`
	LeftPage     float64 `json:"left_page"`
	// OtherSite is the share of scored turns whose reply's first source is
	// on another site (Site) than the dialogue's page: on a graph built
	// from several sites, the agent answering from the wrong one.
	OtherSite float64 `json:"other_site"`
}

// RoundMetrics are the replay numbers of one round.
type RoundMetrics struct {
	Turns        int     `json:"turns"`
	F1           float64 `json:"f1"`
	PageAccuracy float64 `json:"page_accuracy"`
	OtherSite    float64 `json:"other_site"`
}

// Rounds are the round keys in display order.
var Rounds = []string{"R1", "R2", "R3", "R4", "R5+"}

func roundKey(round int) string {
	if round >= 5 {
		return "R5+"
	}
	return fmt.Sprintf("R%d", round)
}

// Replay sends the real user turns of each dialogue, in order and with a
// fresh session per dialogue, to each agent, and scores each reply against
// the grounding spans of the agent turn that followed the user turn in the
// real dialogue: token F1 (TokenF1), whether the reply's source is the
// dialogue's page, and the action taken. User turns without a known
// utterance or gold grounding are still part of the conversation when they
// can be sent, but are not scored; they are counted per reason.
func Replay(ctx context.Context, agents []ReplayAgent, ds []doc2dial.Dialogue, opts ReplayOptions) (*ReplayResult, error) {
	if opts.Concurrency <= 0 {
		opts.Concurrency = 2 * runtime.GOMAXPROCS(0)
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	pages := make([]string, len(ds))
	res := &ReplayResult{Metrics: make(map[string]ReplayMetrics, len(agents))}
	missing := ""
	for i := range ds {
		pages[i] = GoldPage(ds[i].DocFile, opts.Pages)
		if pages[i] == "" {
			res.MissingPages++
			missing = ds[i].DocFile
		}
	}
	if len(ds) > 0 && res.MissingPages == len(ds) {
		return nil, fmt.Errorf("replay: %w (e.g. %s, among %d pages)", ErrNoGoldPages, missing, len(opts.Pages))
	}
	if res.MissingPages > 0 {
		opts.Logger.WarnContext(ctx, "replay: dialogues whose page the agents do not read; their page accuracy is 0", "dialogues", res.MissingPages, "e.g.", missing)
	}
	for _, a := range agents {
		turns := make([][]ReplayTurn, len(ds))
		skipped := make([]map[string]int, len(ds))
		var progress func(int)
		if opts.Progress != nil {
			progress = func(done int) { opts.Progress(a.Name, done, len(ds)) }
		}
		err := forEach(ctx, len(ds), opts.Concurrency, func(i int) {
			turns[i], skipped[i] = replayOne(ctx, a, &ds[i], pages[i], opts.ClientLang, opts.Logger)
		}, progress)
		if err != nil {
			return nil, fmt.Errorf("replay: %w", err)
		}
		var all []ReplayTurn
		skips := map[string]int{}
		for i := range ds {
			all = append(all, turns[i]...)
			for r, n := range skipped[i] {
				skips[r] += n
			}
		}
		res.Turns = append(res.Turns, all...)
		res.Metrics[a.Name] = replayMetrics(all, skips)
	}
	return res, nil
}

// replayOne replays one dialogue against one agent.
func replayOne(ctx context.Context, a ReplayAgent, d *doc2dial.Dialogue, goldPage, clientLang string, log *slog.Logger) ([]ReplayTurn, map[string]int) {
	var out []ReplayTurn
	skipped := map[string]int{}
	s := &dialogue.Session{ID: d.DialID + "/" + a.Name, ClientLang: clientLang}
	round, failed, onPage := 0, false, false
	for i := range d.Turns {
		t := &d.Turns[i]
		if t.Role != doc2dial.User {
			continue
		}
		round++
		if failed {
			skipped[ReplayAgentFailed]++
			continue
		}
		msg := t.Text()
		if msg == "" {
			skipped[ReplayUnknownUtterance]++
			continue
		}
		r, err := a.Agent.Respond(ctx, s, msg)
		if err != nil {
			if ctx.Err() != nil {
				return nil, nil
			}
			log.WarnContext(ctx, "replay: agent failed", "agent", a.Name, "dialogue", d.DialID, "round", round, "err", err)
			skipped[ReplayAgentFailed]++
			failed = true
			continue
		}
		afterOnPage := onPage
		onPage = goldPage != "" && len(r.Sources) > 0 && r.Sources[0] == goldPage
		var next *doc2dial.Turn
		if i+1 < len(d.Turns) {
			next = &d.Turns[i+1]
		}
		switch {
		case next == nil || next.Role != doc2dial.Agent:
			skipped[ReplayNoAgentTurn]++
			continue
		case !next.Grounded():
			skipped[ReplayUnknownGold]++
			continue
		}
		rt := ReplayTurn{
			Agent: a.Name, DialID: d.DialID, Round: round, User: msg,
			Reply: r.Text, Action: r.Action, Gold: next.Grounding(), GoldPage: goldPage,
			AfterOnPage: afterOnPage,
		}
		if len(r.Sources) > 0 {
			rt.Source = r.Sources[0]
		}
		rt.F1 = TokenF1(rt.Reply, rt.Gold)
		rt.PageHit = goldPage != "" && rt.Source == goldPage
		rt.OtherSite = goldPage != "" && rt.Source != "" && Site(rt.Source) != Site(goldPage)
		out = append(out, rt)
	}
	return out, skipped
}

// Site is the site a page URL belongs to, for telling replies from another
// site's pages: the host of an absolute URL, lower-cased
// ("https://www.ssa.gov/x" is "www.ssa.gov"); else the first segment of the
// page's path in the build. That is the folder a page came from in a build
// from several folders ("docs/ssa/x.html", built with --pages docs --pages
// kb, is on "docs"), and the domain in a build of a doc2dial docs folder,
// which holds one folder per domain ("ssa/x.html" is on "ssa"). A page at
// the top of a one-folder build ("faq.md") is on site "".
func Site(pageURL string) string {
	if u, err := url.Parse(pageURL); err == nil && u.Host != "" {
		return strings.ToLower(u.Host)
	}
	p := strings.TrimPrefix(pageURL, "./")
	if i := strings.Index(p, "/"); i >= 0 {
		return p[:i]
	}
	return ""
}

// GoldPage returns the URL among pages that names docFile (see
// ReplayOptions.Pages), or "".
func GoldPage(docFile string, pages []string) string {
	docFile = strings.TrimPrefix(docFile, "./")
	best, bestLen := "", 0
	for _, u := range pages {
		p := u
		if unescaped, err := url.PathUnescape(u); err == nil {
			p = unescaped
		}
		if p == "" || len(p) <= bestLen {
			continue
		}
		if docFile == p || strings.HasSuffix(docFile, "/"+p) {
			best, bestLen = u, len(p)
		}
	}
	return best
}

func replayMetrics(turns []ReplayTurn, skipped map[string]int) ReplayMetrics {
	type acc struct {
		n, hits, other int
		f1             float64
	}
	var all acc
	var before, left int
	rounds := map[string]*acc{}
	actions := map[dialogue.Action]int{}
	for _, t := range turns {
		r := rounds[roundKey(t.Round)]
		if r == nil {
			r = &acc{}
			rounds[roundKey(t.Round)] = r
		}
		for _, x := range []*acc{&all, r} {
			x.n++
			x.f1 += t.F1
			if t.PageHit {
				x.hits++
			}
			if t.OtherSite {
				x.other++
			}
		}
		actions[t.Action]++
		if t.AfterOnPage {
			before++
			if t.Source != "" && !t.PageHit {
				left++
			}
		}
	}
	mean := func(sum float64, n int) float64 {
		if n == 0 {
			return 0
		}
		return sum / float64(n)
	}
	m := ReplayMetrics{
		F1: mean(all.f1, all.n), PageAccuracy: frac(all.hits, all.n), Turns: all.n,
		Actions: map[dialogue.Action]float64{}, Rounds: map[string]RoundMetrics{}, Skipped: skipped,
		OnPageBefore: before, LeftPage: frac(left, before), OtherSite: frac(all.other, all.n),
	}
	for a, n := range actions {
		m.Actions[a] = frac(n, all.n)
	}
	for k, r := range rounds {
		m.Rounds[k] = RoundMetrics{Turns: r.n, F1: mean(r.f1, r.n), PageAccuracy: frac(r.hits, r.n), OtherSite: frac(r.other, r.n)}
	}
	return m
}
