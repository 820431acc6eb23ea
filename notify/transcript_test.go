package notify

import (
	"testing"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

// TestTranscript: a ticket's transcript names each turn's author; the
// assistant's words that name HTML, and its backslashes, read as the page
// wrote them, without the escapes of its Markdown; a customer's as typed.
func TestTranscript(t *testing.T) {
	got := Transcript([]Turn{
		{Role: "user", Text: `what is \<div>?`},
		{Role: "agent", Text: lexical.EscapeWords(`The second targets any <div> in C:\Settings\<username> or /^https?:\/\//.`)},
		{Role: "support", Text: "Hi"},
	})
	want := "Customer: what is \\<div>?\n\nAssistant: The second targets any <div> in C:\\Settings\\<username> or /^https?:\\/\\//.\n\nSupport: Hi"
	if got != want {
		t.Errorf("Transcript =\n%q\nwant\n%q", got, want)
	}
}
