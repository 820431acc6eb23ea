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
// Each agent answers from the pages in the customer's language, else the
// default language's, in its catalog's words (langs).
func (m *Main) newAgent(name string, g *graph.Graph, client *llm.Client, synonyms [][]string, langs *languageFlags) (dialogue.Agent, error) {
	catalog, err := langs.catalog()
	if err != nil {
		return nil, usageError{err}
	}
	switch name {
	case "graph":
		opts := m.agentOptions(dialogue.Options{Logger: m.Logger, Synonyms: synonyms}, client)
		opts.Messages, opts.DefaultLanguage = catalog, langs.defaultLang
		return dialogue.NewGraphAgent(g, opts), nil
	case "rag":
		o := rag.Options{Logger: m.Logger, Messages: catalog}
		if client != nil {
			o.LLM = client
			if client.EmbeddingModel() != "" {
				o.Embedder = client
			}
		}
		return rag.NewByLanguage(g.Pages, langs.defaultLang, o), nil
	case "bm25":
		return pagesearch.NewByLanguage(g.Pages, langs.defaultLang, catalog), nil
	}
	return nil, usageError{fmt.Errorf("unknown agent %q (want graph, rag or bm25)", name)}
}
