package dialogue

import (
	"context"
	"maps"
	"slices"
	"strings"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/english"
	"github.com/helpgraph/helpgraph/internal/lexical"
)

func (a *GraphAgent) sourcesOf(id string) []string {
	if n := a.ix.Node(id); n != nil {
		return []string{n.Page}
	}
	return nil
}

// maxLead is the longest node resolution shown before the reply of a
// referenced page.
const maxLead = 600

// maxDescent bounds the walk down children and along references, so a
// cyclic graph cannot loop.
const maxDescent = 32

// respondAt decides the action for identified node id (step 2): descend
// through children whose conditions the user has satisfied, follow references
// of non-actionable nodes, then resolve, clarify or escalate.
//
// A non-actionable node whose reference is followed may still say something
// ("the code is on the reservation page; if it isn't there, see ..."): its
// condition and resolution lead the reply, verbatim.
func (a *GraphAgent) respondAt(ctx context.Context, s *Session, id string, message *reading) (r Reply, err error) {
	n := a.ix.Node(id)
	sources := []string{n.Page}
	text := message // what decides branches; the message is still the LLM's to reply to
	var lead []string
	last, pending := lastAgentTurn(s), s.PendingOptions
	defer func() {
		switch {
		case err != nil:
		case asksAgain(last, pending, r, message != nil && !message.question):
			if a.askedWhichAgain(s, last.Text) {
				r = a.noneFits(s, "LeadNoneOfThose")
			} else {
				r = a.askWhich(s)
			}
		case len(lead) > 0:
			r.Text = strings.Join(append(lead, r.Text), "\n\n")
		}
	}()
	// A first answer on a page, from a section that is only the page's
	// subject again, is led by what the page says above its sections.
	if message != nil && !nodeOnPage(a.ix.Node(last.NodeID), n.Page) {
		if res := a.pageIntro(id, message.terms); res != "" {
			lead = append(lead, res)
		}
	}
	// The situation chosen above the section the user asked about: that
	// section is the answer.
	if asked := s.Asked; asked != "" {
		s.Asked = ""
		if a.beneath(asked, id) {
			id, n = asked, a.ix.Node(asked)
		}
	}
	// A section beneath a situation the user has not stated assumes it: it
	// stands for the question between that situation and the others,
	// unless the text picks it among them, and is answered once the user
	// chooses it.
	if c := a.unstatedAbove(s, id); c != "" && a.besideSituations(c, id) {
		if parent, picked := a.pickedAmongSiblings(s, c, text); parent != "" && !picked {
			s.Asked = id
			id, n = parent, a.ix.Node(parent)
		}
	}
	// A matched node whose condition the user has not confirmed stands for
	// its parent's question, unless the text picks it among its siblings.
	if n.Condition != "" && !a.confirmed(s, n.Condition) {
		if parent, picked := a.pickedAmongSiblings(s, id, text); parent != "" && !picked {
			id, n = parent, a.ix.Node(parent)
		}
	}
	visited := map[string]bool{}
	var others []string // the sub-sections beside the one a request described
	hops := 0           // references followed
	for range maxDescent {
		visited[id] = true
		kids := a.conditionalChildren(id)
		if len(kids) > 0 {
			picked := a.pickChildren(id, kids, text, s.Confirmed)
			if len(picked) == 1 {
				a.confirm(s, a.ix.Node(picked[0]).Condition)
				id, n = picked[0], a.ix.Node(picked[0])
				continue
			}
			// A node that answers with one special case below it ("if the
			// points don't cover the price") answers; the special case is a
			// follow-up. Situations to choose between, or a node that says
			// nothing by itself, make a question.
			if len(picked) == 0 && len(kids) == 1 && verdictOf(n).Answers {
				return a.resolve(ctx, s, n, message, a.options(a.ix.Children(id)), sources, hops > 0), nil
			}
			if len(picked) == 0 {
				picked = kids
				if len(kids) == 1 {
					// One branch is no question ("does this apply?"); beside
					// sub-problems it is one of the situations to choose from.
					picked = a.ix.Children(id)
				}
			}
			if k := a.ix.Node(picked[0]); loneBranch(len(picked), verdictOf(k).Answers || topicItem(k), hops > 0) && !visited[picked[0]] {
				// "Which of these applies to you? 1. Workstations" asks
				// nothing: the node's opening leads the branch's answer,
				// which says the situation it is for.
				// (What the question would have said before it, as clarify
				// says it.)
				if res := a.leadIn(n, nil); res != "" {
					lead = append(lead, res)
				}
				id, n = picked[0], a.ix.Node(picked[0])
				continue
			}
			return a.clarify(s, n, a.options(picked), sources), nil
		}
		sub := a.ix.Children(id)
		// A request that names one of the sub-sections, beyond what the
		// node's own heading says, is answered there, not with the node's
		// opening and the sub-section as an option.
		if k := a.namedChild(id, sub, text); k != "" && !visited[k] {
			id, n = k, a.ix.Node(k)
			continue
		}
		// So is one that only one sub-section speaks of: the words the
		// request adds to the node's heading are that section's.
		// The node's own short opening leads the section's answer, as
		// above a node's one sub-section.
		if k := a.describedChild(id, sub, text); k != "" && !visited[k] {
			if res := a.introText(n); res != "" {
				lead = append(lead, a.withCondition(n, withHeading(n, res)))
			}
			others = slices.DeleteFunc(slices.Clone(sub), func(o string) bool { return o == k })
			id, n = k, a.ix.Node(k)
			continue
		}
		if verdictOf(n).Answers && !(len(sub) > 0 && a.onlyBoilerplate(n)) {
			// Sub-problems are no unmet branch: the node answers, and they
			// come along as options for what the user may ask next.
			// A section a request described, with nothing under it,
			// offers the sections beside it, as its parent would have.
			if len(sub) == 0 {
				sub = others
			}
			return a.resolve(ctx, s, n, message, a.options(sub), sources, hops > 0), nil
		}
		if len(sub) > 1 {
			if hops == 0 && a.asksBeyondQuestion(n, message, last) {
				return a.resolve(ctx, s, n, message, a.options(sub), sources, false), nil
			}
			return a.clarify(s, n, a.options(sub), sources), nil
		}
		if len(sub) == 1 && !visited[sub[0]] {
			// What the node says above its one sub-section is the
			// beginning of the answer ("You earn 1 point for every 100
			// yen" above "Reservations that don't earn points"), not an
			// introduction to choose from.
			if res := a.introText(n); res != "" {
				lead = append(lead, a.withCondition(n, res))
				// Steps above a sub-section that only points to other
				// pages are the answer, the sub-section their "see also":
				// it ends the reply, its pages offered, not followed.
				if k := a.ix.Node(sub[0]); hops == 0 && seeAlso(res, verdictOf(k).Answers, len(a.ix.Children(k.ID)), len(a.ix.References(k.ID))) {
					return a.resolve(ctx, s, k, message, a.options(a.ix.References(k.ID)), sources, false), nil
				}
			}
			id, n = sub[0], a.ix.Node(sub[0])
			continue
		}
		var refs []string
		for _, r := range a.ix.References(id) {
			if !visited[r] {
				refs = append(refs, r)
			}
		}
		if len(refs) > 1 {
			problem, _ := a.problemWords(id)
			refs = a.bestReferences(refs, a.joined(text, problem))
		}
		if len(refs) > 1 {
			return a.clarify(s, n, a.options(refs), sources), nil
		}
		if len(refs) == 1 && hops == 0 && a.linksInPassing(n, refs[0], message) {
			return a.resolve(ctx, s, n, message, a.options(refs), sources, false), nil
		}
		if len(refs) == 1 {
			// A whole page as a preamble would bury the answer; its link
			// is in the sources.
			// A lead that only points to the page we follow is said by
			// following it.
			// A menu of the pages it links to is no lead either.
			if res := a.withoutPageMenu(n, a.withoutBoilerplate(shownText(n)), nil); res != "" && len(res) <= maxLead && !english.SameText(res, n.Problem) && !verdictOf(n).Hollow {
				lead = append(lead, a.withCondition(n, withHeading(n, res)))
			}
			hops++
			id, n = refs[0], a.ix.Node(refs[0])
			// The first source is the page the reply's text comes from:
			// the referenced page, unless words of the pointer lead it.
			if len(lead) > 0 {
				sources = appendSource(sources, n.Page)
			} else {
				sources = slices.Insert(slices.DeleteFunc(sources, func(p string) bool { return p == n.Page }), 0, n.Page)
			}
			// The message was about the page we came from; on the referenced
			// page only the conditions the user confirmed decide branches.
			text = &reading{}
			continue
		}
		if own := a.ownAnswer(n, message); own != nil {
			var more []Option
			if !verdictOf(own).Answers {
				more = a.options(a.ix.Children(own.ID))
			}
			return a.resolve(ctx, s, own, message, more, appendSource(sources, own.Page), hops > 0), nil
		}
		return a.escalate(s, n, sources), nil
	}
	return a.escalate(s, n, sources), nil
}

// seeAlso reports whether text, a node's own text above its one
// sub-section, answers by itself, the sub-section being its "see also":
// the text gives steps, and the sub-section (answers: its verdict; kids,
// refs: how many sub-sections and references it has) only points to
// other pages, as a help page's list of related topics under a heading
// of its own does. Following the pointer would answer from a page the
// request only brushes ("program crashed, can it save automatically every
// few minutes": the steps for saving recovery information, then the page
// of the crash report tool that the related topics under them name).
func seeAlso(text string, answers bool, kids, refs int) bool {
	return !answers && kids == 0 && refs > 0 && stepsIn(text)
}

// stepsIn reports whether text gives steps: a numbered step, or a sentence
// that is an instruction (english.IsStep, which reads the help center's
// other languages' imperatives too).
func stepsIn(text string) bool {
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if english.NumberedItem.MatchString(line) || english.IsStep(english.StripListMarker(line)) {
			return true
		}
	}
	return false
}

// takenFor returns what decides the branches beneath an option the user
// takes (clicks, or says yes to) where r, the message taking it, says
// nothing more: after a choice of topics offered for a request (see
// offeredTopics), that request, read again. Taking a topic accepts the
// page and section, and the request still says which part of it is asked
// ("what original documents do I need to replace my child's card?", "Is
// it about this? Replacement card for a child", clicked: its sub-section
// on the documents, not its opening). After a question between a node's
// situations, the option is the answer, and r stands.
func (a *GraphAgent) takenFor(s *Session, r *reading) *reading {
	if !offeredTopics(lastAgentTurn(s)) {
		return r
	}
	if prev := a.previousRequest(s); prev != "" {
		return a.readText(prev)
	}
	return r
}

// offeredTopics reports whether last, the agent's last turn, offered
// topics for the request before it ("Is it about one of these?", on a
// miss or a doubted match), rather than asking at a node which of its
// situations or parts applies: such a question stands at no node.
func offeredTopics(last Turn) bool {
	return last.Action == Clarification && last.NodeID == ""
}

// ownAnswer returns what answers for node n, a pointer that neither
// answers nor leads anywhere (its link is not to a page of the graph, so
// there is no reference edge to follow): the section of its page that best
// matches message and answers (of all its sections: a page of headings
// that repeat the request's words can hold the best few), else n itself
// when its text holds the link, else nil. A page's introduction (text of
// its own above its sections, which by its verdict introduces them rather
// than answers) counts as a section that answers: a request that names the
// page ("I need housing grants information") is about it, not about the
// one section that answers and shares a word with it ("Can I appeal a
// refused housing grant?"); the reply gives its sections as options. The
// page still says where to go: escalating for want of a reference edge
// would lose it. A node the verdict finds a bare hand-off (not hollow, not
// answering) is no pointer: it is escalated, its text shown.
func (a *GraphAgent) ownAnswer(n *graph.Node, message *reading) *graph.Node {
	if !verdictOf(n).Hollow {
		return nil
	}
	if terms := message.terms; len(terms) > 0 {
		allow := map[string]bool{}
		for _, id := range a.ix.PageNodes(n.Page) {
			allow[id] = id != n.ID
		}
		for _, c := range a.lexical(query{terms: terms}, allow, len(allow)) {
			if m := a.ix.Node(c.id); m != nil && (verdictOf(m).Answers || a.introduces(m)) {
				return m
			}
		}
	}
	if strings.Contains(shownText(n), "](") {
		return n
	}
	return nil
}

// bestReferences returns the referenced roots whose problem and intents
// share the most (IDF-weighted) terms with context, or all of them when none
// shares any.
func (a *GraphAgent) bestReferences(refs []string, context []string) []string {
	want := map[string]bool{}
	for _, t := range context {
		want[t] = true
	}
	var best []string
	var bestScore float64
	for _, r := range refs {
		n := a.ix.Node(r)
		var score float64
		for _, t := range uniqueTerms(a.an.terms(n.Problem + " . " + strings.Join(n.Intents, " . "))) {
			if want[t] {
				score += a.lex.idf(t)
			}
		}
		switch {
		case score <= 0:
		case score > bestScore+1e-9:
			best, bestScore = []string{r}, score
		case score > bestScore-1e-9:
			best = append(best, r)
		}
	}
	if len(best) == 0 {
		return refs
	}
	return best
}

func appendSource(sources []string, url string) []string {
	for _, s := range sources {
		if s == url {
			return sources
		}
	}
	return append(sources, url)
}

// pickedAmongSiblings returns the parent of condition node c ("" when it
// has none) and whether text picks c among the parent's conditional
// children, confirming c's condition when it does.
func (a *GraphAgent) pickedAmongSiblings(s *Session, c string, text *reading) (parent string, picked bool) {
	parent = a.ix.Parent(c)
	if parent == "" {
		return "", false
	}
	p := a.pickChildren(parent, a.conditionalChildren(parent), text, s.Confirmed)
	if len(p) == 1 && p[0] == c {
		a.confirm(s, a.ix.Node(c).Condition)
		return parent, true
	}
	return parent, false
}

// nodeOnPage reports whether node n (nil: none) is on page.
func nodeOnPage(n *graph.Node, page string) bool { return n != nil && n.Page == page }

// introduces reports whether n says something of its own before the
// sections under it (a page's or a section's introduction), which its
// verdict does not count as answering (see verdict.Judge).
func (a *GraphAgent) introduces(n *graph.Node) bool {
	return !verdictOf(n).Hollow && len(a.ix.Children(n.ID)) > 0
}

// namedChild returns the one of sub, node id's sub-sections, that the
// request text names beyond id's own heading (namedSection), or "".
func (a *GraphAgent) namedChild(id string, sub []string, text *reading) string {
	if len(sub) == 0 || len(text.terms) == 0 {
		return ""
	}
	headings := make([]map[string]bool, len(sub))
	for i, k := range sub {
		// A request that denies nothing does not name the section on the
		// case that does not hold ("how do I earn points" and
		// "Reservations that don't earn points").
		if text.neg || !a.nodeFacts(a.doc[k]).problemNeg {
			headings[i] = a.problemTerms(k)
		}
	}
	if i := namedSection(a.problemTerms(id), headings, text.terms, a.lex.idf); i >= 0 {
		return sub[i]
	}
	return ""
}

// namedSection returns the index of the sub-section heading the request
// names, or -1. A heading's own words are its terms that its parent's
// heading lacks ("documents", "need" in "What original documents do I
// need?" under "Original card for an adopted child"); the request names
// it when it holds more than namedShare of them, weighted by weight (a
// term's IDF: a rare word names a section, a common one may be chance),
// and a larger share than of any sibling's (of two it names wholly, the
// one it names more of: "document copy" over "document").
func namedSection(parent map[string]bool, headings []map[string]bool, request []string, weight func(string) float64) int {
	asked := map[string]bool{}
	for _, t := range request {
		if !parent[t] {
			asked[t] = true
		}
	}
	best, bestShare, bestNamed, tied := -1, namedShare, 0.0, false
	for i, h := range headings {
		var own, named float64
		for t := range h {
			if parent[t] {
				continue
			}
			w := weight(t)
			own += w
			if asked[t] {
				named += w
			}
		}
		if own <= 0 || named <= 0 {
			continue
		}
		share := named / own
		switch {
		case share > bestShare+1e-9 || share > bestShare-1e-9 && best >= 0 && named > bestNamed+1e-9:
			best, bestShare, bestNamed, tied = i, share, named, false
		case share > bestShare-1e-9 && best >= 0 && named > bestNamed-1e-9:
			tied = true
		}
	}
	if tied {
		return -1
	}
	return best
}

// namedShare is the share of a sub-section heading's own words (by
// weight) a request must hold to name it.
const namedShare = 0.5

// describedChild returns the one of sub, node id's sub-sections, whose
// heading and text hold every term the request text adds to id's heading
// (describedSection), or "".
func (a *GraphAgent) describedChild(id string, sub []string, text *reading) string {
	parent := a.problemTerms(id)
	// The help center's own name ("how do I back up my FreedomBox") is
	// on every page and in passing in any section: it adds nothing.
	terms := slices.DeleteFunc(slices.Clone(text.terms), a.siteWide)
	if len(sub) < 2 || !slices.ContainsFunc(terms, func(t string) bool { return !parent[t] }) {
		return "" // the request adds nothing to the heading: no section's text is read
	}
	sections := make([]map[string]bool, len(sub))
	for i, k := range sub {
		sections[i] = a.sectionTerms(k)
	}
	i := describedSection(parent, sections, terms)
	// A section that opens by saying the node's text again is the node
	// over again (an extractor's twin), no part of it.
	if i < 0 || repeats(shownText(a.ix.Node(sub[i])), shownText(a.ix.Node(id))) {
		return ""
	}
	return sub[i]
}

// siteWideShare is the share of a help center's pages a term must be on
// to be its own name (siteWide), and siteWidePages how many pages it must
// have for that to tell: on a handful, any topic is on most.
const (
	siteWideShare = 0.9
	siteWidePages = 10
)

// siteWide reports whether term t is on nearly every page of the help
// center: the product's or site's name ("FreedomBox", "AdGuard", "Social
// Security"), which names no part of a page.
func (a *GraphAgent) siteWide(t string) bool {
	id, ok := a.lex.dict[t]
	n := a.lex.pages.N
	return ok && n >= siteWidePages && float64(a.lex.pages.DF(id)) >= siteWideShare*float64(n)
}

// sectionTerms returns the terms of node id's heading and shown text,
// read once per graph.
func (a *GraphAgent) sectionTerms(id string) map[string]bool {
	f := a.nodeFacts(a.doc[id])
	if said := f.said.Load(); said != nil {
		return *said
	}
	said := maps.Clone(f.problem)
	for _, t := range a.an.terms(shownText(a.ix.Node(id))) {
		said[t] = true
	}
	f.said.Store(&said)
	return said
}

// saysMore reports whether more, what a section has left to show, says
// something the replies at it (said) have not, read as repeats reads: the
// rest of a situation's answer without its opening clause ("A lot of
// programs are installed.") is no more than the whole sentence shown
// before ("Installing a system with profile Workstation, a lot of
// programs are installed.").
func saysMore(said, more string) bool {
	return strings.TrimSpace(more) != "" && !repeats(said, more)
}

// repeats reports whether text says all of earlier again, ignoring case,
// punctuation and the marks of list items: a reply may show a page's one
// step with its "1." or without it, and the step is said all the same.
func repeats(text, earlier string) bool {
	e := lexical.Normalize(withoutListMarks(earlier))
	return e != "" && strings.Contains(lexical.Normalize(withoutListMarks(text)), e)
}

// withoutListMarks returns text without the marks that open its lines'
// list items ("1. ", "- ").
func withoutListMarks(text string) string {
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		line = strings.TrimLeft(line, " \t")
		if loc := listItem.FindStringIndex(line); loc != nil {
			lines[i] = line[loc[1]:]
		}
	}
	return strings.Join(lines, "\n")
}

// describedSection returns the index of the one section (the terms of its
// heading and text) that holds every request term the parent's heading
// lacks, or -1 when the request adds none or not exactly one section holds
// them all. An introduction sums up its sections: "change the desktop
// wallpaper image" on a page "Change the appearance of your desktop" whose
// opening mentions wallpaper in passing is answered by its "Background"
// section's steps, the one section that says "wallpaper", not with the
// opening and the sections as options.
func describedSection(parent map[string]bool, sections []map[string]bool, request []string) int {
	var asked []string
	for _, t := range request {
		if !parent[t] && !slices.Contains(asked, t) {
			asked = append(asked, t)
		}
	}
	if len(asked) == 0 {
		return -1
	}
	found := -1
	for i, said := range sections {
		if !allIn(asked, said) {
			continue
		}
		if found >= 0 {
			return -1
		}
		found = i
	}
	return found
}

// allIn reports whether every one of terms is in set.
func allIn(terms []string, set map[string]bool) bool {
	for _, t := range terms {
		if !set[t] {
			return false
		}
	}
	return true
}

// introText is what n says of its own above its sub-sections, when that is
// short enough to lead the answer of one of them (maxLead) and says more
// than n's heading and a banner; else "".
func (a *GraphAgent) introText(n *graph.Node) string {
	if !a.introduces(n) || a.onlyBoilerplate(n) {
		return ""
	}
	res := a.withoutBoilerplate(shownText(n))
	if res == "" || len(res) > maxLead || english.SameText(res, n.Problem) {
		return ""
	}
	return res
}

// loneBranch reports whether a situation question would offer one option
// only (of options), a branch that answers by itself (answers): a
// question with one answer is no question. A branch that only points to
// another page ("If you use a Bluetooth mouse, see Connect a device") is
// still asked about: followed, the pointer answers from the page it names,
// away from the one asked about. So is one on a page a pointer led to
// (viaReference): answered, the reply would cite the pointer's page first,
// not the page that holds the branch (measured: gnome-en lost "bluetooth
// mouse wont pair" so). The one item of a list of topics (topicItem) is
// followed: the page it names is what the list is for (Evolution's
// "Sending Email", whose one topic is "SMTP sending options", was asked
// "which part are you asking about?" with that one option).
func loneBranch(options int, answers, viaReference bool) bool {
	return options == 1 && answers && !viaReference
}

// linksInPassing reports whether node n, matched for message, answers it
// itself though it links one page, ref: n says enough without a link
// (passingSentences sentences or more), and holds more of the request
// than ref's whole page does. "The Matrix server eats all the RAM" and the
// section on its memory use, which ends "You can join the IRC channels
// using [Quassel]": the IRC client's page says nothing of memory.
func (a *GraphAgent) linksInPassing(n *graph.Node, ref string, message *reading) bool {
	if message == nil || len(message.terms) == 0 || unlinkedSentences(english.Substance(n.Resolution, n.Problem, n.Condition)) < passingSentences {
		return false
	}
	return a.requestHeld(message, int32(a.doc[n.ID]), false, nil).share() > a.requestHeld(message, int32(a.doc[ref]), true, nil).share()
}

// passingSentences is how many sentences without a link a node says for
// a link in it to be in passing (linksInPassing).
const passingSentences = 2

// unlinkedSentences counts the sentences that hold no link.
func unlinkedSentences(sentences []string) int {
	n := 0
	for _, s := range sentences {
		if !lexical.MarkdownLink.MatchString(s) {
			n++
		}
	}
	return n
}
