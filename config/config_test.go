package config

import (
	"log/slog"
	"testing"
	"time"
)

func lookup(env map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := env[k]; return v, ok }
}

func TestFromLookupDefaults(t *testing.T) {
	c := FromLookup(lookup(nil))
	if c.Store != DefaultStore || c.Model != DefaultModel || c.LLMTimeout != DefaultLLMTimeout ||
		c.LLMCacheDir != DefaultLLMCacheDir || c.ConversationsDB != DefaultConversationsDB || c.Neo4jUser != "neo4j" {
		t.Errorf("defaults: %+v", c)
	}
	if c.LLMConfigured() || c.EmbeddingsConfigured() {
		t.Error("no endpoint set, but LLM or embeddings count as configured")
	}
	if c.AdminToken != "" {
		t.Error("admin token must default to empty (admin pages off)")
	}
}

func TestFromLookup(t *testing.T) {
	tests := []struct {
		name  string
		env   map[string]string
		check func(Config) bool
	}{
		{"store override", map[string]string{"HELPGRAPH_STORE": "neo4j://db:7687"}, func(c Config) bool { return c.Store == "neo4j://db:7687" }},
		{"blank value keeps the default", map[string]string{"HELPGRAPH_STORE": "  "}, func(c Config) bool { return c.Store == DefaultStore }},
		{"key alone configures the LLM", map[string]string{"OPENAI_API_KEY": "sk-x"}, func(c Config) bool { return c.LLMConfigured() && c.EmbeddingsConfigured() }},
		{"base URL alone configures the LLM (Ollama, vLLM)", map[string]string{"OPENAI_BASE_URL": "http://localhost:11434/v1"}, func(c Config) bool { return c.LLMConfigured() }},
		{"embeddings off", map[string]string{"OPENAI_API_KEY": "sk-x", "HELPGRAPH_EMBEDDING_MODEL": "off"}, func(c Config) bool { return c.LLMConfigured() && !c.EmbeddingsConfigured() }},
		{"timeout parsed", map[string]string{"HELPGRAPH_LLM_TIMEOUT": "5s"}, func(c Config) bool { return c.LLMTimeout == 5*time.Second }},
		{"bad timeout keeps the default", map[string]string{"HELPGRAPH_LLM_TIMEOUT": "soon"}, func(c Config) bool { return c.LLMTimeout == DefaultLLMTimeout }},
		{"negative timeout keeps the default", map[string]string{"HELPGRAPH_LLM_TIMEOUT": "-1s"}, func(c Config) bool { return c.LLMTimeout == DefaultLLMTimeout }},
		{"turn timeout parsed", map[string]string{"HELPGRAPH_TURN_TIMEOUT": "2s"}, func(c Config) bool { return c.TurnTimeout == 2*time.Second }},
		{"bad turn timeout keeps the default", map[string]string{"HELPGRAPH_TURN_TIMEOUT": "0s"}, func(c Config) bool { return c.TurnTimeout == DefaultTurnTimeout }},
		{"reword on", map[string]string{"HELPGRAPH_LLM_REWORD": "on"}, func(c Config) bool { return c.LLMReword }},
		{"reword off by default", nil, func(c Config) bool { return !c.LLMReword }},
		{"prices and neo4j database", map[string]string{"HELPGRAPH_LLM_PRICES": "m=1/2", "HELPGRAPH_NEO4J_DATABASE": "support"}, func(c Config) bool { return c.LLMPrices == "m=1/2" && c.Neo4jDatabase == "support" }},
		{"log level debug", map[string]string{"HELPGRAPH_LOG_LEVEL": "debug"}, func(c Config) bool { return c.LogLevel == slog.LevelDebug }},
		{"log level info by default", nil, func(c Config) bool { return c.LogLevel == slog.LevelInfo }},
		{"bad log level keeps info", map[string]string{"HELPGRAPH_LOG_LEVEL": "loud"}, func(c Config) bool { return c.LogLevel == slog.LevelInfo }},
		{"conversations in PostgreSQL", map[string]string{"HELPGRAPH_CONVERSATIONS": "postgres://u:p@db:5432/hg?sslmode=require"}, func(c Config) bool { return c.ConversationsDB == "postgres://u:p@db:5432/hg?sslmode=require" }},
		{"model and admin token", map[string]string{"HELPGRAPH_MODEL": "llama3", "HELPGRAPH_ADMIN_TOKEN": "t0k"}, func(c Config) bool { return c.Model == "llama3" && c.AdminToken == "t0k" }},
	}
	for _, tt := range tests {
		if c := FromLookup(lookup(tt.env)); !tt.check(c) {
			t.Errorf("%s: got %+v", tt.name, c)
		}
	}
}
