package kuzu_test

import (
	"os"
	"testing"

	"github.com/helpgraph/helpgraph/ask/kuzu"
)

// TestMain runs the test binary as the query engine's child when the box
// starts it so (the helpgraph binary does the same in main).
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == kuzu.ChildArg {
		os.Exit(kuzu.ChildMain())
	}
	os.Exit(m.Run())
}
