package ask

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// guardAllowed are statements a question may run.
var guardAllowed = []string{
	"MATCH (n:HelpgraphNode) RETURN count(n)",
	"MATCH (p:HelpgraphPage) WHERE p.title CONTAINS 'DELETE me; CREATE' RETURN p.title;",
	"MATCH (n:HelpgraphNode) WHERE n.problem = \"set up\" RETURN n // CREATE in a comment\n",
	"MATCH (n:HelpgraphNode) /* MERGE */ RETURN n.set AS s",
	"MATCH (n:`CREATE`) RETURN n",
	"MATCH (n:`a``b`) RETURN n",
	"CALL db.labels()",
	"CALL show_tables() RETURN *",
	"CALL table_info('HelpgraphNode') RETURN *",
	"MATCH (p:HelpgraphPage) WHERE EXISTS { MATCH (p)<-[:ON_PAGE]-() } RETURN p",
	"MATCH (p:HelpgraphPage) CALL { WITH p RETURN p.url AS u } RETURN u",
	"MATCH (start:HelpgraphNode)-[:CHILD]->(stop:HelpgraphNode) RETURN start.problem, stop.problem",
	"MATCH (n:HelpgraphNode) WHERE n.resolution = '' AND NOT EXISTS { MATCH (n)-[:CHILD]->() } RETURN n.problem AS problem, n.page AS page",
	"MATCH (n:HelpgraphNode) RETURN n.problem AS problem, size(n.intents) AS intents ORDER BY intents DESC, problem LIMIT 10",
	"MATCH (a:HelpgraphNode)-[:CHILD*1..3]->(b) RETURN DISTINCT b.id SKIP 2 LIMIT 5",
	"MATCH p = (a:HelpgraphNode)-[r:CHILD|REFERENCE*..2]-(b) RETURN length(p), nodes(p)",
	"MATCH (n:HelpgraphNode) WITH n.page AS page, count(*) AS c WHERE c > 1 RETURN page, c ORDER BY c DESC",
	"UNWIND [1, 2.5, -3, .5, 1e5, 1.5e-3] AS x RETURN x",
	"MATCH (n:HelpgraphNode) RETURN list_filter(n.intents, x -> x <> '') AS i, CASE WHEN n.root THEN 'yes' ELSE 'no' END AS r",
	"MATCH (n:HelpgraphNode) RETURN [x IN n.intents WHERE x STARTS WITH 'a' | toUpper(x)] AS i, {a: 1, `b c`: [1, 2][0]} AS m",
	"MATCH (n:HelpgraphNode) WHERE n.problem =~ '.*x.*' AND n.condition IS NOT NULL AND n.id IN ['a', 'b'] RETURN n.intents[0..2]",
	"MATCH (n:HelpgraphNode) WHERE any(x IN n.intents WHERE x ENDS WITH 's') RETURN count { MATCH (n)-[:CHILD]->() } AS children",
	"MATCH (h:Handoff) WHERE h.created_at >= '2024-01-01' RETURN h.intent, count(*) UNION ALL MATCH (h:Handoff) RETURN 'all', count(*)",
	"RETURN 'it\\'s a \\\"quote\\\" \\\\ \\n \\u00e9' AS s",
	"RETURN range(1, 100000000)",
	"MATCH (n:HelpgraphNode) RETURN n.id AS `naïve`",
	"MATCH (n:HelpgraphNode)\r\nRETURN n // comment\r\n",
	"RETURN (1 + 2) * 3 - -4 AS x",
	"MATCH (n:HelpgraphNode {id: $id}) RETURN n",
}

// guardRefused are the reproductions of issue 23 and their relatives, with
// a word the refusal must name.
var guardRefused = []struct{ q, says string }{
	// A backslash inside backquotes is not an escape for Kùzu: everything
	// after the ';' ran.
	{"RETURN 1 AS `x\\`; COPY (MATCH (n) RETURN n) TO \"out.csv\" // `", "backslash"},
	{"RETURN 1 AS `x\\`; COPY (MATCH (n) RETURN n) TO \"out.csv\" // `\n", "backslash"},
	{"LOAD FROM \"/proc/self/environ\" RETURN *", "LOAD"},
	{"LOAD FROM '/etc/passwd' (header=false) RETURN *", "LOAD"},
	{"COPY (MATCH (n:HelpgraphNode) RETURN n.id) TO 'out.csv'", "COPY"},
	{"COPY HelpgraphNode FROM 'x.csv'", "COPY"},
	{"EXPORT DATABASE 'dump'", "EXPORT"},
	{"IMPORT DATABASE 'dump'", "IMPORT"},
	{"LOAD EXTENSION '/path/evil.so'", "LOAD"},
	{"LOAD '/path/evil.so'", "LOAD"},
	{"INSTALL json", "INSTALL"},
	{"FORCE INSTALL json FROM 'http://x'", "FORCE"},
	{"UPDATE json", "UPDATE"},
	{"UNINSTALL json", "UNINSTALL"},
	{"ATTACH 'x.db' AS x (dbtype kuzu)", "ATTACH"},
	{"DETACH x", "DETACH"},
	{"USE x", "USE"},
	{"COMMENT ON TABLE HelpgraphNode IS 'x'", "COMMENT"},
	// A digit glued to a keyword: Kùzu reads 1SET as 1 and SET.
	{"MATCH (b:HelpgraphBuild) RETURN b.generation LIMIT 1SET b.generation = 4242", "glued"},
	{"MATCH (b:HelpgraphBuild) RETURN b LIMIT 0CREATE (:HelpgraphNode {id: 'x'})", "glued"},
	{"RETURN 1.5e3SET", "glued"},
	{"RETURN 0x1F", "glued"},
	{"RETURN 1e+5", "glued"},
	{"RETURN 01", "leading zero"},
	// Comments the engines end in different places.
	{"MATCH (m) /* **/ /*/ CREATE (n) RETURN 1 //*/ RETURN 1", "comment"},
	{"MATCH (n) RETURN n // x\rCREATE (m)", "carriage return"},
	{"MATCH (n) RETURN n /* unterminated", "unterminated"},
	// Several statements.
	{"MATCH (n) RETURN n; MATCH (m) DELETE m", "one statement"},
	{"MATCH (n) RETURN n; MATCH (m) RETURN m", "one statement"},
	{"RETURN 1;;", "one statement"},
	// Writes of every kind.
	{"MATCH (n) DETACH DELETE n", "DETACH"},
	{"match (n) delete n", "DELETE"},
	{"CREATE (:HelpgraphPage {url: 'x'})", "CREATE"},
	{"MATCH (n:HelpgraphNode) SET n.problem = 'x'", "SET"},
	{"MATCH (n:HelpgraphNode) SET n.problem = 'x' RETURN n", "SET"},
	{"MERGE (n:HelpgraphNode {id: 'x'})", "MERGE"},
	{"MATCH (n:HelpgraphNode) REMOVE n.intents", "REMOVE"},
	{"DROP TABLE HelpgraphNode", "DROP"},
	{"ALTER TABLE HelpgraphNode ADD x INT64", "ALTER"},
	{"CREATE MACRO m(x) AS x", "CREATE"},
	{"FOREACH (x IN [1] | CREATE (:HelpgraphNode))", "FOREACH"},
	{"MATCH (p:HelpgraphPage) CALL { WITH p DETACH DELETE p } RETURN 1", "DETACH"},
	{"MATCH (n) WITH n CREATE (m) RETURN m", "CREATE"},
	{"BEGIN TRANSACTION", "BEGIN"},
	{"CHECKPOINT", "CHECKPOINT"},
	{"EXPLAIN MATCH (n) RETURN n", "EXPLAIN"},
	{"PROFILE MATCH (n) RETURN n", "PROFILE"},
	// Procedures and functions outside the lists.
	{"CALL db.index.fulltext.drop('node_intents')", "procedure"},
	{"CALL apoc.periodic.iterate('MATCH (n) RETURN n', 'DETACH DELETE n', {})", "procedure"},
	{"CALL dbms.killQueries(['x'])", "procedure"},
	{"CALL threads = 1", "procedure"},
	{"CALL read_csv('/etc/passwd') RETURN *", "procedure"},
	{"RETURN nextval('s')", "function"},
	{"RETURN apoc.load.json('file:///etc/passwd')", "function"},
	// Neo4j's LOAD CSV.
	{"LOAD CSV FROM 'file:///etc/passwd' AS l RETURN l", "LOAD"},
	{"MATCH (n) LOAD CSV FROM 'x' AS l RETURN l", "LOAD"},
	{"USING PERIODIC COMMIT LOAD CSV FROM 'x' AS l CREATE (n)", "USING"},
	// What the lexer cannot read alike.
	{"MATCH (n {id: 'x}) RETURN n", "unterminated"},
	{"RETURN 'a\\qb'", "escape"},
	{"RETURN ``", "empty"},
	{"MATCH (n)\u00a0RETURN n", "character"},
	{"RETURN a$b", "directly"},
	{"RETURN '\xe2' CREATE (n) RETURN '\xe2'", "UTF-8"},
	{"RETURN 1 // \x00\nCREATE (n)", "NUL"},
	{"MATCH (n) WITH n, $1SET n.x = 1 RETURN n", "parameter"},
	{"", "empty"},
	{"   ", "empty"},
	{"// only a comment", "empty"},
	{"MATCH (n) RETURN n RETURN n", "after RETURN"},
	{"MATCH (n)", "RETURN"},
	{"RETURN " + strings.Repeat("(", 500) + "1" + strings.Repeat(")", 500), "nests"},
}

func TestGuard(t *testing.T) {
	for _, q := range guardAllowed {
		if err := Guard(q); err != nil {
			t.Errorf("Guard(%q) = %v, want allowed", q, err)
		}
	}
	for _, c := range guardRefused {
		err := Guard(c.q)
		var re *RefusedError
		if !errors.As(err, &re) || !strings.Contains(strings.ToLower(re.Error()), strings.ToLower(c.says)) {
			t.Errorf("Guard(%q) = %v, want a refusal saying %q", c.q, err, c.says)
		}
	}
}

// Refusals of a clause say what it would do and wrap ErrReadOnly.
func TestGuardMessages(t *testing.T) {
	for q, want := range map[string]string{
		"MATCH (n) SET n.x = 1":                   "refused: SET changes the graph; questions can only read the graph (at line 1, column 11)",
		"LOAD FROM '/proc/self/environ' RETURN *": "refused: LOAD reads or writes files outside the graph (at line 1, column 1)",
		"RETURN 1;\nRETURN 2":                     "refused: only one statement can run at a time (another starts after the ';' at line 2, column 1)",
	} {
		err := Guard(q)
		if err == nil || err.Error() != want || !errors.Is(err, ErrReadOnly) {
			t.Errorf("Guard(%q) = %v, want %q wrapping ErrReadOnly", q, err, want)
		}
	}
}

// Every gold query of the evaluation set reads, and passes.
func TestGuardEvalSet(t *testing.T) {
	f, err := os.Open("../testdata/ask/questions.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	items, err := ReadEvalItems(f)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range items {
		if err := Guard(it.GoldCypher); err != nil {
			t.Errorf("%s: Guard(%q) = %v", it.ID, it.GoldCypher, err)
		}
	}
}
