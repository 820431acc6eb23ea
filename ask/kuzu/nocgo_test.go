//go:build !cgo

package kuzu_test

import (
	"testing"

	"github.com/helpgraph/helpgraph/internal/testenv"
)

// Without cgo the engine's tests are not built; this one says so, and
// fails under HELPGRAPH_REQUIRE_CGO.
func TestKuzuNeedsCgo(t *testing.T) {
	testenv.Missing(t, testenv.Cgo, "the Kùzu tests need cgo (gcc and CGO_ENABLED=1)")
}
