package ask

import (
	"fmt"
	"strings"
)

// query is a statement being written: its MATCH patterns and WHERE conditions.
type query struct {
	match    []string
	optional []string
	where    []string
}

func (q *query) String() string {
	var b strings.Builder
	b.WriteString("MATCH " + strings.Join(q.match, ", "))
	for _, o := range q.optional {
		b.WriteString(" OPTIONAL MATCH " + o)
	}
	if len(q.where) > 0 {
		b.WriteString(" WHERE " + strings.Join(q.where, " AND "))
	}
	return b.String()
}

// Compile writes the form as one read-only statement in the Cypher that
// Kùzu and Neo4j share. Variables: p a page, n a node, h a handoff, c a
// conversation.
func Compile(f Form) (string, error) {
	if f.Return == ReturnTop || f.Having.Op != "" {
		return compileGrouped(f)
	}
	q, err := scope(f.Subject, f.Filters, f.Return == ReturnShare)
	if err != nil {
		return "", err
	}
	v := subjectVar(f.Subject)
	switch f.Return {
	case ReturnCount:
		label := plural(f.Subject)
		if f.Label != "" {
			label = f.Label
		}
		return fmt.Sprintf("%s RETURN count(DISTINCT %s) AS %s", q, v, label), nil
	case ReturnShare:
		if len(f.Filters) == 0 {
			return "", fmt.Errorf("a share needs a condition: the share of %s that are what?", plural(f.Subject))
		}
		last := f.Filters[len(f.Filters)-1]
		cond, err := condition(last, f.Subject, varsOf(q))
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("%s WITH DISTINCT %s, CASE WHEN %s THEN 1 ELSE 0 END AS hit WITH count(*) AS total, sum(hit) AS matching RETURN matching, total, CASE WHEN total = 0 THEN 0.0 ELSE round(100.0 * matching / total, 1) END AS percent", q, v, cond), nil
	case ReturnList, "":
		switch {
		case f.Subject != SubjectNode || f.Show == "":
		case f.Show == ShowIntents:
			return q.String() + " UNWIND n.intents AS intent RETURN DISTINCT intent", nil
		case f.Show == ShowResolution || f.Show == ShowCondition:
			return q.String() + " RETURN n." + f.Show + " AS " + f.Show, nil
		default:
			return "", fmt.Errorf("cannot show %q", f.Show)
		}
		return q.String() + " RETURN " + listColumns(f), nil
	}
	return "", fmt.Errorf("unknown return %q", f.Return)
}

// listColumns are what a list shows of each subject. A list confined to one
// page leaves out the page column.
func listColumns(f Form) string {
	switch f.Subject {
	case SubjectPage:
		if f.hasChanged() {
			return "DISTINCT p.title AS title, p.change AS change"
		}
		return "DISTINCT p.title AS title"
	case SubjectNode:
		// A node matched alone or with its one page is not repeated:
		// DISTINCT would merge two nodes with the same problem.
		cols := "n.problem AS problem"
		if !f.onOnePage() {
			cols += ", n.page AS page"
		}
		if f.hasPositive(FilterConditioned) {
			cols += ", n.condition AS condition"
		}
		return cols
	case SubjectHandoff:
		return "h.id AS handoff, h.created_at AS created_at, h.intent AS intent, h.handled AS handled"
	case SubjectConversation:
		return "c.id AS conversation, c.turns AS turns, c.last_action AS outcome"
	case SubjectReference:
		return "a.problem AS from_problem, a.page AS from_page, b.page AS to_page"
	}
	return "*"
}

// hasChanged: the list shows what changed ("added" or "changed") when
// the question asks for both.
func (f Form) hasChanged() bool {
	for _, fl := range f.Filters {
		if fl.Kind == FilterChanged && !fl.Not && fl.Value == "" {
			return true
		}
	}
	return false
}

func (f Form) hasPositive(kind string) bool {
	for _, fl := range f.Filters {
		if fl.Kind == kind && !fl.Not {
			return true
		}
	}
	return false
}

func (f Form) onOnePage() bool {
	for _, fl := range f.Filters {
		if (fl.Kind == FilterOnPage || fl.Kind == FilterChildOf) && !fl.Not {
			return true
		}
	}
	return false
}

func subjectVar(subject string) string {
	switch subject {
	case SubjectPage:
		return "p"
	case SubjectHandoff:
		return "h"
	case SubjectConversation:
		return "c"
	case SubjectReference:
		return "r"
	}
	return "n"
}

func plural(subject string) string {
	switch subject {
	case SubjectNode:
		return "problems"
	case SubjectReference:
		return "references"
	}
	return subject + "s"
}

// needs says which variables a set of filters refers to.
func needs(subject string, filters []Filter) (node, page bool) {
	for _, fl := range filters {
		switch {
		case fl.Kind == FilterOnPage || fl.Kind == FilterInSection:
			// A node knows its page's URL: no join for these.
			page = page || subject != SubjectNode
		case fl.On == SubjectNode:
			node = true
		case fl.On == SubjectPage:
			page = true
		}
	}
	return node, page
}

// scope matches the subject joined to what its filters need, with the
// filters as conditions. share leaves the last filter out: it is the
// condition counted, not the population.
func scope(subject string, filters []Filter, share bool) (*query, error) {
	conds := filters
	if share && len(conds) > 0 {
		conds = conds[:len(conds)-1]
	}
	needNode, needPage := needs(subject, filters)
	q := &query{}
	switch subject {
	case SubjectNode:
		if needPage {
			q.match = []string{"(n:HelpgraphNode)-[:ON_PAGE]->(p:HelpgraphPage)"}
		} else {
			q.match = []string{"(n:HelpgraphNode)"}
		}
	case SubjectPage:
		if needNode {
			q.match = []string{"(n:HelpgraphNode)-[:ON_PAGE]->(p:HelpgraphPage)"}
		} else {
			q.match = []string{"(p:HelpgraphPage)"}
		}
	case SubjectHandoff, SubjectConversation:
		v, label := "h", "Handoff"
		if subject == SubjectConversation {
			v, label = "c", "Conversation"
		}
		switch {
		case needPage:
			q.match = []string{fmt.Sprintf("(%s:%s)-[:ENDED_ON]->(n:HelpgraphNode)-[:ON_PAGE]->(p:HelpgraphPage)", v, label)}
		case needNode:
			q.match = []string{fmt.Sprintf("(%s:%s)-[:ENDED_ON]->(n:HelpgraphNode)", v, label)}
		default:
			q.match = []string{fmt.Sprintf("(%s:%s)", v, label)}
		}
	case SubjectReference:
		q.match = []string{"(a:HelpgraphNode)-[r:REFERENCE]->(b:HelpgraphNode)"}
	default:
		return nil, fmt.Errorf("unknown subject %q", subject)
	}
	vars := varsOf(q)
	for _, fl := range conds {
		c, err := condition(fl, subject, vars)
		if err != nil {
			return nil, err
		}
		q.where = append(q.where, c)
	}
	return q, nil
}

// varsOf lists the variables a query's patterns bind.
func varsOf(q *query) map[string]bool {
	m := strings.Join(q.match, " ")
	vars := map[string]bool{}
	for _, v := range []string{"n", "p", "h", "c", "a", "r"} {
		if strings.Contains(m, "("+v+":") || strings.Contains(m, "["+v+":") {
			vars[v] = true
		}
	}
	return vars
}

// condition writes one filter over the variables bound.
func condition(fl Filter, subject string, vars map[string]bool) (string, error) {
	c, err := positive(fl, subject, vars)
	if err != nil || !fl.Not {
		return c, err
	}
	return "NOT (" + c + ")", nil
}

func positive(fl Filter, subject string, vars map[string]bool) (string, error) {
	// The URL of "the page": the page variable, else a node's or reference's page property.
	pageURL := "p.url"
	if !vars["p"] {
		switch {
		case vars["n"]:
			pageURL = "n.page"
		case vars["a"]:
			pageURL = "a.page"
		}
	}
	node := "n"
	if subject == SubjectReference {
		node = "a"
	}
	val := quote(fl.Value)
	switch fl.Kind {
	case FilterOnPage:
		return pageURL + " = " + val, nil
	case FilterInSection:
		return pageURL + " CONTAINS " + val, nil
	case FilterUnresolved:
		return node + ".resolution = ''", nil
	case FilterActionable:
		return node + ".actionable = true", nil
	case FilterRoot:
		return node + ".root = true", nil
	case FilterLeaf:
		return "NOT EXISTS { MATCH (" + node + ")-[:CHILD]->(:HelpgraphNode) }", nil
	case FilterConditioned:
		return node + ".condition <> ''", nil
	case FilterHollow:
		return node + ".resolution = '' AND NOT EXISTS { MATCH (" + node + ")-[:CHILD]->(:HelpgraphNode) } AND NOT EXISTS { MATCH (" + node + ")-[:REFERENCE]->(:HelpgraphNode) }", nil
	case FilterWaiting:
		if vars["h"] {
			return "h.handled = false", nil
		}
		return "EXISTS { MATCH (:Handoff {handled: false})-[:OF]->(c) }", nil
	case FilterSince, FilterBefore:
		op := ">="
		if fl.Kind == FilterBefore {
			op = "<"
		}
		switch {
		case vars["h"]:
			return "h.created_at " + op + " " + val, nil
		case vars["c"]:
			return "EXISTS { MATCH (x:Handoff)-[:OF]->(c) WHERE x.created_at " + op + " " + val + " }", nil
		}
		return "", fmt.Errorf("a time range needs handoffs or conversations")
	case FilterNoPage:
		v := "h"
		if vars["c"] {
			v = "c"
		}
		return "NOT EXISTS { MATCH (" + v + ")-[:ENDED_ON]->(:HelpgraphNode) }", nil
	case FilterProblem:
		return node + ".problem = " + val, nil
	case FilterRatedDown:
		if fl.On == SubjectPage && !vars["n"] {
			return "EXISTS { MATCH (x:HelpgraphNode)-[:ON_PAGE]->(p) WHERE x.unhelpful > 0 }", nil
		}
		return node + ".unhelpful > 0", nil
	case FilterChildOf:
		return "EXISTS { MATCH (x:HelpgraphNode)-[:CHILD*1..10]->(" + node + ") WHERE x.problem = " + val + " }", nil
	case FilterChanged:
		if fl.Value == "added" {
			return "p.change = 'added'", nil
		}
		return "p.change IN ['added', 'changed']", nil
	case FilterFailed:
		return "p.status = 'failed'", nil
	}
	if fl.On == SubjectPage {
		switch fl.Kind {
		case FilterMentions:
			return "toLower(p.text) CONTAINS " + val, nil
		case FilterLinksOut:
			return "EXISTS { MATCH (p)<-[:ON_PAGE]-(:HelpgraphNode)-[:REFERENCE]->(:HelpgraphNode) }", nil
		case FilterLinksTo:
			return "EXISTS { MATCH (p)<-[:ON_PAGE]-(:HelpgraphNode)-[:REFERENCE]->(:HelpgraphNode)-[:ON_PAGE]->(t:HelpgraphPage) WHERE t.url = " + val + " }", nil
		case FilterLinkedFrom:
			return "EXISTS { MATCH (s:HelpgraphPage)<-[:ON_PAGE]-(:HelpgraphNode)-[:REFERENCE]->(:HelpgraphNode)-[:ON_PAGE]->(p) WHERE s.url = " + val + " }", nil
		case FilterReferenced:
			return "EXISTS { MATCH (:HelpgraphNode)-[:REFERENCE]->(:HelpgraphNode)-[:ON_PAGE]->(p) }", nil
		case FilterEscalated:
			return "EXISTS { MATCH (:Handoff)-[:ENDED_ON]->(:HelpgraphNode)-[:ON_PAGE]->(p) }", nil
		}
	}
	switch fl.Kind {
	case FilterMentions:
		return "toLower(" + node + ".problem) CONTAINS " + val, nil
	case FilterLinksOut:
		return "EXISTS { MATCH (" + node + ")-[:REFERENCE]->(:HelpgraphNode) }", nil
	case FilterLinksTo:
		return "EXISTS { MATCH (" + node + ")-[:REFERENCE]->(:HelpgraphNode)-[:ON_PAGE]->(t:HelpgraphPage) WHERE t.url = " + val + " }", nil
	case FilterReferenced:
		return "EXISTS { MATCH (:HelpgraphNode)-[:REFERENCE]->(" + node + ") }", nil
	case FilterEscalated:
		return "EXISTS { MATCH (:Handoff)-[:ENDED_ON]->(" + node + ") }", nil
	}
	return "", fmt.Errorf("filter %s does not apply to %s", fl, plural(subject))
}

// compileGrouped writes a top-k or a having question: the subject grouped,
// counted by its measure.
func compileGrouped(f Form) (string, error) {
	label, key := "title", "p.title"
	if f.Subject == SubjectNode {
		label, key = "problem", "n.problem"
	}
	var q *query
	var err error
	var counted, measure string
	switch {
	case f.Subject == SubjectPage && (f.Measure == SubjectNode || f.Measure == ""):
		// Every node is on a page: match from the nodes.
		q = &query{match: []string{"(n:HelpgraphNode)-[:ON_PAGE]->(p:HelpgraphPage)"}}
		if q, err = rescope(q, SubjectNode, f.Filters); err != nil {
			return "", err
		}
		counted, measure = "n", "problems"
	case (f.Subject == SubjectPage || f.Subject == SubjectNode) && (f.Measure == SubjectHandoff || f.Measure == SubjectConversation):
		v, lbl := "h", "Handoff"
		if f.Measure == SubjectConversation {
			v, lbl = "c", "Conversation"
		}
		_, needPage := needs(SubjectNode, f.Filters)
		target := "(n:HelpgraphNode)"
		if f.Subject == SubjectPage || needPage {
			target = "(n:HelpgraphNode)-[:ON_PAGE]->(p:HelpgraphPage)"
		}
		nodeFilters := false
		for _, fl := range f.Filters {
			if fl.On != SubjectHandoff {
				nodeFilters = true
			}
		}
		q = &query{match: []string{fmt.Sprintf("(%s:%s)", v, lbl)}}
		if nodeFilters {
			q.match = []string{fmt.Sprintf("(%s:%s)-[:ENDED_ON]->%s", v, lbl, target)}
		} else {
			// Handoffs that ended on no node count under "No page".
			q.optional = []string{fmt.Sprintf("(%s)-[:ENDED_ON]->%s", v, target)}
			key = "coalesce(" + key + ", 'No page')"
		}
		vars := varsOf(q)
		vars["n"], vars[v] = true, true
		if f.Subject == SubjectPage || needPage {
			vars["p"] = true
		}
		for _, fl := range f.Filters {
			c, err := condition(fl, f.Measure, vars)
			if err != nil {
				return "", err
			}
			q.where = append(q.where, c)
		}
		if len(q.optional) > 0 && len(q.where) > 0 {
			// Conditions on the handoff belong before the OPTIONAL MATCH.
			s := fmt.Sprintf("MATCH (%s:%s) WHERE %s OPTIONAL MATCH %s", v, lbl, strings.Join(q.where, " AND "), q.optional[0])
			return groupTail(s, key, label, "count("+v+")", plural(f.Measure), f), nil
		}
		counted, measure = v, plural(f.Measure)
	case f.Subject == SubjectPage && f.Measure == MeasureReferrers:
		if q, err = scope(SubjectPage, f.Filters, false); err != nil {
			return "", err
		}
		q.match = append(q.match, "(a:HelpgraphNode)-[:REFERENCE]->(:HelpgraphNode)-[:ON_PAGE]->(p)")
		counted, measure = "a", "references"
	case f.Subject == SubjectNode && f.Measure == MeasureChildren:
		if q, err = scope(SubjectNode, f.Filters, false); err != nil {
			return "", err
		}
		q.match = append(q.match, "(n)-[:CHILD]->(x:HelpgraphNode)")
		counted, measure = "x", "sub_problems"
	case (f.Subject == SubjectNode || f.Subject == SubjectPage) && f.Measure == MeasureThumbsDown:
		q = &query{match: []string{"(n:HelpgraphNode)"}}
		if f.Subject == SubjectPage {
			q.match = []string{"(n:HelpgraphNode)-[:ON_PAGE]->(p:HelpgraphPage)"}
		}
		if q, err = rescope(q, SubjectNode, f.Filters); err != nil {
			return "", err
		}
		q.where = append(q.where, "n.unhelpful > 0")
		return groupTail(q.String(), key, label, "sum(n.unhelpful)", "thumbs_down", f), nil
	case f.Subject == SubjectNode && f.Measure == MeasureIntents:
		if q, err = scope(SubjectNode, f.Filters, false); err != nil {
			return "", err
		}
		return groupTail(q.String(), key, label, "size(n.intents)", "intents", f), nil
	default:
		return "", fmt.Errorf("cannot rank %s by %s", plural(f.Subject), f.Measure)
	}
	return groupTail(q.String(), key, label, "count("+counted+")", measure, f), nil
}

// rescope rebuilds the conditions after the patterns changed.
func rescope(q *query, subject string, filters []Filter) (*query, error) {
	q.where = nil
	vars := varsOf(q)
	for _, fl := range filters {
		c, err := condition(fl, subject, vars)
		if err != nil {
			return nil, err
		}
		q.where = append(q.where, c)
	}
	return q, nil
}

func groupTail(match, key, label, agg, measure string, f Form) string {
	s := fmt.Sprintf("%s WITH %s AS %s, %s AS %s", match, key, label, agg, measure)
	if f.Having.Op != "" {
		s += fmt.Sprintf(" WHERE %s %s %d", measure, f.Having.Op, f.Having.N)
	}
	if f.Having.Op == "=" {
		// Every row has the same count: the names say it all.
		return s + fmt.Sprintf(" RETURN %s ORDER BY %s", label, label)
	}
	s += fmt.Sprintf(" RETURN %s, %s ORDER BY %s DESC, %s", label, measure, measure, label)
	if f.Return == ReturnTop {
		s += fmt.Sprintf(" LIMIT %d", f.topK())
	}
	return s
}
