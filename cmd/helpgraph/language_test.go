package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/config"
)

// TestChatMessagesFile: a help center's message file replaces the bot's
// words in the customer's language.
func TestChatMessagesFile(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	store := filepath.Join(dir, "graph.db")
	build := &Main{Config: config.Config{Store: store}, Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}}
	if err := build.Run(ctx, []string{"build", "--pages", filepath.Join("..", "..", "testdata", "helpcenter"), "--llm", "off"}); err != nil {
		t.Fatalf("build: %v", err)
	}
	msgs := filepath.Join(dir, "hilfe.de.toml")
	if err := os.WriteFile(msgs, []byte("NotFound = \"MARK nicht gefunden\"\nNotFoundInLanguage = \"MARK nicht auf {{.Language}}\"\nOtherLanguage = \"MARK auf {{.Default}}\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	chat := &Main{Config: config.Config{Store: store}, Stdin: strings.NewReader("ich habe ein problem mit meiner zahlung und der rechnung\n"), Stdout: &out, Stderr: &bytes.Buffer{}}
	if err := chat.Run(ctx, []string{"chat", "--llm", "off", "--messages", msgs}); err != nil {
		t.Fatalf("chat: %v", err)
	}
	if !strings.Contains(out.String(), "MARK") {
		t.Errorf("reply to a German message without the file's German text:\n%s", out.String())
	}

	for _, args := range [][]string{
		{"chat", "--llm", "off", "--default-language", "not a tag"},
		{"chat", "--llm", "off", "--messages", filepath.Join(dir, "missing.fr.toml")},
	} {
		m := &Main{Config: config.Config{Store: store}, Stdin: strings.NewReader("hi\n"), Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}}
		if err := m.Run(ctx, args); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}
