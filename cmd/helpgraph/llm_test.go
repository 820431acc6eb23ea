package main

import (
	"io"
	"log/slog"
	"testing"

	"github.com/helpgraph/helpgraph/config"
)

func TestOpenLLM(t *testing.T) {
	configured := config.Config{OpenAIBaseURL: "http://localhost:11434/v1", Model: "llama3", EmbeddingModel: "off", LLMCacheDir: t.TempDir()}
	tests := []struct {
		name       string
		mode       string
		cfg        config.Config
		wantClient bool
		wantErr    bool
	}{
		{"off ignores endpoint", "off", configured, false, false},
		{"auto without endpoint", "auto", config.Config{Model: "m"}, false, false},
		{"auto with endpoint", "auto", configured, true, false},
		{"on with endpoint", "on", configured, true, false},
		{"on without endpoint", "on", config.Config{Model: "m"}, false, true},
		{"bad mode", "sometimes", configured, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &Main{Config: tt.cfg, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
			c, err := m.openLLM(tt.mode)
			if (err != nil) != tt.wantErr {
				t.Fatalf("openLLM(%q) error = %v, want error %v", tt.mode, err, tt.wantErr)
			}
			if (c != nil) != tt.wantClient {
				t.Fatalf("openLLM(%q) client = %v, want client %v", tt.mode, c, tt.wantClient)
			}
			if c != nil && (c.Model() != "llama3" || c.EmbeddingModel() != "") {
				t.Errorf("client models = %q, %q; want llama3 and none (embeddings off)", c.Model(), c.EmbeddingModel())
			}
		})
	}
}
