// Package config reads Helpgraph's environment in one place. Nothing else in
// the program calls os.Getenv; everything else receives a Config.
package config

import (
	"log/slog"
	"os"
	"strings"
	"time"
)

// Config is the process environment Helpgraph cares about.
type Config struct {
	// Store is where the graph lives: a SQLite file path or a neo4j:// URI.
	Store string
	// Neo4jUser and Neo4jPassword authenticate against a neo4j:// store.
	Neo4jUser, Neo4jPassword string
	// Neo4jDatabase is the Neo4j database to use; empty means the server's
	// default database.
	Neo4jDatabase string

	// LLM endpoint (any OpenAI-compatible server). An empty APIKey and BaseURL
	// means offline: every LLM step takes its deterministic path.
	OpenAIAPIKey   string
	OpenAIBaseURL  string
	Model          string
	EmbeddingModel string
	LLMTimeout     time.Duration
	// LLMCacheDir holds cached LLM responses keyed by model + prompt hash.
	LLMCacheDir string
	// LLMPrices overrides the price table used for cost estimates: inline
	// ("model=prompt/completion,...", per million tokens), JSON, or a file.
	LLMPrices string
	// TurnTimeout bounds the LLM work of one chat turn; what is left then
	// is done offline.
	TurnTimeout time.Duration
	// LLMReword lets the LLM choose and order a resolution's sentences.
	LLMReword bool

	// AdminToken guards the support-team pages; empty disables them.
	AdminToken string
	// ConversationsDB is where chat conversations and handoffs are kept
	// (HELPGRAPH_CONVERSATIONS): a SQLite file, which one serve process
	// writes, or a postgres:// URL, which any number of serve replicas
	// share.
	ConversationsDB string

	// IntercomToken is the Intercom access token for build --intercom
	// (HELPGRAPH_INTERCOM_TOKEN). build --zendesk and --freshdesk use the
	// same credentials as the desk's adapters (Desk.ZendeskEmail and
	// ZendeskToken, without which public articles are read anonymously;
	// Desk.FreshdeskAPIKey).
	IntercomToken string
	// HelpScoutAPIKey is the Help Scout Docs API key for build --helpscout
	// (HELPGRAPH_HELPSCOUT_API_KEY).
	HelpScoutAPIKey string
	// Document360Token is the Document360 API token for build
	// --document360 (HELPGRAPH_DOCUMENT360_API_TOKEN).
	Document360Token string
	// ConfluenceEmail and ConfluenceToken are the credentials of build
	// --confluence (HELPGRAPH_CONFLUENCE_EMAIL, HELPGRAPH_CONFLUENCE_TOKEN):
	// an Atlassian account's email and API token, or a Data Center personal
	// access token alone; unset, a public space is read anonymously.
	ConfluenceEmail, ConfluenceToken string
	// MediaWikiUser and MediaWikiPassword are a private wiki's bot
	// password for build --mediawiki (HELPGRAPH_MEDIAWIKI_USER,
	// HELPGRAPH_MEDIAWIKI_PASSWORD); unset, a public wiki is read
	// anonymously.
	MediaWikiUser, MediaWikiPassword string
	// Desk is how the support team, its help desk and customers are reached.
	Desk Desk

	// LogLevel is the least level logged: debug shows every served request,
	// info (the default) only client errors and failures among them.
	LogLevel slog.Level
}

// Defaults used when a variable is unset.
const (
	DefaultStore           = "data/helpgraph.db"
	DefaultModel           = "gpt-4o-mini"
	DefaultEmbeddingModel  = "text-embedding-3-small"
	DefaultLLMCacheDir     = "data/llm-cache"
	DefaultConversationsDB = "data/conversations.db"
	DefaultLLMTimeout      = 60 * time.Second
	DefaultTurnTimeout     = 5 * time.Second
)

// FromEnv reads the configuration from the process environment.
func FromEnv() Config { return FromLookup(os.LookupEnv) }

// FromLookup reads the configuration through lookup, so tests can pass a map.
func FromLookup(lookup func(string) (string, bool)) Config {
	get := func(key, def string) string {
		if v, ok := lookup(key); ok && strings.TrimSpace(v) != "" {
			return strings.TrimSpace(v)
		}
		return def
	}
	timeout := DefaultLLMTimeout
	if d, err := time.ParseDuration(get("HELPGRAPH_LLM_TIMEOUT", "")); err == nil && d > 0 {
		timeout = d
	}
	turnTimeout := DefaultTurnTimeout
	if d, err := time.ParseDuration(get("HELPGRAPH_TURN_TIMEOUT", "")); err == nil && d > 0 {
		turnTimeout = d
	}
	// A level that does not parse keeps the default, as other values do.
	var level slog.Level
	if err := level.UnmarshalText([]byte(get("HELPGRAPH_LOG_LEVEL", "info"))); err != nil {
		level = slog.LevelInfo
	}
	reword := false
	switch strings.ToLower(get("HELPGRAPH_LLM_REWORD", "")) {
	case "1", "true", "on", "yes":
		reword = true
	}
	return Config{
		Store:             get("HELPGRAPH_STORE", DefaultStore),
		Neo4jUser:         get("HELPGRAPH_NEO4J_USER", "neo4j"),
		Neo4jPassword:     get("HELPGRAPH_NEO4J_PASSWORD", ""),
		Neo4jDatabase:     get("HELPGRAPH_NEO4J_DATABASE", ""),
		LLMPrices:         get("HELPGRAPH_LLM_PRICES", ""),
		TurnTimeout:       turnTimeout,
		LLMReword:         reword,
		OpenAIAPIKey:      get("OPENAI_API_KEY", ""),
		OpenAIBaseURL:     get("OPENAI_BASE_URL", ""),
		Model:             get("HELPGRAPH_MODEL", DefaultModel),
		EmbeddingModel:    get("HELPGRAPH_EMBEDDING_MODEL", DefaultEmbeddingModel),
		LLMTimeout:        timeout,
		LLMCacheDir:       get("HELPGRAPH_LLM_CACHE", DefaultLLMCacheDir),
		AdminToken:        get("HELPGRAPH_ADMIN_TOKEN", ""),
		ConversationsDB:   get("HELPGRAPH_CONVERSATIONS", DefaultConversationsDB),
		LogLevel:          level,
		IntercomToken:     get("HELPGRAPH_INTERCOM_TOKEN", ""),
		HelpScoutAPIKey:   get("HELPGRAPH_HELPSCOUT_API_KEY", ""),
		Document360Token:  get("HELPGRAPH_DOCUMENT360_API_TOKEN", ""),
		ConfluenceEmail:   get("HELPGRAPH_CONFLUENCE_EMAIL", ""),
		ConfluenceToken:   get("HELPGRAPH_CONFLUENCE_TOKEN", ""),
		MediaWikiUser:     get("HELPGRAPH_MEDIAWIKI_USER", ""),
		MediaWikiPassword: get("HELPGRAPH_MEDIAWIKI_PASSWORD", ""),
		Desk:              readDesk(get),
	}
}

// LLMConfigured reports whether an LLM endpoint is set. A base URL alone is
// enough: local servers (Ollama, vLLM) often need no key.
func (c Config) LLMConfigured() bool { return c.OpenAIAPIKey != "" || c.OpenAIBaseURL != "" }

// EmbeddingsConfigured reports whether embeddings can be requested: they go to
// the same endpoint, so an LLM endpoint is needed; HELPGRAPH_EMBEDDING_MODEL=off turns them off.
func (c Config) EmbeddingsConfigured() bool {
	return c.LLMConfigured() && c.EmbeddingModel != "" && c.EmbeddingModel != "off"
}
