package conversation

import "testing"

// The references NewRef makes are what RefPattern finds in a reply, and
// only those: a look-alike letter or a shorter code is none.
func TestRefPattern(t *testing.T) {
	for range 200 {
		if ref := NewRef(); !RefPattern.MatchString("your reference is " + ref + ".") {
			t.Fatalf("RefPattern misses %q", ref)
		}
	}
	for _, text := range []string{"HG-0K3Q9A", "HG-7K3Q9", "HG-7K3Q9IL", "xHG-7K3Q9A", "hg-7k3q9a"} {
		if RefPattern.MatchString(text) {
			t.Errorf("RefPattern finds a reference in %q", text)
		}
	}
}
