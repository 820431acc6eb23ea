package dialogue

import "testing"

// TestWarm: Warm does every language's per-graph work up front, and is
// harmless on an agent with no graph.
func TestWarm(t *testing.T) {
	multi, err := multilingualGraph()
	if err != nil {
		t.Fatal(err)
	}
	for name, a := range map[string]*GraphAgent{
		"one language": NewGraphAgent(sampleGraph(t), Options{}),
		"languages":    NewGraphAgent(multi, Options{}),
		"no graph":     NewGraphAgent(nil, Options{}),
	} {
		t.Run(name, func(t *testing.T) {
			a.Warm()
			a.Warm()
			parts := []*GraphAgent{a}
			if a.langs.parts != nil {
				parts = parts[:0]
				for _, p := range a.langs.parts {
					parts = append(parts, p)
				}
			}
			for _, p := range parts {
				if p.boilerplate.lines == nil || p.situations.nodes == nil {
					t.Errorf("%s part not warmed: boilerplate %v, situations %v", p.langs.lang, p.boilerplate.lines != nil, p.situations.nodes != nil)
				}
			}
		})
	}
}
