package dialogue

import (
	"slices"
	"strings"

	"github.com/helpgraph/helpgraph/internal/english"
)

// asksPage reports whether a request (its terms), answered from a section
// whose heading's terms are sec, asks about the section's page as a whole:
// the page's title and its introduction's heading have the terms page, the
// introduction's heading the terms root. The section's heading names
// nothing beyond the page, and either it repeats the introduction's heading
// ("Closing your workspace" under the page "Closing your workspace") or the
// request's words beyond it are all the page's ("how do I qualify for a
// grant?" answered from "What We Mean by a Grant" on the page "Grants | How
// You Qualify"): the section is the page's subject again, not a part the
// request names.
func asksPage(sec, root []string, page map[string]bool, request []string) bool {
	sec = uniqueTerms(sec)
	if len(sec) == 0 || !allIn(sec, page) {
		return false
	}
	if restates := uniqueTerms(root); len(restates) == len(sec) && !slices.ContainsFunc(restates, func(t string) bool { return !slices.Contains(sec, t) }) {
		return true
	}
	beyond := 0
	for _, t := range uniqueTerms(request) {
		if slices.Contains(sec, t) {
			continue
		}
		if !page[t] {
			return false
		}
		beyond++
	}
	return beyond > 0
}

// pageIntro returns the introduction of section id's page, focused on the
// request's terms, to lead an answer from the section when the request
// asks about the page as a whole (asksPage): what a page says above its
// sections ("Before you close your workspace, please note: all your files
// are lost", "To qualify for a grant, you must first …") is part of that
// answer, though its verdict counts it as introducing the sections rather
// than answering. "" for a page's
// introduction itself, a page without one, or a section whose text
// already says it.
func (a *GraphAgent) pageIntro(id string, terms []string) string {
	n := a.ix.Node(id)
	if n == nil || n.Root || len(terms) == 0 {
		return ""
	}
	r := a.ix.Node(a.ix.Root(n.Page))
	if r == nil || r.ID == id || !a.introduces(r) || a.onlyBoilerplate(r) {
		return ""
	}
	page := map[string]bool{}
	for _, t := range a.titleTerms(n.Page) {
		page[t] = true
	}
	root := a.an.terms(r.Problem)
	for _, t := range root {
		page[t] = true
	}
	if !asksPage(a.an.terms(n.Problem), root, page, terms) {
		return ""
	}
	res := a.withoutBoilerplate(shownText(r))
	if res == "" || english.SameText(res, r.Problem) || strings.Contains(shownText(n), res) {
		return ""
	}
	return a.withCondition(r, withHeading(r, a.focusText(r, res, terms, "")))
}
