package dialogue

import (
	"context"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/english"
	"github.com/helpgraph/helpgraph/internal/lexical"
	"github.com/helpgraph/helpgraph/internal/quickre"
)

// detailOpeners are the asides a case detail may open with ("oh",
// "btw", "by the way"), and caseWords the detail itself: up to three
// words, as caseDetail, caseHistory and caseDetailNamed read them.
const (
	detailOpeners = `(?i)^\s*(?:(?:oh|ok(?:ay)?|well|also|and|btw|by\s+the\s+way|fyi)[\s,.!]+)*`
	caseWords     = `(?:[\w.+-]+\s+){0,2}[\w.+-]*[\w+]`
)

// caseDetail is a whole message that tells something about the customer's
// case and asks nothing: "it's a laptop", "i use windows 11", "on my work
// computer", "I'm on a Mac", how they paid or where they bought ("I paid
// with PayPal", "i bought it from the app store"). The last group is the
// detail.
var caseDetail = quickre.MustCompile(detailOpeners + `(?:i\s+(?:paid(?:\s+for\s+it)?|bought\s+it|ordered\s+it|purchased\s+it)\s+(?:with|by|via|through|using|on|from|at)(?:\s+(?:a|an|my|the))?|(?:it'?s|it\s+is|this\s+is)\s+(?:a|an|my)|(?:i'?m|i\s+am)\s+(?:on|using|running|with)(?:\s+(?:a|an|my|the))?|i\s+(?:use|run|have|own|got|am\s+using)(?:\s+(?:a|an|my|the))?|i'?ve\s+got(?:\s+(?:a|an|my|the))?|(?:on|with|using|from)\s+(?:a|an|my|the))\s+(` + caseWords + `)[\s.!]*$`)

// caseHistory is a whole message that tells what the customer did with
// the thing being discussed, named by a pronoun, and asks nothing: "i
// bought it last year", "we installed it yesterday". The last group, the
// telling from its verb on, is the detail. A verb in the past (a regular
// "-ed", not "-eed", or a common irregular form) keeps requests out ("I
// need it by Friday" wants; "I lost it", "I left it" are new problems,
// not listed).
var caseHistory = quickre.MustCompile(detailOpeners + `(?:i|we)\s+(?:just\s+|only\s+|recently\s+)?((?:[a-z]+[a-df-z]ed|bought|got|made|paid|took|had|built|sent|found|brought|gave|wrote|began|chose)\s+(?:it|this|that|them)(?:\s+` + caseWords + `)?)[\s.!]*$`)

// caseDetailsElsewhere are caseDetail's counterparts in German, French,
// Spanish, Portuguese, Italian and Dutch, function words all: "es ist ein
// Laptop", "ich benutze Linux", "auf meinem iPhone"; "c'est un portable",
// "j'utilise Linux", "sur mon iPhone"; "es un portátil", "uso Linux", "en
// mi iPhone"; "é um notebook", "estou no Android"; "è un portatile", "uso
// Linux"; "het is een laptop", "ik zit op Android"; Russian's and
// Japanese below. The last group is the detail.
var caseDetailsElsewhere = map[string]quickre.Regexp{
	"de": quickre.MustCompile(`(?i)^\s*(?:(?:oh|ok(?:ay)?|also|und|übrigens)[\s,.!]+)*(?:(?:es|das)\s+ist\s+(?:ein|eine|mein|meine)|ich\s+(?:bin\s+auf|benutze|verwende|nutze|habe)(?:\s+(?:ein|eine|einen|mein|meine|meinen|den|die|das))?|(?:auf|mit|unter)\s+(?:einem|einer|meinem|meiner|dem|der))\s+((?:[\p{L}\d.+-]+\s+){0,2}[\p{L}\d.+-]*[\p{L}\d+])[\s.!]*$`),
	"fr": quickre.MustCompile(`(?i)^\s*(?:(?:oh|ok|bon|alors|et|aussi)[\s,.!]+)*(?:c['’]est\s+(?:un|une|mon|ma)|je\s+suis\s+(?:sur|sous)(?:\s+(?:un|une|mon|ma|le|la))?|j['’]utilise(?:\s+(?:un|une|mon|ma|le|la))?|j['’]ai\s+(?:un|une)|(?:sur|sous|avec|depuis)\s+(?:un|une|mon|ma|le|la))\s+((?:[\p{L}\d.+-]+\s+){0,2}[\p{L}\d.+-]*[\p{L}\d+])[\s.!]*$`),
	"es": quickre.MustCompile(`(?i)^\s*(?:(?:oh|ok|bueno|pues|y|también)[\s,.!]+)*(?:es\s+(?:un|una|mi)|(?:estoy\s+en|uso|tengo)(?:\s+(?:un|una|mi|el|la))?|(?:en|con|desde)\s+(?:un|una|mi|el|la))\s+((?:[\p{L}\d.+-]+\s+){0,2}[\p{L}\d.+-]*[\p{L}\d+])[\s.!]*$`),
	"pt": quickre.MustCompile(`(?i)^\s*(?:(?:oh|ok|bom|então|e|também)[\s,.!]+)*(?:é\s+(?:um|uma|meu|minha)|(?:estou\s+(?:no|na|em)|uso|tenho)(?:\s+(?:um|uma|meu|minha|o|a))?|(?:no|na|com)\s+(?:meu|minha))\s+((?:[\p{L}\d.+-]+\s+){0,2}[\p{L}\d.+-]*[\p{L}\d+])[\s.!]*$`),
	"it": quickre.MustCompile(`(?i)^\s*(?:(?:oh|ok|allora|e|anche)[\s,.!]+)*(?:è\s+(?:un|una|il\s+mio|la\s+mia)|(?:sono\s+su|uso|ho)(?:\s+(?:un|una|il|la|il\s+mio|la\s+mia))?|(?:sul|sulla|con\s+il|con\s+la)(?:\s+(?:mio|mia))?)\s+((?:[\p{L}\d.+-]+\s+){0,2}[\p{L}\d.+-]*[\p{L}\d+])[\s.!]*$`),
	"nl": quickre.MustCompile(`(?i)^\s*(?:(?:oh|ok|nou|en|ook)[\s,.!]+)*(?:het\s+is\s+(?:een|mijn)|ik\s+(?:zit\s+op|gebruik|heb)(?:\s+(?:een|mijn|de|het))?|(?:op|met)\s+(?:mijn|een))\s+((?:[\p{L}\d.+-]+\s+){0,2}[\p{L}\d.+-]*[\p{L}\d+])[\s.!]*$`),
	// "у меня Android", "я на Android", "это ноутбук", "использую Linux".
	"ru": quickre.MustCompile(`(?i)^\s*(?:(?:а|ну|кстати|и)[\s,.!]+)*(?:у\s+меня|я\s+на|это|использую|пользуюсь)\s+((?:[\p{L}\d.+-]+\s+){0,2}[\p{L}\d.+-]*[\p{L}\d+])[\s.!]*$`),
	// "Androidです", "ノートパソコンです", "Windows 11を使っています": a
	// name (Latin letters, katakana, digits), never a phrase ending in a
	// verb or adjective ("ログインできないです" asks).
	"ja": quickre.MustCompile(`^\s*(?:(?:あ|えっと|ちなみに)[、,\s]*)?([\p{Latin}\p{Katakana}ー\d][\p{Latin}\p{Katakana}ー\d.+ -]{0,24}?)\s*(?:です|でした|を使っています|を使ってます|を使用しています|使ってます)[。.!！]*$`),
}

// detailWords are words a detail never is: "I have a problem", "it's a
// question" ask, "it's an error" complains.
var detailWords = map[string]bool{"problem": true, "issue": true, "question": true, "error": true, "bug": true, "request": true,
	"проблема": true, "вопрос": true, "ошибка": true, "не": true, "エラー": true, "バグ": true}

// caseDetailOf returns the detail msg tells of the customer's case (see
// caseDetail; caseDetailsElsewhere in langs, the conversation's and the
// pages' languages), or "". After an answer such a detail asks nothing
// new: read as a request, its word finds any page that mentions it
// ("laptop": the battery pages, after an answer on a too dark screen).
func caseDetailOf(msg string, langs ...string) string {
	m := caseDetail.FindStringSubmatch(msg)
	if m == nil {
		m = caseHistory.FindStringSubmatch(msg)
	}
	for _, l := range langs {
		if re, ok := caseDetailsElsewhere[l]; ok && m == nil {
			m = re.FindStringSubmatch(msg)
		}
	}
	if m == nil {
		return ""
	}
	words := strings.Fields(m[1])
	for _, w := range words {
		if detailWords[strings.ToLower(w)] {
			return ""
		}
	}
	// "it's a diskless workstation actually": the closing word comments
	// on the telling; quoted back, it would be part of the case.
	if n := len(words); n > 1 && closingAsides[strings.ToLower(words[n-1])] {
		return strings.Join(words[:n-1], " ")
	}
	return m[1]
}

// caseDetailNamed is caseDetail's "it's" with no article: "it's ubuntu",
// "its windows 11". The last group is what is named, if a name (see
// namedDetail).
var caseDetailNamed = quickre.MustCompile(detailOpeners + `(?:it'?s|it\s+is)\s+(` + caseWords + `)[\s.!]*$`)

// namedDetail returns what msg names of the customer's case after "it's"
// with no article (caseDetailNamed), or "": a name, its first word no
// word of the language (isWord: "ubuntu", "iphone") or one numbered
// ("windows 11", "android 14"). "It's slow", "its broken" say how the
// case is, not what it is: a complaint, matched as a request.
func namedDetail(msg string, isWord func(string) bool) string {
	m := caseDetailNamed.FindStringSubmatch(msg)
	if m == nil {
		return ""
	}
	words := strings.Fields(m[1])
	first := strings.ToLower(words[0])
	if r, _ := utf8.DecodeRuneInString(first); !unicode.IsLetter(r) || detailWords[first] {
		return ""
	}
	numbered := len(words) > 1 && strings.ContainsAny(words[1], "0123456789")
	if isWord(first) && !numbered {
		return ""
	}
	for _, w := range words[1:] {
		if detailWords[strings.ToLower(w)] {
			return ""
		}
	}
	return m[1]
}

// closingAsides are the words that close a statement without being part
// of what it states: "actually", "though", "anyway", "instead", "now".
var closingAsides = map[string]bool{"actually": true, "though": true, "anyway": true, "anyways": true, "instead": true, "now": true}

// partNaming returns the node of page, other than cur, whose heading or
// situation holds every one of terms, the first in page order; "" when
// none does or terms is empty. A term cur's own heading holds names
// nothing new.
func (a *GraphAgent) partNaming(cur string, terms []string) string {
	n := a.ix.Node(cur)
	if n == nil || len(terms) == 0 {
		return ""
	}
	own := a.nodeFacts(a.doc[cur])
	for _, t := range terms {
		if own.problem[t] {
			return ""
		}
	}
	for _, id := range a.ix.PageNodes(n.Page) {
		if id == cur {
			continue
		}
		f := a.nodeFacts(a.doc[id])
		named := true
		for _, t := range terms {
			if !f.problem[t] && !slices.Contains(f.condition, t) {
				named = false
				break
			}
		}
		if named {
			return id
		}
	}
	return ""
}

// detailAfterAnswer answers a detail of the customer's case told after an
// answer at the current node: the part of its page that names it, else
// the detail taken in and the topic kept. ok is false where the last
// reply was no answer, or msg tells no detail.
func (a *GraphAgent) detailAfterAnswer(ctx context.Context, s *Session, r *reading) (Reply, bool, error) {
	cur := a.ix.Node(s.CurrentNode)
	if cur == nil || lastAgentTurn(s).Action != Resolution {
		return Reply{}, false, nil
	}
	detail := r.caseDetailIn(s.Lang, a.langs.lang)
	if detail == "" && a.an.model == lexical.English {
		// "its ubuntu": read as a request, "ubuntu" finds any page
		// that names it (the wireless adapter's, after an answer on
		// changing a password).
		detail = namedDetail(r.text, a.an.model.IsWord)
	}
	if detail == "" {
		return Reply{}, false, nil
	}
	if id := a.partNaming(cur.ID, r.terms); id != "" {
		reply, err := a.respondAt(ctx, s, id, r)
		return reply, true, err
	}
	if line := a.lineNaming(cur, detail); line != "" {
		return Reply{Action: Resolution, Text: a.say(s, "DetailLine", "Problem", cur.Problem, "Detail", detail) + "\n" + line,
			NodeID: cur.ID, Options: s.PendingOptions, Sources: a.sourcesOf(cur.ID), Intent: cur.Problem}, true, nil
	}
	return a.detailNoted(s, cur, detail, "DetailNoted"), true, nil
}

// lineNaming returns the line of node n's answer that names every word of
// detail, without its list marker ("PayPal: 1 day." for "paypal", where
// the refund steps list each way's delay), or "" when no line, or more
// than one, does: the answer already says what holds for the case.
func (a *GraphAgent) lineNaming(n *graph.Node, detail string) string {
	want := uniqueTerms(a.an.terms(detail))
	if len(want) == 0 {
		return ""
	}
	found := ""
	for _, line := range strings.Split(n.Resolution, "\n") {
		if !containsAll(a.an.terms(line), want) {
			continue
		}
		if found != "" {
			return "" // said in several places: the answer as given stands
		}
		found = english.StripListMarker(strings.TrimSpace(line))
	}
	return found
}

// detailNoted is the reply that takes in detail, a detail of the case at
// node cur, with the text of message key: what was said or asked at cur
// stays, its options open.
func (a *GraphAgent) detailNoted(s *Session, cur *graph.Node, detail, key string) Reply {
	return Reply{Action: Clarification, Text: a.say(s, key, "Problem", cur.Problem, "Detail", detail), NodeID: cur.ID,
		Options: s.PendingOptions, Sources: a.sourcesOf(cur.ID), Intent: cur.Problem}
}

// detailLeavesAsked reports whether a detail of the customer's case told
// while node cur's situations are asked about (the last reply asked at
// cur, and every option open is a situation: situations) was matched, as
// a request, on another page (leaves). It details the case asked about:
// "on my iphone" to "In the YouTube app" / "On YouTube in Safari" names
// neither, and "iphone" alone finds the page that says which iPhones are
// supported; the conversation would lose its place. A match on cur's
// page is left to the question asked again (asksAgain).
func detailLeavesAsked(last Turn, cur string, situations, leaves bool) bool {
	return cur != "" && last.Action == Clarification && last.NodeID == cur && situations && leaves
}

// situationsOpen reports whether every option pending is a situation (a
// node with a condition): a question about the customer's case, not about
// which part or topic.
func (a *GraphAgent) situationsOpen(s *Session) bool {
	for _, o := range s.PendingOptions {
		if n := a.ix.Node(o.NodeID); n == nil || n.Condition == "" {
			return false
		}
	}
	return len(s.PendingOptions) > 0
}

// detailWhileAsked takes in a detail of the case told while the current
// node's situations are asked about, when its words alone match another
// page or none (detailLeavesAsked): the detail noted, the question asked
// again.
// ok is false otherwise.
func (a *GraphAgent) detailWhileAsked(s *Session, r *reading, id string) (Reply, bool) {
	cur, n := a.ix.Node(s.CurrentNode), a.ix.Node(id)
	if cur == nil {
		return Reply{}, false
	}
	// The state first: the message is read for a detail (a regexp) only
	// while situations are asked and its match left their page, or it
	// matched nothing ("i bought it last year": a miss suggested an
	// unrelated topic).
	if !detailLeavesAsked(lastAgentTurn(s), cur.ID, a.situationsOpen(s), n == nil || n.Page != cur.Page) {
		return Reply{}, false
	}
	detail := r.caseDetailIn(s.Lang, a.langs.lang)
	if detail == "" {
		return Reply{}, false
	}
	return a.detailNoted(s, cur, detail, "DetailNotedAsk"), true
}
