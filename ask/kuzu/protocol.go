package kuzu

import (
	"encoding/gob"
	"errors"
	"time"

	"github.com/helpgraph/helpgraph/ask"
)

// ChildArg, as the first argument of the helpgraph binary (or of a test
// binary whose TestMain checks for it), runs ChildMain: the query engine's
// side of the box. It is not a command people use.
const ChildArg = "__helpgraph-query-engine"

// ErrNoCgo is returned by Open and NewBox in a build without cgo: the Kùzu
// engine is a native library. Everything else in Helpgraph works without it.
var ErrNoCgo = errors.New("the embedded query engine (Kùzu) needs a build with cgo: install gcc and build with CGO_ENABLED=1")

// The parent and the child talk gob over the child's stdin and stdout: one
// hello, one ready, then a request and a response per query. A third pipe
// (the child's fd 3) carries the number of the message whose work the
// parent gives up on (hello is 1, each request one more): see canceller.

// hello is the first message: what to load and how much it may use.
type hello struct {
	Snapshot    *ask.Snapshot
	Memory      int64  // bytes the child may grow by after loading
	BufferPool  uint64 // the engine's buffer pool, bytes
	MaxBytes    int64  // result size, bytes
	LoadTimeout time.Duration
}

// ready answers hello once the database is loaded and opened read-only.
type ready struct {
	Err string
}

// request is a query, or, with Update set, handoffs to add or update.
type request struct {
	Update   bool
	Handoffs []ask.Handoff
	Cypher   string
	MaxRows  int
	Timeout  time.Duration
	CPU      time.Duration // CPU time for this query, all threads together
}

// Kinds of error a response carries.
const (
	errQuery    = iota + 1 // the engine's own error message
	errTooLarge            // past MaxBytes
	errMemory              // the engine ran out of its memory
	errTimeout             // interrupted by the timeout
)

type response struct {
	Result  ask.Result
	Err     string
	ErrKind int
}

// Exit codes of the child that say which limit ended it.
const exitCPU = 3

func init() {
	// Result rows hold these in interface values.
	gob.Register(map[string]any{})
	gob.Register([]any{})
}

// sizeOf estimates the bytes a result value takes once encoded, so the
// child can stop a result that grows too large while it reads it.
func sizeOf(v any) int64 {
	switch v := v.(type) {
	case string:
		return int64(len(v)) + 2
	case []any:
		n := int64(2)
		for _, x := range v {
			n += sizeOf(x) + 1
		}
		return n
	case map[string]any:
		n := int64(2)
		for k, x := range v {
			n += int64(len(k)) + 4 + sizeOf(x)
		}
		return n
	default:
		return 8
	}
}
