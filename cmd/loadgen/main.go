// Command loadgen drives a running "helpgraph serve" over HTTP with
// concurrent chat conversations and reports what it measured: turns/s,
// latency percentiles, errors, and the CPU time both it and the server used
// (they share the machine, so the generator's own share is part of the
// result). It is the project's load test, run by "make loadtest".
//
//	loadgen run -url http://127.0.0.1:8089 -messages testdata/inquiries/helpcenter.jsonl -server-pid PID
//	loadgen synth -nodes 50000 -out DIR   # a synthetic help center and messages for it
//	loadgen slowbody -url http://127.0.0.1:8089 -conns 600 -server-pid PID  # slow request bodies: the server's memory
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "loadgen:", err)
		}
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return errors.New("usage: loadgen run|synth|slowbody [flags] (loadgen run -h for the flags)")
	}
	switch args[0] {
	case "run":
		return runLoad(ctx, args[1:], stdout, stderr)
	case "synth":
		return runSynth(args[1:], stdout, stderr)
	case "slowbody":
		return runSlowBody(ctx, args[1:], stdout, stderr)
	}
	return fmt.Errorf("unknown command %q: want run, synth or slowbody", args[0])
}
