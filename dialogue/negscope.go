package dialogue

import (
	"regexp"
	"slices"
	"strings"
)

// A situation the user denies ("I'm not a member", "I didn't book by
// phone") names the very branch it rules out: read for its words alone it
// picks that branch. negatedTerms finds the words a negation governs, so
// that the condition matcher can count them against a branch instead of
// for it.

// negator is a word that denies what follows it. "lost", "forgot" and
// "missing", which lexical.Negated also counts, are left out: they say
// something happened to a thing ("I lost my code"), not that a situation
// is not the user's.
var negator = regexp.MustCompile(`(?i)\b(?:not|no|never|without|cannot|cant|dont|doesnt|didnt|isnt|arent|wasnt|werent|havent|hasnt|wont|\w+n['’]t)\b`)

// scopeEnd ends a negation's reach: a clause boundary or a conjunction
// ("I'm not a member but I have an account").
var scopeEnd = regexp.MustCompile(`(?i)[,.;:!?()]|\b(?:but|and|or|so|because|though|although|however|while|since|yet|then)\b`)

// negationReach is how many words after a negator it governs at most.
const negationReach = 5

// negatedScopes returns, for each negation in text, the terms it
// governs: the words after a negator up to the end of its clause, at most
// negationReach of them. A negator that a phrase folds in ("without an
// account", "doesn't work" as one synonym) is part of what the phrase
// names, not a denial: it governs nothing.
func (a *GraphAgent) negatedScopes(text string) [][]string {
	var out [][]string
	for _, loc := range negator.FindAllStringIndex(text, -1) {
		rest := text[loc[1]:]
		if end := scopeEnd.FindStringIndex(rest); end != nil {
			rest = rest[:end[0]]
		}
		words := a.an.model.Words(rest)
		if len(words) > negationReach {
			words = words[:negationReach]
		}
		span := strings.Join(words, " ")
		own := uniqueTerms(a.an.terms(span))
		if folded(a.an.terms(text[loc[0]:loc[1]]+" "+span), own) {
			continue
		}
		scope := own
		if len(scope) > 0 {
			out = append(out, scope)
		}
	}
	return out
}

// deniedLabels marks the labels the text rules out: a label that is not
// itself negated and states everything a negation of the text denies that
// tells the labels apart ("didn't pay online" rules out "paid online", not
// "paid at the counter"). Words of ignore (the problem the labels are
// situations of) deny nothing: "no reset mail" restates the problem of the
// situations "you registered with another e-mail address" and the like.
// Nil when no label is ruled out.
func deniedLabels(labelTerms [][]string, labelNeg []bool, count map[string]int, scopes [][]string, ignore map[string]bool) []bool {
	var out []bool
	for _, scope := range scopes {
		var telling []string
		for _, t := range scope {
			if !ignore[t] && count[t] > 0 && (count[t] < len(labelTerms) || len(labelTerms) == 1) {
				telling = append(telling, t)
			}
		}
		if len(telling) == 0 {
			continue
		}
		for i, lt := range labelTerms {
			if labelNeg[i] || !containsAll(lt, telling) {
				continue
			}
			if out == nil {
				out = make([]bool, len(labelTerms))
			}
			out[i] = true
		}
	}
	return out
}

func containsAll(set, want []string) bool {
	for _, t := range want {
		if !slices.Contains(set, t) {
			return false
		}
	}
	return true
}

// notDenied returns the indices of the labels not ruled out when some are
// (what is left to choose from), or nil.
func notDenied(denied []bool) []int {
	var out []int
	for i, d := range denied {
		if !d {
			out = append(out, i)
		}
	}
	if len(out) == len(denied) {
		return nil
	}
	return out
}

// deniedTerm reports whether a negation of the text governs t.
func deniedTerm(scopes [][]string, t string) bool {
	for _, s := range scopes {
		if slices.Contains(s, t) {
			return true
		}
	}
	return false
}

// folded reports whether withNegator, the terms of a negator and the words
// after it, has a term the words alone do not: a phrase took the negator in.
func folded(withNegator, own []string) bool {
	for _, t := range withNegator {
		if !slices.Contains(own, t) {
			return true
		}
	}
	return false
}
