package page

import (
	"testing"
)

func TestBoldLabelHeadsItsPart(t *testing.T) {
	const answer = "<blockquote><p>Type .tables in the shell, or read the schema table.</p></blockquote>"
	tests := []struct {
		name, body, heading string // heading: "" when the bold line is no heading
	}{
		{"an FAQ's question", `<p><b>(7) How do I list all tables in a database</b></p>` + answer, "(7) How do I list all tables in a database"},
		{"strong, with a question mark", `<p><strong>Is it threadsafe?</strong></p><p>Yes, it uses mutexes.</p>`, "Is it threadsafe?"},
		{"a stressed sentence", `<p><strong>Never pass unsanitized input to this function.</strong></p><p>If a callback is given, it is called.</p>`, ""},
		{"a lead-in", `<p><b>Allowed values:</b></p><ul><li>on</li><li>off</li></ul>`, ""},
		{"bold within a sentence", `<p>Use <b>PRAGMA table_info</b> for the columns.</p><p>It lists one row each.</p>`, ""},
		{"a DocBook caption", `<div class="table"><p class="title"><b>Table 8.1. Data Types</b></p><div class="table-contents"><table><tr><td>bigint</td></tr></table></div></div>`, ""},
		{"over a table only", `<p><b>Limits</b></p><table><tr><td>columns</td><td>2000</td></tr></table>`, ""},
		{"the last line of its block", `<div><p><b>See the shell's manual</b></p></div><p>Other text.</p>`, ""},
		{"in a list item", `<ul><li><p><b>Maximum columns</b></p><p>2000 by default.</p></li></ul>`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw := "<html><body><h1>FAQ</h1><p>Questions people ask.</p>" + tt.body + "</body></html>"
			doc, err := ParseHTML([]byte(raw), "https://acme.example/faq.html")
			if err != nil {
				t.Fatal(err)
			}
			var got []Block
			for _, b := range doc.Blocks {
				if b.Kind == Heading && b.Level > 1 {
					got = append(got, b)
				}
			}
			switch {
			case tt.heading == "" && len(got) > 0:
				t.Errorf("headings %+v, want none", got)
			case tt.heading != "" && (len(got) != 1 || got[0].Text != tt.heading || got[0].Level != 2):
				t.Errorf("headings %+v, want %q at level 2", got, tt.heading)
			}
		})
	}
}
