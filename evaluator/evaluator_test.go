package evaluator

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/inquiry"
	"github.com/helpgraph/helpgraph/llm"
	"github.com/helpgraph/helpgraph/llm/llmtest"
	"github.com/helpgraph/helpgraph/simulator"
)

const gold = "Call the StayNest Reservation Center at 0570-000-123 (9:00-20:00). Cancellation is free up to 3 days before arrival."

var facts = []string{"StayNest Reservation Center", "0570-000-123", "free up to 3 days before arrival"}

func dlg(agent string, kind inquiry.Kind, turns ...simulator.Turn) simulator.Dialogue {
	d := simulator.Dialogue{ID: "q/" + agent, InquiryID: "q", Kind: kind, Agent: agent, GoldResponse: gold, CoreFacts: facts, Topic: "Cancel"}
	if kind == inquiry.Escalation {
		d.CoreFacts = []string{"Reservation Center"}
	}
	d.Turns = append([]simulator.Turn{{Role: "user", Text: "I want to cancel"}}, turns...)
	for _, t := range turns {
		d.FinalAction = t.Action
	}
	return d
}

func agentSays(a dialogue.Action, text string) simulator.Turn {
	return simulator.Turn{Role: "agent", Action: a, Text: text}
}

func TestRuleJudge(t *testing.T) {
	tests := []struct {
		name      string
		d         simulator.Dialogue
		want      Label
		erroneous bool
	}{
		{"complete, reworded", dlg("a", inquiry.Resolvable,
			agentSays(dialogue.Clarification, "How did you book?"),
			agentSays(dialogue.Resolution, "Please call the Reservation Center of StayNest on 0570 000 123. Cancelling is free up to 3 days before your arrival.")), Correct, false},
		{"missing a core fact", dlg("a", inquiry.Resolvable,
			agentSays(dialogue.Resolution, "Call the StayNest Reservation Center at 0570-000-123.")), Partial, false},
		{"contradicting phone number", dlg("a", inquiry.Resolvable,
			agentSays(dialogue.Resolution, "Call the StayNest Reservation Center at 0120-999-888. It is free up to 3 days before arrival.")), Incorrect, false},
		{"contradicting number of days", dlg("a", inquiry.Resolvable,
			agentSays(dialogue.Resolution, "Call the StayNest Reservation Center at 0570-000-123; free up to 7 days before arrival.")), Incorrect, false},
		{"wrongly escalating", dlg("a", inquiry.Resolvable,
			agentSays(dialogue.Escalation, "I can't answer that; a person will contact you.")), Incorrect, true},
		{"nothing conveyed", dlg("a", inquiry.Resolvable,
			agentSays(dialogue.Resolution, "You can change your stay online.")), Incorrect, false},
		{"escalation inquiry escalated", dlg("a", inquiry.Escalation,
			agentSays(dialogue.Escalation, "A person will help.")), Escalated, false},
		{"escalation inquiry, right contact named", dlg("a", inquiry.Escalation,
			agentSays(dialogue.Resolution, "Please contact the Reservation Center.")), Useful, false},
		{"escalation inquiry answered wrongly", dlg("a", inquiry.Escalation,
			agentSays(dialogue.Resolution, "Click Cancel.")), Incorrect, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j, err := RuleJudge{}.Judge(context.Background(), &tt.d)
			if err != nil {
				t.Fatal(err)
			}
			if j.Label != tt.want || j.ErroneousEscalation != tt.erroneous {
				t.Errorf("got %+v, want %s (erroneous escalation %v)", j, tt.want, tt.erroneous)
			}
		})
	}
}

func TestConveys(t *testing.T) {
	tests := []struct {
		text, fact string
		want       bool
	}{
		{"Open My Reservations, then click Cancel.", "click Cancel", true},
		{"Open My Reservations.", "open my reservations and click cancel", false}, // 2 of 4 content words
		{"The fee is 50% of the room charge.", "50% of the room charge", true},
		{"anything", "", false},
	}
	for _, tt := range tests {
		if got := Conveys(tt.text, tt.fact); got != tt.want {
			t.Errorf("Conveys(%q, %q) = %v, want %v", tt.text, tt.fact, got, tt.want)
		}
	}
}

// TestCompute checks every metric against counts worked out by hand.
func TestCompute(t *testing.T) {
	res := agentSays(dialogue.Resolution, "Call the StayNest Reservation Center at 0570-000-123. It is free up to 3 days before arrival.") // 93 chars
	part := agentSays(dialogue.Resolution, "Call 0570-000-123.")                                                                           // 18 chars
	clar := agentSays(dialogue.Clarification, "How?")                                                                                      // 4 chars
	esc := agentSays(dialogue.Escalation, "Handing over.")                                                                                 // 13 chars
	ds := []simulator.Dialogue{
		dlg("g", inquiry.Resolvable, clar, res),  // correct, clarified, 2 turns
		dlg("g", inquiry.Resolvable, part),       // partial
		dlg("g", inquiry.Resolvable, esc),        // incorrect, erroneous escalation
		dlg("g", inquiry.Resolvable, clar, res),  // correct, clarified
		dlg("g", inquiry.Escalation, esc),        // escalated
		dlg("g", inquiry.Escalation, clar, part), // incorrect (no Reservation Center), clarified
		dlg("r", inquiry.Resolvable, part),       // partial
	}
	r, err := Evaluate(context.Background(), ds, Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := r.Metrics.Agents["g"]
	// 6 dialogues; resolvable 4: 2 correct, 1 partial, 1 incorrect (escalated);
	// escalation 2: 1 escalated, 1 incorrect; clarification in 3 of 6;
	// agent turns 2+1+1+2+1+2 = 9 → 1.5; reply chars (4+93)*2+18+13+13+4+18 = 260 over 9 replies.
	want := AgentMetrics{
		Dialogues:  6,
		Resolvable: ResolvableMetrics{N: 4, Correct: 0.5, Partial: 0.25, Incorrect: 0.25, ErroneousEscalation: 0.25},
		Escalation: EscalationMetrics{N: 2, Escalated: 0.5, Useful: 0, Incorrect: 0.5},
		Coherence:  CoherenceMetrics{ClarificationRate: 0.5, MeanTurns: 1.5, MeanReplyChars: 260.0 / 9},
	}
	if !close(g, want) {
		t.Errorf("agent g:\n got %+v\nwant %+v", g, want)
	}
	if rm := r.Metrics.Agents["r"]; rm.Dialogues != 1 || rm.Resolvable.Partial != 1 || rm.Escalation.N != 0 {
		t.Errorf("agent r: %+v", rm)
	}
	topics := r.ByTopic()
	if len(topics) != 2 || topics[0].Agent != "g" || topics[0].N != 4 || topics[0].Correct != 0.5 {
		t.Errorf("by topic: %+v", topics)
	}
	turns := r.ByTurns()
	if len(turns) != 3 || turns[0].Key != "01" || turns[0].N != 2 || turns[2].Key != "02" || turns[2].Correct != 1 {
		t.Errorf("by turns: %+v", turns)
	}
}

func close(a, b AgentMetrics) bool {
	eq := func(x, y float64) bool { return math.Abs(x-y) < 1e-9 }
	return a.Dialogues == b.Dialogues && a.Resolvable.N == b.Resolvable.N && a.Escalation.N == b.Escalation.N &&
		eq(a.Resolvable.Correct, b.Resolvable.Correct) && eq(a.Resolvable.Partial, b.Resolvable.Partial) &&
		eq(a.Resolvable.Incorrect, b.Resolvable.Incorrect) && eq(a.Resolvable.ErroneousEscalation, b.Resolvable.ErroneousEscalation) &&
		eq(a.Escalation.Escalated, b.Escalation.Escalated) && eq(a.Escalation.Useful, b.Escalation.Useful) &&
		eq(a.Escalation.Incorrect, b.Escalation.Incorrect) && eq(a.Coherence.ClarificationRate, b.Coherence.ClarificationRate) &&
		eq(a.Coherence.MeanTurns, b.Coherence.MeanTurns) && eq(a.Coherence.MeanReplyChars, b.Coherence.MeanReplyChars)
}

// TestCohenKappa uses the worked example of Fleiss, Cohen and Everitt (1969),
// "Large sample standard errors of kappa and weighted kappa", Psychological
// Bulletin 72(5): two psychiatrists' diagnoses (psychological, neurological,
// organic) of 100 patients, as proportions
//
//	        B: 0    1    2   | row
//	A: 0    .53  .05  .02    | .60
//	A: 1    .11  .14  .05    | .30
//	A: 2    .01  .06  .03    | .10
//	col     .65  .25  .10
//
// Unweighted: po = .53+.14+.03 = .70, pe = .60·.65+.30·.25+.10·.10 = .475,
// κ = (.70-.475)/(1-.475) = .4286 (the paper's 0.429).
// Quadratic weights (1, .75, 0 for distance 0, 1, 2):
// po = .70 + .75·(.05+.11+.05+.06) = .9025;
// pe = .475 + .75·(.60·.25+.30·.65+.30·.10+.10·.25) = .475+.75·.40 = .775;
// κw = (.9025-.775)/(1-.775) = .5667.
func TestCohenKappa(t *testing.T) {
	cells := [3][3]int{{53, 5, 2}, {11, 14, 5}, {1, 6, 3}}
	var a, b []int
	for i := range 3 {
		for j := range 3 {
			for range cells[i][j] {
				a, b = append(a, i), append(b, j)
			}
		}
	}
	for _, tt := range []struct {
		quadratic bool
		want      float64
	}{{false, 0.225 / 0.525}, {true, 0.1275 / 0.225}} {
		got, err := CohenKappa(a, b, 3, tt.quadratic)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("quadratic=%v: kappa = %.6f, want %.6f", tt.quadratic, got, tt.want)
		}
	}
	if k, _ := CohenKappa([]int{0, 1, 2}, []int{0, 1, 2}, 3, true); k != 1 {
		t.Errorf("perfect agreement: kappa = %v, want 1", k)
	}
	if _, err := CohenKappa([]int{0}, []int{0, 1}, 3, true); err == nil {
		t.Error("mismatched lengths: want an error")
	}
}

func TestAgreements(t *testing.T) {
	ev := map[string]Label{"d1": Correct, "d2": Partial, "d3": Incorrect, "d4": Correct}
	labels, err := ReadLabels(strings.NewReader(`{"dialogue_id":"d1","rater":"ann","label":"correct"}
{"dialogue_id":"d2","rater":"ann","label":"partial"}
{"dialogue_id":"d3","rater":"ann","label":"incorrect"}
{"dialogue_id":"d4","rater":"ann","label":"correct"}
{"dialogue_id":"d1","rater":"bob","label":"incorrect"}
{"dialogue_id":"d2","rater":"bob","label":"partial"}
{"dialogue_id":"d3","rater":"bob","label":"correct"}
`))
	if err != nil {
		t.Fatal(err)
	}
	ags := Agreements(ev, labels)
	if len(ags) != 3 {
		t.Fatalf("agreements: %+v", ags)
	}
	if ags[0].A != EvaluatorRater || ags[0].B != "ann" || ags[0].N != 4 || ags[0].Kappa != 1 {
		t.Errorf("evaluator vs ann: %+v", ags[0])
	}
	// Evaluator vs bob on d1..d3: (2,0),(1,1),(0,2): po_w = 1/3, pe_w = 2/3 → κ = -1.
	if ags[1].B != "bob" || ags[1].N != 3 || math.Abs(ags[1].Kappa+1) > 1e-9 {
		t.Errorf("evaluator vs bob: %+v", ags[1])
	}
	if ags[2].A != "ann" || ags[2].B != "bob" || ags[2].N != 3 {
		t.Errorf("ann vs bob: %+v", ags[2])
	}
	if _, err := ReadLabels(strings.NewReader(`{"dialogue_id":"d1","rater":"x","label":"great"}`)); err == nil {
		t.Error("unknown label: want an error")
	}
}

func TestLLMJudge(t *testing.T) {
	s := llmtest.NewServer(t)
	s.Enqueue(
		llmtest.Reply{Content: `{"label": "escalated", "reason": "x"}`}, // not a resolvable label: corrected
		llmtest.Reply{Content: `{"label": "partial", "reason": "misses the fee"}`},
		llmtest.Reply{Content: `{"label": "useful", "reason": "names the center"}`},
		llmtest.Reply{Content: `{"label": "correct", "reason": "the model is wrong here"}`},
	)
	client, err := llm.New(s.Config())
	if err != nil {
		t.Fatal(err)
	}
	ds := []simulator.Dialogue{
		dlg("a", inquiry.Resolvable, agentSays(dialogue.Resolution, "Call 0570-000-123.")),
		dlg("b", inquiry.Escalation, agentSays(dialogue.Resolution, "Contact the Reservation Center.")),
		dlg("c", inquiry.Resolvable, agentSays(dialogue.Escalation, "Handing over.")),
	}
	var got []Judgement
	for i := range ds {
		j, err := LLMJudge{LLM: client}.Judge(context.Background(), &ds[i])
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, j)
	}
	if got[0].Label != Partial || got[1].Label != Useful || got[2].Label != Incorrect || !got[2].ErroneousEscalation {
		t.Errorf("judgements %+v", got)
	}
	reqs := s.Requests()
	if !strings.Contains(reqs[0].LastUser(), "- 0570-000-123") || !strings.Contains(reqs[2].Messages[0].Content, "cannot be solved") {
		t.Errorf("prompts:\n%s\n%s", reqs[0].LastUser(), reqs[2].Messages[0].Content)
	}
}

func TestWriteReports(t *testing.T) {
	ds := []simulator.Dialogue{
		dlg("graph", inquiry.Resolvable, agentSays(dialogue.Resolution, gold)),
		dlg("rag", inquiry.Escalation, agentSays(dialogue.Escalation, "<b>Handing</b> over.")),
	}
	r, err := Evaluate(context.Background(), ds, Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := WriteReports(dir, r); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "metrics.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Agents     map[string]map[string]any `json:"agents"`
		Provenance map[string]any            `json:"provenance"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	g := m.Agents["graph"]
	if g["dialogues"] != 1.0 || g["resolvable"].(map[string]any)["correct"] != 1.0 ||
		m.Agents["rag"]["escalation"].(map[string]any)["escalated"] != 1.0 || m.Provenance["judge"] != RuleJudgeName {
		t.Errorf("metrics.json:\n%s", raw)
	}
	for _, k := range []string{"n", "correct", "partial", "incorrect", "erroneous_escalation"} {
		if _, ok := g["resolvable"].(map[string]any)[k]; !ok {
			t.Errorf("metrics.json resolvable lacks %q", k)
		}
	}
	html, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"<script", "http://", "https://", "<link"} {
		if strings.Contains(string(html), bad) {
			t.Errorf("report.html contains %q: not self-contained", bad)
		}
	}
	if !strings.Contains(string(html), "<svg") || !strings.Contains(string(html), "<title>correct 100.0%</title>") {
		t.Error("report.html lacks the stacked bar chart")
	}
	// Charts scale down to a phone's width (a fixed 560 px ran off its
	// edge and hid the percentages).
	if !strings.Contains(string(html), `viewBox="0 0 600 `) || !strings.Contains(string(html), "svg.chart{max-width:100%;height:auto}") ||
		!strings.Contains(string(html), `<meta name="viewport" content="width=device-width, initial-scale=1">`) {
		t.Error("report.html charts do not scale to the page's width")
	}
	// Values are written on the bars, the labels are explained, and each
	// dialogue can be opened.
	for _, want := range []string{`fill="#fff">100%</text>`, "<dt>erroneous escalation</dt>", "<details id="} {
		if !strings.Contains(string(html), want) {
			t.Errorf("report.html lacks %q", want)
		}
	}
	md, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(md), "| graph | 1 | 100.0% | 0.0% | 0.0% | 0.0% |") {
		t.Errorf("report.md:\n%s", md)
	}
}
