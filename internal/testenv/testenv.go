// Package testenv is the one place where a test that lacks something it
// needs (the shared data, Chromium, PostgreSQL, cgo, a Neo4j server)
// decides what to do: it skips, saying what is missing and how to get it,
// unless HELPGRAPH_REQUIRE_<NEED> is set, as CI sets it (.ci/run), where
// it fails instead. A machine with only Go thus runs `make test` green,
// and CI cannot go green by skipping.
//
//	if _, err := exec.LookPath("chromium"); err != nil {
//		testenv.Missing(t, testenv.Browser, "chromium is not installed (apt-get install chromium)")
//	}
package testenv

import (
	"os"
	"testing"
)

// Need is something a test may need from the machine; its name is the
// suffix of the variable that makes it required.
type Need string

const (
	SharedData Need = "SHARED_DATA" // ../shared/data beside the repository
	Browser    Need = "BROWSER"     // Debian's chromium
	Postgres   Need = "POSTGRES"    // initdb and pg_ctl
	Cgo        Need = "CGO"         // a C compiler and CGO_ENABLED=1 (the embedded query engine)
	Neo4j      Need = "NEO4J"       // HELPGRAPH_TEST_NEO4J_URI, a Neo4j 5 server
	Loopback   Need = "LOOPBACK"    // sending from 127.0.0.2 and other loopback addresses
)

// Env is the variable that turns a missing n from a skip into a failure.
func (n Need) Env() string { return "HELPGRAPH_REQUIRE_" + string(n) }

// Required reports whether n's variable is set (to anything but "" or "0").
func (n Need) Required() bool {
	v := os.Getenv(n.Env())
	return v != "" && v != "0"
}

// Missing ends tb because n is missing, for the reason why: a skip that
// says why and which variable would make it a failure, or, when n is
// required, a failure.
func Missing(tb testing.TB, n Need, why string) {
	tb.Helper()
	if n.Required() {
		tb.Fatalf("%s is set, but %s", n.Env(), why)
		return
	}
	tb.Skipf("skipped: %s (set %s=1 to make this a failure)", why, n.Env())
}
