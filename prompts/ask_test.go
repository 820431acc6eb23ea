package prompts

import "testing"

func TestAskCypherGolden(t *testing.T) {
	data := AskCypher{
		Schema:  "(:HelpgraphPage {url, title})\n(:HelpgraphNode {id, problem})-[:ON_PAGE]->(:HelpgraphPage)",
		Dialect: "Variable-length paths need an upper bound: [:CHILD*1..10].",
		Examples: []AskExample{
			{Question: "how many nodes does <PAGE_1> have", Cypher: "MATCH (n:HelpgraphNode)-[:ON_PAGE]->(p:HelpgraphPage {url: <PAGE_1>}) RETURN count(n) AS nodes"},
			{Previous: []string{"which problems are on <PAGE_1>"}, Question: "and which of those have no resolution", Cypher: "MATCH (n:HelpgraphNode)-[:ON_PAGE]->(p:HelpgraphPage {url: <PAGE_1>}) WHERE n.resolution = '' RETURN n.problem AS problem"},
		},
		History:  []AskTurn{{Question: "which problems are on the Refunds page?", Cypher: "MATCH (n:HelpgraphNode)-[:ON_PAGE]->(p:HelpgraphPage {url: 'https://x/refunds.html'}) RETURN n.problem AS problem", Rows: 4}},
		Question: "and which of those mention card?",
		Masked:   "and which of those mention <TERM_1>",
		Entities: []AskEntity{{Placeholder: "<TERM_1>", Literal: "'card'"}},
	}
	first := data
	first.History, first.Examples, first.Entities = nil, nil, nil
	first.Question, first.Masked = "how many pages are there?", "how many pages are there"
	checkGolden(t, []goldenCase{
		{"ask_cypher", "ask_cypher", data},
		{"ask_cypher_first", "ask_cypher", first},
	})
}
