package dialogue

import (
	"context"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/english"
	"github.com/helpgraph/helpgraph/verdict"
)

func TestSaysCondition(t *testing.T) {
	for _, tc := range []struct {
		lang, text, cond string
		want             bool
	}{
		{"es", "- Si quiere restaurar su respaldo desde un disco, puede copiarlos.", "quiere restaurar su respaldo desde un disco", true},
		{"en", "If you booked by phone, call us.", "you booked by phone", true},
		{"en", "Call us on 555 0100.", "you booked by phone", false},
		{"en", "Members can download a receipt.", "members", true},
		{"en", "Other members pay later.", "members", false},
	} {
		lead := english.SituationsFor(tc.lang).Lead(tc.cond)
		if got := saysCondition(tc.text, tc.cond, lead); got != tc.want {
			t.Errorf("saysCondition(%q, %q) = %v, want %v", tc.text, tc.cond, got, tc.want)
		}
	}
}

// TestConditionLeadsInThePagesLanguage: a situation picked on a Spanish
// page leads its answer in Spanish, and an answer that says its situation
// already is not led by it again.
func TestConditionLeadsInThePagesLanguage(t *testing.T) {
	g := smallHelpCenter("es",
		[2]string{"Restaurar una copia de respaldo", "Puede restaurar sus archivos desde el respaldo."},
		[2]string{"Instalar la aplicación", "Descargue la aplicación desde la tienda e instálela."},
		[2]string{"Cambiar la contraseña", "Abra la configuración y elija Contraseña."},
	)
	root := g.Nodes[0].ID
	g.Nodes = append(g.Nodes,
		graph.Node{ID: "disco", Page: root, Problem: "Restaurar una copia de respaldo (desde un disco)", Condition: "ha guardado el respaldo en un disco externo",
			Actionable: true, Resolution: "Copie los archivos del disco a su equipo."},
		graph.Node{ID: "app", Page: root, Problem: "Restaurar una copia de respaldo (con una aplicación)", Condition: "ha creado el respaldo con una aplicación",
			Actionable: true, Resolution: "Si ha creado el respaldo con una aplicación, restáurelo con la misma aplicación."},
	)
	g.Nodes[0].Actionable = false
	g.Edges = append(g.Edges, graph.Edge{From: root, To: "disco", Type: graph.Child}, graph.Edge{From: root, To: "app", Type: graph.Child})
	for _, tc := range []struct{ pick, want string }{
		{"1", "Si ha guardado el respaldo en un disco externo: Copie los archivos del disco a su equipo."},
		{"2", "Si ha creado el respaldo con una aplicación, restáurelo con la misma aplicación."},
	} {
		a := NewGraphAgent(verdict.Judged(g), Options{})
		s := &Session{}
		if r, err := a.Respond(context.Background(), s, "restaurar una copia de respaldo"); err != nil || r.Action != Clarification {
			t.Fatalf("first reply %s %q (%v), want a clarification", r.Action, r.Text, err)
		}
		r, err := a.Respond(context.Background(), s, tc.pick)
		if err != nil || r.Action != Resolution || r.Text != tc.want {
			t.Errorf("option %s: %s %q (%v), want %q", tc.pick, r.Action, r.Text, err, tc.want)
		}
	}
}

func TestAfterCondition(t *testing.T) {
	for _, tc := range []struct {
		raw, cond, res, want string
		ok                   bool
	}{
		{"- Falls Sie die Sicherung von einer Festplatte, einem Laufwerk wiederherstellen wollen, können Sie sie zurück kopieren.",
			"falls Sie die Sicherung von einer Festplatte, einem Laufwerk wiederherstellen wollen", "Können Sie sie zurück kopieren.", "können Sie sie zurück kopieren.", true},
		{"If you booked by phone, call us on 555 0100.", "you booked by phone", "Call us on 555 0100.", "call us on 555 0100.", true},
		{"Si vous avez un compte, Connexion est en haut.", "vous avez un compte", "Connexion est en haut.", "Connexion est en haut.", true},
		// Not the rest of the sentence: a label's text, or a part further on.
		{"Members: log in first.", "members", "Log in first.", "", false},
		{"If you booked by phone, call us. Have your code ready.", "you booked by phone", "Have your code ready.", "", false},
	} {
		got, ok := afterCondition(tc.raw, tc.cond, tc.res)
		if got != tc.want || ok != tc.ok {
			t.Errorf("afterCondition(%q) = %q %v, want %q %v", tc.raw, got, ok, tc.want, tc.ok)
		}
	}
}
