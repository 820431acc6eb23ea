package dialogue

import (
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/lexical"
)

// TestConditionLeadInThePagesLanguage: the English "If" leads only an
// English reply; a French section under the condition "sur Windows" was
// answered "If sur Windows: 1. Lancez AdGuard" on adguard-fr.
func TestConditionLeadInThePagesLanguage(t *testing.T) {
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "n", Page: "https://help.example.com/push", Problem: "Bloquer les notifications (sur Windows)", Condition: "sur Windows", Actionable: true, Resolution: "Lancez AdGuard."},
	}}
	n := &g.Nodes[0]
	for _, tc := range []struct {
		lang *lexical.Model
		want string
	}{
		{lexical.For("fr"), "Sur Windows: Lancez AdGuard."},
		{lexical.English, "If sur Windows: Lancez AdGuard."}, // an English part reads every condition as English
	} {
		a := newGraphAgent(g, Options{}, tc.lang)
		if got := a.ledByCondition(n, "Lancez AdGuard."); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.lang.Lang(), got, tc.want)
		}
	}
}
