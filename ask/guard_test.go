package ask

import (
	"errors"
	"testing"
)

func TestGuard(t *testing.T) {
	allowed := []string{
		"MATCH (n:HelpgraphNode) RETURN count(n)",
		"MATCH (p:HelpgraphPage) WHERE p.title CONTAINS 'DELETE me; CREATE' RETURN p.title;",
		"MATCH (n:HelpgraphNode) WHERE n.problem = \"set up\" RETURN n // CREATE in a comment\n",
		"MATCH (n:HelpgraphNode) /* MERGE */ RETURN n.set AS s",
		"MATCH (n:`CREATE`) RETURN n",
		"CALL db.labels()",
		"CALL show_tables() RETURN *",
		"MATCH (p:HelpgraphPage) WHERE EXISTS { MATCH (p)<-[:ON_PAGE]-() } RETURN p",
		"MATCH (p:HelpgraphPage) CALL { WITH p RETURN p.url AS u } RETURN u",
		"MATCH (start:HelpgraphNode)-[:CHILD]->(stop:HelpgraphNode) RETURN start.problem, stop.problem",
	}
	for _, q := range allowed {
		if err := Guard(q); err != nil {
			t.Errorf("Guard(%q) = %v, want allowed", q, err)
		}
	}
	refused := []string{
		"MATCH (n) DETACH DELETE n",
		"match (n) delete n",
		"CREATE (:HelpgraphPage {url: 'x'})",
		"MATCH (n:HelpgraphNode) SET n.problem = 'x'",
		"MERGE (n:HelpgraphNode {id: 'x'})",
		"MATCH (n:HelpgraphNode) REMOVE n.intents",
		"DROP TABLE HelpgraphNode",
		"CALL db.index.fulltext.drop('node_intents')",
		"CALL apoc.periodic.iterate('MATCH (n) RETURN n', 'DETACH DELETE n', {})",
		"CALL dbms.killQueries(['x'])",
		"MATCH (n) RETURN n; MATCH (m) DELETE m",
		"MATCH (n) RETURN n; MATCH (m) RETURN m",
		"COPY HelpgraphNode FROM 'x.csv'",
		"LOAD CSV FROM 'file:///etc/passwd' AS l RETURN l",
		"MATCH (p:HelpgraphPage) CALL { WITH p DETACH DELETE p } RETURN 1",
		"FOREACH (x IN [1] | CREATE (:HelpgraphNode))",
		"MATCH (n) RETURN n /* unterminated",
		"MATCH (n {id: 'x}) RETURN n",
		"",
		"   ",
	}
	for _, q := range refused {
		err := Guard(q)
		var re *RefusedError
		if !errors.As(err, &re) || re.Reason == "" {
			t.Errorf("Guard(%q) = %v, want a refusal with a reason", q, err)
		}
	}
}
