package kuzu

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/ask"
	"github.com/helpgraph/helpgraph/graph/graphtest"
	"github.com/helpgraph/helpgraph/internal/proclimit"
	"github.com/helpgraph/helpgraph/internal/testenv"
)

// newTestBox starts a box on a small synthetic graph. The child is this
// test binary (see TestMain).
func newTestBox(t *testing.T, cfg BoxConfig) *Box {
	t.Helper()
	if !Available {
		testenv.Missing(t, testenv.Cgo, "the embedded query engine (Kùzu) needs cgo (gcc and CGO_ENABLED=1)")
	}
	b, err := NewBox(context.Background(), &ask.Snapshot{Generation: 7, Graph: graphtest.Synthetic(200, 1)}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

func countNodes(t *testing.T, b *Box) {
	t.Helper()
	res, err := b.Query(context.Background(), "MATCH (n:HelpgraphNode) RETURN count(n)", ask.Limits{})
	if err != nil || len(res.Rows) != 1 || res.Rows[0][0] != int64(200) {
		t.Fatalf("count after: %v, %v", res.Rows, err)
	}
}

// The child has no environment to read, works in its own folder, and its
// database refuses writes even when the guard is bypassed.
func TestBoxChildIsolated(t *testing.T) {
	const secret = "s3cret-admin-token"
	t.Setenv("HELPGRAPH_ADMIN_TOKEN", secret)
	b := newTestBox(t, BoxConfig{})
	pid := b.child.cmd.Process.Pid

	env, err := os.ReadFile(fmt.Sprintf("/proc/%d/environ", pid))
	if err != nil {
		t.Fatalf("reading the child's environment: %v", err)
	}
	if len(env) != 0 {
		t.Errorf("child environment = %q, want empty", env)
	}
	if cwd, err := os.Readlink(fmt.Sprintf("/proc/%d/cwd", pid)); err != nil || cwd != b.child.dir {
		t.Errorf("child works in %q (%v), want its scratch folder %q", cwd, err, b.child.dir)
	}

	if b.child.isolated {
		own, _ := os.Readlink(fmt.Sprintf("/proc/%d/ns/net", pid))
		parent, _ := os.Readlink("/proc/self/ns/net")
		if own == "" || own == parent {
			t.Errorf("child network namespace %q, parent's %q: want its own", own, parent)
		}
	} else {
		t.Log("this system allows no user namespaces: the child shares the network")
	}

	q := "LOAD FROM '/proc/self/environ' RETURN *"
	if err := ask.Guard(q); !errors.As(err, new(*ask.RefusedError)) {
		t.Errorf("Guard(%q) = %v, want refused", q, err)
	}
	// Past the guard, the engine itself has nothing to show.
	res, err := b.Query(context.Background(), q, ask.Limits{})
	if strings.Contains(fmt.Sprint(res.Rows, err), secret) {
		t.Errorf("the child's environment shows the parent's secret: %v %v", res.Rows, err)
	}
	// The database is read-only.
	for _, w := range []string{
		"MATCH (b:HelpgraphBuild) SET b.generation = 4242 RETURN b.generation",
		"CREATE (:HelpgraphPage {url: 'x'})",
		"MATCH (n:HelpgraphNode) DETACH DELETE n",
	} {
		if _, err := b.Query(context.Background(), w, ask.Limits{}); err == nil {
			t.Errorf("%q ran on the read-only database", w)
		}
	}
	res, err = b.Query(context.Background(), "MATCH (b:HelpgraphBuild) RETURN b.generation", ask.Limits{})
	if err != nil || res.Rows[0][0] != int64(7) {
		t.Errorf("generation after writes: %v, %v", res.Rows, err)
	}
	countNodes(t, b)

	dir := b.child.dir
	b.Close()
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("scratch folder left after Close: %v", err)
	}
}

// One huge value (issue 23: range(1, 1e8) grew helpgraph to 24 GB) ends
// in a clear error with the child within its memory limit, and the next
// query works.
func TestBoxMemoryLimit(t *testing.T) {
	const limit = 256 << 20
	b := newTestBox(t, BoxConfig{Memory: limit})
	base, err := proclimit.Status(b.child.cmd.Process.Pid, "VmSize")
	if err != nil {
		t.Fatalf("reading the child's memory: %v", err)
	}
	c := b.child
	_, err = b.Query(context.Background(), "RETURN range(1, 100000000)", ask.Limits{Timeout: time.Minute})
	if err == nil || !strings.Contains(err.Error(), "more than 256 MB of memory") {
		t.Fatalf("range(1, 1e8): %v, want the memory limit", err)
	}
	var peak int64
	if c.running() {
		peak, _ = proclimit.Status(c.cmd.Process.Pid, "VmHWM")
	} else if ru, ok := c.cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		peak = ru.Maxrss << 10
	}
	t.Logf("range(1, 1e8): %v; child peak RSS %d MB, address space before the query %d MB, limit +%d MB",
		err, peak>>20, base>>20, limit>>20)
	if peak > base+limit {
		t.Errorf("child peak RSS %d MB over its limit %d MB", peak>>20, (base+limit)>>20)
	}
	countNodes(t, b)
}

// A result past MaxBytes is refused while it is read; the child stays.
func TestBoxResultBytes(t *testing.T) {
	b := newTestBox(t, BoxConfig{MaxBytes: 4 << 10})
	c := b.child
	_, err := b.Query(context.Background(), "MATCH (n:HelpgraphNode) RETURN n.id, n.problem", ask.Limits{MaxRows: 1000})
	if err == nil || !strings.Contains(err.Error(), "result is larger than") {
		t.Fatalf("large result: %v", err)
	}
	res, err := b.Query(context.Background(), "MATCH (n:HelpgraphNode) RETURN n.id LIMIT 3", ask.Limits{})
	if err != nil || len(res.Rows) != 3 || b.child != c {
		t.Errorf("after a large result: %v, %v (child replaced: %v)", res.Rows, err, b.child != c)
	}
}

// A query past its CPU time ends the child with a clear error; the next
// query starts another.
func TestBoxCPULimit(t *testing.T) {
	b := newTestBox(t, BoxConfig{CPUPerSecond: 0.001})
	cross := "MATCH (a:HelpgraphNode), (b:HelpgraphNode), (c:HelpgraphNode), (d:HelpgraphNode) WHERE concat(a.problem, b.problem, c.problem, d.problem) CONTAINS 'zzz' RETURN count(*)"
	_, err := b.Query(context.Background(), cross, ask.Limits{Timeout: 2 * time.Minute})
	if err == nil || !strings.Contains(err.Error(), "CPU time") {
		t.Fatalf("CPU-bound query: %v, want the CPU limit", err)
	}
	countNodes(t, b)
}

// A query cancelled before the child has even read it is given up by the
// child, which answers and stays (issue 23: a cancellation sent before the
// child read the query was lost, and the child was killed after the grace
// period). The grace period is an hour here: only the child's answer can
// end the exchange, however slow the machine.
func TestBoxCancelBeforeRead(t *testing.T) {
	b := newTestBox(t, BoxConfig{grace: time.Hour})
	c := b.child
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	cross := "MATCH (a:HelpgraphNode), (b:HelpgraphNode), (c:HelpgraphNode), (d:HelpgraphNode) WHERE concat(a.problem, b.problem, c.problem, d.problem) CONTAINS 'zzz' RETURN count(*)"
	var resp response
	err := c.exchange(ctx, request{Cypher: cross, Timeout: time.Hour}, &resp, time.Hour)
	if err != nil || resp.ErrKind != errTimeout {
		t.Fatalf("cancelled query: %v, answer %+v; want the child's answer that it stopped", err, resp)
	}
	if !c.running() {
		t.Fatal("the child ended")
	}
	countNodes(t, b)
	if b.child != c {
		t.Error("the child was replaced")
	}
}

// A child killed between queries is replaced by the next query.
func TestBoxRestarts(t *testing.T) {
	b := newTestBox(t, BoxConfig{})
	if err := b.child.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	b.child.wait()
	countNodes(t, b)
}

func TestTail(t *testing.T) {
	tl := &tail{max: 4}
	for _, s := range []string{"ab", "cdef", "ghij", "kl"} {
		if n, err := tl.Write([]byte(s)); n != len(s) || err != nil {
			t.Fatalf("Write(%q) = %d, %v", s, n, err)
		}
	}
	if got := tl.String(); got != "abcdijkl" {
		t.Errorf("tail = %q, want first and last 4 bytes", got)
	}
	var buf bytes.Buffer
	buf.WriteString(lastLine("a\nb\n"))
	if buf.String() != "b" {
		t.Errorf("lastLine = %q", buf.String())
	}
}
