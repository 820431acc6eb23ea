package dialogue

import (
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestTitledElsewhere checks the rule that offers, on a first request's
// miss, the best-ranked section's page before the page leading on
// whole-page evidence: when it is another page, whose title names more of
// the request (as Fiber's Limiter page against its long page of config
// fields, for "how can i limit requests per ip").
func TestTitledElsewhere(t *testing.T) {
	const limiter, config, cors = "https://docs.example.com/limiter", "https://docs.example.com/config", "https://docs.example.com/cors"
	g := &graph.Graph{
		Pages: []graph.Page{{URL: limiter, Title: "Limiter"}, {URL: config, Title: "App settings"}, {URL: cors, Title: "CORS limits"}},
		Nodes: []graph.Node{
			{ID: "limiter", Page: limiter, Problem: "Limiter", Resolution: "Limiter is a middleware that limits repeated requests to public APIs.", Root: true},
			{ID: "limiter-config", Page: limiter, Problem: "Config", Resolution: "Max: how many requests a client may send in the window."},
			{ID: "config", Page: config, Problem: "Config fields", Resolution: "Concurrency: the most connections per IP. BodyLimit: the largest body of a request.", Root: true},
			{ID: "cors", Page: cors, Problem: "Allowed origins", Resolution: "The origins whose requests are allowed.", Root: true},
			{ID: "hollow", Page: limiter, Problem: "Limiter reference"},
		},
		Edges: []graph.Edge{{From: "limiter", To: "limiter-config", Type: graph.Child}},
	}
	a := NewGraphAgent(g, Options{})
	r := a.readText("how can i limit requests per ip")
	for _, tc := range []struct {
		name      string
		top, lead string
		want      bool
	}{
		{"another page whose title names the request", "limiter", "config", true},
		{"its section below the title too", "limiter-config", "config", true},
		{"the leader's own page", "limiter-config", "limiter", false},
		{"a title naming less than the leader's", "config", "limiter", false},
		{"titles naming as much", "cors", "limiter", false},
		{"a heading with nothing under it", "hollow", "config", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := a.titledElsewhere(r, tc.top, tc.lead); got != tc.want {
				t.Errorf("titledElsewhere(%s, %s) = %v, want %v", tc.top, tc.lead, got, tc.want)
			}
		})
	}
}
