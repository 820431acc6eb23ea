package ask

// Schema is the query schema both engines share: the Neo4j store's labels,
// properties and relationship types (graph/neo4j), plus what only the
// embedded engine adds for questions about builds and escalations.
const Schema = `(:HelpgraphPage {url, title, text, content_hash, method, extractor, status, error, generation, change})
  status: 'ok' or 'failed'; change: 'added', 'changed' or 'unchanged' in the last build (embedded engine only)
(:HelpgraphNode {id, page, problem, condition, resolution, intents, actionable, root, generation, helpful, unhelpful})
  a problem on a page; condition is '' when it always applies; resolution is '' when the page gives none;
  intents is a list of strings; root is true for a page's top node; actionable is true when it asks the customer to act;
  helpful and unhelpful count the customers' 👍 and 👎 on its answers (embedded engine only)
(:HelpgraphBuild {key: 'current', generation, finished_at})
(:Conversation {id, turns, last_action, escalated})    embedded engine only: conversations that were handed off
(:Handoff {id, conversation_id, created_at, intent, handled, handled_at})    embedded engine only
(:Gap {id, kind, conversation_id, utterance, at})    embedded engine only: where a conversation of the last 90 days
  showed the help center falling short; kind is 'escalated', 'unhelpful' (an answer rated 👎) or 'rephrase'
  (nothing found); utterance is what the customer asked
(:HelpgraphNode)-[:ON_PAGE {generation}]->(:HelpgraphPage)
(:HelpgraphNode)-[:CHILD {ord, generation}]->(:HelpgraphNode)        a more specific problem under a generic one, on the same page
(:HelpgraphNode)-[:REFERENCE {ord, generation}]->(:HelpgraphNode)    a link from a node to the top node of another page
  ord orders edges as the build wrote them; generation is the build that wrote a page, node or edge
(:Conversation)-[:ENDED_ON]->(:HelpgraphNode), (:Handoff)-[:ENDED_ON]->(:HelpgraphNode)    the node the conversation was at when it was handed off
(:Handoff)-[:OF]->(:Conversation)
(:Gap)-[:NEAR]->(:HelpgraphNode)    the node the conversation was nearest to; a gap, handoff or conversation
  without one matched no node ("No page")
Timestamps (finished_at, created_at, handled_at) are ISO 8601 UTC strings: compare them with 'YYYY-MM-DD' strings.`

// Dialect notes for the prompt: the common subset, and where the engines differ.
const (
	DialectEmbedded = `The embedded engine is Kùzu. Write the subset of Cypher that Kùzu and Neo4j share:
- Variable-length relationships need an upper bound: [:CHILD*1..10].
- labels(n) is one string here (a list on Neo4j); label(n) also works.
- Test for a missing relationship with NOT EXISTS { MATCH (n)-[:CHILD]->() }.
- Use toLower(x) CONTAINS 'word' for text search; there is no full-text index.
- No procedures (CALL) and no APOC.`
	DialectNeo4j = `The engine is Neo4j 5. Write the subset of Cypher that Neo4j and Kùzu share:
- Give variable-length relationships an upper bound: [:CHILD*1..10].
- Test for a missing relationship with NOT EXISTS { MATCH (n)-[:CHILD]->() }.
- Use toLower(x) CONTAINS 'word' for text search.
- Conversation, Handoff and Gap nodes, HelpgraphPage.change and HelpgraphNode.helpful/unhelpful exist
  only on the embedded engine.
- The live graph is the generation (:HelpgraphBuild {key: 'current'}).generation names. While a build
  runs, and for a moment after it, another generation is stored beside it: to exclude it, match the
  build and keep n.generation = b.generation.
- No procedures (CALL) and no APOC.`
)
