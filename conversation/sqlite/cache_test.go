package sqlite

import (
	"fmt"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/dialogue"
)

// The cache stays within its bound, keeps what is read again, and hands
// out copies that do not share the cache's slices.
func TestSessionCache(t *testing.T) {
	c := newSessionCache()
	big := strings.Repeat("x", 64<<10)
	hot := dialogue.Session{ID: "hot", History: []dialogue.Turn{{Role: "user", Text: "hi"}}}
	c.put("hot", hot, "me")
	for i := range 200 { // 12.5 MiB of conversations through a 2 × 2 MiB cache
		c.put(fmt.Sprint(i), dialogue.Session{History: []dialogue.Turn{{Text: big}}}, "")
		if _, _, ok := c.get("hot"); !ok {
			t.Fatalf("the conversation read after every write was dropped at write %d", i)
		}
	}
	c.mu.Lock()
	held := 0
	for _, m := range []map[string]cached{c.cur, c.old} {
		for _, e := range m {
			held += e.size
		}
	}
	c.mu.Unlock()
	if held > 2*cacheBytes {
		t.Errorf("the cache holds %d bytes, bound %d", held, 2*cacheBytes)
	}
	got, owner, _ := c.get("hot")
	got.History = append(got.History, dialogue.Turn{Text: "mine"})
	got.History[0].Text = "changed"
	again, _, _ := c.get("hot")
	if owner != "me" || len(again.History) != 1 || again.History[0].Text != "hi" {
		t.Errorf("the cached conversation changed with its copy: %+v (owner %q)", again, owner)
	}
	c.forget("hot")
	if _, _, ok := c.get("hot"); ok {
		t.Error("forget kept the conversation")
	}
}
