package kgbuild

import (
	"context"
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/english"
	"github.com/helpgraph/helpgraph/page"
)

func TestStructuralExtract(t *testing.T) {
	doc := docFrom(t, "https://h.example/change", "Changing a reservation | Help", `
# Changing a reservation
How you change a reservation depends on how you booked.
## If you booked online as a member
Log in and open My Reservations.
### Changing the dates
1. Click Change dates.
### Changing the room type
1. Click Change room.
## If you booked by phone
Call the reservation center at 0570-000-123.
## Refunds
## Fees
Online reservation as guest user:
Please contact the hotel.
Members: log in and click Fees.
## Related articles
- [Cancelling](https://h.example/cancel)
`)
	pg, err := NewStructural().Extract(context.Background(), doc)
	if err != nil {
		t.Fatal(err)
	}
	byProblem := make(map[string]int)
	for i, n := range pg.Nodes {
		byProblem[n.Problem] = i
	}
	parent := make(map[string]string)
	for _, e := range pg.Edges {
		parent[e.To] = e.From
	}
	node := func(problem string) int {
		t.Helper()
		i, ok := byProblem[problem]
		if !ok {
			var got []string
			for _, n := range pg.Nodes {
				got = append(got, n.Problem)
			}
			t.Fatalf("no node %q among %q", problem, got)
		}
		return i
	}
	root := pg.Nodes[0]
	if !root.Root || root.Problem != "Changing a reservation" || root.Resolution != "How you change a reservation depends on how you booked." {
		t.Errorf("root = %+v", root)
	}
	member := pg.Nodes[node("Changing a reservation (booked online as a member)")]
	if member.Condition != "you booked online as a member" || member.Resolution != "Log in and open My Reservations." || parent[member.ID] != root.ID {
		t.Errorf("member node = %+v", member)
	}
	dates := pg.Nodes[node("Changing the dates")]
	if parent[dates.ID] != member.ID || dates.Condition != "" || !dates.Actionable {
		t.Errorf("dates node is not an actionable section under the member situation: %+v", dates)
	}
	// A section that says nothing makes no node: its text would be its
	// heading alone.
	if _, ok := byProblem["Refunds"]; ok {
		t.Errorf("the empty section Refunds made a node")
	}
	guest := pg.Nodes[node("Fees (online reservation as guest user)")]
	if guest.Actionable || !strings.Contains(guest.Resolution, "Please contact the hotel.") {
		t.Errorf("guest label node = %+v", guest)
	}
	if m := pg.Nodes[node("Fees (members)")]; !m.Actionable || m.Resolution != "Members: log in and click Fees." {
		t.Errorf("inline label node = %+v", m)
	}
	if _, ok := byProblem["Related articles"]; ok {
		t.Error("page chrome became a node")
	}
	seen := make(map[string]string)
	for _, n := range pg.Nodes {
		if !page.GroundedLines(n.Resolution, doc.Text()) {
			t.Errorf("%q: ungrounded resolution %q", n.Problem, n.Resolution)
		}
		if len(n.Intents) < 3 {
			t.Errorf("%q: %d intents", n.Problem, len(n.Intents))
		}
		for _, in := range n.Intents {
			if other, dup := seen[english.FoldIntent(in)]; dup {
				t.Errorf("intent %q on %q and %q", in, other, n.Problem)
			}
			seen[english.FoldIntent(in)] = n.Problem
		}
	}
}

func TestStructuralEdgeCases(t *testing.T) {
	tests := []struct {
		name    string
		doc     *page.Document
		wantErr error
		nodes   int
	}{
		{"no blocks", &page.Document{URL: "u", Title: "T"}, page.ErrNoText, 0},
		{"title heading only", docFrom(t, "u", "", "# Only a title"), nil, 1},
		{"no title", docFrom(t, "u", "", "Some text here. Click Save."), nil, 1},
		{"list without situations", docFrom(t, "u", "T", "- a\n  - b\n- c"), nil, 1},
		{"deep headings", docFrom(t, "u", "T", "# T\n###### deep\ntext\n## up\ntext"), nil, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pg, err := NewStructural().Extract(context.Background(), tt.doc)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			if err == nil && len(pg.Nodes) != tt.nodes {
				t.Errorf("%d nodes, want %d", len(pg.Nodes), tt.nodes)
			}
		})
	}
}

// TestRootWithoutIntro: a page with no intro stands on its first section's
// opening, without the sentence that introduces that section's steps (the
// steps are the section's, and "To cancel:" alone promises what the page's
// node does not give).
func TestRootWithoutIntro(t *testing.T) {
	for _, tc := range []struct{ name, opening, want string }{
		{"a lead-in left to the section", "The subscription can be canceled in your account. To cancel your subscription:", "The subscription can be canceled in your account."},
		{"a lead-in alone kept", "To cancel your subscription:", "To cancel your subscription:"},
		{"no lead-in", "The subscription can be canceled in your account.", "The subscription can be canceled in your account."},
		{"a colon inside a sentence", "Some URLs (view-source: and data:) are not filtered. Use another browser.", "Some URLs (view-source: and data:) are not filtered. Use another browser."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := docFrom(t, "u", "Cancel or refund", "# Cancel or refund\n## How to cancel a subscription\n"+tc.opening+"\n- Go to your account.\n- Select Licenses.\n## How to get a refund\nContact support.")
			pg, err := NewStructural().Extract(context.Background(), doc)
			if err != nil {
				t.Fatal(err)
			}
			if got := pg.Nodes[0].Resolution; got != tc.want {
				t.Errorf("root resolution %q, want %q", got, tc.want)
			}
			if sec := pg.Nodes[1].Resolution; !strings.Contains(sec, tc.opening+"\n") {
				t.Errorf("section resolution %q, want its opening %q with its steps", sec, tc.opening)
			}
		})
	}
}

// TestStructuralSituationsInPageLanguage: a German page's "Wenn Sie ..."
// items are conditions, "Für weitere Informationen" is none, whether the
// page is tagged German or its language is told from its text; an English
// label on it is read as English.
func TestStructuralSituationsInPageLanguage(t *testing.T) {
	src := `
# Drucker einrichten
Die meisten Drucker werden automatisch erkannt, wenn Sie sie an den Rechner anschließen.
- Wenn Sie einen Tintendrucker besitzen, reinigen Sie die Druckköpfe regelmäßig.
- Falls der Drucker nicht erkannt wird, öffnen Sie die Einstellungen und fügen Sie ihn hinzu.
- Falls Sie per USB, Netzwerk oder Bluetooth drucken wollen, können Sie den Treiber herunterladen.
- If you use a network printer, enter its address.
## Für weitere Informationen
Lesen Sie das Handbuch des Herstellers.
`
	want := []string{"wenn Sie einen Tintendrucker besitzen", "falls der Drucker nicht erkannt wird",
		"falls Sie per USB, Netzwerk oder Bluetooth drucken wollen", // the clause ends before its main clause's verb
		"you use a network printer"}
	for _, lang := range []string{"de", ""} {
		doc := docFrom(t, "https://h.example/drucker", "Drucker einrichten", src)
		doc.Lang = lang
		if got := pageLanguage(doc); got != "de" {
			t.Errorf("lang %q: pageLanguage = %q, want de", lang, got)
		}
		pg, err := NewStructural().Extract(context.Background(), doc)
		if err != nil {
			t.Fatal(err)
		}
		conds := conditionsOf(pg.Nodes)
		if strings.Join(conds, "|") != strings.Join(want, "|") {
			t.Errorf("lang %q: conditions %q, want %q", lang, conds, want)
		}
	}
	// An English page without a tag keeps the English rules.
	doc := docFrom(t, "https://h.example/printer", "Set up a printer", "# Set up a printer\nMost printers are found when you connect them.\n- If you have an inkjet printer, clean the heads.")
	if got := pageLanguage(doc); got != "en" {
		t.Errorf("pageLanguage(English page) = %q, want en", got)
	}
}

// TestStructuralStepItemsStayInSection: on a German, French or Spanish
// page a list item that states a situation in the middle of a procedure is
// a step: the section's text after it stays in the section.
func TestStructuralStepItemsStayInSection(t *testing.T) {
	doc := docFrom(t, "https://h.example/installieren", "Drucker installieren", `
# Drucker installieren
1. Schließen Sie den Drucker an den Rechner an.
1. Wenn die Installation abgeschlossen ist, erscheint eine Meldung.
1. Drucken Sie eine Testseite.
Falls der Drucker nicht erkannt wird, fügen Sie ihn in den Einstellungen hinzu.
`)
	doc.Lang = "de"
	pg, err := NewStructural().Extract(context.Background(), doc)
	if err != nil {
		t.Fatal(err)
	}
	if len(pg.Nodes) != 1 || !strings.Contains(pg.Nodes[0].Resolution, "Drucken Sie eine Testseite") ||
		!strings.Contains(pg.Nodes[0].Resolution, "fügen Sie ihn in den Einstellungen hinzu") {
		t.Errorf("nodes %+v, want one holding every step", pg.Nodes)
	}
}

// TestStructuralTextAfterSituations: nothing lost. The text after a run of
// situation items that become condition children, up to the next heading,
// belongs to the parent: its resolution, after its own opening lines. Each
// line is in exactly one node.
func TestStructuralTextAfterSituations(t *testing.T) {
	tests := []struct {
		name, lang, src string
		// want maps a node's problem to its resolution.
		want map[string]string
	}{
		{
			name: "closing paragraph after the situations of the page",
			src: `
# Refunds
How you get a refund depends on how you paid.
- If you paid by card, the money goes back to the card.
- If you paid by bank transfer, send us your account number.
Refunds take up to ten days.
`,
			want: map[string]string{
				"Refunds":                         "How you get a refund depends on how you paid.\nRefunds take up to ten days.",
				"Refunds (paid by card)":          "- If you paid by card, the money goes back to the card.",
				"Refunds (paid by bank transfer)": "- If you paid by bank transfer, send us your account number.",
			},
		},
		{
			name: "more steps after the situations of a section, then the next section",
			src: `
# Printing
## Install the printer
1. Connect the printer.
- If you use Windows, install the driver from the disc.
- If you use a Mac, the driver installs itself.
1. Print a test page.
If nothing prints, restart the printer.
## Remove the printer
1. Open Settings and click Remove.
`,
			want: map[string]string{
				"Install the printer":                   "1. Connect the printer.\n1. Print a test page.\nIf nothing prints, restart the printer.",
				"Install the printer (you use Windows)": "- If you use Windows, install the driver from the disc.",
				"Install the printer (you use a Mac)":   "- If you use a Mac, the driver installs itself.",
				"Remove the printer":                    "1. Open Settings and click Remove.",
				// A page without an intro stands on its first paragraph (a copy).
				"Printing": "If nothing prints, restart the printer.",
			},
		},
		{
			name: "text between two runs of situations",
			src: `
# Delivery
- If you are at home, sign for the parcel.
Parcels wait at the depot for a week.
- If you are away, pick it up at the depot.
Bring an ID.
`,
			want: map[string]string{
				"Delivery":                   "Parcels wait at the depot for a week.\nBring an ID.",
				"Delivery (you are at home)": "- If you are at home, sign for the parcel.",
				"Delivery (you are away)":    "- If you are away, pick it up at the depot.",
			},
		},
		{
			name: "a situation's nested items stay its own; chrome after stays out",
			src: `
# Passwords
Reset your password from the sign-in page.
- If you forgot your email address, ask us.
  - Open the app.
  - Tap Help.
The link expires after an hour.
## Related articles
- [Accounts](https://h.example/accounts)
`,
			want: map[string]string{
				"Passwords":                             "Reset your password from the sign-in page.\nThe link expires after an hour.",
				"Passwords (forgot your email address)": "- If you forgot your email address, ask us.\n  - Open the app.\n  - Tap Help.",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := docFrom(t, "https://h.example/p", "", tt.src)
			doc.Lang = tt.lang
			pg, err := NewStructural().Extract(context.Background(), doc)
			if err != nil {
				t.Fatal(err)
			}
			got := make(map[string]string)
			for _, n := range pg.Nodes {
				got[n.Problem] = n.Resolution
			}
			for problem, res := range tt.want {
				if got[problem] != res {
					t.Errorf("%q: resolution %q, want %q", problem, got[problem], res)
				}
			}
			if len(got) != len(tt.want) {
				t.Errorf("nodes %q, want %d", got, len(tt.want))
			}
			lost, _ := UnplacedText(graph.Page{Text: doc.Text()}, pg.Nodes)
			if len(lost) > 0 {
				t.Errorf("text in no node: %q", lost)
			}
		})
	}
}

// TestStructuralIntentsInPageLanguage: a German page's intents are German
// sentences around its headings (an English heading on it gets English
// ones); a Japanese page, without templates, gets its nodes' own words;
// every node's intents are distinct on the page.
func TestStructuralIntentsInPageLanguage(t *testing.T) {
	tests := []struct {
		name, lang, title, src string
		want                   map[string][]string // problem -> intents
	}{
		{"German", "de", "Drucker einrichten", `
# Drucker einrichten
Die meisten Drucker werden automatisch erkannt.
## Wenn Sie einen Tintendrucker besitzen
Reinigen Sie die Druckköpfe regelmäßig.
## Was ist ein Netzwerkdrucker?
Ein Drucker, den mehrere Rechner nutzen.
## Printers shared on the network
Enter its address.
`, map[string][]string{
			"Drucker einrichten": {
				"Was sollte ich über Drucker einrichten wissen?",
				"Ich habe ein Problem mit Drucker einrichten",
				"Ich brauche Hilfe bei Drucker einrichten",
				"Was gilt für Drucker einrichten?",
			},
			"Drucker einrichten (wenn Sie einen Tintendrucker besitzen)": {
				"Was sollte ich über Drucker einrichten wissen, wenn Sie einen Tintendrucker besitzen?",
				"Ich habe ein Problem mit Drucker einrichten, wenn Sie einen Tintendrucker besitzen",
				"Ich brauche Hilfe bei Drucker einrichten, wenn Sie einen Tintendrucker besitzen",
				"Was gilt für Drucker einrichten, wenn Sie einen Tintendrucker besitzen?",
			},
			"Was ist ein Netzwerkdrucker?": {
				"Was ist ein Netzwerkdrucker?",
				"Ich möchte wissen: Was ist ein Netzwerkdrucker",
				"Bitte sagen Sie mir: Was ist ein Netzwerkdrucker",
				"Frage: Was ist ein Netzwerkdrucker?",
			},
			"Printers shared on the network": englishIntents("Printers shared on the network", ""),
		}},
		{"Japanese", "ja", "プリンターの設定", `
# プリンターの設定
ほとんどのプリンターは自動的に認識されます。
## ネットワークプリンター
アドレスを入力します。
`, map[string][]string{
			"プリンターの設定":    {"プリンターの設定"},
			"ネットワークプリンター": {"ネットワークプリンター"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := docFrom(t, "https://h.example/drucker", tt.title, tt.src)
			doc.Lang = tt.lang
			pg, err := NewStructural().Extract(context.Background(), doc)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string][]string{}
			for _, n := range pg.Nodes {
				got[n.Problem] = n.Intents
			}
			for p, want := range tt.want {
				if !slices.Equal(got[p], want) {
					t.Errorf("intents of %q =\n%q\nwant\n%q", p, got[p], want)
				}
			}
			if len(got) != len(tt.want) {
				t.Errorf("nodes %q, want those of %q", slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(tt.want)))
			}
		})
	}
}

// englishIntents are the first four English intents, as pickIntents keeps.
func englishIntents(problem, condition string) []string {
	return english.Intents(problem, condition)[:4]
}

// TestStructuralCodeLinesOpenNothing: the lines of a code block
// (page.Block.Code) stay in their section's resolution; a one-line block
// is no section title and "if form.is_valid():" no situation, where the
// same lines as running text would open nodes.
func TestStructuralCodeLinesOpenNothing(t *testing.T) {
	blocks := []page.Block{
		{Kind: page.Heading, Level: 1, Text: "Error reports"},
		{Kind: page.Paragraph, Text: "Set the reporter class in your settings file to send reports somewhere else."},
		{Kind: page.Paragraph, Text: "DEFAULT_EXCEPTION_REPORTER = 'path.to.CustomReporter'"},
		{Kind: page.Paragraph, Text: "The reporter compiles the report data and formats it as text or HTML appropriately."},
		{Kind: page.Paragraph, Text: "if form.is_valid():"},
		{Kind: page.Paragraph, Text: "return redirect('/thanks/')"},
	}
	for _, code := range []bool{false, true} {
		doc := &page.Document{URL: "https://h.example/errors", Title: "Error reports", Lang: "en", Blocks: slices.Clone(blocks)}
		doc.Blocks[2].Code, doc.Blocks[4].Code, doc.Blocks[5].Code = code, code, code
		pg, err := NewStructural().Extract(context.Background(), doc)
		if err != nil {
			t.Fatal(err)
		}
		if code && (len(pg.Nodes) != 1 || !strings.Contains(pg.Nodes[0].Resolution, "DEFAULT_EXCEPTION_REPORTER") ||
			!strings.Contains(pg.Nodes[0].Resolution, "return redirect")) {
			t.Errorf("code lines: nodes %+v, want one holding every line", pg.Nodes)
		}
		if !code && len(pg.Nodes) == 1 {
			t.Errorf("running text: one node, want the short lines to open nodes (the test's premise)")
		}
	}
}

// TestStructuralLinkListEntriesOpenNothing: paragraphs of one link each,
// a list of pages as LibreOffice's help writes its index, stay the text
// of the section they are in: read as title lines, each headed the next
// ("Inserting Tables" a section whose text was the link to deleting
// them). A link followed by running text about it (a reference's term,
// linked to its definition, then what it does) still heads that text.
func TestStructuralLinkListEntriesOpenNothing(t *testing.T) {
	doc := &page.Document{URL: "https://h.example/writer", Title: "Writer guide", Lang: "en", Blocks: []page.Block{
		{Kind: page.Heading, Level: 1, Text: "Writer guide"},
		{Kind: page.Heading, Level: 2, Text: "Editing Tables in Text"},
		{Kind: page.Paragraph, Text: "[Selecting Tables, Rows, and Columns](table_select.html)"},
		{Kind: page.Paragraph, Text: "[Inserting Tables](table_insert.html)"},
		{Kind: page.Paragraph, Text: "[Deleting Tables or the Contents of a Table](table_delete.html)"},
		{Kind: page.Heading, Level: 2, Text: "Feeds"},
		{Kind: page.Paragraph, Text: "[SyndicationFeed.add_item()](utils.html#add_item)"},
		{Kind: page.Paragraph, Text: "Add an item to the feed with the given parameters; a title and a link are required."},
	}}
	pg, err := NewStructural().Extract(context.Background(), doc)
	if err != nil {
		t.Fatal(err)
	}
	var problems []string
	for _, n := range pg.Nodes {
		problems = append(problems, n.Problem)
		if n.Problem == "Editing Tables in Text" && !strings.Contains(n.Resolution, "table_insert.html") {
			t.Errorf("%q: %q, want every link of the list in it", n.Problem, n.Resolution)
		}
	}
	want := []string{"Writer guide", "Editing Tables in Text", "Feeds", "SyndicationFeed.add_item()"}
	if !slices.Equal(problems, want) {
		t.Errorf("nodes %q, want %q", problems, want)
	}
}

// TestStructuralChecklistItemsAreNoSituations: list items that are only
// "if …" clauses of one sentence running on from item to item are a
// checklist in the section's text, not situations with nothing said for
// them; an item that says what to do in its situation still is one.
func TestStructuralChecklistItemsAreNoSituations(t *testing.T) {
	doc := docFrom(t, "https://h.example/upgrade", "Upgrade the server", `
# Upgrade the server
Run the upgrade. Reboot; log in and test
- if the web interface is working,
- if one can manage printers,
- and if other local things are working.
- If the upgrade stops, run it again.
`)
	pg, err := NewStructural().Extract(context.Background(), doc)
	if err != nil {
		t.Fatal(err)
	}
	conds := conditionsOf(pg.Nodes)
	if len(conds) != 1 || conds[0] != "the upgrade stops" {
		t.Errorf("conditions %q, want only \"the upgrade stops\"", conds)
	}
	if !strings.Contains(pg.Nodes[0].Resolution, "if one can manage printers") {
		t.Errorf("root resolution %q, want the checklist in it (%+v)", pg.Nodes[0].Resolution, pg.Nodes)
	}
}

// conditionsOf returns the conditions of nodes that have one, in order.
func conditionsOf(nodes []graph.Node) []string {
	var conds []string
	for _, n := range nodes {
		if n.Condition != "" {
			conds = append(conds, n.Condition)
		}
	}
	return conds
}

// TestStructuralVersionNotesAreNoSituations: Sphinx's version notes
// ("Changed in version 20.3: …", "New in Django 4.1.") are the history of a
// section, in its text, not situations it branches on; a label that states
// one still is a situation.
func TestStructuralVersionNotesAreNoSituations(t *testing.T) {
	doc := docFrom(t, "https://h.example/resolver", "Backtracking", `
# Backtracking
Changed in version 20.3: the resolver is now capable of backtracking.

When pip finds that an assumption it made is wrong, it backtracks.

New in Django 4.1.

Deprecated since version 3.0: the old resolver.

Booked by phone: call us to change the booking.
`)
	pg, err := NewStructural().Extract(context.Background(), doc)
	if err != nil {
		t.Fatal(err)
	}
	if conds := conditionsOf(pg.Nodes); len(conds) != 1 || conds[0] != "booked by phone" {
		t.Errorf("conditions %q, want only \"booked by phone\"", conds)
	}
	if !strings.Contains(pg.Nodes[0].Resolution, "Changed in version 20.3: the resolver") {
		t.Errorf("root resolution %q, want the version note in it", pg.Nodes[0].Resolution)
	}
}

// TestStructuralNodeText: how a node's text writes a page's lines.
//   - A line of code (page.Block.Code) is a Markdown code span, each line of
//     a run its own, a line that holds backticks in a longer fence, one with
//     its white space as the page writes it (page.Block.Verbatim), one in a
//     list item at the item's indentation; running text stays as it was.
//   - A blank line inside a code block (page.Block.BlankBefore) is a line of
//     one code span of a space, so that a reply shows one block with its
//     blank line; the node stays one node.
//   - A page's words that name HTML have their "<" escaped
//     (lexical.EscapeWords), so that a reply's renderer, which drops raw
//     HTML, shows them; a backslash of the page's is doubled, as Markdown
//     reads one before punctuation as an escape (not in a line of code).
//
// Each node is grounded in the page's text, which has the lines as they
// stand and no blank line.
func TestStructuralNodeText(t *testing.T) {
	tests := []struct {
		name string
		doc  *page.Document
		want string
	}{
		{"code lines are code", &page.Document{URL: "https://h.example/uninstall", Title: "Uninstall a package", Lang: "en", Blocks: []page.Block{
			{Kind: page.Heading, Level: 1, Text: "Uninstall a package"},
			{Kind: page.Paragraph, Text: "Pip asks before it removes anything."},
			{Kind: page.Paragraph, Code: true, Text: "$ pip uninstall sampleproject"},
			{Kind: page.Paragraph, Code: true, Text: "Proceed (Y/n)? y"},
			{Kind: page.Paragraph, Code: true, Text: "$ cwd=`pwd`"},
			{Kind: page.Paragraph, Code: true, Text: "if ok: print(x)", Verbatim: "    if ok:  print(x)"},
			{Kind: page.ListItem, Depth: 1, Text: "Check what is left:"},
			{Kind: page.Paragraph, Depth: 1, Code: true, Text: "$ pip list --format=*freeze*"},
		}}, "Pip asks before it removes anything.\n" +
			"`$ pip uninstall sampleproject`\n" +
			"`Proceed (Y/n)? y`\n" +
			"`` $ cwd=`pwd` ``\n" +
			"`    if ok:  print(x)`\n" +
			"- Check what is left:\n" +
			"  `$ pip list --format=*freeze*`"},
		{"a blank line of code", &page.Document{URL: "https://h.example/offline", Title: "Install offline", Lang: "en", Blocks: []page.Block{
			{Kind: page.Heading, Level: 1, Text: "Install offline"},
			{Kind: page.Paragraph, Text: "Download on a machine that is online, then install on the other."},
			{Kind: page.Paragraph, Code: true, Text: "$ pip download -d dir x"},
			{Kind: page.Paragraph, Code: true, Text: "$ pip install --no-index --find-links dir x", BlankBefore: true},
			{Kind: page.ListItem, Depth: 1, Text: "Write the config:"},
			{Kind: page.Paragraph, Depth: 1, Code: true, Text: "[global]"},
			{Kind: page.Paragraph, Depth: 1, Code: true, Text: "[install]", BlankBefore: true},
		}}, "Download on a machine that is online, then install on the other.\n" +
			"`$ pip download -d dir x`\n" +
			"` `\n" +
			"`$ pip install --no-index --find-links dir x`\n" +
			"- Write the config:\n" +
			"  `[global]`\n" +
			"  ` `\n" +
			"  `[install]`"},
		{"words that name HTML", &page.Document{URL: "https://h.example/tags", Title: "HTML tags", Lang: "en", Blocks: []page.Block{
			{Kind: page.Heading, Level: 1, Text: "HTML tags"},
			{Kind: page.Paragraph, Text: "Titles are marked by <h1> and </h1>; a list entry is the tag <OPTION VALUE=...>."},
			{Kind: page.ListItem, Depth: 1, Text: "Install with pip install --editable <LOCATION> (a < b)"},
			{Kind: page.ListItem, Depth: 1, Text: `It is C:\Settings\<username>\ on Windows`},
			{Kind: page.Paragraph, Code: true, Text: "<div class=\"x\"></div>"},
		}}, "Titles are marked by \\<h1> and \\</h1>; a list entry is the tag \\<OPTION VALUE=...>.\n" +
			"- Install with pip install --editable \\<LOCATION> (a < b)\n" +
			"- It is C:\\\\Settings\\\\\\<username>\\\\ on Windows\n" +
			"`<div class=\"x\"></div>`"},
		{"a page's backslashes", &page.Document{URL: "https://h.example/regex", Title: "Patterns", Lang: "en", Blocks: []page.Block{
			{Kind: page.Heading, Level: 1, Text: "Patterns"},
			{Kind: page.Paragraph, Text: `Match both with /^https?:\/\/example\.org/ in the rule.`},
			{Kind: page.Paragraph, Code: true, Text: `||example.org^$hls=\/videoplayback`},
		}}, "Match both with /^https?:\\\\/\\\\/example\\\\.org/ in the rule.\n" +
			"`||example.org^$hls=\\/videoplayback`"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pg, err := NewStructural().Extract(context.Background(), tt.doc)
			if err != nil {
				t.Fatal(err)
			}
			if len(pg.Nodes) != 1 || pg.Nodes[0].Resolution != tt.want {
				t.Fatalf("nodes %+v, want one whose resolution is\n%s", pg.Nodes, tt.want)
			}
			if !page.GroundedLines(pg.Nodes[0].Resolution, tt.doc.Text()) {
				t.Errorf("resolution %q is not grounded in the page's text %q", pg.Nodes[0].Resolution, tt.doc.Text())
			}
		})
	}
}

// TestStructuralTextAfterParts: the text after a set of tabs, after a
// collapsible part or after a note with a title of its own, where the page marks the end (page.Block.TabsEnd), is
// the section's, after its own opening lines, not the last tab's or part's
// (an FAQ entry's answer); a tab or part holds its own text.
func TestStructuralTextAfterParts(t *testing.T) {
	for _, tc := range []struct {
		name   string
		doc    *page.Document
		holder map[string]string // the problem of the node holding each text
	}{
		{"tabs", &page.Document{URL: "https://h.example/req", Title: "Requirements files", Blocks: []page.Block{
			{Kind: page.Heading, Level: 1, Text: "Requirements files"},
			{Kind: page.Paragraph, Text: "Install the packages a file lists like so:"},
			{Kind: page.Heading, Level: 2, Text: "Unix", Tab: true},
			{Kind: page.Paragraph, Text: "python -m pip install -r requirements.txt", Code: true},
			{Kind: page.Heading, Level: 2, Text: "Windows", Tab: true},
			{Kind: page.Paragraph, Text: "py -m pip install -r requirements.txt", Code: true},
			{Kind: page.Paragraph, Text: "The format of the file is described in the reference.", TabsEnd: true},
			{Kind: page.Heading, Level: 1, Text: "Constraints files"},
			{Kind: page.Paragraph, Text: "Constraints only control versions."},
		}}, map[string]string{"like so": "[Requirements files]", "py -m pip": "[Requirements files (windows)]", "described in the reference": "[Requirements files]"}},
		{"collapsible parts", &page.Document{URL: "https://h.example/install", Title: "Install the app", Blocks: []page.Block{
			{Kind: page.Heading, Level: 1, Text: "Install the app"},
			{Kind: page.Paragraph, Text: "Get it from your phone's store."},
			{Kind: page.Heading, Level: 2, Text: "Troubleshooting"},
			{Kind: page.Heading, Level: 3, Text: "The download never finishes", Collapsible: true},
			{Kind: page.Paragraph, Text: "Free some space and try again."},
			{Kind: page.Heading, Level: 3, Text: "The app crashes on start", Collapsible: true},
			{Kind: page.Paragraph, Text: "Reinstall the app."},
			{Kind: page.Paragraph, Text: "Still stuck? Write to support.", TabsEnd: true},
		}}, map[string]string{"Free some space": "[The download never finishes]", "Reinstall": "[The app crashes on start]", "Still stuck": "[Troubleshooting]"}},
		{"a titled note", &page.Document{URL: "https://h.example/sources", Title: "Package sources", Blocks: []page.Block{
			{Kind: page.Heading, Level: 1, Text: "Package sources"},
			{Kind: page.Heading, Level: 2, Text: "The sources file"},
			{Kind: page.Paragraph, Text: "Each line of the file describes a source."},
			{Kind: page.Paragraph, Text: "TIP Files in sources.list.d", NoteTitle: true},
			{Kind: page.Paragraph, Text: "Split many sources into several files."},
			{Kind: page.Paragraph, Text: "CD-ROM entries describe the discs you have.", TabsEnd: true},
		}}, map[string]string{"Split many sources": "[TIP Files in sources.list.d]", "CD-ROM entries": "[The sources file]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pg, err := NewStructural().Extract(context.Background(), tc.doc)
			if err != nil {
				t.Fatal(err)
			}
			holder := map[string]string{}
			for _, n := range pg.Nodes {
				for s := range tc.holder {
					if strings.Contains(n.Resolution, s) {
						holder[s] += "[" + n.Problem + "]"
					}
				}
			}
			if !maps.Equal(holder, tc.holder) {
				t.Errorf("held by %v, want %v", holder, tc.holder)
			}
		})
	}
}

// TestFAQRoot: a page of questions and answers with no intro (collapsible
// parts first) has its first question as its root's text, not the answer
// to it, which would answer any question about the page's topic; a page
// of sections with no intro still has its first section's opening.
func TestFAQRoot(t *testing.T) {
	faq := []page.Block{
		{Kind: page.Heading, Level: 1, Text: "Account FAQ"},
		{Kind: page.Heading, Level: 2, Text: "Can I have two accounts?", Collapsible: true},
		{Kind: page.Paragraph, Text: "One account per person is allowed."},
		{Kind: page.Heading, Level: 2, Text: "I can't log in.", Collapsible: true},
		{Kind: page.Paragraph, Text: "See the login page."},
	}
	sections := slices.Clone(faq)
	sections[1].Collapsible, sections[3].Collapsible = false, false
	for _, tc := range []struct {
		name   string
		blocks []page.Block
		root   string
	}{
		{"questions and answers", faq, "Can I have two accounts?"},
		{"sections", sections, "One account per person is allowed."},
	} {
		pg, err := NewStructural().Extract(context.Background(), &page.Document{URL: "https://h.example/account-faq", Title: "Account FAQ", Blocks: tc.blocks})
		if err != nil {
			t.Fatal(err)
		}
		var problems []string
		for _, n := range pg.Nodes {
			if n.Root && n.Resolution != tc.root {
				t.Errorf("%s: root text %q, want %q", tc.name, n.Resolution, tc.root)
			}
			problems = append(problems, n.Problem)
		}
		if !slices.Contains(problems, "I can't log in.") {
			t.Errorf("%s: problems %q, want one for each question", tc.name, problems)
		}
	}
}

// TestTermDescriptionNoSituation: a manual's options written as a
// description list ("null": "If True, Django will store empty values as
// NULL.") are text of their section, not situations: read as list items,
// "If True, …" made each a condition and the options were offered as
// "True", "True", "True".
func TestTermDescriptionNoSituation(t *testing.T) {
	const src = `<html><body><h1>Model field reference</h1><h2>Field options</h2><p>The following arguments are available to all field types.</p>` +
		`<dl><dt><code>null</code></dt><dd><p>If <code>True</code>, Django will store empty values as NULL in the database.</p></dd>` +
		`<dt><code>blank</code></dt><dd><p>If <code>True</code>, the field is allowed to be blank.</p></dd>` +
		`<dt><code>unique</code></dt><dd><p>If <code>True</code>, this field must be unique throughout the table.</p></dd></dl></body></html>`
	doc, err := page.ParseHTML([]byte(src), "https://docs.example/ref/models/fields.html")
	if err != nil {
		t.Fatal(err)
	}
	pg, err := NewStructural().Extract(context.Background(), doc)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range pg.Nodes {
		if n.Condition != "" {
			t.Errorf("node %q has the condition %q", n.Problem, n.Condition)
		}
	}
}

// TestDropEmptySections: a heading with no text and no section under it
// that says something makes no node (pip's "Options", which the site's
// build fills in); a section with text, or with a section that has some,
// stays, as does the page's root.
func TestDropEmptySections(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string // the nodes' problems, in order
	}{
		{"an empty leaf", "# Install\nRun the installer.\n## Usage\n## Examples\nRun it twice.",
			[]string{"Install", "Examples"}},
		{"a section whose sections are all empty", "# Install\nRun the installer.\n## Reference\n### Options\n### Usage\n## Examples\nRun it twice.",
			[]string{"Install", "Examples"}},
		{"a section with no text over one that has some", "# Install\nRun the installer.\n## Reference\n### Options\nUse --quiet.",
			[]string{"Install", "Reference", "Options"}},
		{"a page of headings alone keeps its root", "# Install\n## Usage",
			[]string{"Install"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pg, err := NewStructural().Extract(context.Background(), docFrom(t, "https://h.example/install", "Install", tc.src))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, n := range pg.Nodes {
				got = append(got, n.Problem)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("nodes %q, want %q", got, tc.want)
			}
		})
	}
}
