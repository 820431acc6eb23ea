// Package shareddata finds the real help-center data kept beside the
// repository (../shared/data, see the README's Data section) for tests.
package shareddata

import (
	"os"
	"path/filepath"
	"testing"
)

// RequireEnv makes a missing data set fail the test instead of skipping it
// (for CI machines that are meant to have it).
const RequireEnv = "HELPGRAPH_REQUIRE_SHARED_DATA"

// Doc2DialSSA returns the doc2dial ssa folder (../shared/data/doc2dial-ssa
// relative to the repository root). When it is absent the test is skipped
// with a message saying where it was looked for, or fails when RequireEnv
// is set.
func Doc2DialSSA(tb testing.TB) string {
	tb.Helper()
	return find(tb, "doc2dial-ssa", "dialogues.jsonl")
}

func find(tb testing.TB, name, marker string) string {
	tb.Helper()
	root, err := repoRoot()
	if err != nil {
		tb.Fatalf("finding the repository root: %v", err)
	}
	dir := filepath.Join(filepath.Dir(root), "shared", "data", name)
	if _, err := os.Stat(filepath.Join(dir, marker)); err != nil {
		msg := "shared data set " + name + " not found at " + dir + " (the repository's sibling folder shared/data); skipping"
		if os.Getenv(RequireEnv) != "" {
			tb.Fatalf("%s is set but %s", RequireEnv, msg)
		}
		tb.Skip(msg)
	}
	return dir
}

// repoRoot is the nearest folder above the working directory (a test's
// package folder) that holds go.mod.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", os.ErrNotExist
		}
		dir = parent
	}
}

// AdguardKB returns the AdGuard knowledge base folder
// (../shared/data/helpcenters/adguard-kb), a Docusaurus help center with
// one folder per language; skipped or failed as Doc2DialSSA.
func AdguardKB(tb testing.TB) string {
	tb.Helper()
	return find(tb, filepath.Join("helpcenters", "adguard-kb"), filepath.Join("en", "intro.md"))
}
