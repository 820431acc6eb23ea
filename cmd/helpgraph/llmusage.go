package main

import (
	"fmt"
	"io"

	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/llm"
)

// prices returns the price table for cost estimates: the defaults with
// HELPGRAPH_LLM_PRICES over them.
func (m *Main) prices() (llm.Prices, error) {
	p, err := llm.LoadPrices(m.Config.LLMPrices)
	if err != nil {
		return nil, fmt.Errorf("HELPGRAPH_LLM_PRICES: %w", err)
	}
	return p, nil
}

// printLLMUsage prints what client's traffic since before cost, one line,
// for commands that end (chat, simulate, evaluate). Nothing offline.
func (m *Main) printLLMUsage(w io.Writer, what string, client *llm.Client, before llm.Stats) {
	if client == nil {
		return
	}
	prices, err := m.prices()
	if err != nil {
		prices = llm.DefaultPrices() // already reported when the client was opened
	}
	fmt.Fprintf(w, "%s %s\n", what, client.Stats().Sub(before).Summary(prices))
}

// agentOptions are the graph agent's LLM options for client (nil: offline).
func (m *Main) agentOptions(opts dialogue.Options, client *llm.Client) dialogue.Options {
	opts.TurnTimeout = m.Config.TurnTimeout
	opts.Reword = m.Config.LLMReword
	if client != nil {
		opts.LLM = client
		if client.EmbeddingModel() != "" {
			opts.Embedder = client
		}
	}
	return opts
}
