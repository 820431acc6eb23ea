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
