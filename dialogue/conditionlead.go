package dialogue

import (
	"strings"
	"unicode/utf8"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/english"
)

// withCondition leads res, text of node n, with n's condition worded in
// the language of the agent's pages (english.Situations.Lead: "If you
// booked by phone", "Si ha creado …", "With Tor"), unless res says it
// already.
func (a *GraphAgent) withCondition(n *graph.Node, res string) string {
	lead := english.SituationsFor(a.langs.lang).Lead(n.Condition)
	if lead == "" {
		return res
	}
	if res = withoutLoneNumber(res); saysCondition(res, n.Condition, lead) {
		return res
	}
	if rest, ok := afterCondition(n.Resolution, n.Condition, res); ok {
		return lead + ", " + rest
	}
	// A list goes under its lead: after it on the line, its first item
	// read as a sentence of the lead's and the list began at the second
	// ("On Windows: 1. Close GnuCash." above "1. Run Start > GnuCash…").
	if opensWithList(res) {
		return lead + ":\n" + res
	}
	return lead + ": " + res
}

// afterCondition returns res as the rest of the sentence it was cut from,
// when raw, a node's resolution, opens with its condition cond and a comma
// and res is what follows, taken off and capitalised by the verdict
// ("Falls Sie … wollen, können Sie sie zurück kopieren" is no "Falls Sie
// … wollen: Können Sie sie zurück kopieren", a question): the first
// letter as raw writes it, to follow the condition after its comma.
func afterCondition(raw, cond, res string) (string, bool) {
	t := strings.TrimLeft(raw, "-*+ \t\n")
	c := strings.TrimSpace(cond)
	if c == "" || res == "" {
		return "", false
	}
	for i := 0; i <= maxLeadWord && i+len(c) <= len(t); i++ {
		if !strings.EqualFold(t[i:i+len(c)], c) {
			continue
		}
		after, ok := strings.CutPrefix(strings.TrimLeft(t[i+len(c):], " "), ",")
		if !ok {
			return "", false
		}
		after = strings.TrimLeft(after, " ")
		r, size := utf8.DecodeRuneInString(after)
		_, resSize := utf8.DecodeRuneInString(res)
		if !strings.EqualFold(after[:size], res[:resSize]) || !strings.HasPrefix(after[size:], res[resSize:min(len(res), resSize+40)]) {
			return "", false
		}
		return string(r) + res[resSize:], true
	}
	return "", false
}

// maxLeadWord is how far into a resolution its condition may start: after
// a conjunction the condition left out ("Si", "If", "Lorsqu'").
const maxLeadWord = 12

// saysCondition reports whether text, a node's answer, opens with its
// condition cond, or cond as lead words it ("- Si quiere restaurar su
// respaldo desde un dispositivo, …" under the condition "quiere restaurar
// su respaldo desde un dispositivo"), or its first sentence says it with
// another conjunction (opensSaying): leading it with the condition would
// say it twice.
func saysCondition(text, cond, lead string) bool {
	t := strings.ToLower(strings.TrimLeft(text, "-*+ \t\n"))
	for _, c := range []string{cond, lead} {
		if c = strings.ToLower(strings.TrimRight(strings.TrimSpace(c), ".:;, ")); c != "" && strings.HasPrefix(t, c) {
			return true
		}
	}
	return opensSaying(text, lead)
}
