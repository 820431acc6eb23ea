package evaluator

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/graph"
)

var update = flag.Bool("update", false, "rewrite golden files")

func TestGoldPages(t *testing.T) {
	pages := []string{
		"general/license/transfer.md",
		"general/license/activation.md",
		"adguard-for-android/installation.md",
		"adguard-for-mac/installation.md",
		"guides/free-vs-full.mdx",
		"https://help.example.com/en/account/reset-password/",
		"stay/check-in.html",
		"docs/index.md",
		"index.md",
		"https://pip.example.org/en/stable/user_guide/",
		"getting-started.md",
		"development/getting-started.rst",
		"howto/protocols/dhcp/enable.html",
		"setup/install.adoc",
		"guide.pdf",
		"guide.pdf#page=12",
		"a11y-bouncekeys.page",
	}
	tests := []struct {
		gold string
		want []string
	}{
		{"general/license/transfer.md", []string{"general/license/transfer.md"}},
		// A long document's part by its whole URL; the file names every part.
		{"guide.pdf#page=12", []string{"guide.pdf#page=12"}},
		{"guide.pdf", []string{"guide.pdf", "guide.pdf#page=12"}},
		{"guide.pdf#page=99", []string{"guide.pdf", "guide.pdf#page=12"}},
		// A Mallard page by the name yelp gives its HTML.
		{"a11y-bouncekeys.html", []string{"a11y-bouncekeys.page"}},
		{"general/license/transfer", []string{"general/license/transfer.md"}},
		{"license/transfer.md/", []string{"general/license/transfer.md"}},
		{"./general/license/activation.mdx", []string{"general/license/activation.md"}},
		{"General/License/Transfer.md", []string{"general/license/transfer.md"}},
		// A published URL names the page built from the folder.
		{"https://kb.example.com/en/general/license/transfer/", []string{"general/license/transfer.md"}},
		{"https://kb.example.com/general/license/transfer/#how", []string{"general/license/transfer.md"}},
		// A tail shared by two pages names both.
		{"installation.md", []string{"adguard-for-android/installation.md", "adguard-for-mac/installation.md"}},
		// A page of that very path is the one named, not a deeper namesake.
		{"getting-started.md", []string{"getting-started.md"}},
		{"development/getting-started", []string{"development/getting-started.rst"}},
		{"guides/free-vs-full", []string{"guides/free-vs-full.mdx"}},
		{"account/reset-password", []string{"https://help.example.com/en/account/reset-password/"}},
		{"https://other.example.org/en/account/reset-password", []string{"https://help.example.com/en/account/reset-password/"}},
		{"stay/check-in", []string{"stay/check-in.html"}},
		// A Sphinx page by its source file.
		{"user_guide.rst", []string{"https://pip.example.org/en/stable/user_guide/"}},
		// An Antora page by its site path or its source file; an
		// Asciidoctor page by its path without extension.
		{"howto/protocols/dhcp/enable", []string{"howto/protocols/dhcp/enable.html"}},
		{"howto/protocols/dhcp/enable.adoc", []string{"howto/protocols/dhcp/enable.html"}},
		{"setup/install", []string{"setup/install.adoc"}},
		{"docs/", []string{"docs/index.md"}},
		// The home page.
		{"index.html", []string{"index.md"}},
		{"https://kb.example.com/", []string{"index.md"}},
		// Not a whole path segment: "transfer" is not "sfer".
		{"sfer.md", nil},
		{"general/license/refund.md", nil},
		{"", nil},
	}
	for _, tt := range tests {
		if got := GoldPages(tt.gold, pages); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("GoldPages(%q) = %q, want %q", tt.gold, got, tt.want)
		}
	}
}

func TestReadQuestions(t *testing.T) {
	tests := []struct {
		name, in string
		want     []Question
		err      string
	}{
		{
			name: "with follow-ups and comments",
			in: `// a comment
{"question": "cannot sign in", "gold": ["account/login.md"], "follow_ups": [{"message": "and the app?", "gold": ["app/login.md"]}, {"message": "thanks"}]}

{"question": "refund?", "gold": ["billing/refund"]}
`,
			want: []Question{
				{Question: "cannot sign in", Gold: []string{"account/login.md"}, FollowUps: []FollowUp{{Message: "and the app?", Gold: []string{"app/login.md"}}, {Message: "thanks"}}},
				{Question: "refund?", Gold: []string{"billing/refund"}},
			},
		},
		{
			name: "near-domain",
			in: `{"question": "is my flight delayed", "gold": []}
{"question": "refund?", "gold": ["billing/refund"], "follow_ups": [{"message": "and my car insurance?", "gold": []}]}`,
			want: []Question{
				{Question: "is my flight delayed", Gold: []string{}},
				{Question: "refund?", Gold: []string{"billing/refund"}, FollowUps: []FollowUp{{Message: "and my car insurance?", Gold: []string{}}}},
			},
		},
		{name: "no gold", in: `{"question": "refund?"}`, err: "line 1: question \"refund?\": no gold"},
		{name: "null gold", in: `{"question": "refund?", "gold": null}`, err: "line 1: question \"refund?\": no gold"},
		{name: "empty question", in: `{"question": " ", "gold": ["a"]}`, err: "line 1: empty question"},
		{name: "empty follow-up", in: `{"question": "q", "gold": ["a"], "follow_ups": [{"message": ""}]}`, err: "empty message"},
		{name: "unknown field", in: `{"question": "q", "gold": ["a"], "answer": "x"}`, err: "unknown field"},
		{name: "not JSON", in: `question: q`, err: "line 1"},
		{name: "empty set", in: "\n", err: "none in the set"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadQuestions(strings.NewReader(tt.in))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err = %v, want one containing %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

// scripted answers each message with the reply scripted for it, or fails
// when the message is "fail".
type scripted map[string]dialogue.Reply

func (a scripted) Respond(_ context.Context, s *dialogue.Session, msg string) (dialogue.Reply, error) {
	if msg == "fail" {
		return dialogue.Reply{}, errors.New("scripted failure")
	}
	r, ok := a[msg]
	if !ok {
		r = dialogue.Reply{Action: dialogue.Clarification, Text: "Could you put it another way?"}
	}
	s.History = append(s.History, dialogue.Turn{Role: "user", Text: msg}, dialogue.Turn{Role: "agent", Text: r.Text, Action: r.Action})
	return r, nil
}

// questionsFixture is a small help center's pages and nodes, a question
// set over it and two agents with scripted replies.
func questionsFixture() ([]ReplayAgent, []Question, QuestionsOptions) {
	pages := []string{"account/password.md", "account/delete.md", "billing/refund.md", "billing/invoice.md"}
	nodes := map[string]string{
		"password#0": "account/password.md", "password#1": "account/password.md",
		"delete#0": "account/delete.md", "refund#0": "billing/refund.md", "invoice#0": "billing/invoice.md",
	}
	qs := []Question{
		{Question: "forgot my pasword", Gold: []string{"account/password"}, FollowUps: []FollowUp{
			{Message: "and if i want to close the account", Gold: []string{"account/delete.md"}},
			{Message: "ok what about the old password"},
		}},
		{Question: "money back", Gold: []string{"billing/refund.md"}},
		{Question: "where is my receipt", Gold: []string{"billing/invoice.md", "billing/receipts.md"}},
		{Question: "remove my data", Gold: []string{"https://help.example.com/account/delete/"}},
	}
	good := scripted{
		// A resolution citing the gold page.
		"forgot my pasword":                  {Action: dialogue.Resolution, Text: "Reset it.", NodeID: "password#1", Sources: []string{"account/password.md"}},
		"and if i want to close the account": {Action: dialogue.Resolution, Text: "Delete it.", NodeID: "delete#0", Sources: []string{"account/delete.md"}},
		// Back on the question's page.
		"ok what about the old password": {Action: dialogue.Resolution, Text: "Reset it.", NodeID: "password#0", Sources: []string{"account/password.md"}},
		// A clarification about a node on the gold page: on gold.
		"money back": {Action: dialogue.Clarification, Text: "Which?", NodeID: "refund#0", Sources: []string{"billing/refund.md"},
			Options: []dialogue.Option{{Label: "a", NodeID: "refund#0"}}},
		// Suggestions with no node of their own, one of them on gold.
		"where is my receipt": {Action: dialogue.Clarification, Text: "One of these?", Sources: []string{},
			Options: []dialogue.Option{{Label: "a", NodeID: "refund#0"}, {Label: "b", NodeID: "invoice#0"}}},
		// A hand-off citing a page: not an abstention, not on gold.
		"remove my data": {Action: dialogue.Escalation, Text: "A person will help.", Sources: []string{"account/password.md"}},
	}
	poor := scripted{
		"forgot my pasword": {Action: dialogue.Resolution, Text: "Refunds.", Sources: []string{"billing/refund.md"}},
		// "money back" and the rest: a request to rephrase, an abstention.
	}
	agents := []ReplayAgent{{Name: "graph", Agent: good}, {Name: "rag", Agent: poor}}
	return agents, qs, QuestionsOptions{Pages: pages, PageOf: func(id string) string { return nodes[id] }, Concurrency: 2}
}

func TestAskQuestions(t *testing.T) {
	agents, qs, opts := questionsFixture()
	res, err := AskQuestions(context.Background(), agents, qs, opts)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		agent string
		want  QuestionMetrics
	}{
		{"graph", QuestionMetrics{Questions: 4, FirstOnGold: 0.5, GoldOffered: 0.5, Clarified: 0.5, Abstained: 0, FollowUps: 2, FollowUpsOnGold: 1}},
		{"rag", QuestionMetrics{Questions: 4, FirstOnGold: 0, GoldOffered: 0, Clarified: 0, Abstained: 0.75, FollowUps: 2, FollowUpsOnGold: 0}},
	}
	for _, tt := range tests {
		if got := res.Metrics[tt.agent]; got != tt.want {
			t.Errorf("%s: %+v\nwant %+v", tt.agent, got, tt.want)
		}
	}
	if res.UnknownGold != 0 {
		t.Errorf("UnknownGold = %d, want 0 (billing/receipts.md is unknown but billing/invoice.md names a page)", res.UnknownGold)
	}
	if !reflect.DeepEqual(res.Agents, []string{"graph", "rag"}) {
		t.Errorf("Agents = %q", res.Agents)
	}
	// The turns are in set order per agent; a follow-up without gold is
	// scored on the question's.
	var got []string
	for _, tu := range res.Turns[:5] {
		got = append(got, strings.Join(tu.Gold, ","))
	}
	want := []string{"account/password.md", "account/delete.md", "account/password.md", "billing/refund.md", "billing/invoice.md"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("graph turns' gold = %q, want %q", got, want)
	}
}

func TestAskQuestionsFailuresAndUnknownGold(t *testing.T) {
	agents, qs, opts := questionsFixture()
	qs[1].Question = "fail"
	qs[2].Gold = []string{"billing/receipts.md"}
	res, err := AskQuestions(context.Background(), agents[:1], qs, opts)
	if err != nil {
		t.Fatal(err)
	}
	m := res.Metrics["graph"]
	want := QuestionMetrics{Questions: 4, FirstOnGold: 0.25, GoldOffered: 0, Clarified: 0.25, Abstained: 0, FollowUps: 2, FollowUpsOnGold: 1, Failed: 1}
	if m != want {
		t.Errorf("metrics %+v\nwant %+v", m, want)
	}
	if res.UnknownGold != 1 {
		t.Errorf("UnknownGold = %d, want 1", res.UnknownGold)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := AskQuestions(ctx, agents[:1], qs, opts); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v, want context.Canceled", err)
	}

	for i := range qs {
		qs[i].Gold = []string{"elsewhere/page.md"}
		qs[i].FollowUps = nil
	}
	if _, err := AskQuestions(context.Background(), agents[:1], qs, opts); !errors.Is(err, ErrNoGoldQuestion) {
		t.Errorf("err = %v, want ErrNoGoldQuestion", err)
	}
}

// TestQuestionsReportGolden pins the question-set report (go test
// ./evaluator -run QuestionsReport -update rewrites it).
func TestQuestionsReportGolden(t *testing.T) {
	agents, qs, opts := questionsFixture()
	qs[2].Gold = append(qs[2].Gold, "nowhere.md")
	qs = append(qs, Question{Question: "what | is this", Gold: []string{"nowhere/else.md"}},
		Question{Question: "money back", Gold: []string{}},
		Question{Question: "where is my receipt", Gold: []string{}, FollowUps: []FollowUp{{Message: "and if i want to close the account"}}})
	qs[0].FollowUps = append(qs[0].FollowUps, FollowUp{Message: "money back", Gold: []string{}})
	opts.Concurrency = 1
	res, err := AskQuestions(context.Background(), agents, qs, opts)
	if err != nil {
		t.Fatal(err)
	}
	res.Graph = &GraphStats{Pages: 4, Nodes: 5, ConditionShare: 0.4}
	r := &Result{}
	r.AddQuestions(res)
	dir := t.TempDir()
	if err := WriteReports(dir, r); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"report.md", "metrics.json", "questions.jsonl"} {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		golden := filepath.Join("testdata", "questions", name)
		if *update {
			if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(golden, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run go test ./evaluator -run QuestionsReport -update)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from %s (go test ./evaluator -run QuestionsReport -update rewrites it):\n%s", name, golden, got)
		}
	}
	html, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<h1>Question set</h1>", "First reply on a gold page", "what | is this", "✓ account/password.md"} {
		if !strings.Contains(string(html), want) {
			t.Errorf("report.html lacks %q", want)
		}
	}
	if strings.Contains(string(html), "Simulated evaluation") {
		t.Error("report.html shows an empty simulated evaluation")
	}
	if got := QuestionsSummary(res); got != "first reply on gold: graph 40.0% · rag 0.0% (5 questions); near-domain answered: graph 0/2 cold, 1/2 mid-conversation · rag 0/2 cold, 0/2 mid-conversation" {
		t.Errorf("QuestionsSummary = %q", got)
	}
}

func TestStatsOf(t *testing.T) {
	g := &graph.Graph{
		Pages: []graph.Page{{URL: "a"}, {URL: "b"}},
		Nodes: []graph.Node{{ID: "1"}, {ID: "2", Condition: "If you booked by phone"}, {ID: "3", Condition: " "}, {ID: "4", Condition: "On Android"}},
	}
	if got, want := StatsOf(g), (GraphStats{Pages: 2, Nodes: 4, ConditionShare: 0.5}); got != want {
		t.Errorf("StatsOf = %+v, want %+v", got, want)
	}
	if got := StatsOf(&graph.Graph{}); got != (GraphStats{}) {
		t.Errorf("StatsOf(empty) = %+v", got)
	}
}

// FuzzReadQuestions: any input is read or rejected with an error, and
// every gold a read set names resolves without panicking.
func FuzzReadQuestions(f *testing.F) {
	f.Add(`{"question": "cannot sign in", "gold": ["account/login.md"], "follow_ups": [{"message": "and the app?"}]}`)
	f.Add(`{"question": "q", "gold": ["https://kb.example.com/a/b/#x?y", "../%zz", "index.md", "/"]}`)
	f.Add("// comment\n\n{\"question\": \"\"}")
	pages := []string{"account/login.md", "https://help.example.com/en/a/b/", "docs/index.md", ""}
	f.Fuzz(func(t *testing.T, in string) {
		qs, err := ReadQuestions(strings.NewReader(in))
		if err != nil {
			return
		}
		for _, q := range qs {
			if q.Question == "" || len(q.Gold) == 0 {
				t.Fatalf("read an invalid question %+v", q)
			}
			for _, g := range q.Gold {
				GoldPages(g, pages)
			}
		}
	})
}

// clientLangs records the browser language each conversation's first turn
// came with.
type clientLangs struct {
	mu   sync.Mutex
	seen map[string]bool
}

func (a *clientLangs) Respond(_ context.Context, s *dialogue.Session, msg string) (dialogue.Reply, error) {
	a.mu.Lock()
	a.seen[s.ClientLang] = true
	a.mu.Unlock()
	s.History = append(s.History, dialogue.Turn{Role: "user", Text: msg}, dialogue.Turn{Role: "agent", Text: "?"})
	return dialogue.Reply{Action: dialogue.Clarification, Text: "?"}, nil
}

// TestAskQuestionsClientLang: a question set in one language is asked as
// on that language's help center (evaluate --client-lang).
func TestAskQuestionsClientLang(t *testing.T) {
	_, qs, opts := questionsFixture()
	a := &clientLangs{seen: map[string]bool{}}
	opts.ClientLang = "es"
	if _, err := AskQuestions(context.Background(), []ReplayAgent{{Name: "graph", Agent: a}}, qs, opts); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a.seen, map[string]bool{"es": true}) {
		t.Errorf("sessions' ClientLang = %v, want only es", a.seen)
	}
}

// TestAskQuestionsNearDomain: a message whose gold is [] is one the pages
// do not answer; a resolution citing any page answers it, and it counts
// in none of the gold-page rates.
func TestAskQuestionsNearDomain(t *testing.T) {
	agent := scripted{
		"in domain": {Action: dialogue.Resolution, Text: "Reset it.", Sources: []string{"account/password.md"}},
		// Answered, cold and mid-conversation.
		"answered cold": {Action: dialogue.Resolution, Text: "Refunds.", Sources: []string{"billing/refund.md"}},
		"answered mid":  {Action: dialogue.Resolution, Text: "Delete it.", Sources: []string{"account/delete.md"}},
		// Not answered: a question back, a hand-off even with a source,
		// a resolution without a source, no reply naming a page.
		"asked which": {Action: dialogue.Clarification, Text: "One of these?", NodeID: "refund#0", Sources: []string{"billing/refund.md"},
			Options: []dialogue.Option{{Label: "a", NodeID: "refund#0"}, {Label: "b", NodeID: "invoice#0"}}},
		"handed off":       {Action: dialogue.Escalation, Text: "A person will help.", Sources: []string{"account/password.md"}},
		"no source":        {Action: dialogue.Resolution, Text: "I cannot help with that."},
		"please rephrase?": {Action: dialogue.Clarification, Text: "Could you put it another way?"},
	}
	near := []string{}
	tests := []struct {
		name string
		qs   []Question
		want QuestionMetrics
	}{
		{"cold answered", []Question{{Question: "answered cold", Gold: near}},
			QuestionMetrics{NearDomain: 1, NearDomainAnswered: 1}},
		{"cold clarified", []Question{{Question: "asked which", Gold: near}},
			QuestionMetrics{NearDomain: 1}},
		{"cold handed off", []Question{{Question: "handed off", Gold: near}},
			QuestionMetrics{NearDomain: 1}},
		{"cold resolution without a source", []Question{{Question: "no source", Gold: near}},
			QuestionMetrics{NearDomain: 1}},
		{"mid-conversation answered", []Question{{Question: "in domain", Gold: []string{"account/password.md"},
			FollowUps: []FollowUp{{Message: "answered mid", Gold: near}}}},
			QuestionMetrics{Questions: 1, FirstOnGold: 1, NearDomainFollowUps: 1, NearDomainFollowUpsAnswered: 1}},
		{"mid-conversation declined, then back on the question's page", []Question{{Question: "in domain", Gold: []string{"account/password.md"},
			FollowUps: []FollowUp{{Message: "please rephrase?", Gold: near}, {Message: "in domain"}}}},
			QuestionMetrics{Questions: 1, FirstOnGold: 1, FollowUps: 1, FollowUpsOnGold: 1, NearDomainFollowUps: 1}},
		// A follow-up without gold is on the question's page: none.
		{"follow-up of a near-domain question", []Question{{Question: "asked which", Gold: near,
			FollowUps: []FollowUp{{Message: "answered mid"}}}},
			QuestionMetrics{NearDomain: 1, NearDomainFollowUps: 1, NearDomainFollowUpsAnswered: 1}},
		// Near-domain questions are not in the first-reply rates.
		{"mixed", []Question{
			{Question: "in domain", Gold: []string{"account/password.md"}},
			{Question: "answered cold", Gold: near},
			{Question: "asked which", Gold: []string{"billing/invoice.md"}},
		}, QuestionMetrics{Questions: 2, FirstOnGold: 0.5, GoldOffered: 0.5, Clarified: 0.5, NearDomain: 1, NearDomainAnswered: 1}},
	}
	_, _, opts := questionsFixture()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := AskQuestions(context.Background(), []ReplayAgent{{Name: "graph", Agent: agent}}, tt.qs, opts)
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Metrics["graph"]; got != tt.want {
				t.Errorf("metrics %+v\nwant %+v", got, tt.want)
			}
			if res.UnknownGold != 0 {
				t.Errorf("UnknownGold = %d, want 0: near-domain gold names no page on purpose", res.UnknownGold)
			}
		})
	}
}

func TestQuestionsSummaryNearDomain(t *testing.T) {
	tests := []struct {
		name string
		m    map[string]QuestionMetrics
		want string
	}{
		{"gold only", map[string]QuestionMetrics{"graph": {Questions: 4, FirstOnGold: 0.5}, "rag": {Questions: 4}},
			"first reply on gold: graph 50.0% · rag 0.0% (4 questions)"},
		{"both", map[string]QuestionMetrics{
			"graph": {Questions: 30, FirstOnGold: 0.5, NearDomain: 30, NearDomainAnswered: 2, NearDomainFollowUps: 30, NearDomainFollowUpsAnswered: 9},
			"rag":   {Questions: 30, FirstOnGold: 0.4, NearDomain: 30, NearDomainAnswered: 30, NearDomainFollowUps: 30, NearDomainFollowUpsAnswered: 28}},
			"first reply on gold: graph 50.0% · rag 40.0% (30 questions); near-domain answered: graph 2/30 cold, 9/30 mid-conversation · rag 30/30 cold, 28/30 mid-conversation"},
		{"cold near-domain only", map[string]QuestionMetrics{"graph": {NearDomain: 3, NearDomainAnswered: 1}, "rag": {NearDomain: 3}},
			"near-domain answered: graph 1/3 cold · rag 0/3 cold"},
	}
	for _, tt := range tests {
		qr := &QuestionsResult{Agents: []string{"graph", "rag"}, Metrics: tt.m}
		if got := QuestionsSummary(qr); got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, got, tt.want)
		}
	}
}

// TestFollowUpJSON: a near-domain follow-up keeps its "gold": [] when a
// set is written back (omitempty would make it one on the question's page).
func TestFollowUpJSON(t *testing.T) {
	for _, tt := range []struct {
		f    FollowUp
		want string
	}{
		{FollowUp{Message: "and?"}, `{"message":"and?"}`},
		{FollowUp{Message: "and?", Gold: []string{}}, `{"message":"and?","gold":[]}`},
		{FollowUp{Message: "and?", Gold: []string{"a.md"}}, `{"message":"and?","gold":["a.md"]}`},
	} {
		b, err := json.Marshal(tt.f)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != tt.want {
			t.Errorf("Marshal(%+v) = %s, want %s", tt.f, b, tt.want)
		}
		var back FollowUp
		if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(back, tt.f) {
			t.Errorf("round trip of %s = %+v, %v", b, back, err)
		}
	}
}

func TestScoreTurnClarificationBetweenPages(t *testing.T) {
	pages := map[string]string{"a#0": "a.md", "b#0": "b.md", "c#0": "c.md"}
	pageOf := func(id string) string { return pages[id] }
	ask := func(ids ...string) dialogue.Reply {
		r := dialogue.Reply{Action: dialogue.Clarification, Text: "Which?"}
		for _, id := range ids {
			r.Options = append(r.Options, dialogue.Option{Label: id, NodeID: id})
		}
		return r
	}
	tests := []struct {
		name string
		r    dialogue.Reply
		gold []string
		want bool
	}{
		{"every option gold", ask("a#0", "b#0"), []string{"a.md", "b.md"}, true},
		{"one option off gold", ask("a#0", "c#0"), []string{"a.md", "b.md"}, false},
		{"a person, no page", dialogue.Reply{Action: dialogue.Clarification, Options: []dialogue.Option{{Label: "Talk to a person"}}}, []string{"a.md"}, false},
		{"a resolution citing no page", dialogue.Reply{Action: dialogue.Resolution}, []string{"a.md"}, false},
	}
	for _, tt := range tests {
		if got := scoreTurn("graph", 1, 0, "m", tt.r, tt.gold, pageOf).OnGold; got != tt.want {
			t.Errorf("%s: OnGold = %v, want %v", tt.name, got, tt.want)
		}
	}
}
