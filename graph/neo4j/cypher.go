package neo4j

// cypher is a Cypher statement. Only constants of this type are ever sent to
// the server: Go converts untyped string constants to it implicitly but needs
// an explicit conversion for any other string, and the package never
// converts (TestCypherIsConstant checks both), so no user data can become
// query text. User data travels only as parameters.
type cypher string

// Schema, created idempotently by Open.
const (
	createPageConstraint  cypher = `CREATE CONSTRAINT helpgraph_page_url IF NOT EXISTS FOR (p:Page) REQUIRE p.url IS UNIQUE`
	createNodeConstraint  cypher = `CREATE CONSTRAINT helpgraph_node_id IF NOT EXISTS FOR (n:Node) REQUIRE n.id IS UNIQUE`
	createBuildConstraint cypher = `CREATE CONSTRAINT helpgraph_build_key IF NOT EXISTS FOR (b:Build) REQUIRE b.key IS UNIQUE`
	// The english analyzer stems like the SQLite store's porter tokenizer,
	// so "passwords" finds "password" on both backends.
	createIntentIndex cypher = "CREATE FULLTEXT INDEX node_intents IF NOT EXISTS FOR (n:Node) ON EACH [n.intent_text] OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}"
	awaitIndexes      cypher = `CALL db.awaitIndexes(300)`
	createBuild       cypher = `MERGE (b:Build {key: 'current'}) ON CREATE SET b.generation = 0`
)

// Replace. Every page, node and relationship written carries the new
// generation; what still has an older one afterwards was not in the new
// graph and is deleted.
//
// Edges are two relationship types, CHILD and REFERENCE, rather than one
// type with a property: Cypher users then write (a)-[:CHILD*]->(b) to walk a
// problem tree, and each type has its own constant statement because a
// relationship type cannot be a parameter.
const (
	// lockBuild writes the Build singleton first so that concurrent Replaces
	// queue on its lock, and then reads the generation under that lock.
	lockBuild cypher = `MERGE (b:Build {key: 'current'}) ON CREATE SET b.generation = 0
SET b.locked_at = datetime()
RETURN b.generation AS generation`
	mergePages cypher = `UNWIND $rows AS row
MERGE (p:Page {url: row.url})
SET p.title = row.title, p.text = row.text, p.content_hash = row.content_hash,
    p.method = row.method, p.extractor = row.extractor, p.status = row.status,
    p.error = row.error, p.ord = row.ord, p.generation = $generation`
	mergeNodes cypher = `UNWIND $rows AS row
MATCH (p:Page {url: row.page})
MERGE (n:Node {id: row.id})
SET n.page = row.page, n.problem = row.problem, n.condition = row.condition,
    n.resolution = row.resolution, n.intents = row.intents, n.intent_text = row.intent_text,
    n.actionable = row.actionable, n.root = row.root, n.ord = row.ord, n.generation = $generation
MERGE (n)-[r:ON_PAGE]->(p)
SET r.generation = $generation`
	mergeChildEdges cypher = `UNWIND $rows AS row
MATCH (a:Node {id: row.from}), (b:Node {id: row.to})
MERGE (a)-[r:CHILD]->(b)
SET r.ord = row.ord, r.generation = $generation`
	mergeReferenceEdges cypher = `UNWIND $rows AS row
MATCH (a:Node {id: row.from}), (b:Node {id: row.to})
MERGE (a)-[r:REFERENCE]->(b)
SET r.ord = row.ord, r.generation = $generation`
	deleteStaleRelationships cypher = `MATCH (:Node)-[r:CHILD|REFERENCE|ON_PAGE]->()
WHERE coalesce(r.generation, -1) <> $generation
DELETE r`
	deleteStaleNodes cypher = `MATCH (n:Node) WHERE coalesce(n.generation, -1) <> $generation DETACH DELETE n`
	deleteStalePages cypher = `MATCH (p:Page) WHERE coalesce(p.generation, -1) <> $generation DETACH DELETE p`
	recordBuild      cypher = `MERGE (b:Build {key: 'current'})
SET b.generation = $generation, b.finished_at = $finished_at, b.report = $report
REMOVE b.locked_at`
)

// Reads.
const (
	readGeneration cypher = `OPTIONAL MATCH (b:Build {key: 'current'})
RETURN coalesce(b.generation, 0) AS generation`
	readBuild cypher = `MATCH (b:Build {key: 'current'}) WHERE b.generation > 0
RETURN b.generation AS generation, b.finished_at AS finished_at, b.report AS report`
	readPages cypher = `MATCH (p:Page)
RETURN p.url AS url, p.title AS title, p.text AS text, p.content_hash AS content_hash,
       p.method AS method, p.extractor AS extractor, p.status AS status, p.error AS error,
       p.generation AS generation
ORDER BY p.ord`
	readNodes cypher = `MATCH (n:Node)
RETURN n.id AS id, n.page AS page, n.problem AS problem, n.condition AS condition,
       n.resolution AS resolution, n.intents AS intents, n.actionable AS actionable, n.root AS root,
       n.generation AS generation
ORDER BY n.ord`
	readEdges cypher = `MATCH (a:Node)-[r:CHILD|REFERENCE]->(b:Node)
RETURN a.id AS from, b.id AS to, type(r) AS type, r.generation AS generation
ORDER BY r.ord`
	readNode cypher = `MATCH (n:Node {id: $id})
RETURN n.id AS id, n.page AS page, n.problem AS problem, n.condition AS condition,
       n.resolution AS resolution, n.intents AS intents, n.actionable AS actionable, n.root AS root,
       n.generation AS generation`
	// searchAll finds nodes whose intents hold every term ($query is the
	// terms, quoted and joined with AND).
	searchAll cypher = `CALL db.index.fulltext.queryNodes('node_intents', $query, {limit: $limit})
YIELD node, score
RETURN node.id AS id, node.intents AS intents, score AS relevance`
	// searchEach queries each term on its own so that the number of terms a
	// node matches (its coverage) can be counted.
	searchEach cypher = `UNWIND $terms AS term
CALL db.index.fulltext.queryNodes('node_intents', term, {limit: $candidates})
YIELD node, score
WITH node, count(*) AS coverage, sum(score) AS relevance
RETURN node.id AS id, node.intents AS intents, coverage, relevance
ORDER BY coverage DESC, relevance DESC, id
LIMIT $limit`
)

// wipe deletes everything in the database. Tests only.
const wipe cypher = `MATCH (n) DETACH DELETE n`
