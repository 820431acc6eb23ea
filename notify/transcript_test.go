package notify

import "testing"

// TestTranscript: a ticket's transcript names each turn's author; the
// assistant's words that name HTML read as the page wrote them, without
// the backslash its Markdown escapes them with; a customer's as typed.
func TestTranscript(t *testing.T) {
	got := Transcript([]Turn{
		{Role: "user", Text: `what is \<div>?`},
		{Role: "agent", Text: `The second targets any \<div> in C:\Settings\\\<username>.`},
		{Role: "support", Text: "Hi"},
	})
	want := "Customer: what is \\<div>?\n\nAssistant: The second targets any <div> in C:\\Settings\\<username>.\n\nSupport: Hi"
	if got != want {
		t.Errorf("Transcript =\n%q\nwant\n%q", got, want)
	}
}
