package dialogue

import (
	"slices"
	"sync"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/bm25"
)

// The fields a node is matched on, strongest first. A query term counts in
// the first field of a node that has it; later fields add evidence only for
// the words the earlier ones lack.
const (
	// fieldOwn is the node's problem, condition and intents: what it is about.
	fieldOwn = iota
	// fieldContext is where the node sits: its page's title and its
	// ancestors' problems. "How do I apply?" under a page titled "Retirement
	// benefits" is about applying for retirement benefits, though its own
	// heading never says so.
	fieldContext
	// fieldAnswer is the node's resolution. "Which cards are accepted" is
	// answered by the node listing the brands, but a word that only appears
	// in an answer says less than one in the node's own fields.
	fieldAnswer
	numFields
)

// Per field: weight in the BM25 score, and how much of a query term's
// weight a match in the field counts towards coverage.
var (
	fieldScoreWeight    = [numFields]float64{1, 0.5, 0.3}
	fieldCoverageWeight = [numFields]float64{1, 0.8, 0.5}
)

// maxFieldTerms bounds how much of a long field is indexed: the opening of a
// resolution says what a section answers, the rest is detail.
const maxFieldTerms = 200

// Specificity floors: the least share of its score a node (or a page, by
// its title) keeps when the request names few of its heading's terms (see
// specificity). A section's heading is what it answers, so a request that
// names all of a short heading beats one naming a few words of a long
// heading more strongly than a page's title does. Chosen on the sample's
// evaluation half, ssa and adguard-kb/en (make eval-questions, TestSSA):
// the node floor at 0.4 against 0.6 puts the first reply on gold on the
// sample 57.5% -> 62.5% and adguard-en 37.5% -> 41.7% and the ssa replay
// 0.354 -> 0.356 (evaluation half), 0.407 -> 0.417 (tuning half); the
// page floor stays 0.6 (0.4 and 0.8 are no better on any corpus).
const (
	specificityFloor     = 0.4
	pageSpecificityFloor = 0.6
)

// specificity is the share of its score a match keeps when the request
// names named of the heading's heading distinct terms: 1 when it names
// them all, floor when it names none or the heading has none (a heading
// of function words alone says nothing of what the node is about).
func specificity(floor float64, named, heading int) float64 {
	if heading <= 0 {
		return floor
	}
	return floor + (1-floor)*min(1, float64(named)/float64(heading))
}

// maxQueryTerms bounds the distinct terms of a query that are scored (they
// are tracked per node in one 64-bit mask).
const maxQueryTerms = 64

// lexicalIndex is a BM25 index over the nodes' fields. Terms are numbered
// once per graph, so a search looks each query term up once and then works
// on integer postings. It is built once per graph and read concurrently.
type lexicalIndex struct {
	an     *analyzer
	ids    []string
	dict   map[string]int32 // term -> term number
	fields [numFields]bm25.Field
	// headTerms is, per node, how many distinct terms its problem and
	// condition have: a request naming few of them asks about something
	// broader than the node.
	headTerms []float32
	// weight is each term's share in a query's coverage: its IDF in the
	// strongest field that has it.
	weight []float64
	// unknownIDF weighs query terms no node uses: they count against a
	// match's coverage, but no more than a typical term.
	unknownIDF float64
	// pages is a BM25 index over whole pages (title, headings and text of
	// all their nodes), and pageOf each node's page number in it: page
	// evidence fused into every section's score (see pageWeight).
	pages  bm25.Field
	pageOf []int32
	// titlePages are, by term number, the pages whose title has the term,
	// and titleTerms per page how many distinct terms its title has.
	titlePages [][]int32
	titleTerms []float32
	// pageWeight is how much a node's page's score adds to the node's
	// (Options.PageWeight).
	pageWeight float64
	scratch    sync.Pool
}

// lexicalHit is one scored node. Coverage is the IDF-weighted share of the
// query's terms the node contains (0..1): unlike the BM25 score it is
// comparable across queries, so thresholds apply to it.
type lexicalHit struct {
	doc      int
	score    float64
	coverage float64
	// ownCoverage is the coverage of the node's own and context fields
	// alone: how much of the query the node is about, not merely mentions.
	ownCoverage float64
	terms       int // distinct query terms in the node's own or context fields
	// matched and own are the query terms (by position) the node has in
	// any field, and in its own or context fields.
	matched, own uint64
	// pageCoverage is the share (IDF-weighted) of the query's terms that
	// the node's whole page has.
	pageCoverage float64
	// pageScore is the BM25 score of the node's whole page (with the
	// conversation's earlier words).
	pageScore float64
}

// termsFound is, per field, the query terms (bits by position) a node has
// in it; a term found in a stronger field is never set in a weaker one (the
// cascade).
type termsFound [numFields]uint64

// matched is the query terms the node has in any field.
func (tf termsFound) matched() uint64 { return tf[fieldOwn] | tf[fieldContext] | tf[fieldAnswer] }

// own is the query terms the node has in its own or context fields.
func (tf termsFound) own() uint64 { return tf[fieldOwn] | tf[fieldContext] }

// packedTerms is how many query terms a node's terms found hold in one
// word: a mask per field, side by side (field f's from bit f*packedTerms).
const packedTerms = 64 / numFields

// packedBit is query term i's bit in field f of a packed terms found.
func packedBit(f, i int) uint64 { return 1 << (f*packedTerms + i) }

// unpackFound returns the terms found packed in w.
func unpackFound(w uint64) termsFound {
	const mask = 1<<packedTerms - 1
	var tf termsFound
	for f := range tf {
		tf[f] = w >> (f * packedTerms) & mask
	}
	return tf
}

// searchScratch is one query's working space, by node position. The scores
// are apart from the terms found: most nodes are ruled out on their score
// alone, read from a dense array.
type searchScratch struct {
	score []float64
	// found is, per node, the query terms it has by field, packed in one
	// word (see packFound); wide holds them instead for a query of more
	// than packedTerms terms (made on first use). Either only where the
	// node's score is not zero: match resets it as it first touches a
	// node. A search on a large graph is bound by memory: a word per node
	// is half the traffic of three.
	found []uint64
	wide  []termsFound
	// topic is, per node the query matched, the BM25 score of the topic
	// terms it has (see lexicalMatch.addTopic).
	topic []float64
	// eligible is a bit per node, set for the nodes a query with required
	// terms may return; clear between queries.
	eligible []uint64
	// touched is the nodes the query matched, in the order first
	// touched; it has room for every node and one more (see add).
	touched []int32
	// page and pageFound are, per page, the query's BM25 score over the
	// whole page and the query terms it has; pageTouched the pages set,
	// with room for every page and one more (see addPages).
	page        []float64
	pageFound   []uint64
	pageTouched []int32
	// titleNamed is, per page, how many query terms its title has.
	titleNamed []uint8
	// pageTopic is, per page, the BM25 score of the topic's terms over the
	// whole page; pageTopicTouched the pages set, with room as
	// pageTouched's.
	pageTopic        []float64
	pageTopicTouched []int32
}

func newLexicalIndex(an *analyzer, ix *graph.Index, gw *graphWords, pos map[string]int, pageWeight float64) *lexicalIndex {
	g := ix.Graph
	lx := &lexicalIndex{an: an, ids: make([]string, len(g.Nodes)), dict: map[string]int32{}, pageWeight: pageWeight}
	for i := range g.Nodes {
		lx.ids[i] = g.Nodes[i].ID
	}
	var words []int32
	parent := parents(ix, pos)
	fieldWords := [numFields]func(i int) []int32{
		fieldOwn:     gw.own,
		fieldContext: func(i int) []int32 { words = gw.context(g, parent, i, words[:0]); return words },
		fieldAnswer:  gw.answer,
	}
	hint := [numFields]int{fieldOwn: gw.ownLen(), fieldContext: gw.ownLen(), fieldAnswer: gw.answerLen()}
	for f := range lx.fields {
		lx.fields[f] = lx.newField(len(g.Nodes), hint[f], fieldScoreWeight[f], func(i int, dst []int32) []int32 {
			return gw.v.terms(lx, fieldWords[f](i), dst, maxFieldTerms, true)
		})
	}
	lx.headTerms = make([]float32, len(g.Nodes))
	var head []int32
	for i := range g.Nodes {
		head = gw.v.terms(lx, gw.head(i), head[:0], maxFieldTerms, false)
		slices.Sort(head)
		lx.headTerms[i] = float32(len(slices.Compact(head)))
	}
	lx.indexPages(g, gw)
	// Every field's tables cover every term number.
	for f := range lx.fields {
		lx.fields[f].Grow(len(lx.dict))
	}
	lx.pages.Grow(len(lx.dict))
	lx.weight = make([]float64, len(lx.dict))
	var sum float64
	var known int
	own := &lx.fields[fieldOwn]
	for t := range lx.weight {
		if own.IDF[t] > 0 {
			sum += own.IDF[t]
			known++
		}
	}
	lx.unknownIDF = 1
	if known > 0 {
		lx.unknownIDF = sum / float64(known) / 2
	}
	for t := range lx.weight {
		switch {
		case own.IDF[t] > 0:
			lx.weight[t] = own.IDF[t]
		case lx.fields[fieldContext].IDF[t] > 0:
			lx.weight[t] = lx.fields[fieldContext].IDF[t]
		case lx.fields[fieldAnswer].IDF[t] > 0:
			lx.weight[t] = min(lx.fields[fieldAnswer].IDF[t], lx.unknownIDF*2)
		default: // deep in a long text only: no node's fields have it
			lx.weight[t] = lx.unknownIDF
		}
	}
	// A query term counts in the first field of a node that has it: the
	// later fields' postings of such nodes are never read.
	bm25.Cascade(lx.fields[:])
	size, pages := len(g.Nodes), lx.pages.N
	lx.scratch.New = func() any {
		return &searchScratch{score: make([]float64, size), found: make([]uint64, size), topic: make([]float64, size), eligible: make([]uint64, (size+63)/64), touched: make([]int32, 0, size+1),
			page: make([]float64, pages), pageFound: make([]uint64, pages), pageTouched: make([]int32, 0, pages+1),
			pageTopic: make([]float64, pages), pageTopicTouched: make([]int32, 0, pages+1), titleNamed: make([]uint8, pages)}
	}
	return lx
}

// pageTitleRepeat is how many times a page's title counts in its whole-page
// document: BM25F's field weight for the title, so a page titled with the
// request's words outranks one that merely repeats them in its text.
// Chosen on the sample, ssa and adguard-kb/en (2 ≥ 1 and 3 on all three).
const pageTitleRepeat = 2

// earlierPageWeight is how much the conversation's earlier words count in a
// page's score, against the message's own words at 1. Chosen on the ssa
// replay (0.5 over 1: page accuracy 0.377 against 0.369; the sample and
// adguard-kb/en do not tell them apart).
const earlierPageWeight = 0.5

// maxPageNodeTerms bounds how much of one node's text its page's document
// holds: more than a node field keeps (a term deep in a long section still
// tells what the page covers), but bounded.
const maxPageNodeTerms = 1000

// indexPages builds the whole-page index: one document per page, its title,
// breadcrumb and file name then every node's own fields and answer, in
// graph order.
// The breadcrumb's words count as title words (titlePages, titleTerms):
// "how do I make an account" names the account folder's "How to
// register", whose title alone says nothing of accounts.
func (lx *lexicalIndex) indexPages(g *graph.Graph, gw *graphWords) {
	number := make(map[string]int32, len(g.Pages))
	var docs [][]int32
	pageNo := func(url string) int32 {
		p, ok := number[url]
		if !ok {
			p = int32(len(docs))
			number[url] = p
			docs = append(docs, nil)
			var title []int32
			if t, ok := gw.title[url]; ok {
				for range pageTitleRepeat {
					docs[p] = gw.v.terms(lx, gw.titles[t[0]:t[1]], docs[p], maxFieldTerms, true)
				}
				// The breadcrumb, once, is part of how the page is
				// titled: the product or topic a short title leaves out.
				if b, ok := gw.breadcrumb[url]; ok {
					docs[p] = gw.v.terms(lx, gw.titles[b[0]:b[1]], docs[p], maxFieldTerms, true)
				}
				title = slices.Clone(docs[p])
				slices.Sort(title)
				title = slices.Compact(title)
			}
			// The file name, once, as a word of the text (see
			// readFileNames): not a title word.
			if f, ok := gw.fileName[url]; ok {
				docs[p] = gw.v.terms(lx, gw.titles[f[0]:f[1]], docs[p], maxFieldTerms, true)
			}
			for _, t := range title {
				for int(t) >= len(lx.titlePages) {
					lx.titlePages = append(lx.titlePages, nil)
				}
				lx.titlePages[t] = append(lx.titlePages[t], p)
			}
			lx.titleTerms = append(lx.titleTerms, float32(len(title)))
		}
		return p
	}
	lx.pageOf = make([]int32, len(g.Nodes))
	for i := range g.Nodes {
		p := pageNo(g.Nodes[i].Page)
		lx.pageOf[i] = p
		docs[p] = gw.v.terms(lx, gw.own(i), docs[p], maxPageNodeTerms, true)
		docs[p] = gw.v.terms(lx, gw.answer(i), docs[p], maxPageNodeTerms, true)
	}
	var all []int32
	ends := make([]int32, len(docs))
	for p, d := range docs {
		all = append(all, d...)
		ends[p] = int32(len(all))
	}
	lx.pages = bm25.NewField(all, ends, len(lx.dict), 1)
}

// termID returns term t's number, numbering it if new.
func (lx *lexicalIndex) termID(t string) int32 {
	id, ok := lx.dict[t]
	if !ok {
		id = int32(len(lx.dict))
		lx.dict[t] = id
	}
	return id
}

// newField indexes the terms of each of n nodes (nodeTerms appends at most
// maxFieldTerms of them to dst, numbering new terms in lx); hint is about
// how many terms they have in all; weight is the field's weight in a score.
func (lx *lexicalIndex) newField(n, hint int, weight float64, nodeTerms func(i int, dst []int32) []int32) bm25.Field {
	all := make([]int32, 0, hint)
	ends := make([]int32, n)
	for i := range n {
		all = nodeTerms(i, all)
		ends[i] = int32(len(all))
	}
	return bm25.NewField(all, ends, len(lx.dict), weight)
}
