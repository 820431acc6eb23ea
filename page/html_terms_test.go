package page

import "testing"

// TestFAQList: a description list of questions and answers (every term a
// sentence) is read as collapsible parts, each question a heading one
// level below the section over its answer, and the first block after the
// list the section's again; a list of terms (options, API entries), one
// with a term no description follows, and one in a list item stay lines.
func TestFAQList(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"questions and answers",
			`<html><body><h1>Account FAQ</h1><dl class="faq"><dt><b>Can I have two accounts?</b></dt><dd>One per person.</dd><dt>I can't log in.</dt><dd>See <a href="login.html">Logging in</a>.</dd></dl><p>Updated in March.</p></body></html>`,
			[]string{"h1 Account FAQ", "h2 collapsible Can I have two accounts?", "p One per person.", "h2 collapsible I can't log in.", "p See [Logging in](https://help.example.com/login.html).", "p again Updated in March."}},
		{"in a section, each pair in a div",
			`<html><body><h1>Billing</h1><h2>Refunds</h2><dl><div><dt>Can I get a refund?</dt><dd><p>Yes.</p><p>Within 14 days.</p></dd></div><div><dt>My refund is late!</dt><dd>Allow a week.</dd></div></dl></body></html>`,
			[]string{"h1 Billing", "h2 Refunds", "h3 collapsible Can I get a refund?", "p Yes.", "p Within 14 days.", "h3 collapsible My refund is late!", "p Allow a week."}},
		{"terms, not sentences",
			`<html><body><h1>Map Object</h1><dl><dt>Transparent background</dt><dd>Makes the image transparent around the object.</dd><dt>Tile source image</dt><dd>Tiles it.</dd></dl></body></html>`,
			[]string{"h1 Map Object", "p Transparent background", "p Makes the image transparent around the object.", "p Tile source image", "p Tiles it."}},
		{"a question with nothing said of it",
			`<html><body><h1>FAQ</h1><dl><dt>Can I pay later?</dt><dd>No.</dd><dt>Can I pay by card?</dt></dl></body></html>`,
			[]string{"h1 FAQ", "p Can I pay later?", "p No.", "p Can I pay by card?"}},
		{"in a list item",
			`<html><body><h1>Steps</h1><ul><li>Open the menu.<dl><dt>Where is it?</dt><dd>Top right.</dd></dl></li></ul></body></html>`,
			[]string{"h1 Steps", "p Open the menu.", "p Where is it?", "p Top right."}},
	} {
		t.Run(tc.name, func(t *testing.T) { checkBlockLines(t, "html", tc.src, tc.want) })
	}
}
