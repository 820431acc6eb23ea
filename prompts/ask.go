package prompts

// AskCypher is the data of ask_cypher.tmpl: write one read-only Cypher query
// answering a support team's question about the knowledge graph.
type AskCypher struct {
	Schema   string // labels, properties and relationship types
	Dialect  string // what differs on the engine the query runs on
	Examples []AskExample
	History  []AskTurn // earlier turns, oldest first
	Question string
	Masked   string // Question with entity values as placeholders
	Entities []AskEntity
}

// AskExample is a retrieved (question, Cypher) pair, masked.
type AskExample struct {
	Previous []string
	Question string
	Cypher   string
}

// AskTurn is an earlier question of the conversation and the query that answered it.
type AskTurn struct {
	Question string
	Cypher   string
	Rows     int
}

// AskEntity is a placeholder of the masked question and its value.
type AskEntity struct {
	Placeholder string
	Literal     string // the value as a Cypher literal
}
