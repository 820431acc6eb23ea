package neo4j

// cypher is a Cypher statement. Only constants of this type are ever sent to
// the server: Go converts untyped string constants to it implicitly but needs
// an explicit conversion for any other string, and the package never
// converts (TestCypherIsConstant checks both), so no user data can become
// query text. User data travels only as parameters.
type cypher string

// Everything the store writes carries a Helpgraph label (HelpgraphPage,
// HelpgraphNode, HelpgraphBuild) and every statement matches on those
// labels, so a database shared with other data is never touched outside
// them. Schema object names start with helpgraph_.

// Schema, created idempotently by a writable Open; a read-only Open only
// inspects it.
const (
	createPageConstraint  cypher = `CREATE CONSTRAINT helpgraph_page_key IF NOT EXISTS FOR (p:HelpgraphPage) REQUIRE (p.generation, p.url) IS UNIQUE`
	createNodeConstraint  cypher = `CREATE CONSTRAINT helpgraph_node_key IF NOT EXISTS FOR (n:HelpgraphNode) REQUIRE (n.generation, n.id) IS UNIQUE`
	createBuildConstraint cypher = `CREATE CONSTRAINT helpgraph_build_key IF NOT EXISTS FOR (b:HelpgraphBuild) REQUIRE b.key IS UNIQUE`
	createPageGeneration  cypher = `CREATE INDEX helpgraph_page_generation IF NOT EXISTS FOR (p:HelpgraphPage) ON (p.generation)`
	createNodeGeneration  cypher = `CREATE INDEX helpgraph_node_generation IF NOT EXISTS FOR (n:HelpgraphNode) ON (n.generation)`
	// The english analyzer stems plurals and verb forms as lexical.Stem does,
	// so "passwords" finds "password" on both backends; it is Lucene's stemmer,
	// not the project's Snowball one the SQLite store indexes, so rarer pairs
	// ("news"/"new") may differ. Indexing lexical's stems here too would need
	// a new property, a whitespace analyzer and a server to test against.
	createIntentIndex cypher = "CREATE FULLTEXT INDEX helpgraph_node_intents IF NOT EXISTS FOR (n:HelpgraphNode) ON EACH [n.intent_text] OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}"
	awaitIndexes      cypher = `CALL db.awaitIndexes(300)`
	createBuild       cypher = `MERGE (b:HelpgraphBuild {key: 'current'}) ON CREATE SET b.generation = 0, b.allocated = 0`
	// showIndexes lists the store's indexes, to report one that exists with
	// another definition (CREATE ... IF NOT EXISTS keeps it silently).
	showIndexes cypher = `SHOW INDEXES YIELD name, type, labelsOrTypes, properties, options
WHERE name STARTS WITH 'helpgraph_'
RETURN name, type, labelsOrTypes, properties, options`
)

// Replace writes the new graph as a new generation beside the current one,
// in batches of their own transactions; readers keep reading the current
// generation meanwhile. Then one small transaction flips the build's
// generation pointer, and the older generations are deleted in batches.
//
// Edges are two relationship types, CHILD and REFERENCE, rather than one
// type with a property: Cypher users then write (a)-[:CHILD*]->(b) to walk a
// problem tree, and each type has its own constant statement because a
// relationship type cannot be a parameter.
const (
	// allocateGeneration reserves the next generation number, above both
	// the current one and any reserved by a Replace that never finished.
	// The first SET takes the build node's write lock, so concurrent
	// Replaces read and bump the counter one at a time.
	allocateGeneration cypher = `MERGE (b:HelpgraphBuild {key: 'current'}) ON CREATE SET b.generation = 0, b.allocated = 0
SET b.locked_at = datetime()
WITH b
SET b.allocated = CASE WHEN coalesce(b.allocated, 0) > b.generation THEN b.allocated ELSE b.generation END + 1
REMOVE b.locked_at
RETURN b.allocated AS generation`
	createPages cypher = `UNWIND $rows AS row
CREATE (p:HelpgraphPage {generation: $generation, url: row.url})
SET p.title = row.title, p.lang = row.lang, p.breadcrumb = row.breadcrumb, p.text = row.text, p.content_hash = row.content_hash,
    p.method = row.method, p.extractor = row.extractor, p.status = row.status,
    p.error = row.error, p.ord = row.ord`
	createNodes cypher = `UNWIND $rows AS row
MATCH (p:HelpgraphPage {generation: $generation, url: row.page})
CREATE (n:HelpgraphNode {generation: $generation, id: row.id})
SET n.page = row.page, n.problem = row.problem, n.condition = row.condition,
    n.resolution = row.resolution, n.intents = row.intents, n.intent_text = row.intent_text,
    n.actionable = row.actionable, n.root = row.root, n.ord = row.ord,
    n.answers = row.answers, n.hollow = row.hollow, n.shown = row.shown
CREATE (n)-[:ON_PAGE {generation: $generation}]->(p)`
	createChildEdges cypher = `UNWIND $rows AS row
MATCH (a:HelpgraphNode {generation: $generation, id: row.from}), (b:HelpgraphNode {generation: $generation, id: row.to})
CREATE (a)-[:CHILD {ord: row.ord, generation: $generation}]->(b)`
	createReferenceEdges cypher = `UNWIND $rows AS row
MATCH (a:HelpgraphNode {generation: $generation, id: row.from}), (b:HelpgraphNode {generation: $generation, id: row.to})
CREATE (a)-[:REFERENCE {ord: row.ord, generation: $generation}]->(b)`
	// flipGeneration makes $generation current unless a newer one already is.
	flipGeneration cypher = `MATCH (b:HelpgraphBuild {key: 'current'})
SET b.locked_at = datetime()
WITH b
WITH b, b.generation < $generation AS newer
SET b.generation = CASE WHEN newer THEN $generation ELSE b.generation END,
    b.data_generation = CASE WHEN newer THEN $generation ELSE b.data_generation END,
    b.finished_at = CASE WHEN newer THEN $finished_at ELSE b.finished_at END,
    b.report = CASE WHEN newer THEN $report ELSE b.report END
REMOVE b.locked_at
RETURN newer`
	deleteOldNodes cypher = `MATCH (n:HelpgraphNode) WHERE n.generation < $generation
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted`
	deleteOldPages cypher = `MATCH (p:HelpgraphPage) WHERE p.generation < $generation
WITH p LIMIT $batch
DETACH DELETE p
RETURN count(*) AS deleted`
	// deleteGenerationNodes and deleteGenerationPages undo a Replace that
	// failed before its flip.
	deleteGenerationNodes cypher = `MATCH (n:HelpgraphNode {generation: $generation})
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted`
	deleteGenerationPages cypher = `MATCH (p:HelpgraphPage {generation: $generation})
WITH p LIMIT $batch
DETACH DELETE p
RETURN count(*) AS deleted`
)

// Reads: always of the data generation the build points at.
const (
	// readGeneration returns the current build's generation and the
	// generation its pages and nodes carry: the same after a Replace; an
	// Update counts a new build but changes the data in place. A store
	// written before Update existed has no data_generation.
	readGeneration cypher = `OPTIONAL MATCH (b:HelpgraphBuild {key: 'current'})
RETURN coalesce(b.generation, 0) AS generation, coalesce(b.data_generation, b.generation, 0) AS data`
	readBuild cypher = `MATCH (b:HelpgraphBuild {key: 'current'}) WHERE b.generation > 0
RETURN b.generation AS generation, b.finished_at AS finished_at, b.report AS report`
	readPages cypher = `MATCH (p:HelpgraphPage {generation: $generation})
RETURN p.url AS url, p.title AS title, coalesce(p.lang, '') AS lang, coalesce(p.breadcrumb, []) AS breadcrumb, p.text AS text, p.content_hash AS content_hash,
       p.method AS method, p.extractor AS extractor, p.status AS status, p.error AS error
ORDER BY p.ord`
	readNodes cypher = `MATCH (n:HelpgraphNode {generation: $generation})
RETURN n.id AS id, n.page AS page, n.problem AS problem, n.condition AS condition,
       n.resolution AS resolution, n.intents AS intents, n.actionable AS actionable, n.root AS root,
       n.answers AS answers, n.hollow AS hollow, n.shown AS shown
ORDER BY n.ord`
	readEdges cypher = `MATCH (a:HelpgraphNode {generation: $generation})-[r:CHILD|REFERENCE]->(b:HelpgraphNode)
RETURN a.id AS from, b.id AS to, type(r) AS type
ORDER BY r.ord`
	readNode cypher = `MATCH (b:HelpgraphBuild {key: 'current'})
MATCH (n:HelpgraphNode {generation: coalesce(b.data_generation, b.generation), id: $id})
RETURN n.id AS id, n.page AS page, n.problem AS problem, n.condition AS condition,
       n.resolution AS resolution, n.intents AS intents, n.actionable AS actionable, n.root AS root,
       n.answers AS answers, n.hollow AS hollow, n.shown AS shown`
	// searchAll finds nodes whose intents hold every term ($query is the
	// terms, quoted and joined with AND). The index covers every generation
	// still stored (two during a Replace), so it fetches more and filters.
	searchAll cypher = `CALL db.index.fulltext.queryNodes('helpgraph_node_intents', $query, {limit: $fetch})
YIELD node, score
WHERE node.generation = $generation
RETURN node.id AS id, node.intents AS intents, score AS relevance
LIMIT $limit`
	// searchEach queries each term on its own so that the number of terms a
	// node matches (its coverage) can be counted.
	searchEach cypher = `UNWIND $terms AS term
CALL db.index.fulltext.queryNodes('helpgraph_node_intents', term, {limit: $candidates})
YIELD node, score
WITH node, score WHERE node.generation = $generation
WITH node, count(*) AS coverage, sum(score) AS relevance
RETURN node.id AS id, node.intents AS intents, coverage, relevance
ORDER BY coverage DESC, relevance DESC, id
LIMIT $limit`
)

// wipe deletes the store's data and nothing else. Tests only.
const wipe cypher = `MATCH (n) WHERE n:HelpgraphNode OR n:HelpgraphPage OR n:HelpgraphBuild DETACH DELETE n`

// Update changes the current generation's data in place, in one
// transaction that starts by taking the build node's write lock, so it
// waits for, and is waited for by, every other writer. It counts a new
// build (generation) but leaves data_generation as it is.
const (
	// lockForUpdate allocates the build's new generation like
	// allocateGeneration and returns the data generation to change (none
	// yet on an empty store: the new generation is used).
	lockForUpdate cypher = `MERGE (b:HelpgraphBuild {key: 'current'}) ON CREATE SET b.generation = 0, b.allocated = 0
SET b.locked_at = datetime()
WITH b
SET b.allocated = CASE WHEN coalesce(b.allocated, 0) > b.generation THEN b.allocated ELSE b.generation END + 1
REMOVE b.locked_at
RETURN b.allocated AS generation, coalesce(b.data_generation, b.generation) AS data`
	// nextOrds returns the first free ord of pages, nodes and edges, so
	// that what an Update writes comes after what is there.
	nextOrds cypher = `CALL { MATCH (p:HelpgraphPage {generation: $data}) RETURN coalesce(max(p.ord), -1) + 1 AS pages }
CALL { MATCH (n:HelpgraphNode {generation: $data}) RETURN coalesce(max(n.ord), -1) + 1 AS nodes }
CALL { MATCH (:HelpgraphNode {generation: $data})-[r:CHILD|REFERENCE]->() RETURN coalesce(max(r.ord), -1) + 1 AS edges }
RETURN pages, nodes, edges`
	// nodeElsewhere finds a node of the change whose id a page the change
	// does not touch holds.
	nodeElsewhere cypher = `UNWIND $ids AS id
MATCH (n:HelpgraphNode {generation: $data, id: id})
WHERE NOT n.page IN $touched
RETURN n.id AS id, n.page AS page
LIMIT 1`
	// deleteGoneNodes deletes the nodes of the touched pages that the
	// change does not write again, with every edge from or to them.
	deleteGoneNodes cypher = `UNWIND $touched AS url
MATCH (:HelpgraphPage {generation: $data, url: url})<-[:ON_PAGE]-(n:HelpgraphNode)
WHERE NOT n.id IN $ids
DETACH DELETE n`
	// detachKeptNodes deletes the edges from the nodes of the touched
	// pages that stay, and their link to their page; edges to them stay.
	detachKeptNodes cypher = `UNWIND $touched AS url
MATCH (:HelpgraphPage {generation: $data, url: url})<-[:ON_PAGE]-(n:HelpgraphNode)
WITH n
MATCH (n)-[r:CHILD|REFERENCE|ON_PAGE]->()
DELETE r`
	deletePages cypher = `UNWIND $urls AS url
MATCH (p:HelpgraphPage {generation: $data, url: url})
DETACH DELETE p`
	// mergePages keeps a changed page's ord, and so its place.
	mergePages cypher = `UNWIND $rows AS row
MERGE (p:HelpgraphPage {generation: $data, url: row.url})
ON CREATE SET p.ord = row.ord
SET p.title = row.title, p.lang = row.lang, p.breadcrumb = row.breadcrumb, p.text = row.text, p.content_hash = row.content_hash,
    p.method = row.method, p.extractor = row.extractor, p.status = row.status,
    p.error = row.error`
	mergeNodes cypher = `UNWIND $rows AS row
MATCH (p:HelpgraphPage {generation: $data, url: row.page})
MERGE (n:HelpgraphNode {generation: $data, id: row.id})
SET n.page = row.page, n.problem = row.problem, n.condition = row.condition,
    n.resolution = row.resolution, n.intents = row.intents, n.intent_text = row.intent_text,
    n.actionable = row.actionable, n.root = row.root, n.ord = row.ord,
    n.answers = row.answers, n.hollow = row.hollow, n.shown = row.shown
CREATE (n)-[:ON_PAGE {generation: $data}]->(p)`
	// missingNode finds an edge target that does not exist.
	missingNode cypher = `UNWIND $ids AS id
OPTIONAL MATCH (n:HelpgraphNode {generation: $data, id: id})
WITH id, n WHERE n IS NULL
RETURN id
LIMIT 1`
	addChildEdges cypher = `UNWIND $rows AS row
MATCH (a:HelpgraphNode {generation: $data, id: row.from}), (b:HelpgraphNode {generation: $data, id: row.to})
CREATE (a)-[:CHILD {ord: row.ord, generation: $data}]->(b)`
	addReferenceEdges cypher = `UNWIND $rows AS row
MATCH (a:HelpgraphNode {generation: $data, id: row.from}), (b:HelpgraphNode {generation: $data, id: row.to})
CREATE (a)-[:REFERENCE {ord: row.ord, generation: $data}]->(b)`
	recordUpdate cypher = `MATCH (b:HelpgraphBuild {key: 'current'})
SET b.generation = $generation, b.data_generation = $data, b.finished_at = $finished_at, b.report = $report`
)
