package kgbuild

// Lines of a page that look like situations and are not: a note's title,
// a release's "Name: change" lines, "Name: link" lines, lead-ins.

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/internal/english"
)

// TestStructuralNoteTitlesAreNoSituations: a note's title (page.Block
// NoteTitle: ":::caution Restrictions" before a list) names the note: a
// label stays text of its section, a heading opens a section with no
// condition; a label of the page's own is still a situation.
func TestStructuralNoteTitlesAreNoSituations(t *testing.T) {
	doc := docFrom(t, "https://h.example/app-modifier", "The app modifier", `
# The app modifier
The modifier limits a rule to apps.

Restrictions:

- Apps cannot include a wildcard.
- Negated and plain apps cannot be mixed.

Limitations: only in AdGuard for Windows.

If you installed the app from the store:

- Use the package name.

## If the app cannot connect
Check the proxy first.
`)
	doc.Blocks[2].NoteTitle = true // "Restrictions:"
	doc.Blocks[5].NoteTitle = true // "Limitations: …"
	doc.Blocks[8].NoteTitle = true // a note titled as a heading: a section
	pg, err := NewStructural().Extract(context.Background(), doc)
	if err != nil {
		t.Fatal(err)
	}
	if conds := conditionsOf(pg.Nodes); len(conds) != 1 || conds[0] != "you installed the app from the store" {
		t.Errorf("conditions %q, want only \"you installed the app from the store\"", conds)
	}
	if last := pg.Nodes[len(pg.Nodes)-1]; last.Resolution != "Check the proxy first." || last.Condition != "" {
		t.Errorf("last node %q (condition %q): %q, want the note's section, no condition", last.Problem, last.Condition, last.Resolution)
	}
	for _, want := range []string{"Restrictions:\n- Apps cannot include a wildcard.", "Limitations: only in AdGuard for Windows."} {
		if !strings.Contains(pg.Nodes[0].Resolution, want) {
			t.Errorf("root resolution %q, want %q in it", pg.Nodes[0].Resolution, want)
		}
	}
}

// TestReleaseHeading: a heading that names a version and a date opens a
// release's entry; a version or a date alone does not.
func TestReleaseHeading(t *testing.T) {
	for _, tc := range []struct {
		h    string
		want bool
	}{
		{"Version 0.44.0 (2018-12-03)", true},
		{"FreedomBox 23.6.2 (2023-05-01)", true},
		{"Plinth v0.10.0 (2016-08-21)", true},
		{"2.1.0 - March 3, 2024", true},
		{"v3.2 (12 March 2024)", true},
		{"Android 4.4 and later", false},
		{"Version 2.0", false},
		{"Backups made on 2023-05-01", false},
		{"Release notes", false},
	} {
		if got := releaseHeading(tc.h); got != tc.want {
			t.Errorf("releaseHeading(%q) = %v, want %v", tc.h, got, tc.want)
		}
	}
}

// TestStructuralReleaseEntries: in release notes, a "Name: change" line of
// a release's entry names what changed, no situation; a clause ("If you
// use OpenVPN, …") still is one, and outside the entries a label is too.
func TestStructuralReleaseEntries(t *testing.T) {
	doc := docFrom(t, "https://h.example/release-notes", "Release notes", `
# Release notes
The following are the release notes for each version.

## Version 0.44.0 (2018-12-03)
- Snapshots: Fix default snapshot listing.
- Snapshots: Allow snapshots to be selected for deletion.
- Translations: Updated Czech and Spanish.

### Highlights
- Backups improvements:
  - Allow backups to be downloaded directly.
- If you are already using OpenVPN, you can migrate to ECC.

## Version 0.43.0 (2018-11-19)
Networks: Added basic support for mesh networking.

- Tor: Added options to toggle relay modes.

## Upgrading
- Booked by phone: call us to change the booking.
`)
	pg, err := NewStructural().Extract(context.Background(), doc)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"you are already using OpenVPN", "booked by phone"}
	if conds := conditionsOf(pg.Nodes); !slices.Equal(conds, want) {
		t.Errorf("conditions %q, want %q", conds, want)
	}
}

// TestStructuralLinkLabels: a "Name: link" line (a credit, a download, a
// project's page) names what it links to, no situation; a label led by a
// preposition or conjunction, or one with text of its own, still is one.
func TestStructuralLinkLabels(t *testing.T) {
	doc := docFrom(t, "https://h.example/acknowledgements", "Acknowledgements", `
# Acknowledgements
We thank the authors of these libraries.

- Otto by Square: [square.github.io/otto](https://square.github.io/otto)
- RootTools Library by Stericson: [github.com/Stericson/RootTools](https://github.com/Stericson/RootTools), [docs](https://h.example/docs).
- Official images: https://freedombox.org/download/

## Guides
- If you use Windows: [the installer guide](https://h.example/win)
- Members: log in and change the booking.
`)
	pg, err := NewStructural().Extract(context.Background(), doc)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"you use Windows", "members"}
	if conds := conditionsOf(pg.Nodes); !slices.Equal(conds, want) {
		t.Errorf("conditions %q, want %q", conds, want)
	}
}

// TestSituationAhead: a label that points to what follows is cut to the
// situation before its comma, or is none; another label stays whole.
func TestSituationAhead(t *testing.T) {
	sit := english.SituationsFor("en")
	for _, tc := range []struct {
		label, want string
		ok          bool
	}{
		{"If you need to uninstall or reinstall the app, do the following", "If you need to uninstall or reinstall the app", true},
		{"When multiple configuration files are found, pip combines them in the following order", "When multiple configuration files are found", true},
		{"The following data will be used as example", "", false},
		{"Opens a submenu with the following command options", "", false},
		{"To print in landscape format, proceed as follows", "", false},
		{"To create a pivot chart proceed as below", "", false},
		{"If you use Android", "If you use Android", true},
		{"Following the upgrade", "Following the upgrade", true},
	} {
		got, ok := situationAhead(sit, tc.label)
		if got != tc.want || ok != tc.ok {
			t.Errorf("situationAhead(%q) = %q, %v; want %q, %v", tc.label, got, ok, tc.want, tc.ok)
		}
	}
}

// TestStructuralLeadInsAreNoSituations: a line that leads into what
// follows is no situation; a situation before its comma still is one.
func TestStructuralLeadInsAreNoSituations(t *testing.T) {
	doc := docFrom(t, "https://h.example/charts", "Charts", `
# Charts
Charts show the data of a table.

To create a pivot chart proceed as below:

1. Click inside the pivot table.
1. Choose Insert - Chart.

The following data will be used as example

| A | B |
| 47 | 67 |

If you need to remove the chart, do the following:

1. Select the chart.
1. Press Delete.
`)
	pg, err := NewStructural().Extract(context.Background(), doc)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"you need to remove the chart"}
	if conds := conditionsOf(pg.Nodes); !slices.Equal(conds, want) {
		t.Errorf("conditions %q, want %q", conds, want)
	}
}
