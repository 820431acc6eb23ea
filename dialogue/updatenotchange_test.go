package dialogue

import (
	"slices"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestUpdateIsNoChange: in the generic synonyms "update" is not "change".
// Editing a record (change, modify, edit) is one act, but in software help
// an update is a new version installed, a topic of its own: folded into
// "change", "does it install security updates by itself" matched any
// page about changing a setting, and "an update broke stuff" lost the one
// word that names its page.
func TestUpdateIsNoChange(t *testing.T) {
	an := newAnalyzer(nil)
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"install the security updates", []string{"instal", "secur", "updat"}},
		{"an update broke it", []string{"updat", "broke"}},
		{"edit my account", []string{"chang", "account"}},
		{"modify the settings", []string{"chang", "set"}},
	} {
		if got := an.terms(tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("terms(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// updatesGraph is a small server manual: a page on software updates and
// one on changing settings.
func updatesGraph() *graph.Graph {
	const (
		upgrades = "https://help.example/upgrades"
		security = "https://help.example/security"
	)
	return &graph.Graph{
		Pages: []graph.Page{{URL: upgrades, Title: "Software updates"}, {URL: security, Title: "Security"}},
		Nodes: []graph.Node{
			{ID: "auto", Page: upgrades, Problem: "Automatic updates", Root: true, Actionable: true,
				Resolution: "The box installs new versions of its software every night by itself. Open System, Updates to turn this off."},
			{ID: "sec", Page: security, Problem: "Change the security settings", Root: true, Actionable: true,
				Resolution: "Open System, Security and change who may log in from outside. Changes take effect at once."},
		},
	}
}

// TestSecurityUpdatesPage: "does it install security updates by itself"
// is the updates page (answered, or asked about: the section does not say
// "security"), not the page on changing security settings.
func TestSecurityUpdatesPage(t *testing.T) {
	r := firstReply(t, updatesGraph(), "does it install security updates by itself or do i have to do it")
	asked := r.Action == Clarification && len(r.Options) == 1 && r.Options[0].NodeID == "auto"
	if r.NodeID != "auto" && !asked {
		t.Errorf("got %s at %q (%q), want the automatic updates section", r.Action, r.NodeID, r.Text)
	}
}

// TestUpgradeIsUpdate: "upgrade" and "update" are one word for a new
// version installed ("upgraded my mac to monterey" and the page on issues
// after updating macOS).
func TestUpgradeIsUpdate(t *testing.T) {
	an := newAnalyzer(nil)
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"upgraded my mac", []string{"updat", "mac"}},
		{"updating the software", []string{"updat", "softwar"}},
	} {
		if got := an.terms(tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("terms(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
	r := firstReply(t, updatesGraph(), "how do i stop the nightly upgrades")
	asked := r.Action == Clarification && len(r.Options) == 1 && r.Options[0].NodeID == "auto"
	if r.NodeID != "auto" && !asked {
		t.Errorf("got %s at %q (%q), want the automatic updates section", r.Action, r.NodeID, r.Text)
	}
}

// TestWordsOfTheirOwn: words that name a thing of their own in software
// help are no generic synonyms. Words are folded by their stems, so with
// "listed" a synonym of "appear" every "list" read as "appear" ("split a
// long list of objects into pages"); "display" is as often a screen, and
// "profile" a work profile or a colour profile as the account; a
// website is no internet connection, nor is everything online one.
// "Not listed" is still "missing".
func TestWordsOfTheirOwn(t *testing.T) {
	an := newAnalyzer(nil)
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"split a long list into pages", []string{"split", "long", "list", "page"}},
		{"my printer is not listed", []string{"printer", "find"}},
		{"it does not show up", []string{"find"}},
		{"connect a second display", []string{"connect", "second", "display"}},
		{"it does not filter in my work profile", []string{"filter", "work", "profil"}},
		// A website is no internet connection ("host a website" is not
		// "take your online privacy back", nor "no internet").
		{"host a website without internet, online", []string{"host", "websit", "without", "internet", "onlin"}},
		{"on our web site", []string{"websit"}},
	} {
		if got := an.terms(tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("terms(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
