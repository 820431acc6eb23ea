package dialogue

import "github.com/helpgraph/helpgraph/internal/lexical"

// reading is a message as a turn reads it, made once at the top of the
// turn (readMessage): every step after it (acts, options, identification,
// conditions, the reply's focus) reads this value, and none analyses the
// message's text again. Texts joined to it (the problem being discussed,
// the message before) are analysed on their own and their words joined.
//
// A reading is shared by the steps of a turn: none changes it (plainWords
// only fills in what it cuts on first use).
type reading struct {
	// text is the message as answered: trimmed and spelling corrected.
	text string
	// masked is text with the user's specifics removed (lexical.Mask).
	masked string
	// words are masked's words and stems, in the pages' language; terms
	// are what the lexical index matches (analyzer.termsOf).
	words textWords
	terms []string
	// neg says the message is negated ("I don't have my code"), read
	// once its specifics are masked: "no-reply@…" or a place named "No
	// Name Street" negates nothing.
	neg bool
	// denied are the terms each negation governs ("not a member"): they
	// count against a condition that states them, not for it.
	denied [][]string

	// What the message does in the conversation (readMessage only).
	act  Act // classifyAct: of the message as written, else as corrected
	lead Act // the yes or no it opens or closes with (leadingAct)
	// yesStatement: a yes followed by a statement (statesAfterYes).
	yesStatement bool
	// followUpForm: it opens as a follow-up does ("what about", "and").
	followUpForm bool
	// question: it asks something (isQuestion), rather than stating.
	question bool
	// refersBack: its subject is a pronoun for what was just said ("how
	// long does it take?", "will that work?"; refersBack).
	refersBack bool
	// pronoun: it names something said before by a pronoun ("turn it
	// back on", "undo that", "wie schalte ich es wieder ein"; namesByPronoun).
	pronoun bool
	// record: it names a record number (lexical.HasRecordNumber).
	record bool
	// acks: it acknowledges, beside any thanks ("ok thanks"; acknowledges).
	acks bool
	// farewell: it takes leave ("ok bye", "thanks, see you"; farewell).
	farewell bool
	// announces: it announces a request ("I have a question"), whose
	// words are not read as the request's (announcement).
	announces bool
	// plain are text's words, unmasked ("the 2nd one"), cut on first use.
	plain []string
	// detail is the case detail text tells (caseDetailOf), read on first
	// use (caseDetailIn): three steps of a turn may ask for it.
	detail     string
	detailRead bool
	// search is the last search over terms alone (GraphAgent.requestHits):
	// the miss policy's moves, tried one after another, each ask for it.
	search *termsSearch
}

// termsSearch is a search's best hits for terms (negated or not).
type termsSearch struct {
	terms []string
	neg   bool
	hits  []candidate
}

// readMessage reads msg, a user's message (trimmed, not yet corrected),
// for one turn. It also remembers the message's terms for the turns after
// it, which rank with the conversation's earlier words (see topic).
func (a *GraphAgent) readMessage(msg string) *reading {
	// An act is read before spelling is corrected too: "agent" is no
	// misspelt word of the help center's.
	act := classifyAct(a.an, msg)
	corrected := a.spell.correct(msg)
	if act == ActNone && corrected != msg {
		act = classifyAct(a.an, corrected)
	}
	// What is asked is what an announcement leaves ("I have a question
	// about my license": "about my license"), read once; the text stays
	// the whole message.
	asked, announces := withoutAnnouncement(corrected)
	r := a.readText(asked)
	r.text, r.announces = corrected, announces
	if onlyKana(corrected) || act == ActNone && chatOnly(corrected) || act == ActAll {
		// Words of its own: none (onlyKana). Chat alone ("great",
		// "perfect!") asks for nothing: read as a request, it found any
		// page that says "runs great"; nor does "both" with nothing
		// offered ("beides" found a page on fuzzy displays).
		r.terms = nil
	}
	r.act = act
	r.lead = leadingAct(corrected)
	r.yesStatement = r.lead == ActYes && statesAfterYes(corrected)
	r.followUpForm = followUp.MatchString(corrected)
	r.question = isQuestion(corrected)
	r.refersBack = refersBack.MatchString(corrected)
	r.pronoun = namesByPronoun(corrected, a.langs.lang)
	r.record = lexical.HasRecordNumber(corrected)
	acks := messageAcks(msg)
	r.acks = acknowledges(acks)
	r.farewell = farewell.MatchString(msg) || actClosing.MatchString(msg) || closes(acks)
	a.earlier.put(msg, a.earlierOf(msg, r))
	return r
}

// caseDetailIn returns the detail of the customer's case r's text tells
// (caseDetailOf, in langs too), read once a turn.
func (r *reading) caseDetailIn(langs ...string) string {
	if !r.detailRead {
		r.detail, r.detailRead = caseDetailOf(r.text, langs...), true
	}
	return r.detail
}

// readText reads text (a message as it is, an LLM's rewrite, a confirmed
// condition) for matching: its acts are not read.
func (a *GraphAgent) readText(text string) *reading {
	r := &reading{text: text, masked: a.mask(text)}
	r.neg = lexical.Negated(r.masked)
	if r.neg { // what denies nothing has no scopes to look for
		r.denied = a.negatedScopes(r.masked)
	}
	r.words = a.an.split(r.masked)
	r.terms = a.an.termsOf(r.words, nil)
	return r
}

// plainWords returns the words of r's text, specifics not masked.
func (r *reading) plainWords() []string {
	if r.plain == nil {
		r.plain = lexical.Words(r.text)
	}
	return r.plain
}

// joined is r's words followed by more's (a text read on its own), read
// as terms: the terms of the two texts joined by a full stop.
func (a *GraphAgent) joined(r *reading, more ...textWords) []string {
	w := r.words
	for _, m := range more {
		w = w.join(m)
	}
	return a.an.termsOf(w, nil)
}

// problemWords returns the words of node id's problem, specifics masked
// as a message's are, and whether they are negated, read once per graph;
// none for no such node.
func (a *GraphAgent) problemWords(id string) (textWords, bool) {
	d, ok := a.doc[id]
	if !ok {
		return textWords{}, false
	}
	f := a.nodeFacts(d)
	m := f.maskedProblem.Load()
	if m == nil {
		masked := lexical.Mask(a.ix.Graph.Nodes[d].Problem)
		m = &maskedText{words: a.an.split(masked), neg: lexical.Negated(masked)}
		f.maskedProblem.Store(m)
	}
	return m.words, m.neg
}
