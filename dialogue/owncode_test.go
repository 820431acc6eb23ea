package dialogue

import (
	"maps"
	"slices"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestOwnCode: a request's number or code is kept for matching when a
// heading, title or intent of the help center names it ("Error 1603",
// "under age 18"); a booking number no page has, a code a page's text
// only mentions, and a lone digit ("3 rooms") stay masked as the user's
// specifics, unless a heading writes that digit after the same word (a
// version: "Raspberry Pi 4").
func TestOwnCode(t *testing.T) {
	const installer, child, groups = "https://help.example/installer-errors", "https://help.example/apply-child", "https://help.example/groups"
	const pi = "https://help.example/pi"
	g := &graph.Graph{
		Pages: []graph.Page{{URL: installer, Title: "Installer errors"}, {URL: child, Title: "Apply for a child under age 18"},
			{URL: groups, Title: "Group bookings"}, {URL: pi, Title: "Boards"}},
		Nodes: []graph.Node{
			{ID: "1603", Page: installer, Problem: "Error 1603: fatal error during installation", Root: true, Actionable: true,
				Resolution: "Restart the computer and run the installer again."},
			{ID: "child", Page: child, Problem: "Applying for a child", Root: true, Actionable: true,
				Resolution: "Fill in the form for a child with a disability."},
			{ID: "groups", Page: groups, Problem: "Booking 10 rooms or more", Root: true, Actionable: true,
				Resolution: "Call us and choose option 3. Quote code SN2W9E4R7T from your e-mail."},
			{ID: "pi4", Page: pi, Problem: "Raspberry Pi 4 Model B", Root: true, Actionable: true,
				Resolution: "Use a USB Wi-Fi adapter; the built-in one needs firmware."},
		},
	}
	a := NewGraphAgent(g, Options{})
	for _, tc := range []struct {
		code string
		want bool
	}{
		{"1603", true},        // a heading's
		{"18", true},          // a page title's
		{"10", true},          // a heading's
		{"3", false},          // a lone digit, though a text says "option 3"
		{"48213", false},      // on no page
		{"SN2W9E4R7T", false}, // in a section's text only
	} {
		if got := a.ownCode("", tc.code); got != tc.want {
			t.Errorf("ownCode(%q) = %v, want %v", tc.code, got, tc.want)
		}
	}
	for _, tc := range []struct {
		message   string
		has, lack []string
	}{
		{"the installer says error 1603", []string{"1603"}, nil},
		{"my son is under 18 and has a disability", []string{"18"}, nil},
		{"I booked 3 rooms, booking 48213", nil, []string{"3", "48213"}},
		{"wifi on my raspberry pi 4 doesnt work", []string{"4"}, nil},
		{"I have 4 boards", nil, []string{"4"}},            // a count: no heading numbers "have"
		{"room 3 of the raspberry pi", nil, []string{"3"}}, // another number of the name
	} {
		terms := a.readMessage(tc.message).terms
		for _, w := range tc.has {
			if !slices.Contains(terms, w) {
				t.Errorf("%q: terms %q lack %q", tc.message, terms, w)
			}
		}
		for _, w := range tc.lack {
			if slices.Contains(terms, w) {
				t.Errorf("%q: terms %q have %q", tc.message, terms, w)
			}
		}
	}
}

// TestVersionsOf: a lone digit after a word names a version of it; a digit
// of a longer number or code, or after no word, names none.
func TestVersionsOf(t *testing.T) {
	g := &graph.Graph{
		Pages: []graph.Page{{URL: "u", Title: "Windows-7 and macOS 14"}},
		Nodes: []graph.Node{
			{ID: "a", Page: "u", Problem: "Raspberry Pi 4 Model B", Condition: "on Android 9", Intents: []string{"set up a Pi 4G modem"}},
			{ID: "b", Page: "u", Problem: "Version 4.2, step 3: 5 rooms", Condition: "Größe 2"},
		},
	}
	got := versionsOf(g)
	want := map[string]bool{"pi 4": true, "android 9": true, "windows 7": true, "version 4": true, "step 3": true, "größe 2": true}
	if !maps.Equal(got, want) {
		t.Errorf("versionsOf = %v, want %v", got, want)
	}
}

// TestVersionNamed: a request that names a version finds the page titled
// with it: "1.10" is one word on both sides, a version the pages' titles
// name, not a date masked ("1.10" and "2.2" had read as digits, and every
// release's notes were the same; "1.10" and "10.1" the same digits).
func TestVersionNamed(t *testing.T) {
	g := &graph.Graph{
		Pages: []graph.Page{{URL: "r110", Title: "Acme 1.10 release notes"}, {URL: "r22", Title: "Acme 2.2 release notes"}, {URL: "r3", Title: "Acme 3.0.1 release notes"}, {URL: "r101", Title: "Acme 10.1 release notes"}},
		Nodes: []graph.Node{
			{ID: "a", Page: "r110", Problem: "Acme 1.10 release notes", Root: true, Resolution: "Acme 1.10 adds the export wizard and drops the legacy importer."},
			{ID: "b", Page: "r22", Problem: "Acme 2.2 release notes", Root: true, Resolution: "Acme 2.2 adds dark mode and a faster importer."},
			{ID: "c", Page: "r3", Problem: "Acme 3.0.1 release notes", Root: true, Resolution: "Acme 3.0.1 fixes a crash when the importer reads an empty file."},
			{ID: "d", Page: "r101", Problem: "Acme 10.1 release notes", Root: true, Resolution: "Acme 10.1 brings the cloud sync and retires the desktop widget."},
		},
	}
	checkFirstSources(t, NewGraphAgent(g, Options{}), map[string]string{
		"what changed in acme 1.10":       "r110",
		"release notes for 2.2":           "r22",
		"acme 3.0.1 release notes please": "r3",
		"what is new in acme 10.1":        "r101", // the digits of 1.10, in another order
	})
}

// checkFirstSources asks a each message of want in a fresh session: its
// reply must cite the page want gives it first.
func checkFirstSources(t *testing.T, a *GraphAgent, want map[string]string) {
	t.Helper()
	for msg, page := range want {
		r, err := a.Respond(t.Context(), &Session{}, msg)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Sources) == 0 || r.Sources[0] != page {
			t.Errorf("%q: %s %q citing %v, want %s", msg, r.Action, r.Text, r.Sources, page)
		}
	}
}
