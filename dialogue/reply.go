package dialogue

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/english"
	"github.com/helpgraph/helpgraph/internal/lexical"
)

// options turns nodes into clarification options: a node's condition
// phrased for a button, or its problem when it has no condition.
func (a *GraphAgent) options(ids []string) []Option { return a.labelled(ids, false) }

// topicOptions turns nodes into the options of "Is it about this?": each
// labelled with its problem, since a condition alone ("Your phone has this
// option") names no topic outside the question of which situation applies.
func (a *GraphAgent) topicOptions(ids []string) []Option { return a.labelled(ids, true) }

func (a *GraphAgent) labelled(ids []string, byProblem bool) []Option {
	labels := make([]string, len(ids))
	titles := make([]string, len(ids))
	for i, id := range ids {
		n := a.ix.Node(id)
		label := buttonLabel(n.Condition)
		if label == "" || byProblem && strings.TrimSpace(n.Problem) != "" {
			label = buttonLabel(n.Problem)
		}
		if byProblem {
			label = a.placedLabel(n, label)
		}
		labels[i] = label
		if p := a.ix.Page(n.Page); p != nil {
			titles[i] = p.Title
		}
	}
	labels = apartByTitle(labels, titles)
	opts := make([]Option, 0, len(ids))
	seen := map[string]bool{}
	for i, id := range ids {
		label := labels[i]
		n := a.ix.Node(id)
		sameProblem := strings.ToLower(label + "\x00" + n.Problem)
		switch {
		case seen[sameProblem] || seen[strings.ToLower(label)] && seen[strings.ToLower(label+" ("+n.Problem+")")]:
			// Tabs of one name in one section ("Windows", for each
			// command a section shows): what each says first.
			label += " (" + openingWords(n.Resolution) + ")"
		case seen[strings.ToLower(label)]:
			label += " (" + n.Problem + ")"
		}
		seen[sameProblem] = true
		seen[strings.ToLower(label)] = true
		opts = append(opts, Option{Label: label, Value: label, NodeID: id})
	}
	return opts
}

// openingLabelWords is how many of its first words tell an option apart
// from another of the same label and problem.
const openingLabelWords = 6

// openingWords returns the first words of a node's text, its markup
// dropped, with "…" where it goes on.
func openingWords(text string) string {
	words := strings.Fields(english.Plain(strings.ReplaceAll(text, "`", "")))
	if len(words) > openingLabelWords {
		return strings.Join(words[:openingLabelWords], " ") + "…"
	}
	return strings.Join(words, " ")
}

// apartByTitle returns labels with each label that two or more options
// share told apart by its page's title (titles, by option): the part of
// the title that the other such options' titles lack ("Benefits Planner:
// Retirement – If You Are Divorced" beside "… – Medicare Premiums", when
// sections of several pages bear their section's heading). A person
// cannot choose between two buttons that say the same; the titles of the
// pages they lead to say what differs. A label whose title says nothing
// the others' do not is left as it is.
func apartByTitle(labels, titles []string) []string {
	out := slices.Clone(labels)
	for i, l := range labels {
		var others []string
		for j, m := range labels {
			if j != i && strings.EqualFold(l, m) {
				others = append(others, titles[j])
			}
		}
		if len(others) == 0 {
			continue
		}
		if part := titlePartApart(titles[i], others); part != "" && !strings.EqualFold(part, l) {
			out[i] = l + " – " + part
		}
	}
	return out
}

// titlePartApart returns the first part of title (parts as a page title
// joins them: "Section | Page | Site", "Page - Site") that none of others
// has, or "".
func titlePartApart(title string, others []string) string {
	has := map[string]bool{}
	for _, o := range others {
		for _, p := range titleParts(o) {
			has[strings.ToLower(p)] = true
		}
	}
	for _, p := range titleParts(title) {
		if !has[strings.ToLower(p)] {
			return p
		}
	}
	return ""
}

// titleParts cuts a page title at the separators titles use between a
// page's name, its section's and its site's.
func titleParts(title string) []string {
	var parts []string
	for _, p := range titleSeparator.Split(title, -1) {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	return parts
}

// titleSeparator is what joins the parts of a page title: a bar, or a
// dash between spaces (not a hyphen inside a word).
var titleSeparator = regexp.MustCompile(`\s+[|·–—-]\s+|\|`)

// buttonLabel phrases a condition for a button: "If you booked by phone." ->
// "You booked by phone".
func buttonLabel(s string) string {
	s = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s), ".:;,"))
	for _, p := range []string{"if ", "when ", "in case ", "for "} {
		if len(s) > len(p) && strings.EqualFold(s[:len(p)], p) {
			s = strings.TrimSpace(s[len(p):])
			break
		}
	}
	return lexical.UpperFirst(s)
}

func (a *GraphAgent) clarify(s *Session, n *graph.Node, opts []Option, sources []string) Reply {
	if n.ID == s.Declined {
		// The user has said none of these applies: a person can help.
		r := a.escalate(s, nil, nil)
		s.CurrentNode, r.NodeID, r.Intent = n.ID, n.ID, n.Problem
		return r
	}
	s.CurrentNode = n.ID
	key := "Clarify"
	if a.partsOnly(opts) {
		key = "ClarifyPart"
	}
	text := a.say(s, key)
	if p := strings.TrimSpace(n.Problem); p != "" {
		// The problem is quoted, not woven into the sentence: problems are
		// noun phrases, questions or statements, whatever the page used.
		text = a.say(s, key+"About", "Problem", p)
	}
	if len(opts) > maxOptions {
		// A list longer than anyone reads is no question; the rest can
		// still be named in words.
		text += a.opts.Messages.Plural(s.Lang, "MoreOptions", len(opts)-maxOptions)
		opts = opts[:maxOptions]
	}
	s.PendingOptions = opts
	// The resolution is the page's lead-in to its branches ("how you
	// change it depends on how you booked"): its opening comes first, as
	// on the page. A lead-in that only repeats the problem (a page whose
	// text is its heading) is said once, in the question.
	//
	// A page that lists the pages it leads to says what the options
	// say: the list is left to the options.
	if lead := a.leadIn(n, opts); lead != "" {
		text = lead + "\n\n" + text
	}
	return Reply{Action: Clarification, Text: text, NodeID: n.ID, Options: opts, Sources: sources, Intent: n.Problem}
}

// leadIn returns what node n says before the branches under it, as a
// reply shows it ahead of them (its condition, focused), or "": nothing
// beyond its heading, boilerplate, or a menu of the pages opts offer.
func (a *GraphAgent) leadIn(n *graph.Node, opts []Option) string {
	res := shownText(n)
	if res == "" || english.SameText(res, n.Problem) || a.onlyBoilerplate(n) {
		return ""
	}
	lead := a.withoutPageMenu(n, a.withoutBoilerplate(res), opts)
	if lead == "" || a.onlyBoilerplateText(lead) {
		return ""
	}
	return a.withCondition(n, a.focusText(n, lead, nil, ""))
}

// asksAgain reports whether reply r, to a message that states rather
// than asks, is the question last asked again: the same node and options
// as the last reply's, a clarification whose options were pending. The
// message ("it's a Visa") picked none of them, and the user has just read
// the question: it is asked once more in a word (WhichOne), then none of
// the options fits; the whole question again goes round in circles. A
// question of the user's own that the same node answers ("what if I
// disagree?") gets the whole of it.
func asksAgain(last Turn, pending []Option, r Reply, states bool) bool {
	return states && r.Action == Clarification && last.Action == Clarification && last.NodeID == r.NodeID && len(pending) > 0 &&
		slices.EqualFunc(pending, r.Options, func(o, p Option) bool { return o.NodeID == p.NodeID })
}

// withoutPageMenu returns n's text without its list items that open with
// an option's label or its node's problem ("- Installation: installing and
// removing the app" before an option Installation), or with the problem of
// another page n links to: a menu of pages the options stand for, and
// whose links a reply may not carry.
func (a *GraphAgent) withoutPageMenu(n *graph.Node, text string, opts []Option) string {
	var names []string
	problem := func(id string) {
		if m := a.ix.Node(id); m != nil && m.Problem != "" {
			names = append(names, strings.ToLower(strings.TrimSpace(m.Problem)))
		}
	}
	for _, o := range opts {
		names = append(names, strings.ToLower(o.Label))
		problem(o.NodeID)
	}
	for _, id := range a.ix.References(n.ID) {
		problem(id)
	}
	lines := strings.Split(text, "\n")
	kept := lines[:0]
	for _, line := range lines {
		item := strings.TrimSpace(line)
		rest := english.StripListMarker(item)
		if namesOne(strings.ToLower(rest), names, rest != item) {
			continue
		}
		kept = append(kept, line)
	}
	return strings.TrimSpace(strings.Join(kept, "\n"))
}

// namesOne reports whether line opens with one of names: as a whole word or
// words in a list item, and, in a line of its own, followed by nothing or
// by a dash or colon ("Set the default printer — Pick the printer ..."), as
// a page lists its links.
func namesOne(line string, names []string, listItem bool) bool {
	for _, name := range names {
		if name == "" || !strings.HasPrefix(line, name) {
			continue
		}
		rest := line[len(name):]
		if rest == "" {
			return true
		}
		if r, _ := utf8.DecodeRuneInString(rest); listItem && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return true
		}
		if after := strings.TrimLeft(rest, " "); strings.HasPrefix(after, "—") || strings.HasPrefix(after, "–") || strings.HasPrefix(after, "- ") || strings.HasPrefix(after, ":") {
			return true
		}
	}
	return false
}

// maxOptions is the most options a clarification offers.
const maxOptions = 8

// resolve answers with n. more are follow-up options (n's sub-problems),
// which an answer by number or words picks like a clarification's. hopped
// says n was reached along a reference from the node the user asked about.
// asked is the user's message (nil: none, as when going on with a page).
func (a *GraphAgent) resolve(ctx context.Context, s *Session, n *graph.Node, asked *reading, more []Option, sources []string, hopped bool) Reply {
	if asked == nil {
		asked = &reading{}
	}
	userText := asked.text
	shown := ""
	// A reference back to the last answer is the page's "see also", not the
	// user asking the same thing again.
	last, before := lastAgentTurns(s)
	if !hopped && (repeatsLastAnswer(s, n.ID) || answerStands(last, before, n.ID)) {
		if saysStillFails(userText) {
			// "It still fails" after the page's answer: saying it again won't help.
			return a.escalateRepeat(s, n)
		}
		// Another question the same section answers: go on with what
		// it has not said yet.
		shown = saidAt(s, n.ID)
	} else if !hopped && last.Action == Clarification && last.NodeID == n.ID {
		// What the question about its parts showed of it is said.
		shown = last.Text
	}
	s.CurrentNode = n.ID
	s.Declined = ""
	if len(more) > maxOptions {
		more = more[:maxOptions] // follow-ups, not a menu: the page has the rest
	}
	s.PendingOptions = more
	text := a.withCondition(n, withHeading(n, a.focus(n, asked.terms, shown)))
	if a.opts.LLM != nil {
		text = a.reword(ctx, s, n, userText, text)
	}
	return Reply{Action: Resolution, Text: text, NodeID: n.ID, Options: more, Sources: sources, Intent: n.Problem}
}

// saysStillFails reports whether text says the answer just given did not
// help ("it still fails"), not asks whether something still holds ("can I
// still change my plan?", "how much can I earn and still get paid?").
func saysStillFails(text string) bool {
	return stillFails.MatchString(stillAsks.ReplaceAllString(remindMe.ReplaceAllString(text, " "), " "))
}

// remindMe is a question asking to be told something again ("what's the
// yearly limit again?", "how do I do that again?"): "again" there repeats
// the asking, not a failure.
var remindMe = regexp.MustCompile(`(?i)\b(?:what|what's|which|who|where|when|how)\b[^.!?]*\bagain\s*\?`)

// stillAsks is "still" in a question of whether something still holds:
// after a verb that opens the question and its subject, a pronoun or a
// noun phrase of up to three words after a determiner ("will the monthly
// limit still apply").
var stillAsks = regexp.MustCompile(`(?i)\b(?:(?:can|could|may|might|will|would|should|shall|do|does|must|am|is|are)\s+(?:i|we|you|they|he|she|it|(?:my|your|our|their|his|her|its|the|this|that|these|those)(?:\s+[\w'-]+){1,3})|and)\s+still\b`)

// stillFails is a message saying the answer just given did not help.
var stillFails = regexp.MustCompile(`(?i)\b(?:still|again|anymore|same\s+(?:problem|error|issue|thing|message)|(?:did|does|do|is|was)\s*n[o']?t\s+(?:work|help|solve|fix)|(?:did|does|do)\s+not\s+(?:work|help|solve|fix)|not\s+(?:working|helping|solved|fixed)|won'?t\s+work)\b`)

// withHeading leads res, text of node n, with n's heading when res does
// not stand without it: a bare yes or no under a heading that asks ("No.
// One reservation is paid with one card." says no to a question the user
// may have put in other words, or not at all), or a list ("- reservations
// made as a guest" under "Reservations that don't earn points" reads as
// the ways to earn them). A node with a condition is led by that.
func withHeading(n *graph.Node, res string) string {
	heading := strings.TrimSpace(n.Problem)
	if n.Condition != "" || heading == "" {
		return res
	}
	switch {
	case (strings.HasSuffix(heading, "?") || strings.HasSuffix(heading, "？")) && opensWithYesOrNo(res):
		return heading + " " + res
	case opensWithList(res):
		if last, _ := utf8.DecodeLastRuneInString(heading); !strings.ContainsRune(":?：？", last) {
			heading += ":"
		}
		return heading + "\n" + res
	case pointsToHeading(res) && !strings.HasPrefix(strings.ToLower(res), strings.ToLower(heading)):
		// "If you tap this option, …" under "Add to allowlist".
		if last, _ := utf8.DecodeLastRuneInString(heading); !strings.ContainsRune(".:?!：？。", last) {
			heading += ":"
		}
		return heading + " " + res
	case menuPath(heading) && !strings.Contains(res, heading):
		// "View > Show Hidden Files" over "Shows all the hidden files":
		// a menu reference's heading is where to click, the text only
		// what it does.
		return heading + ": " + res
	case short(res) && !opensWithYesOrNo(res) && !namesHeading(res, heading):
		// "Requires iOS 13 or later." under "iPhone", "Sends the Do Not
		// Track signal." under a setting's name: a short text whose
		// subject is its heading says nothing the customer can place.
		if last, _ := utf8.DecodeLastRuneInString(heading); !strings.ContainsRune(".:?!：？。", last) {
			heading += ":"
		}
		return heading + " " + res
	}
	return res
}

// menuPath reports whether heading is a path through a program's menus
// or settings, as the readers write a menu choice ("View > Show Hidden
// Files", "Settings > Privacy > Location"): two to five items of at most
// four words each, none opening in lower case as running text does ("if
// x > 1 then …").
func menuPath(heading string) bool {
	if !strings.Contains(heading, " > ") {
		return false // most headings: no path, nothing split
	}
	items := strings.Split(heading, " > ")
	if len(items) < 2 || len(items) > 5 {
		return false
	}
	for _, it := range items {
		first, _ := utf8.DecodeRuneInString(strings.TrimSpace(it))
		if n := len(strings.Fields(it)); n == 0 || n > 4 || unicode.IsLower(first) {
			return false
		}
	}
	return true
}

// shortText is the most words a text of one paragraph has to be short.
const shortText = 25

// short reports whether text is one paragraph of at most shortText words.
func short(text string) bool {
	text = strings.TrimSpace(text)
	return text != "" && !strings.Contains(text, "\n") && len(strings.Fields(text)) <= shortText
}

// namesHeading reports whether text names heading: a word of it (of
// three letters or more, its first five letters matched, so "refunds"
// names "Refund"), or each of them when the heading is a name of two to
// nameWords words in title case ("Ending Balance": a field's description,
// "The balance entered from the statement", names a balance, not which
// one), or heading has no such word.
func namesHeading(text, heading string) bool {
	lower := strings.ToLower(text)
	var words []string
	for _, w := range strings.FieldsFunc(strings.ToLower(heading), notWordRune) {
		if utf8.RuneCountInString(w) < 3 {
			continue
		}
		if r := []rune(w); len(r) > 5 {
			w = string(r[:5])
		}
		words = append(words, w)
	}
	named := 0
	for _, w := range words {
		if strings.Contains(lower, w) {
			named++
		}
	}
	if len(words) > 1 && len(words) <= nameWords && titleCase(heading) {
		return named == len(words)
	}
	return named > 0
}

// titleCase reports whether every word of s opens with a capital letter,
// as a name written in title case does ("Ending Balance"; not a task,
// "Setting up scanners", nor a question).
func titleCase(s string) bool {
	if strings.ContainsAny(s, "?？") {
		return false
	}
	for _, w := range strings.Fields(s) {
		if r, _ := utf8.DecodeRuneInString(w); unicode.IsLetter(r) && !unicode.IsUpper(r) {
			return false
		}
	}
	return true
}

// nameWords is the most words a heading that names a thing (a field, a
// setting, a device) has, as a definition list's terms do.
const nameWords = 3

// opensWithList reports whether text opens with an item of a list
// (listItem: "- ", "* ", "1. ", "2) ").
func opensWithList(text string) bool { return listItem.MatchString(strings.TrimLeft(text, " \t\n")) }

// opensWithYesOrNo reports whether text's first sentence is a bare yes or
// no, set off by punctuation, at its start ("Yes, it's quite stable.",
// "Nein.", "はい、") or its end ("If you saw the confirmation screen,
// yes."): a reply to a yes-or-no question, not a sentence opening with
// "no" ("No fee is charged").
func opensWithYesOrNo(text string) bool {
	text = strings.TrimSpace(text)
	isMark := func(r rune) bool { return strings.ContainsRune(".,!;:—、。！", r) }
	if i := strings.IndexFunc(text, isMark); i > 0 && yesOrNoWords[strings.ToLower(text[:i])] {
		return true
	}
	end := strings.IndexFunc(text, func(r rune) bool { return strings.ContainsRune(".!。！", r) })
	if end < 0 {
		return false
	}
	sentence := text[:end]
	comma := strings.LastIndexAny(sentence, ",、")
	return comma > 0 && yesOrNoWords[strings.ToLower(strings.TrimSpace(strings.TrimLeft(sentence[comma:], ",、")))]
}

// yesOrNoWords answer a yes-or-no question in the catalog's languages.
var yesOrNoWords = map[string]bool{"yes": true, "no": true, "ja": true, "nein": true, "oui": true, "non": true,
	"sí": true, "si": true, "はい": true, "いいえ": true}

// resolutionTemplate is the offline reply: the node's condition and
// resolution, verbatim apart from the joining words.
func (a *GraphAgent) resolutionTemplate(n *graph.Node) string {
	return a.withCondition(n, withHeading(n, shownText(n)))
}

// withoutLoneNumber returns text without the "1. " that opens it when no
// other line is a numbered item: one step of a numbered list, cut out
// under its condition ("1. If you are already connected…, click Turn
// On"), is no list.
func withoutLoneNumber(text string) string {
	rest, ok := strings.CutPrefix(text, "1. ")
	if !ok {
		return text
	}
	for _, line := range strings.Split(rest, "\n")[1:] {
		if english.NumberedItem.MatchString(strings.TrimLeft(line, " \t")) {
			return text // a numbered list
		}
	}
	return rest
}

// opensSaying reports whether text's first sentence already says cond,
// whatever word leads it ("1. When you have finished setting up the VPN,
// open…" under the condition "If you have finished setting up the VPN"): a
// lead saying it again reads as a stutter.
func opensSaying(text, cond string) bool {
	_, core, ok := strings.Cut(strings.ToLower(cond), " ")
	if !ok || !strings.Contains(core, " ") {
		return false
	}
	first := strings.TrimLeft(text, " \t\n-*+0123456789.)")
	if i := strings.IndexAny(first, ".!?\n"); i >= 0 {
		first = first[:i]
	}
	return strings.Contains(strings.ToLower(first), core)
}

func (a *GraphAgent) escalate(s *Session, n *graph.Node, sources []string) Reply {
	s.Escalated = true
	s.PendingOptions = nil
	var b strings.Builder
	r := Reply{Action: Escalation, Sources: sources}
	if n != nil {
		s.CurrentNode = n.ID
		r.NodeID, r.Intent = n.ID, n.Problem
		if res := shownText(n); res != "" && !english.SameText(res, n.Problem) {
			b.WriteString(a.resolutionTemplate(n))
			b.WriteString("\n\n")
		}
	}
	b.WriteString(a.say(s, a.handoff("CantResolve")))
	r.Text = b.String()
	return r
}

// escalateRepeat escalates when the answer at n was just given and did not help.
func (a *GraphAgent) escalateRepeat(s *Session, n *graph.Node) Reply {
	r := a.escalate(s, nil, nil)
	s.CurrentNode = n.ID
	r.NodeID, r.Intent = n.ID, n.Problem
	r.Text = a.say(s, a.handoff("NotSolved"))
	return r
}

// handoff returns the message id of an escalation saying why: a person
// follows up only where one really does.
func (a *GraphAgent) handoff(why string) string {
	if a.opts.HumanHandoff {
		return why + "Handoff"
	}
	return why + "Contact"
}

// saidAt returns what the agent has said at node id in s, its replies joined.
func saidAt(s *Session, id string) string {
	var b strings.Builder
	for _, t := range s.turns() {
		if t.Role == "agent" && t.NodeID == id {
			b.WriteString(t.Text)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// lastAgentTurn returns the agent's previous turn (zero before the first).
func lastAgentTurn(s *Session) Turn {
	last, _ := lastAgentTurns(s)
	return last
}

// lastAgentTurns returns the agent's last turn and the one before it.
func lastAgentTurns(s *Session) (last, before Turn) {
	n := 0
	h := s.turns()
	for i := len(h) - 1; i >= 0 && n < 2; i-- {
		if t := h[i]; t.Role == "agent" {
			if n == 0 {
				last = t
			} else {
				before = t
			}
			n++
		}
	}
	return last, before
}

// answerStands reports whether the agent's last turn (last, and before
// it, before) only took in what the user said at node id, right after
// answering there ("thanks" → "You're welcome!", "it's a laptop" →
// "Noted. Our help page on … has no separate part for “laptop”. If what
// it says does not help, just say so."): the answer at id stands as the
// last one given, and "that didn't work" or "still too dark" says it did
// not help.
func answerStands(last, before Turn, id string) bool {
	return id != "" && last.Action == Clarification && last.NodeID == id && before.Action == Resolution && before.NodeID == id
}

// repeatsLastAnswer reports whether the agent's previous turn resolved at id.
func repeatsLastAnswer(s *Session, id string) bool {
	t := lastAgentTurn(s)
	return t.Action == Resolution && t.NodeID == id
}

// say returns the agent's own text id (see internal/messages) in the
// conversation's language, its template filled from name/value pairs.
func (a *GraphAgent) say(s *Session, id string, data ...any) string {
	return a.opts.Messages.Text(s.Lang, id, data...)
}
