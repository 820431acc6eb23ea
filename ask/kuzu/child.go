//go:build cgo

package kuzu

import (
	"bufio"
	"context"
	"encoding/gob"
	"errors"
	"fmt"
	"github.com/helpgraph/helpgraph/ask"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
)

// ChildMain runs the child side of the box on stdin and stdout and returns
// the process's exit code. The parent (Box) starts it with an empty
// environment in a scratch folder of its own.
func ChildMain() int {
	if err := serveChild(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "helpgraph query engine:", err)
		return 1
	}
	return 0
}

func serveChild(in io.Reader, out io.Writer) error {
	noCoreDumps()
	dec := gob.NewDecoder(bufio.NewReader(in))
	w := bufio.NewWriter(out)
	enc := gob.NewEncoder(w)
	send := func(v any) error {
		if err := enc.Encode(v); err != nil {
			return err
		}
		return w.Flush()
	}
	var h hello
	if err := dec.Decode(&h); err != nil {
		return fmt.Errorf("reading the snapshot: %w", err)
	}
	dir, err := os.Getwd()
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), h.LoadTimeout)
	db, err := openReadOnly(ctx, dir, h.Snapshot, h.BufferPool)
	cancel()
	if err != nil {
		return send(ready{Err: err.Error()})
	}
	defer db.Close()
	h.Snapshot = nil // the database has it now
	// From here on the child runs statements from outside: its address
	// space may grow by h.Memory at most.
	if err := limitMemory(h.Memory); err != nil {
		return send(ready{Err: err.Error()})
	}
	// Past a query's CPU time the kernel sends SIGXCPU: the child ends,
	// and the parent says why from the exit code.
	xcpu := make(chan os.Signal, 1)
	signal.Notify(xcpu, syscall.SIGXCPU)
	go func() {
		<-xcpu
		os.Exit(exitCPU)
	}()
	// The parent interrupts the running query with SIGUSR1 (its caller
	// went away).
	var mu sync.Mutex
	interrupt := func() {}
	usr1 := make(chan os.Signal, 1)
	signal.Notify(usr1, syscall.SIGUSR1)
	go func() {
		for range usr1 {
			mu.Lock()
			interrupt()
			mu.Unlock()
		}
	}()
	if err := send(ready{}); err != nil {
		return err
	}
	for {
		var req request
		if err := dec.Decode(&req); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("reading a request: %w", err)
		}
		if req.Update {
			var resp response
			if err := db.UpdateHandoffs(context.Background(), req.Handoffs); err != nil {
				resp = response{ErrKind: errQuery, Err: err.Error()}
			}
			if err := send(resp); err != nil {
				return err
			}
			continue
		}
		qctx, qcancel := context.WithCancel(context.Background())
		mu.Lock()
		interrupt = qcancel
		mu.Unlock()
		restore := limitCPU(req.CPU)
		res, err := db.query(qctx, req.Cypher, ask.Limits{MaxRows: req.MaxRows, Timeout: req.Timeout}, h.MaxBytes)
		restore()
		qcancel()
		if err := send(responseFor(res, err)); err != nil {
			return err
		}
	}
}

func responseFor(res ask.Result, err error) response {
	switch {
	case err == nil:
		return response{Result: res}
	case errors.Is(err, errResultTooLarge):
		return response{ErrKind: errTooLarge, Err: err.Error()}
	}
	msg := err.Error()
	switch low := strings.ToLower(msg); {
	case strings.Contains(low, "buffer pool is full"), strings.Contains(low, "bad_alloc"), strings.Contains(low, "out of memory"):
		return response{ErrKind: errMemory, Err: msg}
	case strings.Contains(low, "interrupted"), errors.Is(err, context.Canceled):
		return response{ErrKind: errTimeout, Err: msg}
	}
	return response{ErrKind: errQuery, Err: msg}
}
