package dialogue

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/lexical"
)

// vocab numbers the words of a graph's texts (as lexical.Words splits them)
// while they are read, so that the agent's construction stems, folds and
// counts each distinct word once, not each occurrence: at 100k nodes that
// is most of the work.
type vocab struct {
	an    *analyzer
	ids   map[string]int32
	words []vocabWord // by word number
	buf   []byte
	// compounds are the words of two parts the texts write hyphenated,
	// run together ("antivirus" for "anti-virus"), and their parts,
	// lowercased: a message writing one solid reads as the parts.
	compounds map[string][2]string
	// kana are the runs of hiragana the headings and titles write as words
	// (lexical.KanaWords): in a message's text such a run is a word, any
	// other one grammar (analyzer.split).
	kana map[string]bool
	// camel are the names the texts write as run-together capitalised
	// words and their heads, lowercased (lexical.CamelHeads), until
	// readCamelHeads sets the words' heads.
	camel map[string]string
	// solid are the words English verbs and their particles join as
	// (lexical.JoinPhrasal); nil outside English. raw and stems are
	// phrasalJoins' scratch: one text's words.
	solid      solidWords
	raw, stems []string
	// verbs are what the solid words that end in a particle start with
	// ("shut" for "shutdown"; see vocabWord.verb).
	verbs map[string]bool
}

type vocabWord struct {
	text    string   // lowercased
	stem    string   // lexical.Stem of text
	phrases []phrase // the analyzer's phrases starting with stem
	// particle is whether the word is an English verb particle ("up",
	// "down"; lexical.IsPhrasalParticle); verb whether it, or its stem,
	// and a particle are a word of the graph (readSolid): "shut" where
	// the graph writes "shutdown".
	particle, verb bool
	// term is the lexical term the word is alone: a term number, termDropped
	// (a stop word, or too short), or termUnnumbered before it is first used.
	term  int32
	count int // occurrences in the graph
	// head is, for a name written as run-together capitalised words whose
	// last part the graph also uses as a word of its own, that word's
	// number plus one ("points" for "NestPoints"); 0 for none.
	head int32
}

const (
	termDropped    = -1
	termUnnumbered = -2
)

func newVocab(an *analyzer) *vocab {
	return &vocab{an: an, ids: map[string]int32{}}
}

// split appends the numbers of s's words (lexical.EachWord) to dst,
// counting them, without making a string of each.
func (v *vocab) split(s string, dst []int32) []int32 {
	start := len(dst)
	v.buf = v.an.model.EachWord(s, v.buf, func(w []byte) { dst = append(dst, v.addBytes(w)) })
	for _, id := range dst[start:] {
		v.words[id].count++
	}
	return dst
}

// addCompounds adds the two-part hyphenated words of s ("anti-virus",
// "Wi-Fi"; not "state-of-the-art") to v.compounds.
func (v *vocab) addCompounds(s string) {
	for i := strings.IndexByte(s, '-'); i >= 0; {
		start, end := i, i+1
		for start > 0 && isCompoundLetter(s[start-1]) {
			start--
		}
		for end < len(s) && isCompoundLetter(s[end]) {
			end++
		}
		whole := start > 0 && s[start-1] == '-' || end < len(s) && s[end] == '-'
		if !whole && start < i && end > i+1 {
			first, second := strings.ToLower(s[start:i]), strings.ToLower(s[i+1:end])
			if v.compounds == nil {
				v.compounds = map[string][2]string{}
			}
			v.compounds[first+second] = [2]string{first, second}
		}
		next := strings.IndexByte(s[i+1:], '-')
		if next < 0 {
			break
		}
		i += 1 + next
	}
}

// addCamelHeads adds the names s writes as run-together capitalised words
// and their heads (lexical.CamelHeads) to v.camel.
func (v *vocab) addCamelHeads(s string) {
	lexical.CamelHeads(s, func(whole, head string) {
		if v.camel == nil {
			v.camel = map[string]string{}
		}
		v.camel[whole] = head
	})
}

// readCamelHeads sets the head of each name v.camel holds whose head the
// texts write as a word of its own at least as often as the name: "points"
// for "NestPoints" where the pages speak of points more than of the
// programme, none for "StayNest" where they never write "nest" alone, nor
// for "AdGuard" on pages that name the product thousands of times and
// "guard" once (there the name is what they speak of, not a kind of guard).
func (v *vocab) readCamelHeads() {
	for whole, head := range v.camel {
		w, ok1 := v.ids[whole]
		h, ok2 := v.ids[head]
		if ok1 && ok2 && v.words[h].count >= max(1, v.words[w].count) {
			v.words[w].head = h + 1
		}
	}
	v.camel = nil
}

// addKanaWords adds the hiragana runs heading s writes as words to v.kana.
func (v *vocab) addKanaWords(s string) {
	lexical.KanaWords(s, func(run string) {
		if v.kana == nil {
			v.kana = map[string]bool{}
		}
		v.kana[run] = true
	})
}

// isKanaWord reports whether run, a run of hiragana, is a word of the
// headings' (see kana).
func (v *vocab) isKanaWord(run string) bool { return v.kana[run] }

// isCompoundLetter reports whether b is an ASCII letter: compounds are
// looked for in ASCII words only, which lowercase byte for byte.
func isCompoundLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

// addBytes is add for a word in a reused buffer.
func (v *vocab) addBytes(b []byte) int32 {
	if id, ok := v.ids[string(b)]; ok { // no allocation: a map lookup
		return id
	}
	return v.add(string(b))
}

// add returns word w's number, numbering it if new (not counting it).
func (v *vocab) add(w string) int32 {
	id, ok := v.ids[w]
	if !ok {
		id = int32(len(v.words))
		v.ids[w] = id
		stem := v.an.model.Stem(w)
		v.words = append(v.words, vocabWord{text: w, stem: stem, phrases: v.an.phrases[stem], term: termUnnumbered,
			particle: lexical.IsPhrasalParticle(w), verb: v.verbs[w] || v.verbs[stem]})
	}
	return id
}

// terms appends to dst the term numbers of words (word numbers, in order),
// at most limit of them, numbering new terms in lx as they come:
// analyzer.terms, word by word. Terms past limit are not numbered. With
// heads, a name's head (vocabWord.head) follows the name's term, so that a
// section titled "Earning NestPoints" is one about earning points too.
func (v *vocab) terms(lx *lexicalIndex, words []int32, dst []int32, limit int, heads bool) []int32 {
	start := len(dst)
	joins := v.phrasalJoins(words)
	for i := 0; i < len(words) && len(dst)-start < limit; i++ {
		w := &v.words[words[i]]
		if j, ok := joins.at(i); ok {
			if j.verb == i {
				dst = append(dst, lx.termID(v.an.canonical(j.stem)))
			}
			continue // the particle is its verb's
		}
		matched := 0
		for _, p := range w.phrases {
			if i+len(p.parts) <= len(words) && v.stemsEqual(words[i:i+len(p.parts)], p.parts) {
				dst = append(dst, lx.termID(p.canon))
				matched = len(p.parts)
				break
			}
		}
		if matched > 0 {
			i += matched - 1
			continue
		}
		if t := v.term(lx, words[i]); t != termDropped {
			dst = append(dst, t)
			if heads && w.head > 0 {
				if h := v.term(lx, w.head-1); h != termDropped && h != t {
					dst = append(dst, h)
				}
			}
		}
	}
	return dst
}

// phrasalJoin is an English verb and its particle read as the one word
// the texts also write (lexical.JoinPhrasal): words' positions, and the
// stem of the two joined.
type phrasalJoin struct {
	verb, particle int
	stem           string
}

type phrasalJoins []phrasalJoin

// at returns the join whose verb or particle is position i.
func (js phrasalJoins) at(i int) (phrasalJoin, bool) {
	for _, j := range js {
		if j.verb == i || j.particle == i {
			return j, true
		}
	}
	return phrasalJoin{}, false
}

// phrasalJoins returns where words (word numbers of one text) hold an
// English verb and its particle that the texts also write as one word
// (lexical.JoinPhrasal): a page's "shut down" reads as its "shutdown",
// as a message's does (analyzer.joinPhrasals). None outside English.
func (v *vocab) phrasalJoins(words []int32) phrasalJoins {
	if v.solid == nil || !slices.ContainsFunc(words, func(id int32) bool { return v.words[id].particle }) {
		return nil
	}
	v.raw, v.stems = v.raw[:0], v.stems[:0]
	for _, id := range words {
		v.raw, v.stems = append(v.raw, v.words[id].text), append(v.stems, v.words[id].stem)
	}
	var joins phrasalJoins
	for i := len(words) - 1; i > 0; i-- {
		if !v.words[words[i]].particle || !slices.ContainsFunc(words[max(0, i-1-lexical.MaxPhrasalGap):i], v.isVerb) {
			continue // no word before it joins it: spare the lookups
		}
		if _, taken := joins.at(i); taken {
			continue
		}
		verb, stem, ok := v.an.model.JoinPhrasal(v.raw, v.stems, i, v.solid)
		if !ok {
			continue
		}
		if _, phrase := v.an.phraseAt(v.stems, verb); phrase {
			continue
		}
		if _, taken := joins.at(verb); taken {
			continue
		}
		joins = append(joins, phrasalJoin{verb: verb, particle: i, stem: stem})
	}
	return joins
}

// isVerb reports whether word id may join a particle (vocabWord.verb).
func (v *vocab) isVerb(id int32) bool { return v.words[id].verb }

// solidWords is a graph's content words as written (lowercased) and
// their stems, as lexical.JoinPhrasal looks them up: a word as the pages
// write it, never a word with its stem ("images in" is no "imagine").
type solidWords map[string]string

var _ lexical.SolidWords = solidWords(nil)

// SolidStem implements lexical.SolidWords.
func (s solidWords) SolidStem(w string) (string, bool) {
	stem, ok := s[w]
	return stem, ok
}

// readSolid sets the words English verbs and particles join as (v.solid,
// the analyzer's solid): v's content words that the texts (runs, word
// numbers) write solid at least as often as a verb and its particle do,
// next to each other ("setup" where the pages say "set up" less often).
// Where the pages mostly write the two words, those are their reading, as
// a run-together name's head is read only where the pages write the head
// alone as often (readCamelHeads).
func (v *vocab) readSolid(runs ...[]int32) {
	s := make(solidWords, len(v.words))
	for _, w := range v.words {
		if !v.an.model.IsStopWord(w.text) {
			s[w.text] = w.stem
		}
	}
	apart := map[string]int{}
	for _, run := range runs {
		for k := 1; k < len(run); k++ {
			p := &v.words[run[k]]
			if !p.particle {
				continue
			}
			verb := &v.words[run[k-1]]
			for _, form := range lexical.PhrasalVerbForms(verb.text, verb.stem) { // "backed up" too, as JoinPhrasal reads it
				if _, ok := s[form+p.text]; ok {
					apart[form+p.text]++
					break
				}
			}
		}
	}
	for w, n := range apart {
		if v.words[v.ids[w]].count < n {
			delete(s, w)
		}
	}
	verbs := map[string]bool{}
	for w := range s {
		for p := range 4 { // a particle's length: "up" … "down"
			if n := len(w) - p - 2; n >= 2 && lexical.IsPhrasalParticle(w[n:]) {
				verbs[w[:n]] = true
			}
		}
	}
	for i := range v.words {
		w := &v.words[i]
		w.verb = verbs[w.text] || verbs[w.stem]
	}
	v.verbs = verbs
	v.solid = s
	v.an.solid = s
}

// term returns the term number of word id alone (vocabWord.term),
// numbering it in lx on first use.
func (v *vocab) term(lx *lexicalIndex, id int32) int32 {
	w := &v.words[id]
	if w.term == termUnnumbered {
		w.term = termDropped
		if !v.an.model.IsStopWord(w.text) {
			t := v.an.canonical(w.stem)
			if utf8.RuneCountInString(t) >= 2 || lexical.IsDigits(t) {
				w.term = lx.termID(t)
			}
		}
	}
	return w.term
}

// readParticiples stems the graph's participles as their verbs
// (lexical.Participle), as a message's are: the pages' "gekündigte" meets
// a message's "kündigen". (Their compounds are left whole: split into the
// graph's words, "kostenlose" was "kost los", "Firewall" "fir wall",
// "Feedback" "feed back", and no question was answered better.)
func (v *vocab) readParticiples(k *knownWords) {
	for i := range v.words {
		w := &v.words[i]
		if s, ok := v.an.model.Participle(w.text, k); ok && !v.an.model.IsStopWord(w.text) {
			w.stem = s
		}
	}
}

// knownWords is a graph's vocabulary as lexical.Known reads a word the
// graph lacks against it: its content words' stems, and the stems of its
// words with accents by their spelling without.
type knownWords struct {
	stems  map[string]bool
	folded map[string]string
}

var _ lexical.Vocabulary = (*knownWords)(nil)

// HasStem implements lexical.Vocabulary.
func (k *knownWords) HasStem(s string) bool { return k.stems[s] }

// FoldedStem implements lexical.Vocabulary.
func (k *knownWords) FoldedStem(f string) (string, bool) {
	s, ok := k.folded[f]
	return s, ok
}

// known returns v's words as lexical.Known reads them.
func (v *vocab) known() *knownWords {
	k := &knownWords{stems: make(map[string]bool, len(v.words)), folded: map[string]string{}}
	for _, w := range v.words {
		if v.an.model.IsStopWord(w.text) {
			continue
		}
		k.stems[w.stem] = true
		if f := lexical.Fold(w.text); f != w.text {
			k.folded[f] = w.stem
		}
	}
	return k
}

// isForm reports whether w, which the graph may lack, is a form of its
// words (another inflection, a compound of them, the same without its
// accents): the graph's language's word, not a typo of another.
func (k *knownWords) isForm(model *lexical.Model, w string) bool {
	words, _ := model.Known(w, k)
	return len(words) > 0
}

func (v *vocab) stemsEqual(words []int32, stems []string) bool {
	for k, w := range words {
		if v.words[w].stem != stems[k] {
			return false
		}
	}
	return true
}

// graphWords holds the word numbers of every text of a graph, read once for
// the lexical index and the speller alike. A node's problem, condition and
// intents lie one after the other, then its resolution: the words of texts
// joined with " . " are their parts' words one after the other, so the own
// field is one run.
type graphWords struct {
	v     *vocab
	words []int32
	// off holds per node (offsPerNode apart) where its problem, condition
	// (the problem's end), intents (the heading's end) and resolution (the
	// own field's end) start, and where the node ends.
	off    []int32
	titles []int32
	// title holds per page URL its title's run in titles.
	title map[string][2]int32
	// breadcrumb holds per page URL the run in titles of its breadcrumb
	// (see readBreadcrumbs).
	breadcrumb map[string][2]int32
	// fileName holds per page URL the run in titles of its file name's
	// words (see readFileNames); none for a page without such words.
	fileName map[string][2]int32
}

func newGraphWords(an *analyzer, g *graph.Graph) *graphWords {
	gw := &graphWords{v: newVocab(an), off: make([]int32, 0, offsPerNode*len(g.Nodes)), title: make(map[string][2]int32, len(g.Pages)),
		breadcrumb: make(map[string][2]int32, len(g.Pages)), fileName: make(map[string][2]int32, len(g.Pages))}
	// Room for a word every four bytes, to grow the run rarely.
	size := 0
	for i := range g.Nodes {
		n := &g.Nodes[i]
		size += len(n.Problem) + len(n.Condition) + len(n.Resolution)
		for _, in := range n.Intents {
			size += len(in)
		}
	}
	gw.words = make([]int32, 0, size/4+16)
	for _, p := range g.Pages {
		start := int32(len(gw.titles))
		gw.titles = gw.v.split(p.Title, gw.titles)
		gw.v.addCompounds(p.Title)
		gw.v.addCamelHeads(p.Title)
		gw.v.addKanaWords(p.Title)
		gw.title[p.URL] = [2]int32{start, int32(len(gw.titles))}
	}
	for i := range g.Nodes {
		n := &g.Nodes[i]
		gw.off = append(gw.off, int32(len(gw.words)))
		gw.words = gw.v.split(n.Problem, gw.words)
		gw.off = append(gw.off, int32(len(gw.words)))
		gw.words = gw.v.split(n.Condition, gw.words)
		gw.off = append(gw.off, int32(len(gw.words)))
		for _, in := range n.Intents {
			gw.words = gw.v.split(in, gw.words)
		}
		gw.off = append(gw.off, int32(len(gw.words)))
		gw.words = gw.v.split(withoutLinks(n.Resolution), gw.words)
		for _, t := range [...]string{n.Problem, n.Condition, n.Resolution} {
			gw.v.addCompounds(t)
			gw.v.addCamelHeads(t)
		}
		gw.v.addKanaWords(n.Problem)
		gw.v.addKanaWords(n.Condition)
		gw.off = append(gw.off, int32(len(gw.words)))
	}
	gw.v.readCamelHeads()
	gw.readBreadcrumbs(g)
	gw.readFileNames(g)
	return gw
}

// withoutLinks is a resolution without its links' text, as the answer
// field indexes it: a link's words say what the page it leads to is about
// ("[Clear a paper jam — how to free the paper](paperjam.html)" in a list
// of printer problems), and counted for the node that links they rank the
// list above the page it points to. An image's alt text goes too.
func withoutLinks(resolution string) string {
	if !strings.Contains(resolution, "](") {
		return resolution
	}
	return lexical.MarkdownLink.ReplaceAllString(resolution, " ")
}

// offsPerNode is how many offsets graphWords.off holds per node.
const offsPerNode = 5

func (gw *graphWords) problem(i int) []int32 {
	return gw.words[gw.off[offsPerNode*i]:gw.off[offsPerNode*i+1]]
}

// head is the node's problem and condition: what its heading says.
func (gw *graphWords) head(i int) []int32 {
	return gw.words[gw.off[offsPerNode*i]:gw.off[offsPerNode*i+2]]
}
func (gw *graphWords) own(i int) []int32 {
	return gw.words[gw.off[offsPerNode*i]:gw.off[offsPerNode*i+3]]
}
func (gw *graphWords) answer(i int) []int32 {
	return gw.words[gw.off[offsPerNode*i+3]:gw.off[offsPerNode*i+4]]
}

// ownLen and answerLen are the number of words of all nodes' own and
// answer fields: at least as many as their terms.
func (gw *graphWords) ownLen() (n int) {
	for i := 0; i < len(gw.off); i += offsPerNode {
		n += int(gw.off[i+3] - gw.off[i])
	}
	return n
}

func (gw *graphWords) answerLen() (n int) {
	for i := 0; i < len(gw.off); i += offsPerNode {
		n += int(gw.off[i+4] - gw.off[i+3])
	}
	return n
}

// context appends to dst the words of where node i sits: its page's title
// and its ancestors' problems. parent holds each node's parent position, or -1.
func (gw *graphWords) context(g *graph.Graph, parent []int32, i int, dst []int32) []int32 {
	if t, ok := gw.title[g.Nodes[i].Page]; ok {
		dst = append(dst, gw.titles[t[0]:t[1]]...)
	}
	d := int32(i)
	for range maxDescent {
		if d = parent[d]; d < 0 {
			break
		}
		dst = append(dst, gw.problem(int(d))...)
	}
	return dst
}

// parents returns each node's parent position in g, or -1.
func parents(ix *graph.Index, pos map[string]int) []int32 {
	out := make([]int32, len(ix.Graph.Nodes))
	for i := range ix.Graph.Nodes {
		out[i] = -1
		if p := ix.Parent(ix.Graph.Nodes[i].ID); p != "" {
			out[i] = int32(pos[p])
		}
	}
	return out
}
