package evaluator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/helpgraph/helpgraph/dialogue"
)

// WriteReports writes dir/metrics.json, dir/report.md and dir/report.html,
// with a replay dir/replay.jsonl and with a question set dir/questions.jsonl
// (every scored reply, for reading).
func WriteReports(dir string, r *Result) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("writing reports: %w", err)
	}
	js, err := json.MarshalIndent(r.Metrics, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding metrics: %w", err)
	}
	var html bytes.Buffer
	if err := reportHTML.Execute(&html, htmlData(r)); err != nil {
		return fmt.Errorf("rendering report.html: %w", err)
	}
	files := map[string][]byte{
		"metrics.json": append(js, '\n'),
		"report.md":    []byte(Markdown(r)),
		"report.html":  html.Bytes(),
	}
	if r.Replay != nil {
		if files["replay.jsonl"], err = jsonLines(r.Replay.Turns); err != nil {
			return fmt.Errorf("encoding replay turns: %w", err)
		}
	}
	if r.Questions != nil {
		if files["questions.jsonl"], err = jsonLines(r.Questions.Turns); err != nil {
			return fmt.Errorf("encoding question turns: %w", err)
		}
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), body, 0o644); err != nil {
			return fmt.Errorf("writing %s: %w", name, err)
		}
	}
	return nil
}

// jsonLines encodes vs one a line, HTML characters as they are.
func jsonLines[T any](vs []T) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	for i := range vs {
		if err := enc.Encode(&vs[i]); err != nil {
			return nil, err
		}
	}
	return b.Bytes(), nil
}

func pct(f float64) string { return fmt.Sprintf("%.1f%%", 100*f) }

// Markdown renders the report as Markdown: the simulated evaluation when
// there are judged dialogues, the replay of real dialogues and the
// question set when they ran.
func Markdown(r *Result) string {
	var b strings.Builder
	if r.simulated() {
		simulatedMarkdown(&b, r)
	}
	if r.Replay != nil {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		replayMarkdown(&b, r.Metrics)
	}
	if r.Questions != nil {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		questionsMarkdown(&b, r.Questions)
	}
	if r.Replay != nil || len(r.Scored) > 0 || r.Questions == nil {
		// Which simulator, judge and models: a question set alone has none.
		b.WriteString(provenanceMarkdown(r.Metrics))
	}
	return b.String()
}

// replayIntro says what the replay measures.
const replayIntro = "The real user turns of each dialogue, sent in order in a fresh session; each reply is scored " +
	"against the grounding spans of the agent turn that followed in the real dialogue: token F1 after " +
	"SQuAD normalisation, page accuracy (the reply's first source is the dialogue's page), the action taken, " +
	"how often a reply leaves the page: of the turns after a reply on the dialogue's page, the share whose reply cites another page, " +
	"and how often it answers from another site: the share of scored turns whose reply's first source is on another site than the dialogue's page " +
	"(a site is a URL's host, or for a folder build the first folder of the page's path: the pages folder in a build from several, the domain in a doc2dial docs folder)."

func replayMarkdown(b *strings.Builder, m Metrics) {
	names := m.ReplayAgentNames()
	b.WriteString("# Replay of real dialogues\n\n" + replayIntro + "\n\n")
	b.WriteString("| agent | scored turns | token F1 | page accuracy | left the page next turn | from another site | resolution | clarification | escalation |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, a := range names {
		x := m.Replay[a]
		fmt.Fprintf(b, "| %s | %d | %.3f | %s | %s (of %d) | %s | %s | %s | %s |\n", a, x.Turns, x.F1, pct(x.PageAccuracy), pct(x.LeftPage), x.OnPageBefore, pct(x.OtherSite),
			pct(x.Actions[dialogue.Resolution]), pct(x.Actions[dialogue.Clarification]), pct(x.Actions[dialogue.Escalation]))
	}
	b.WriteString("\n## Replay by round (user turn)\n\n| round | agent | turns | token F1 | page accuracy | from another site |\n|---|---|---:|---:|---:|---:|\n")
	for _, k := range Rounds {
		for _, a := range names {
			x := m.Replay[a].Rounds[k]
			fmt.Fprintf(b, "| %s | %s | %d | %.3f | %s | %s |\n", k, a, x.Turns, x.F1, pct(x.PageAccuracy), pct(x.OtherSite))
		}
	}
	if len(names) > 0 {
		if skips := skipList(m.Replay[names[0]].Skipped); skips != "" {
			fmt.Fprintf(b, "\nUser turns not scored (%s): %s.\n", names[0], skips)
		}
	}
}

// skipList renders skip counts as "n reason, …", in reason order.
func skipList(skipped map[string]int) string {
	var reasons []string
	for r := range skipped {
		reasons = append(reasons, r)
	}
	sort.Strings(reasons)
	var parts []string
	for _, r := range reasons {
		parts = append(parts, fmt.Sprintf("%d %s", skipped[r], r))
	}
	return strings.Join(parts, ", ")
}

func simulatedMarkdown(b *strings.Builder, r *Result) {
	m := r.Metrics
	b.WriteString("# Simulated evaluation\n\n## Resolvable inquiries\n\n")
	b.WriteString("| agent | n | correct | partial | incorrect | erroneous escalation |\n|---|---:|---:|---:|---:|---:|\n")
	for _, a := range m.AgentNames() {
		x := m.Agents[a].Resolvable
		fmt.Fprintf(b, "| %s | %d | %s | %s | %s | %s |\n", a, x.N, pct(x.Correct), pct(x.Partial), pct(x.Incorrect), pct(x.ErroneousEscalation))
	}
	b.WriteString("\n## Escalation-required inquiries\n\n| agent | n | escalated | useful | incorrect |\n|---|---:|---:|---:|---:|\n")
	for _, a := range m.AgentNames() {
		x := m.Agents[a].Escalation
		fmt.Fprintf(b, "| %s | %d | %s | %s | %s |\n", a, x.N, pct(x.Escalated), pct(x.Useful), pct(x.Incorrect))
	}
	b.WriteString("\n## Dialogue coherence\n\n| agent | dialogues | with clarification | mean agent turns | mean reply chars |\n|---|---:|---:|---:|---:|\n")
	for _, a := range m.AgentNames() {
		x := m.Agents[a]
		fmt.Fprintf(b, "| %s | %d | %s | %.2f | %.0f |\n", a, x.Dialogues, pct(x.Coherence.ClarificationRate), x.Coherence.MeanTurns, x.Coherence.MeanReplyChars)
	}
	table := func(title, key string, rows []Breakdown) {
		fmt.Fprintf(b, "\n## %s\n\n| %s | agent | n | correct | partial | incorrect |\n|---|---|---:|---:|---:|---:|\n", title, key)
		for _, x := range rows {
			fmt.Fprintf(b, "| %s | %s | %d | %s | %s | %s |\n", mdCell(x.Key), x.Agent, x.N, pct(x.Correct), pct(x.Partial), pct(x.Incorrect))
		}
	}
	table("Resolvable inquiries by topic", "topic", r.ByTopic())
	table("Resolvable inquiries by number of agent turns", "agent turns", r.ByTurns())
	if len(r.Agreements) > 0 {
		b.WriteString("\n## Agreement (Cohen's kappa, quadratic weights)\n\n| rater | rater | n | kappa |\n|---|---|---:|---:|\n")
		for _, ag := range r.Agreements {
			fmt.Fprintf(b, "| %s | %s | %d | %.3f |\n", ag.A, ag.B, ag.N, ag.Kappa)
		}
	}
}

func mdCell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// bar is one stacked bar of the SVG chart.
type bar struct {
	Label    string
	Y        int
	Segments []segment
}

type segment struct {
	X, W  float64
	Color string
	Title string
	// Text is the value written on the segment ("" when it is too narrow).
	Text string
}

type metricBar struct {
	Label string
	Y     int
	W     float64
	Text  string
}

type chart struct {
	Title  string
	Height int
	Bars   []metricBar
}

type htmlReport struct {
	Simulated      bool
	Replay         bool
	ReplayIntro    string
	ReplayCharts   []chart
	ReplayTables   template.HTML
	Questions      bool
	QuestionsIntro string
	QuestionCharts []chart
	QuestionTables template.HTML
	Resolvable     []bar
	Escalation     []bar
	ResHeight      int
	EscHeight      int
	Coherence      []chart
	Tables         template.HTML
	Dialogues      []dialogueView
}

// dialogueView is one simulated dialogue as the report lists it.
type dialogueView struct {
	ID, Agent, Kind, Label, Reason, Utterance string
	Turns                                     []turnView
}

type turnView struct {
	Role, Action, Text string
}

// Okabe–Ito colours: told apart with any kind of colour blindness, and
// every value is also written on its bar.
const (
	colorGood    = "#0072B2" // blue
	colorMiddle  = "#E69F00" // orange
	colorBad     = "#D55E00" // vermillion
	minLabelSize = 34.0      // pixels a segment needs to carry its number
)

const chartWidth = 400.0

func stacked(names []string, values func(string) []float64, colors, labels []string) []bar {
	var out []bar
	for i, a := range names {
		b := bar{Label: a, Y: 10 + 30*i}
		x := 0.0
		for k, v := range values(a) {
			w := v * chartWidth
			seg := segment{X: x, W: w, Color: colors[k], Title: labels[k] + " " + pct(v)}
			if w >= minLabelSize {
				seg.Text = fmt.Sprintf("%.0f%%", 100*v)
			}
			b.Segments = append(b.Segments, seg)
			x += w
		}
		out = append(out, b)
	}
	return out
}

func htmlData(r *Result) htmlReport {
	m := r.Metrics
	names := m.AgentNames()
	d := htmlReport{ResHeight: 20 + 30*len(names), EscHeight: 20 + 30*len(names)}
	d.Resolvable = stacked(names, func(a string) []float64 {
		x := m.Agents[a].Resolvable
		return []float64{x.Correct, x.Partial, x.Incorrect}
	}, []string{colorGood, colorMiddle, colorBad}, []string{"correct", "partial", "incorrect"})
	d.Escalation = stacked(names, func(a string) []float64 {
		x := m.Agents[a].Escalation
		return []float64{x.Escalated, x.Useful, x.Incorrect}
	}, []string{colorGood, colorMiddle, colorBad}, []string{"escalated", "useful", "incorrect"})
	d.Simulated = r.simulated()
	metric := func(title string, get func(AgentMetrics) float64, format func(float64) string) chart {
		return metricChart(title, names, func(a string) float64 { return get(m.Agents[a]) }, format)
	}
	d.Coherence = []chart{
		metric("Dialogues with a clarification", func(x AgentMetrics) float64 { return x.Coherence.ClarificationRate }, pct),
		metric("Mean agent turns", func(x AgentMetrics) float64 { return x.Coherence.MeanTurns }, func(f float64) string { return fmt.Sprintf("%.2f", f) }),
		metric("Mean reply length (characters)", func(x AgentMetrics) float64 { return x.Coherence.MeanReplyChars }, func(f float64) string { return fmt.Sprintf("%.0f", f) }),
	}
	var t strings.Builder
	tbl := func(title, key string, rows []Breakdown) {
		fmt.Fprintf(&t, "<h2>%s</h2>\n<table><tr><th>%s</th><th>agent</th><th>n</th><th>correct</th><th>partial</th><th>incorrect</th></tr>\n", template.HTMLEscapeString(title), key)
		for _, x := range rows {
			fmt.Fprintf(&t, "<tr><td>%s</td><td>%s</td><td>%d</td><td>%s</td><td>%s</td><td>%s</td></tr>\n",
				template.HTMLEscapeString(x.Key), template.HTMLEscapeString(x.Agent), x.N, pct(x.Correct), pct(x.Partial), pct(x.Incorrect))
		}
		t.WriteString("</table>\n")
	}
	tbl("Resolvable inquiries by topic", "topic", r.ByTopic())
	tbl("Resolvable inquiries by number of agent turns", "agent turns", r.ByTurns())
	if len(r.Agreements) > 0 {
		t.WriteString("<h2>Agreement (Cohen's kappa, quadratic weights)</h2>\n<table><tr><th>rater</th><th>rater</th><th>n</th><th>kappa</th></tr>\n")
		for _, ag := range r.Agreements {
			fmt.Fprintf(&t, "<tr><td>%s</td><td>%s</td><td>%d</td><td>%.3f</td></tr>\n", template.HTMLEscapeString(ag.A), template.HTMLEscapeString(ag.B), ag.N, ag.Kappa)
		}
		t.WriteString("</table>\n")
	}
	d.Tables = template.HTML(t.String()) // every value above is escaped
	for _, sc := range r.Scored {
		dl := sc.Dialogue
		v := dialogueView{ID: dl.ID, Agent: dl.Agent, Kind: string(dl.Kind), Label: string(sc.Judgement.Label), Reason: sc.Judgement.Reason}
		if sc.Status != "" {
			v.Label = sc.Status
		}
		for _, tu := range dl.Turns {
			if v.Utterance == "" && tu.Role == "user" {
				v.Utterance = tu.Text
			}
			v.Turns = append(v.Turns, turnView{Role: tu.Role, Action: string(tu.Action), Text: tu.Text})
		}
		d.Dialogues = append(d.Dialogues, v)
	}
	if r.Replay != nil {
		replayHTML(&d, m)
	}
	if r.Questions != nil {
		questionsHTML(&d, r.Questions)
	}
	return d
}

// metricChart is one bar per agent, scaled to the largest value.
func metricChart(title string, names []string, get func(string) float64, format func(float64) string) chart {
	c := chart{Title: title, Height: 20 + 30*len(names)}
	top := 0.0
	for _, a := range names {
		top = max(top, get(a))
	}
	for i, a := range names {
		v := get(a)
		w := 0.0
		if top > 0 {
			w = v / top * chartWidth * 0.8
		}
		c.Bars = append(c.Bars, metricBar{Label: a, Y: 10 + 30*i, W: w, Text: format(v)})
	}
	return c
}

func replayHTML(d *htmlReport, m Metrics) {
	names := m.ReplayAgentNames()
	d.Replay, d.ReplayIntro = true, replayIntro
	f1 := func(f float64) string { return fmt.Sprintf("%.3f", f) }
	d.ReplayCharts = []chart{
		metricChart("Token F1", names, func(a string) float64 { return m.Replay[a].F1 }, f1),
		metricChart("Page accuracy", names, func(a string) float64 { return m.Replay[a].PageAccuracy }, pct),
	}
	esc := template.HTMLEscapeString
	var t strings.Builder
	t.WriteString("<table><tr><th>agent</th><th>scored turns</th><th>token F1</th><th>page accuracy</th><th>left the page next turn</th><th>from another site</th><th>resolution</th><th>clarification</th><th>escalation</th></tr>\n")
	for _, a := range names {
		x := m.Replay[a]
		fmt.Fprintf(&t, "<tr><td>%s</td><td>%d</td><td>%.3f</td><td>%s</td><td>%s (of %d)</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n", esc(a), x.Turns, x.F1, pct(x.PageAccuracy), pct(x.LeftPage), x.OnPageBefore, pct(x.OtherSite),
			pct(x.Actions[dialogue.Resolution]), pct(x.Actions[dialogue.Clarification]), pct(x.Actions[dialogue.Escalation]))
	}
	t.WriteString("</table>\n<h3>By round (user turn)</h3>\n<table><tr><th>round</th><th>agent</th><th>turns</th><th>token F1</th><th>page accuracy</th><th>from another site</th></tr>\n")
	for _, k := range Rounds {
		for _, a := range names {
			x := m.Replay[a].Rounds[k]
			fmt.Fprintf(&t, "<tr><td>%s</td><td>%s</td><td>%d</td><td>%.3f</td><td>%s</td><td>%s</td></tr>\n", k, esc(a), x.Turns, x.F1, pct(x.PageAccuracy), pct(x.OtherSite))
		}
	}
	t.WriteString("</table>\n")
	if len(names) > 0 {
		if skips := skipList(m.Replay[names[0]].Skipped); skips != "" {
			fmt.Fprintf(&t, "<p>User turns not scored (%s): %s.</p>\n", esc(names[0]), esc(skips))
		}
	}
	d.ReplayTables = template.HTML(t.String()) // every value above is escaped
}

var reportHTML = template.Must(template.New("report").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Helpgraph evaluation</title>
<style>
body{font-family:system-ui,sans-serif;max-width:960px;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:4px 8px;text-align:right}
td:first-child,th:first-child,td:nth-child(2){text-align:left}svg text{font-size:12px}
svg.chart{max-width:100%;height:auto}table{display:block;max-width:100%;overflow-x:auto}
.legend span{display:inline-block;width:12px;height:12px;margin:0 4px 0 12px;vertical-align:middle}
dl.terms dt{font-weight:600;margin-top:.4em}dl.terms dd{margin-left:1.5em}
details{border-top:1px solid #ddd;padding:.3em 0}details ol{margin:.5em 0}li.agent{color:#0b4f7a}
.turn-action{font-size:.8em;color:#555}
</style></head><body>
{{if .Simulated}}<h1>Simulated evaluation</h1>
<p>Simulated customers with hidden facts talk to each agent; an evaluator labels every dialogue.</p>
<dl class="terms">
<dt>correct</dt><dd>a resolvable inquiry whose answer conveys every core fact of the gold answer and contradicts none</dd>
<dt>partial</dt><dd>some of the core facts, none contradicted</dd>
<dt>incorrect</dt><dd>none of them, a contradiction (another number, phone, link or e-mail), or a wrong handoff</dd>
<dt>erroneous escalation</dt><dd>a resolvable inquiry handed to a person although the pages answer it</dd>
<dt>escalated / useful / incorrect</dt><dd>for inquiries only a person can settle: handed over, answered with something that helps, or answered wrongly</dd>
</dl>
<h2>Resolvable inquiries</h2>
<p class="legend"><span style="background:#0072B2"></span>correct<span style="background:#E69F00"></span>partial<span style="background:#D55E00"></span>incorrect</p>
<svg class="chart" width="600" height="{{.ResHeight}}" viewBox="0 0 600 {{.ResHeight}}" role="img" aria-label="correct, partial and incorrect per agent">
{{range .Resolvable}}<text x="0" y="{{.Y}}" dy="15">{{.Label}}</text>
{{$y := .Y}}{{range .Segments}}<rect x="{{printf "%.1f" .X}}" y="{{$y}}" width="{{printf "%.1f" .W}}" height="20" fill="{{.Color}}" transform="translate(120,0)"><title>{{.Title}}</title></rect>{{if .Text}}<text x="{{printf "%.1f" .X}}" y="{{$y}}" dx="124" dy="15" fill="#fff">{{.Text}}</text>{{end}}
{{end}}{{end}}</svg>
<h2>Escalation-required inquiries</h2>
<p class="legend"><span style="background:#0072B2"></span>escalated<span style="background:#E69F00"></span>useful<span style="background:#D55E00"></span>incorrect</p>
<svg class="chart" width="600" height="{{.EscHeight}}" viewBox="0 0 600 {{.EscHeight}}" role="img" aria-label="escalated, useful and incorrect per agent">
{{range .Escalation}}<text x="0" y="{{.Y}}" dy="15">{{.Label}}</text>
{{$y := .Y}}{{range .Segments}}<rect x="{{printf "%.1f" .X}}" y="{{$y}}" width="{{printf "%.1f" .W}}" height="20" fill="{{.Color}}" transform="translate(120,0)"><title>{{.Title}}</title></rect>{{if .Text}}<text x="{{printf "%.1f" .X}}" y="{{$y}}" dx="124" dy="15" fill="#fff">{{.Text}}</text>{{end}}
{{end}}{{end}}</svg>
<h2>Dialogue coherence</h2>
{{range .Coherence}}<h3>{{.Title}}</h3>
<svg class="chart" width="600" height="{{.Height}}" viewBox="0 0 600 {{.Height}}" role="img" aria-label="{{.Title}}">
{{range .Bars}}<text x="0" y="{{.Y}}" dy="15">{{.Label}}</text><rect x="120" y="{{.Y}}" width="{{printf "%.1f" .W}}" height="20" fill="#0072B2"></rect><text x="{{printf "%.1f" .W}}" y="{{.Y}}" dx="126" dy="15">{{.Text}}</text>
{{end}}</svg>
{{end}}
{{.Tables}}
{{if .Dialogues}}<h2>Dialogues</h2>
{{range .Dialogues}}<details id="{{.ID}}"><summary>{{.Agent}} · {{.Kind}} · <strong>{{.Label}}</strong> — {{.Utterance}}</summary>
{{if .Reason}}<p>{{.Reason}}</p>{{end}}<ol>{{range .Turns}}<li class="{{.Role}}">{{.Role}}{{if .Action}} <span class="turn-action">({{.Action}})</span>{{end}}: {{.Text}}</li>{{end}}</ol></details>
{{end}}{{end}}
{{end}}{{if .Replay}}<h1>Replay of real dialogues</h1>
<p>{{.ReplayIntro}}</p>
{{range .ReplayCharts}}<h3>{{.Title}}</h3>
<svg class="chart" width="600" height="{{.Height}}" viewBox="0 0 600 {{.Height}}" role="img" aria-label="{{.Title}}">
{{range .Bars}}<text x="0" y="{{.Y}}" dy="15">{{.Label}}</text><rect x="120" y="{{.Y}}" width="{{printf "%.1f" .W}}" height="20" fill="#0072B2"></rect><text x="{{printf "%.1f" .W}}" y="{{.Y}}" dx="126" dy="15">{{.Text}}</text>
{{end}}</svg>
{{end}}
{{.ReplayTables}}
{{end}}{{if .Questions}}<h1>Question set</h1>
<p>{{.QuestionsIntro}}</p>
{{range .QuestionCharts}}<h3>{{.Title}}</h3>
<svg class="chart" width="600" height="{{.Height}}" viewBox="0 0 600 {{.Height}}" role="img" aria-label="{{.Title}}">
{{range .Bars}}<text x="0" y="{{.Y}}" dy="15">{{.Label}}</text><rect x="120" y="{{.Y}}" width="{{printf "%.1f" .W}}" height="20" fill="#0072B2"></rect><text x="{{printf "%.1f" .W}}" y="{{.Y}}" dx="126" dy="15">{{.Text}}</text>
{{end}}</svg>
{{end}}
{{.QuestionTables}}
{{end}}</body></html>
`))
