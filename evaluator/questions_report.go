package evaluator

import (
	"fmt"
	"html/template"
	"sort"
	"strings"

	"github.com/helpgraph/helpgraph/dialogue"
)

// questionsIntro says what the question-set run measures.
const questionsIntro = "Each question of the set is asked in a fresh session, then its follow-ups in the same session. " +
	"A reply is on a gold page when it cites one first or is a clarification about a node on one; " +
	"gold offered: a gold page is among the reply's options; clarified: the reply asks which of several options applies; " +
	"abstained: the reply names no page (a request to rephrase, a hand-off without a source)."

// nearDomainIntro says what the near-domain counts measure.
const nearDomainIntro = "Near-domain messages (gold []) are ones the pages do not answer; they count in none of the rates above. " +
	"Answered: the agent gave a resolution citing a page all the same; cold: asked first, mid-conversation: asked as a follow-up."

// QuestionsSummary is one line: each agent's first reply on gold, then,
// when the set has near-domain questions, how many each agent answered
// cold and mid-conversation; the agents in the order they ran.
func QuestionsSummary(qr *QuestionsResult) string {
	var first, near []string
	for _, a := range qr.Agents {
		x := qr.Metrics[a]
		first = append(first, fmt.Sprintf("%s %s", a, pct(x.FirstOnGold)))
		near = append(near, fmt.Sprintf("%s %s", a, nearDomainCounts(x)))
	}
	var m QuestionMetrics
	if len(qr.Agents) > 0 {
		m = qr.Metrics[qr.Agents[0]]
	}
	var parts []string
	if m.Questions > 0 || !hasNearDomain(m) {
		parts = append(parts, fmt.Sprintf("first reply on gold: %s (%d questions)", strings.Join(first, " · "), m.Questions))
	}
	if hasNearDomain(m) {
		parts = append(parts, "near-domain answered: "+strings.Join(near, " · "))
	}
	if qr.Baseline != nil {
		parts = append(parts, baselineSummary(qr))
	}
	return strings.Join(parts, "; ")
}

func hasNearDomain(m QuestionMetrics) bool { return m.NearDomain+m.NearDomainFollowUps > 0 }

// nearDomainCounts reads "2/30 cold, 9/30 mid-conversation", leaving out
// a kind the set does not have.
func nearDomainCounts(m QuestionMetrics) string {
	var parts []string
	if m.NearDomain > 0 {
		parts = append(parts, fmt.Sprintf("%d/%d cold", m.NearDomainAnswered, m.NearDomain))
	}
	if m.NearDomainFollowUps > 0 {
		parts = append(parts, fmt.Sprintf("%d/%d mid-conversation", m.NearDomainFollowUpsAnswered, m.NearDomainFollowUps))
	}
	return strings.Join(parts, ", ")
}

// anyNearDomain reports whether the set had near-domain messages.
func anyNearDomain(qr *QuestionsResult) bool {
	return len(qr.Agents) > 0 && hasNearDomain(qr.Metrics[qr.Agents[0]])
}

func questionsMarkdown(b *strings.Builder, qr *QuestionsResult) {
	b.WriteString("# Question set\n\n" + questionsIntro + "\n\n")
	if g := qr.Graph; g != nil {
		fmt.Fprintf(b, "The graph: %d pages, %d nodes, %s of them with a condition.\n\n", g.Pages, g.Nodes, pct(g.ConditionShare))
	}
	b.WriteString("| agent | questions | first reply on gold | gold offered | clarified | abstained | follow-ups | follow-ups on gold |\n|---|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, a := range qr.Agents {
		x := qr.Metrics[a]
		fmt.Fprintf(b, "| %s | %d | %s | %s | %s | %s | %d | %s |\n", a, x.Questions, pct(x.FirstOnGold), pct(x.GoldOffered),
			pct(x.Clarified), pct(x.Abstained), x.FollowUps, pct(x.FollowUpsOnGold))
	}
	if anyNearDomain(qr) {
		b.WriteString("\n" + nearDomainIntro + "\n\n| agent | near-domain questions | answered cold | near-domain follow-ups | answered mid-conversation |\n|---|---:|---:|---:|---:|\n")
		for _, a := range qr.Agents {
			x := qr.Metrics[a]
			fmt.Fprintf(b, "| %s | %d | %d | %d | %d |\n", a, x.NearDomain, x.NearDomainAnswered, x.NearDomainFollowUps, x.NearDomainFollowUpsAnswered)
		}
	}
	if qr.UnknownGold > 0 {
		fmt.Fprintf(b, "\n%d questions or follow-ups name a gold page the agents do not read; they count as misses.\n", qr.UnknownGold)
	}
	if qr.Baseline != nil {
		baselineMarkdown(b, qr)
	}
	b.WriteString("\n## By question\n\n| message | gold | " + strings.Join(qr.Agents, " | ") + " |\n|---|---|" + strings.Repeat("---|", len(qr.Agents)) + "\n")
	for _, row := range questionRows(qr) {
		fmt.Fprintf(b, "| %s | %s |", mdCell(row.message), mdCell(strings.Join(row.gold, ", ")))
		for _, c := range row.cells {
			fmt.Fprintf(b, " %s |", mdCell(c))
		}
		b.WriteString("\n")
	}
	for _, a := range qr.Agents {
		if n := qr.Metrics[a].Failed; n > 0 {
			fmt.Fprintf(b, "\n%s failed in %d conversations; their turns count as misses.\n", a, n)
		}
	}
}

// questionRow is one message of the set with each agent's reply page.
type questionRow struct {
	message string
	gold    []string
	cells   []string // per agent: "✓ page", "✗ page", "✗ (clarification, gold offered)", …
}

func questionRows(qr *QuestionsResult) []questionRow {
	type key struct{ q, t int }
	var order []key
	rows := map[key]*questionRow{}
	col := map[string]int{}
	for i, a := range qr.Agents {
		col[a] = i
	}
	for _, t := range qr.Turns {
		k := key{t.Question, t.Turn}
		r := rows[k]
		if r == nil {
			msg := t.Message
			if t.Turn > 0 {
				msg = "↳ " + msg
			}
			gold := t.Gold
			switch {
			case t.NearDomain:
				gold = []string{"none (near-domain)"}
			case len(gold) == 0:
				gold = []string{"unknown: " + strings.Join(t.UnknownGold, ", ")}
			}
			r = &questionRow{message: msg, gold: gold, cells: make([]string, len(qr.Agents))}
			rows[k] = r
			order = append(order, k)
		}
		r.cells[col[t.Agent]] = turnCell(t)
	}
	// Questions in set order, each followed by its follow-ups.
	sort.Slice(order, func(i, j int) bool {
		a, b := order[i], order[j]
		return a.q < b.q || a.q == b.q && a.t < b.t
	})
	out := make([]questionRow, len(order))
	for i, k := range order {
		out[i] = *rows[k]
	}
	return out
}

func turnCell(t QuestionTurn) string {
	mark := "✗"
	if t.OnGold || t.NearDomain && !t.Answered {
		mark = "✓"
	}
	var notes []string
	switch {
	case t.AskedWhich:
		notes = append(notes, "asked which")
	case t.Action != dialogue.Resolution:
		notes = append(notes, string(t.Action))
	}
	if t.GoldOffered {
		notes = append(notes, "gold offered")
	}
	if t.Abstained {
		notes = append(notes, "abstained")
	}
	if t.Answered {
		notes = append(notes, "near-domain answered")
	}
	s := mark
	if t.Page != "" {
		s += " " + t.Page
	}
	if len(notes) > 0 {
		s += " (" + strings.Join(notes, ", ") + ")"
	}
	return s
}

func questionsHTML(d *htmlReport, qr *QuestionsResult) {
	d.Questions, d.QuestionsIntro = true, questionsIntro
	names := qr.Agents
	get := func(f func(QuestionMetrics) float64) func(string) float64 {
		return func(a string) float64 { return f(qr.Metrics[a]) }
	}
	d.QuestionCharts = []chart{
		metricChart("First reply on a gold page", names, get(func(x QuestionMetrics) float64 { return x.FirstOnGold }), pct),
		metricChart("Follow-ups on the gold page", names, get(func(x QuestionMetrics) float64 { return x.FollowUpsOnGold }), pct),
	}
	esc := template.HTMLEscapeString
	var t strings.Builder
	t.WriteString("<table><tr><th>agent</th><th>questions</th><th>first reply on gold</th><th>gold offered</th><th>clarified</th><th>abstained</th><th>follow-ups</th><th>follow-ups on gold</th></tr>\n")
	for _, a := range names {
		x := qr.Metrics[a]
		fmt.Fprintf(&t, "<tr><td>%s</td><td>%d</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%d</td><td>%s</td></tr>\n", esc(a), x.Questions,
			pct(x.FirstOnGold), pct(x.GoldOffered), pct(x.Clarified), pct(x.Abstained), x.FollowUps, pct(x.FollowUpsOnGold))
	}
	t.WriteString("</table>\n")
	if anyNearDomain(qr) {
		fmt.Fprintf(&t, "<p>%s</p>\n<table><tr><th>agent</th><th>near-domain questions</th><th>answered cold</th><th>near-domain follow-ups</th><th>answered mid-conversation</th></tr>\n", esc(nearDomainIntro))
		for _, a := range names {
			x := qr.Metrics[a]
			fmt.Fprintf(&t, "<tr><td>%s</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td></tr>\n", esc(a), x.NearDomain, x.NearDomainAnswered, x.NearDomainFollowUps, x.NearDomainFollowUpsAnswered)
		}
		t.WriteString("</table>\n")
	}
	if g := qr.Graph; g != nil {
		fmt.Fprintf(&t, "<p>The graph: %d pages, %d nodes, %s of them with a condition.</p>\n", g.Pages, g.Nodes, pct(g.ConditionShare))
	}
	if qr.UnknownGold > 0 {
		fmt.Fprintf(&t, "<p>%d questions or follow-ups name a gold page the agents do not read; they count as misses.</p>\n", qr.UnknownGold)
	}
	if qr.Baseline != nil {
		baselineHTML(&t, qr)
	}
	t.WriteString("<h3>By question</h3>\n<table><tr><th>message</th><th>gold</th>")
	for _, a := range names {
		fmt.Fprintf(&t, "<th>%s</th>", esc(a))
	}
	t.WriteString("</tr>\n")
	for _, row := range questionRows(qr) {
		fmt.Fprintf(&t, "<tr><td>%s</td><td>%s</td>", esc(row.message), esc(strings.Join(row.gold, ", ")))
		for _, c := range row.cells {
			fmt.Fprintf(&t, "<td>%s</td>", esc(c))
		}
		t.WriteString("</tr>\n")
	}
	t.WriteString("</table>\n")
	d.QuestionTables = template.HTML(t.String()) // every value above is escaped
}
