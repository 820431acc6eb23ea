package main

import (
	"errors"
	"fmt"

	"github.com/helpgraph/helpgraph/llm"
)

// openLLM returns the LLM client for a command's --llm mode: "off" is
// offline (nil client), "auto" uses the endpoint if one is configured, and
// "on" requires one.
func (m *Main) openLLM(mode string) (*llm.Client, error) {
	return m.openLLMWith(mode, nil)
}

// buildBreakerThreshold is how many consecutive endpoint failures stop a
// build's LLM calls: a build runs for minutes and can ride out one stalled
// request, where a chat turn cannot.
const buildBreakerThreshold = 3

// openLLMWith is openLLM with tweak applied to the client's configuration.
func (m *Main) openLLMWith(mode string, tweak func(*llm.Config)) (*llm.Client, error) {
	switch mode {
	case "off":
		return nil, nil
	case "auto":
		if !m.Config.LLMConfigured() {
			return nil, nil
		}
	case "on":
		if !m.Config.LLMConfigured() {
			return nil, errors.New("--llm=on but no LLM endpoint is configured (set OPENAI_API_KEY and/or OPENAI_BASE_URL)")
		}
	default:
		return nil, usageError{fmt.Errorf("--llm must be off, auto or on, not %q", mode)}
	}
	embeddingModel := m.Config.EmbeddingModel
	if !m.Config.EmbeddingsConfigured() {
		embeddingModel = ""
	}
	cfg := llm.Config{
		APIKey:         m.Config.OpenAIAPIKey,
		BaseURL:        m.Config.OpenAIBaseURL,
		Model:          m.Config.Model,
		EmbeddingModel: embeddingModel,
		CacheDir:       m.Config.LLMCacheDir,
		Timeout:        m.Config.LLMTimeout,
		Logger:         m.Logger,
	}
	if tweak != nil {
		tweak(&cfg)
	}
	c, err := llm.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("opening LLM client: %w", err)
	}
	if _, err := m.prices(); err != nil {
		return nil, err
	}
	return c, nil
}
