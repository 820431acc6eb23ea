package ask

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// The query schema is the Neo4j store's: every label, relationship type and
// property it states, except the ask-only extras, is one the store writes
// (graph/neo4j/cypher.go holds all its statements), so a rename there fails
// here instead of making the same Cypher mean different things on the two
// engines.
func TestSchemaIsNeo4jStores(t *testing.T) {
	src, err := os.ReadFile("../graph/neo4j/cypher.go")
	if err != nil {
		t.Fatal(err)
	}
	store := string(src)
	askOnly := map[string]bool{"Conversation": true, "Handoff": true, "ENDED_ON": true, "OF": true, "change": true,
		"Gap": true, "NEAR": true, "helpful": true, "unhelpful": true}
	names := 0
	for _, m := range regexp.MustCompile(`[(\[]:(\w+)(?: \{([^}]*)\})?`).FindAllStringSubmatch(Schema, -1) {
		name, props := m[1], m[2]
		if askOnly[name] {
			continue
		}
		names++
		if !strings.Contains(store, ":"+name) {
			t.Errorf("%s is in ask.Schema but the Neo4j store never writes it", name)
		}
		for _, p := range strings.Split(props, ",") {
			p = strings.TrimSpace(strings.SplitN(p, ":", 2)[0])
			if p == "" || askOnly[p] {
				continue
			}
			if !regexp.MustCompile(`\.` + p + `\b|\b` + p + `:`).MatchString(store) {
				t.Errorf("property %s.%s is in ask.Schema but the Neo4j store never writes it", name, p)
			}
		}
	}
	if names < 6 {
		t.Fatalf("found only %d labels and types in ask.Schema", names)
	}
}
