package dialogue

import (
	"strings"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/english"
)

// withCondition leads res, text of node n, with n's condition worded in
// the language of the agent's pages (english.Situations.Lead: "If you
// booked by phone", "Si ha creado …", "With Tor"), unless res says it
// already.
func (a *GraphAgent) withCondition(n *graph.Node, res string) string {
	lead := english.SituationsFor(a.langs.lang).Lead(n.Condition)
	if lead == "" || saysCondition(res, n.Condition, lead) {
		return res
	}
	return lead + ": " + res
}

// saysCondition reports whether text, a node's answer, opens with its
// condition cond, or cond as lead words it ("- Si quiere restaurar su
// respaldo desde un dispositivo, …" under the condition "quiere restaurar
// su respaldo desde un dispositivo"): leading it with the condition would
// say it twice.
func saysCondition(text, cond, lead string) bool {
	t := strings.ToLower(strings.TrimLeft(text, "-*+ \t\n"))
	for _, c := range []string{cond, lead} {
		if c = strings.ToLower(strings.TrimRight(strings.TrimSpace(c), ".:;, ")); c != "" && strings.HasPrefix(t, c) {
			return true
		}
	}
	return false
}
