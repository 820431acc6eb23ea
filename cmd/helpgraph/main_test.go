package main

import (
	"os"
	"testing"

	"github.com/helpgraph/helpgraph/ask/kuzu"
	"github.com/helpgraph/helpgraph/internal/pgtest"
	"github.com/helpgraph/helpgraph/page"
)

// asMainEnv makes the test binary run as helpgraph itself, so that tests
// can start real helpgraph processes without building one.
const asMainEnv = "HELPGRAPH_TEST_AS_MAIN"

func TestMain(m *testing.M) {
	if len(os.Args) > 1 && (os.Args[1] == kuzu.ChildArg || os.Args[1] == page.AsciiDocChildArg) || os.Getenv(asMainEnv) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(pgtest.Main(m)) // one PostgreSQL cluster for the package's tests, if they ask
}
