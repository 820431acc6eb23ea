package sqlite_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/conversation/sqlite"
	"github.com/helpgraph/helpgraph/dialogue"
)

// A process killed with SIGKILL while it writes loses no acknowledged
// turn: the test runs itself as a child that saves turns from many
// goroutines and prints each acknowledgement, kills it mid-stream, and
// finds every acknowledged turn in the file.
func TestAcknowledgedTurnsSurviveKill(t *testing.T) {
	if path := os.Getenv("HELPGRAPH_TEST_CRASH_CHILD"); path != "" {
		crashChild(path)
		return
	}
	path := filepath.Join(t.TempDir(), "conv.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestAcknowledgedTurnsSurviveKill$")
	cmd.Env = append(os.Environ(), "HELPGRAPH_TEST_CRASH_CHILD="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	acked := map[string]int{} // conversation → turns acknowledged
	lines := bufio.NewScanner(out)
	n := 0
	for lines.Scan() {
		f := strings.Fields(lines.Text())
		if len(f) != 3 || f[0] != "ack" {
			continue
		}
		turns, _ := strconv.Atoi(f[2])
		acked[f[1]] = max(acked[f[1]], turns)
		if n++; n == 2000 {
			if err := cmd.Process.Kill(); err != nil { // SIGKILL
				t.Fatal(err)
			}
		}
	}
	cmd.Wait()
	if n < 2000 {
		t.Fatalf("the child acknowledged %d saves and stopped, want it killed after 2000", n)
	}

	db, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for id, turns := range acked {
		s, err := db.Get(context.Background(), id)
		if err != nil {
			t.Fatalf("conversation %s, acknowledged with %d turns: %v", id, turns, err)
		}
		if len(s.History) < turns {
			t.Errorf("conversation %s: %d turns after the kill, %d acknowledged", id, len(s.History), turns)
			continue
		}
		for i := range turns {
			if want := fmt.Sprint("message ", i); s.History[i].Text != want {
				t.Errorf("conversation %s turn %d = %q, want %q", id, i, s.History[i].Text, want)
				break
			}
		}
	}
	t.Logf("%d saves acknowledged in %d conversations before the kill, all found", n, len(acked))
}

func crashChild(path string) {
	db, err := sqlite.Open(context.Background(), path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var mu sync.Mutex
	for range 16 {
		go func() {
			for {
				s, err := db.Create(context.Background(), "")
				if err != nil {
					fmt.Fprintln(os.Stderr, err)
					os.Exit(1)
				}
				for i := 0; i < 20; i += 2 {
					s.History = append(s.History, dialogue.Turn{Role: "user", Text: fmt.Sprint("message ", i)},
						dialogue.Turn{Role: "agent", Text: fmt.Sprint("message ", i+1), Action: dialogue.Resolution})
					if err := db.Save(context.Background(), &s, i, nil); err != nil {
						fmt.Fprintln(os.Stderr, err)
						os.Exit(1)
					}
					mu.Lock()
					fmt.Fprintf(os.Stdout, "ack %s %d\n", s.ID, len(s.History)) // unbuffered: one write
					mu.Unlock()
				}
			}
		}()
	}
	time.Sleep(time.Minute) // killed long before
	os.Exit(2)
}
