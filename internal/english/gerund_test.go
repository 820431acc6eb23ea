package english

import "testing"

// TestGerund: a base verb's -ing form, its final consonant doubled where
// the dictionary writes it so, and the question rewritten with it.
func TestGerund(t *testing.T) {
	for v, want := range map[string]string{
		"reset": "resetting", "set": "setting", "log": "logging", "plan": "planning", "submit": "submitting",
		"open": "opening", "edit": "editing", "sign": "signing", "change": "changing", "tie": "tying",
		"see": "seeing", "fix": "fixing", "play": "playing", "view": "viewing",
	} {
		if got := gerund(v); got != want {
			t.Errorf("gerund(%q) = %q, want %q", v, got, want)
		}
	}
	for q, want := range map[string]string{
		"How do I reset my password?":   "Resetting my password",
		"What is a reconsideration?":    "Reconsideration",
		"What is meant by Pre-Depends?": "What is meant by Pre-Depends?",
	} {
		if got := QuestionToNounPhrase(q); got != want {
			t.Errorf("QuestionToNounPhrase(%q) = %q, want %q", q, got, want)
		}
	}
}

// TestPlain: a space before punctuation goes, but not before a mark that
// opens a word (a file's extension, a dotfile, a decimal).
func TestPlain(t *testing.T) {
	for in, want := range map[string]string{
		"benefits , you":                        "benefits, you",
		"the end .":                             "the end.",
		"Is it [free](pricing.html) ?":          "Is it free?",
		"keep all those .deb archive files":     "keep all those .deb archive files",
		"edit your .bashrc , then log in again": "edit your .bashrc, then log in again",
		"wait .5 seconds":                       "wait .5 seconds",
	} {
		if got := Plain(in); got != want {
			t.Errorf("Plain(%q) = %q, want %q", in, got, want)
		}
	}
}
