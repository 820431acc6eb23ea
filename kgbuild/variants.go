package kgbuild

import (
	"strings"
	"unicode"

	"github.com/helpgraph/helpgraph/internal/english"
)

// variantLead are the prepositions that open a heading naming one of
// several places or ways a section applies to: "On Android" / "On iOS",
// "In Safari" / "In Firefox", "Via the app" / "Via the website".
var variantLead = map[string]bool{
	"on": true, "in": true, "via": true, "with": true, "without": true,
	"through": true, "from": true, "using": true, "by": true,
}

// maxVariantWords bounds the words after the lead: a variant names a
// platform or a channel, not a topic.
const maxVariantWords = 4

// variantLabel returns the lead preposition of a heading that names a
// variant: the lead, then one to maxVariantWords words, one of them a name
// (with a capital: "On Mac", "In the iOS settings"). "In detail" and "In a
// nutshell" name nothing.
func variantLabel(label string) (string, bool) {
	words := strings.Fields(english.Plain(label))
	if len(words) < 2 || len(words) > 1+maxVariantWords {
		return "", false
	}
	lead := strings.ToLower(words[0])
	if !variantLead[lead] || strings.HasSuffix(label, "?") {
		return "", false
	}
	for _, w := range words[1:] {
		if strings.IndexFunc(w, unicode.IsUpper) >= 0 { // "Mac", "iOS"
			return lead, true
		}
	}
	return "", false
}

// markVariants makes situations of sibling headings that are variants of
// one another: two or more headings of one rank under the same parent
// (no heading of a higher rank between them) that open with the same
// preposition and name a variant. "On Android" and "On iOS" are then
// conditions the agent asks about, not sections it picks silently.
// starts are in page order.
func markVariants(starts []start) {
	for i := 0; i < len(starts); i++ {
		st := starts[i]
		if st.rank >= labelRank || st.situation || st.ignored {
			continue
		}
		lead, ok := variantLabel(st.label)
		if !ok {
			continue
		}
		group := []int{i}
		for j := i + 1; j < len(starts) && starts[j].rank >= st.rank; j++ {
			if starts[j].rank != st.rank {
				continue // a sub-heading of one of the siblings
			}
			if l, ok := variantLabel(starts[j].label); ok && l == lead && !starts[j].situation && !starts[j].ignored {
				group = append(group, j)
			}
		}
		if len(group) < 2 {
			continue
		}
		for _, k := range group {
			starts[k].situation = true
		}
		i = group[len(group)-1]
	}
}
