package kgbuild

import (
	"strings"
	"unicode"

	"github.com/helpgraph/helpgraph/internal/english"
)

// Variants: sibling sections that are alternatives of one another, of
// which a reader needs one ("On Android" / "On iOS", the tabs of a tab
// set, "Watch videos in the app" / "Watch videos in a browser"), become
// situations: conditions the agent asks about, not sections it picks
// silently. Only the page's structure and English prepositions decide;
// no word of a help center's own vocabulary does. The prepositions are the
// page's language's (english.Situations.IsVariantLead: "on", "in", "via"
// ...; "unter", "mit" ...; "sous", "avec" ...; "en", "con" ...).

// maxVariantWords bounds the words after the lead: a variant names a
// platform or a channel, not a topic.
const maxVariantWords = 4

// variantLabel returns the lead preposition of a heading that names a
// variant: the lead, then one to maxVariantWords words, one of them a name
// (with a capital: "On Mac", "In the iOS settings"). "In detail" and "In a
// nutshell" name nothing.
func variantLabel(sit *english.Situations, label string) (string, bool) {
	words := strings.Fields(english.Plain(label))
	if len(words) < 2 || len(words) > 1+maxVariantWords {
		return "", false
	}
	lead := strings.ToLower(words[0])
	if !sit.IsVariantLead(lead) || strings.HasSuffix(label, "?") {
		return "", false
	}
	for _, w := range words[1:] {
		if strings.IndexFunc(w, unicode.IsUpper) >= 0 { // "Mac", "iOS"
			return lead, true
		}
	}
	return "", false
}

// sharedSplit returns where two sibling headings part into variants of one
// problem: the index of the word that opens the part naming the variant,
// after the opening words they share ("Watch videos | in the app",
// "Watch videos | in a browser"), or -1. That word is a variantLead in
// both, the shared words are at least one, the parts differ and each is a
// lead and at most maxVariantWords words. Of several such words the last
// one splits ("Install the app for TV | via USB").
func sharedSplit(sit *english.Situations, a, b []string) int {
	n := 0
	for n < len(a) && n < len(b) && strings.EqualFold(a[n], b[n]) {
		n++
	}
	if n == len(a) && n == len(b) {
		return -1 // the same heading twice
	}
	for k := min(n, len(a)-1, len(b)-1); k >= 1; k-- {
		if !sit.IsVariantLead(strings.ToLower(a[k])) || !sit.IsVariantLead(strings.ToLower(b[k])) {
			continue
		}
		if len(a)-k > 1+maxVariantWords || len(b)-k > 1+maxVariantWords {
			return -1
		}
		return k
	}
	return -1
}

// siblings returns the starts after i that are its siblings: of the same
// rank, before any start of a higher rank.
func siblings(starts []start, i int) []int {
	var out []int
	for j := i + 1; j < len(starts) && starts[j].rank >= starts[i].rank; j++ {
		if starts[j].rank == starts[i].rank {
			out = append(out, j)
		}
	}
	return out
}

// open reports whether a start may still become a variant: a heading that
// is neither chrome, a note's title nor already a situation.
func open(st start) bool {
	return st.rank < labelRank && !st.situation && !st.ignored && !st.note
}

// markVariants makes situations of sibling headings that are variants of
// one another: two or more headings of one rank under the same parent
// (no heading of a higher rank between them) that are
//   - tabs of the page (page.Block.Tab): each tab's label is its condition;
//   - headings that open with the same preposition and name a variant
//     (variantLabel): "On Android" / "On iOS";
//   - headings that share their opening words and part at a preposition
//     (sharedSplit): the shared words are the problem, the rest each one's
//     condition, "Watch videos (in the app)" / "Watch videos (in a browser)".
//
// starts are in page order; sit are the rules of the page's language.
func markVariants(sit *english.Situations, starts []start) {
	for i := range starts {
		if !open(starts[i]) {
			continue
		}
		sibs := siblings(starts, i)
		if group := tabGroup(starts, i, sibs); len(group) >= 2 {
			for _, k := range group {
				starts[k].situation = true
			}
			continue
		}
		if group := leadGroup(sit, starts, i, sibs); len(group) >= 2 {
			for _, k := range group {
				starts[k].situation = true
			}
			continue
		}
		if group, split := prefixGroup(sit, starts, i, sibs); len(group) >= 2 {
			tail := 0
			if sit.VerbLast() {
				tail = sharedTail(starts, group, split)
			}
			for _, k := range group {
				words := strings.Fields(starts[k].label)
				starts[k].situation = true
				starts[k].base = strings.Join(append(words[:split:split], words[len(words)-tail:]...), " ")
				starts[k].label = strings.Join(words[split:len(words)-tail], " ")
			}
		}
	}
}

// sharedTail is how many closing words the headings of a group that part
// at word split share after their variant parts, in a language that puts
// its verb last (english.Situations.VerbLast): in German ("Die App für
// Android aktivieren" / "Die App für Windows aktivieren") the verb belongs
// to the problem, "Die App aktivieren (für Android)", not to the variant.
// Each variant keeps its preposition and a word.
func sharedTail(starts []start, group []int, split int) int {
	first := strings.Fields(starts[group[0]].label)
	n := 0
	for {
		if len(first)-split-n <= 2 {
			return n
		}
		w := first[len(first)-1-n]
		for _, k := range group[1:] {
			words := strings.Fields(starts[k].label)
			if len(words)-split-n <= 2 || !strings.EqualFold(words[len(words)-1-n], w) {
				return n
			}
		}
		n++
	}
}

// tabGroup is start i and its sibling tabs, when i is a tab.
func tabGroup(starts []start, i int, sibs []int) []int {
	if !starts[i].tab {
		return nil
	}
	group := []int{i}
	for _, j := range sibs {
		if starts[j].tab && open(starts[j]) {
			group = append(group, j)
		}
	}
	return group
}

// leadGroup is start i and its siblings that name a variant with the
// same lead preposition.
func leadGroup(sit *english.Situations, starts []start, i int, sibs []int) []int {
	lead, ok := variantLabel(sit, starts[i].label)
	if !ok {
		return nil
	}
	group := []int{i}
	for _, j := range sibs {
		if l, ok := variantLabel(sit, starts[j].label); ok && l == lead && open(starts[j]) {
			group = append(group, j)
		}
	}
	return group
}

// prefixGroup is start i and its siblings that share its opening words
// and part from it at the same word (sharedSplit), with that word's index.
// Of several splits with different siblings, the latest wins: the more
// words shared, the surer the variants.
func prefixGroup(sit *english.Situations, starts []start, i int, sibs []int) ([]int, int) {
	if strings.HasSuffix(starts[i].label, "?") {
		return nil, -1
	}
	words := strings.Fields(starts[i].label)
	split := -1
	for _, j := range sibs {
		if open(starts[j]) && !strings.HasSuffix(starts[j].label, "?") {
			split = max(split, sharedSplit(sit, words, strings.Fields(starts[j].label)))
		}
	}
	if split < 1 {
		return nil, -1
	}
	group := []int{i}
	for _, j := range sibs {
		if open(starts[j]) && !strings.HasSuffix(starts[j].label, "?") &&
			sharedSplit(sit, words, strings.Fields(starts[j].label)) == split {
			group = append(group, j)
		}
	}
	return group, split
}
