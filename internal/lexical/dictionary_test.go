package lexical

import "testing"

func TestIsWord(t *testing.T) {
	for _, tc := range []struct {
		model *Model
		word  string
		want  bool
	}{
		{English, "plane", true},
		{English, "charger", true},
		{English, "planing", true},
		{English, "resevation", false}, // a typo
		{English, "paris", false},      // the dictionary's names are left out
		{English, "", false},
		{For("de"), "plane", false}, // no German dictionary: nothing is known
	} {
		if got := tc.model.IsWord(tc.word); got != tc.want {
			t.Errorf("%s IsWord(%q) = %v, want %v", tc.model.Lang(), tc.word, got, tc.want)
		}
	}
}
