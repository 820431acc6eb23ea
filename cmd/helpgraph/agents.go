package main

import (
	"fmt"

	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/dialogue/pagesearch"
	"github.com/helpgraph/helpgraph/dialogue/rag"
	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/llm"
)

// agentNames are the agents simulate and evaluate --replay run by default;
// newAgent also makes "bm25", the page-search baseline.
var agentNames = []string{"graph", "rag"}

// newAgent returns the named agent over g, using client (nil: offline) for
// its LLM steps and, when the client has an embedding model, embeddings.
// synonyms are the help center's own (the graph agent's; see --synonyms).
func (m *Main) newAgent(name string, g *graph.Graph, client *llm.Client, synonyms [][]string) (dialogue.Agent, error) {
	switch name {
	case "graph":
		return dialogue.NewGraphAgent(g, m.agentOptions(dialogue.Options{Logger: m.Logger, Synonyms: synonyms}, client)), nil
	case "rag":
		o := rag.Options{Logger: m.Logger}
		if client != nil {
			o.LLM = client
			if client.EmbeddingModel() != "" {
				o.Embedder = client
			}
		}
		return rag.NewByLanguage(g.Pages, "", o), nil
	case "bm25":
		return pagesearch.NewByLanguage(g.Pages, "", nil), nil
	}
	return nil, usageError{fmt.Errorf("unknown agent %q (want graph, rag or bm25)", name)}
}
