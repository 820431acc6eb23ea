package conversation_test

import (
	"regexp"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/conversation"
)

// Ids are 32 hex digits, distinct, and sort by the time they were made.
func TestNewID(t *testing.T) {
	hex32 := regexp.MustCompile(`^[0-9a-f]{32}$`)
	seen := map[string]bool{}
	prev := conversation.NewID()
	for i := range 2000 {
		if i == 1000 {
			time.Sleep(2 * time.Millisecond)
		}
		id := conversation.NewID()
		if !hex32.MatchString(id) || seen[id] {
			t.Fatalf("id %q: not 32 hex digits, or seen before", id)
		}
		seen[id] = true
		if id[:12] < prev[:12] {
			t.Fatalf("id %s made after %s sorts before it", id, prev)
		}
		prev = id
	}
}
