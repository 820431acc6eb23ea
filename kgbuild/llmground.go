package kgbuild

import (
	"strings"
	"unicode"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/english"
)

// Grounding of problems and conditions. Unlike resolutions they are the
// model's own phrasing ("booked by phone" for a section headed "Phone
// bookings"), so they cannot be copied verbatim; but every word that carries
// meaning must be one the page uses, so a condition the page never mentions
// ("you paid in bitcoin") is caught before it becomes a button.

// groundPrefix is how many leading letters a word must share with a page
// word: enough to tell words apart, few enough that "booked" matches
// "booking" and "reservation" matches "reserve".
const groundPrefix = 4

// groundMinLen is the shortest word checked: shorter words are mostly
// function words, and too short to stem by prefix.
const groundMinLen = 5

// pageVocabulary returns the page's word prefixes.
func pageVocabulary(text string) map[string]bool {
	vocab := make(map[string]bool)
	for _, w := range groundWords(text) {
		vocab[groundStem(w)] = true
	}
	return vocab
}

func groundWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) })
}

func groundStem(w string) string {
	r := []rune(w)
	return string(r[:min(len(r), groundPrefix)])
}

// ungrounded returns the words of s the page never uses.
func ungrounded(s string, vocab map[string]bool) []string {
	var out []string
	for _, w := range groundWords(s) {
		if len([]rune(w)) < groundMinLen || english.AddsNoFact(w) || vocab[groundStem(w)] {
			continue
		}
		out = append(out, w)
	}
	return out
}

// fillIntents gives n the offline extractor's intents in the page's
// language (tpl), at least llmMinIntents of them where the language has
// templates (else the node's own words), none already used on the page.
func fillIntents(tpl *english.IntentTemplates, n *graph.Node, seen map[string]bool) {
	var out []string
	add := func(cands []string) {
		for _, c := range cands {
			k := english.FoldIntent(c)
			if k == "" || seen[k] || len(out) >= llmMaxIntents {
				continue
			}
			seen[k] = true
			out = append(out, c)
		}
	}
	cands := tpl.Intents(n.Problem, n.Condition)
	least := max(min(llmMinIntents, len(cands)), 1)
	add(cands)
	for k := 2; len(out) < least; k++ {
		add([]string{tpl.Numbered(n.Problem, k)})
	}
	n.Intents = out
}
