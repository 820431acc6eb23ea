package evaluator

import (
	"context"
	"errors"
	"math"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/doc2dial"
)

func TestTokenF1(t *testing.T) {
	tests := []struct {
		reply, gold string
		want        float64
	}{
		{"The cat sat.", "cat  SAT", 1},
		{"a b", "c", 0},
		// Punctuation is removed, not split on: the number is one token.
		{"Call 1-800-772-1213", "call 18007721213 now", 0.8},
		// Repeated tokens count as often as both texts have them.
		{"cat cat", "cat", 2.0 / 3},
		{"", "", 1},
		{"the", "an", 1}, // articles only: both empty after normalisation
		{"", "gold", 0},
	}
	for _, tt := range tests {
		if got := TokenF1(tt.reply, tt.gold); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("TokenF1(%q, %q) = %v, want %v", tt.reply, tt.gold, got, tt.want)
		}
	}
	if got := AnswerTokens("You'll apply, at the Office (an SSA one)!"); !reflect.DeepEqual(got, []string{"youll", "apply", "at", "office", "ssa", "one"}) {
		t.Errorf("AnswerTokens = %q", got)
	}
}

func TestGoldPage(t *testing.T) {
	pages := []string{"x.html", "ssa/x.html", "ssa/y.html", "a%20b.html", "sx.html"}
	tests := []struct{ docFile, want string }{
		{"docs/ssa/x.html", "ssa/x.html"}, // the longest tail wins
		{"docs/ssa/y.html", "ssa/y.html"},
		{"docs/a b.html", "a%20b.html"}, // page URLs are escaped paths
		{"docs/ssa/z.html", ""},
		{"docs/ssa/ssx.html", ""}, // a tail must start after a slash
	}
	for _, tt := range tests {
		if got := GoldPage(tt.docFile, pages); got != tt.want {
			t.Errorf("GoldPage(%q) = %q, want %q", tt.docFile, got, tt.want)
		}
	}
}

// echoAgent replies with the message it got, from a fixed page, and records
// what each session heard.
type echoAgent struct {
	source string
	action dialogue.Action
	fail   string // a message it fails on

	mu    sync.Mutex
	heard map[string][]string
}

func (a *echoAgent) Respond(_ context.Context, s *dialogue.Session, message string) (dialogue.Reply, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.heard == nil {
		a.heard = map[string][]string{}
	}
	a.heard[s.ID] = append(a.heard[s.ID], message)
	if message == a.fail {
		return dialogue.Reply{}, errors.New("boom")
	}
	return dialogue.Reply{Action: a.action, Text: message, Sources: []string{a.source}}, nil
}

func str(s string) *string { return &s }

func user(text *string) doc2dial.Turn { return doc2dial.Turn{Role: doc2dial.User, Utterance: text} }

func agent(spans ...string) doc2dial.Turn {
	t := doc2dial.Turn{Role: doc2dial.Agent, Utterance: str("…")}
	if spans != nil {
		t.References = []doc2dial.Reference{}
	}
	for i, s := range spans {
		t.References = append(t.References, doc2dial.Reference{SpID: string(rune('1' + i)), Text: s})
	}
	return t
}

func TestReplay(t *testing.T) {
	ds := []doc2dial.Dialogue{
		{DialID: "d1", DocFile: "docs/ssa/x.html", Turns: []doc2dial.Turn{
			user(str("apply online")), agent("apply online . "), // R1: F1 1
			user(nil), agent("unknown question"), // R2: not sent, not scored
			user(str("who pays")), user(str("the office pays")), agent("the office pays"), // R3 has no agent turn; R4 F1 1
			user(str("more")), agent(), // R5: gold unknown (null references)
			user(str("call us now")), agent("call us"), // R6: F1 0.8, counted as R5+
		}},
		{DialID: "d2", DocFile: "docs/ssa/y.html", Turns: []doc2dial.Turn{
			user(str("hello there")), agent("bye"), // R1: F1 0
			user(str("crash")), agent("x"), // the second agent fails here
			user(str("after")), agent("after"),
		}},
	}
	graph := &echoAgent{source: "ssa/x.html", action: dialogue.Resolution}
	rag := &echoAgent{source: "ssa/y.html", action: dialogue.Clarification, fail: "crash"}
	res, err := Replay(context.Background(), []ReplayAgent{{"graph", graph}, {"rag", rag}}, ds, ReplayOptions{Pages: []string{"ssa/x.html", "ssa/y.html"}})
	if err != nil {
		t.Fatal(err)
	}
	// Real user turns in order, a fresh session per dialogue and agent.
	wantHeard := map[string][]string{
		"d1/graph": {"apply online", "who pays", "the office pays", "more", "call us now"},
		"d2/graph": {"hello there", "crash", "after"},
	}
	if !reflect.DeepEqual(graph.heard, wantHeard) {
		t.Errorf("graph heard %q", graph.heard)
	}
	if got := rag.heard["d2/rag"]; !reflect.DeepEqual(got, []string{"hello there", "crash"}) {
		t.Errorf("rag heard %q in d2, want nothing after its failure", got)
	}

	g := res.Metrics["graph"]
	// Scored: d1 R1 (1), R4 (1), R6 (0.8); d2 R1 (0), R2 (0, "crash" vs "x"), R3 (1).
	if g.Turns != 6 || math.Abs(g.F1-3.8/6) > 1e-9 {
		t.Errorf("graph: %d turns, F1 %v; want 6, %v", g.Turns, g.F1, 3.8/6)
	}
	// The graph agent cites x.html throughout: right in d1 (3 turns), wrong in d2.
	if g.PageAccuracy != 0.5 || g.Actions[dialogue.Resolution] != 1 {
		t.Errorf("graph: page accuracy %v, actions %v", g.PageAccuracy, g.Actions)
	}
	wantRounds := map[string]RoundMetrics{
		"R1":  {Turns: 2, F1: 0.5, PageAccuracy: 0.5},
		"R2":  {Turns: 1, F1: 0, PageAccuracy: 0},
		"R3":  {Turns: 1, F1: 1, PageAccuracy: 0},
		"R4":  {Turns: 1, F1: 1, PageAccuracy: 1},
		"R5+": {Turns: 1, F1: 0.8, PageAccuracy: 1},
	}
	for k, want := range wantRounds {
		if got := g.Rounds[k]; got.Turns != want.Turns || math.Abs(got.F1-want.F1) > 1e-9 || got.PageAccuracy != want.PageAccuracy {
			t.Errorf("graph round %s = %+v, want %+v", k, got, want)
		}
	}
	wantSkipped := map[string]int{ReplayUnknownUtterance: 1, ReplayNoAgentTurn: 1, ReplayUnknownGold: 1}
	if !reflect.DeepEqual(g.Skipped, wantSkipped) {
		t.Errorf("graph skipped %v, want %v", g.Skipped, wantSkipped)
	}
	r := res.Metrics["rag"]
	wantSkipped[ReplayAgentFailed] = 2 // the failing turn and the one after it
	if r.Turns != 4 || !reflect.DeepEqual(r.Skipped, wantSkipped) || r.Actions[dialogue.Clarification] != 1 {
		t.Errorf("rag: %+v", r)
	}
	if len(res.Turns) != 10 || res.Turns[0].Agent != "graph" || res.Turns[0].Gold != "apply online ." || res.Turns[0].GoldPage != "ssa/x.html" || !res.Turns[0].PageHit {
		t.Errorf("turns: %+v", res.Turns[:1])
	}

	// The reports carry the replay side by side.
	er := &Result{}
	er.AddReplay(res)
	md := Markdown(er)
	for _, want := range []string{"# Replay of real dialogues", "| graph | 6 | 0.633 | 50.0% | 0.0% (of 2) | 0.0% | 100.0% | 0.0% | 0.0% |", "| R2 | rag | 0 | 0.000 | 0.0% | 0.0% |", "from another site", "1 no agent turn follows"} {
		if !strings.Contains(md, want) {
			t.Errorf("report.md lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, "Simulated evaluation") {
		t.Errorf("a replay-only report shows an empty simulated evaluation:\n%s", md)
	}
}

// pageAgent cites, for each message, the page it names ("" none).
type pageAgent map[string]string

func (a pageAgent) Respond(_ context.Context, _ *dialogue.Session, message string) (dialogue.Reply, error) {
	r := dialogue.Reply{Action: dialogue.Resolution, Text: message}
	if p := a[message]; p != "" {
		r.Sources = []string{p}
	}
	return r, nil
}

func TestReplayLeftPage(t *testing.T) {
	ds := []doc2dial.Dialogue{{DialID: "d", DocFile: "docs/x.html", Turns: []doc2dial.Turn{
		user(str("on")), agent("a"), // on the page
		user(str("stay")), agent("a"), // after a reply on the page: stays
		user(str("unsure")),            // no agent turn: not scored, but its reply is the one before the next
		user(str("leave")), agent("a"), // after "unsure", which cited no page: not counted
		user(str("back")), agent("a"), // after a reply elsewhere: not counted
		user(str("rephrase")), agent("a"), // after a reply on the page: cites none, has not left
		user(str("leave")), agent("a"), // after "rephrase" (no page): not counted
		user(str("back")), agent("a"),
		user(str("leave")), agent("a"), // after a reply on the page: left
	}}}
	ag := pageAgent{"on": "x.html", "stay": "x.html", "back": "x.html", "leave": "y.html"}
	res, err := Replay(context.Background(), []ReplayAgent{{"graph", ag}}, ds, ReplayOptions{Pages: []string{"x.html", "y.html"}})
	if err != nil {
		t.Fatal(err)
	}
	// After a reply on the page: stay, rephrase, leave (the last).
	if g := res.Metrics["graph"]; g.OnPageBefore != 3 || math.Abs(g.LeftPage-1.0/3) > 1e-9 {
		t.Errorf("on page before %d, left %v; want 3, 1/3", g.OnPageBefore, g.LeftPage)
	}
}

func TestSite(t *testing.T) {
	tests := []struct{ page, want string }{
		{"https://www.SSA.gov/benefits/x.html", "www.ssa.gov"}, // a URL's host, lower-cased
		{"https://kb.example.com/help/reset/", "kb.example.com"},
		{"http://localhost:8080/x", "localhost:8080"},
		{"docs/ssa/x.html", "docs"}, // a build from several folders: the folder
		{"ssa/x.html", "ssa"},       // a doc2dial docs folder: the domain
		{"./gnome-help/net.html", "gnome-help"},
		{"faq.md", ""}, // the top of a one-folder build
		{"", ""},
	}
	for _, tt := range tests {
		if got := Site(tt.page); got != tt.want {
			t.Errorf("Site(%q) = %q, want %q", tt.page, got, tt.want)
		}
	}
}

func TestReplayOtherSite(t *testing.T) {
	pages := []string{"docs/ssa/x.html", "docs/ssa/y.html", "kb/z.md", "https://help.example.com/w/"}
	ag := pageAgent{
		"same page":      "docs/ssa/x.html",
		"same site":      "docs/ssa/y.html",
		"folder site":    "kb/z.md",
		"host site":      "https://help.example.com/w/",
		"no source":      "",
		"gold elsewhere": "kb/z.md",
	}
	tests := []struct {
		name    string
		docFile string
		message string
		want    bool
	}{
		{"the dialogue's page", "docs/ssa/x.html", "same page", false},
		{"another page of the site", "docs/ssa/x.html", "same site", false},
		{"another folder", "docs/ssa/x.html", "folder site", true},
		{"another host", "docs/ssa/x.html", "host site", true},
		{"no source (rephrase, escalation)", "docs/ssa/x.html", "no source", false},
		{"the dialogue's page is not in the graph", "docs/ssa/gone.html", "gold elsewhere", false},
	}
	var ds []doc2dial.Dialogue
	for _, tt := range tests {
		ds = append(ds, doc2dial.Dialogue{DialID: tt.name, DocFile: tt.docFile, Turns: []doc2dial.Turn{user(str(tt.message)), agent("a")}})
	}
	res, err := Replay(context.Background(), []ReplayAgent{{"graph", ag}}, ds, ReplayOptions{Pages: pages})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Turns) != len(tests) {
		t.Fatalf("%d scored turns, want %d", len(res.Turns), len(tests))
	}
	other := 0
	for i, tt := range tests {
		if got := res.Turns[i].OtherSite; got != tt.want {
			t.Errorf("%s: other site %v, want %v", tt.name, got, tt.want)
		}
		if tt.want {
			other++
		}
	}
	// The share is of every scored turn; R1 holds them all.
	g := res.Metrics["graph"]
	want := float64(other) / float64(len(tests))
	if math.Abs(g.OtherSite-want) > 1e-9 || math.Abs(g.Rounds["R1"].OtherSite-want) > 1e-9 {
		t.Errorf("other site %v, R1 %v; want %v", g.OtherSite, g.Rounds["R1"].OtherSite, want)
	}
}

func TestReplayMissingPage(t *testing.T) {
	ds := []doc2dial.Dialogue{
		{DialID: "d", DocFile: "docs/ssa/gone.html", Turns: []doc2dial.Turn{user(str("q")), agent("a")}},
		{DialID: "e", DocFile: "docs/ssa/x.html", Turns: []doc2dial.Turn{user(str("q")), agent("a")}},
	}
	res, err := Replay(context.Background(), []ReplayAgent{{"graph", &echoAgent{source: "ssa/gone.html"}}}, ds, ReplayOptions{Pages: []string{"ssa/x.html"}})
	if err != nil {
		t.Fatal(err)
	}
	if res.MissingPages != 1 || res.Metrics["graph"].PageAccuracy != 0 || res.Turns[0].GoldPage != "" {
		t.Errorf("missing page: %+v", res)
	}
}

func TestReplayNoPages(t *testing.T) {
	ds := []doc2dial.Dialogue{{DialID: "d", DocFile: "docs/ssa/x.html", Turns: []doc2dial.Turn{user(str("q")), agent("a")}}}
	_, err := Replay(context.Background(), []ReplayAgent{{"graph", &echoAgent{}}}, ds, ReplayOptions{Pages: []string{"other.html"}})
	if !errors.Is(err, ErrNoGoldPages) || !strings.Contains(err.Error(), "docs/ssa/x.html") {
		t.Errorf("err = %v, want ErrNoGoldPages naming the page", err)
	}
}

func TestReplayCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	ds := []doc2dial.Dialogue{{DialID: "d", DocFile: "docs/x.html", Turns: []doc2dial.Turn{user(str("q")), agent("a")}}}
	if _, err := Replay(ctx, []ReplayAgent{{"graph", &echoAgent{}}}, ds, ReplayOptions{Pages: []string{"x.html"}}); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}
