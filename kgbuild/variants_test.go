package kgbuild

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/internal/english"
	"github.com/helpgraph/helpgraph/page"
)

func TestVariantLabel(t *testing.T) {
	for _, tc := range []struct {
		label, lead string
		ok          bool
	}{
		{"On Android", "on", true},
		{"In the iOS settings", "in", true},
		{"Via the Help Center", "via", true},
		{"Using AdBlocker with Tor", "using", true},
		{"In detail", "", false},
		{"In a nutshell", "", false},
		{"On", "", false},
		{"On which devices can I use it?", "", false},
		{"Installing on Windows", "", false},
		{"In the settings of your Android phone or tablet", "", false}, // a topic, not a variant
	} {
		lead, ok := variantLabel(english.English, tc.label)
		if lead != tc.lead || ok != tc.ok {
			t.Errorf("variantLabel(%q) = %q, %v; want %q, %v", tc.label, lead, ok, tc.lead, tc.ok)
		}
	}
}

// TestVariantsSharedTail: words that close every variant heading of a
// group (a German verb) belong to the problem, not to the variant.
func TestVariantsSharedTail(t *testing.T) {
	h := func(label string) start { return start{rank: 2, label: label} }
	for _, tc := range []struct {
		lang         string
		labels       []string
		base, label0 string
	}{
		{"de", []string{"Die App für Android aktivieren", "Die App für Windows aktivieren"}, "Die App aktivieren", "für Android"},
		{"de", []string{"Die App über ADB installieren", "Die App über den Browser installieren"}, "Die App installieren", "über ADB"},
		{"en", []string{"Watch videos in the app", "Watch videos in a browser"}, "Watch videos", "in the app"},
		{"en", []string{"Block ads in the app", "Block ads in the browser"}, "Block ads", "in the app"},
		{"en", []string{"Watch videos in the app now", "Watch videos in a browser now"}, "Watch videos", "in the app now"}, // English verbs come first
	} {
		starts := []start{h(tc.labels[0]), h(tc.labels[1])}
		markVariants(english.SituationsFor(tc.lang), starts)
		if !starts[0].situation || starts[0].base != tc.base || starts[0].label != tc.label0 {
			t.Errorf("%q: situation %v, base %q, label %q; want base %q, label %q", tc.labels, starts[0].situation, starts[0].base, starts[0].label, tc.base, tc.label0)
		}
	}
}

// TestMarkVariantsInPageLanguage: the prepositions of the page's language
// name variants ("Unter Android" / "Unter iOS"); another language's do
// not ("Unter" is no English preposition).
func TestMarkVariantsInPageLanguage(t *testing.T) {
	h := func(rank int, label string) start { return start{rank: rank, label: label} }
	for _, tc := range []struct {
		lang   string
		starts []start
		want   []bool
	}{
		{"de", []start{h(2, "Installieren"), h(3, "Unter Android"), h(3, "Unter iOS")}, []bool{false, true, true}},
		{"en", []start{h(2, "Installieren"), h(3, "Unter Android"), h(3, "Unter iOS")}, []bool{false, false, false}},
		{"fr", []start{h(2, "Sous Android"), h(2, "Sous iOS")}, []bool{true, true}},
		{"es", []start{h(2, "Bloquear anuncios en la aplicación"), h(2, "Bloquear anuncios en un navegador")}, []bool{true, true}},
		{"es", []start{h(2, "Navegar por el escritorio"), h(2, "Navegar por las ventanas")}, []bool{false, false}},
	} {
		markVariants(english.SituationsFor(tc.lang), tc.starts)
		for i, st := range tc.starts {
			if st.situation != tc.want[i] {
				t.Errorf("%s %q: situation %v, want %v", tc.lang, st.label, st.situation, tc.want[i])
			}
		}
	}
}

func TestMarkVariants(t *testing.T) {
	h := func(rank int, label string) start { return start{rank: rank, label: label} }
	tab := func(rank int, label string) start { return start{rank: rank, label: label, tab: true} }
	for _, tc := range []struct {
		name   string
		starts []start
		want   []bool // situation, per start
	}{
		{"platform siblings", []start{h(2, "Install"), h(3, "On Android"), h(3, "On iOS")}, []bool{false, true, true}},
		{"with a sub-heading between", []start{h(2, "On Mac"), h(3, "Settings"), h(2, "On Windows")}, []bool{true, false, true}},
		{"one alone is a section", []start{h(2, "On Android"), h(2, "Troubleshooting")}, []bool{false, false}},
		{"different leads", []start{h(2, "On Android"), h(2, "In Safari")}, []bool{false, false}},
		{"cousins under other parents", []start{h(2, "Phones"), h(3, "On Android"), h(2, "Computers"), h(3, "On Windows")}, []bool{false, false, false, false}},
		{"idioms are no variants", []start{h(2, "In detail"), h(2, "In a nutshell")}, []bool{false, false}},
		{"labels in running text are left alone", []start{{rank: labelRank, label: "On Android"}, {rank: labelRank, label: "On iOS"}}, []bool{false, false}},
		{"tabs", []start{h(2, "Install"), tab(3, "android"), tab(3, "iOS"), h(2, "Next")}, []bool{false, true, true, false}},
		{"one tab alone is a section", []start{h(2, "Install"), tab(3, "Android"), h(2, "Next")}, []bool{false, false, false}},
		{"tabs beside a heading", []start{tab(3, "Android"), h(3, "Troubleshooting"), tab(3, "iOS")}, []bool{true, false, true}},
		{"shared words then a preposition", []start{h(2, "Watch videos in the app"), h(2, "Watch videos in a browser"), h(2, "Why ads show")}, []bool{true, true, false}},
		{"different prepositions after the shared words", []start{h(2, "Block ads in the video app"), h(2, "Block ads on videos in a browser")}, []bool{true, true}},
		{"shared words without a preposition", []start{h(2, "How to add exclusions"), h(2, "How to add custom filters")}, []bool{false, false}},
		{"a preposition but nothing shared", []start{h(2, "In apps"), h(2, "In browser extensions")}, []bool{false, false}},
		{"questions are sections", []start{h(2, "How long can I stay on each page?"), h(2, "How long can I stay on the phone?")}, []bool{false, false}},
		{"the same heading twice", []start{h(2, "Settings for Mac"), h(2, "Settings for Mac")}, []bool{false, false}},
		{"a long rest is a topic", []start{h(2, "Apply for benefits that you can get as a retired worker"), h(2, "Apply for a card")}, []bool{false, false}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			markVariants(english.English, tc.starts)
			for i, st := range tc.starts {
				if st.situation != tc.want[i] {
					t.Errorf("%q: situation %v, want %v", st.label, st.situation, tc.want[i])
				}
			}
		})
	}
}

// TestStructuralVariantsAreConditions: sibling platform headings become
// conditions of their section, which the agent then asks about.
func TestStructuralVariantsAreConditions(t *testing.T) {
	doc := docFrom(t, "https://h.example/install", "Install the app", `
# Install the app
You can install the app on your phone.
## On Android
Open Google Play and tap Install.
## On iOS
Open the App Store and tap Get.
`)
	pg, err := NewStructural().Extract(context.Background(), doc)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, n := range pg.Nodes {
		got[strings.ToLower(n.Problem)] = strings.ToLower(n.Condition)
	}
	for problem, cond := range map[string]string{"install the app (on android)": "on android", "install the app (on ios)": "on ios"} {
		if c, ok := got[problem]; !ok || c != cond {
			t.Errorf("node %q with condition %q not found in %q", problem, cond, got)
		}
	}
}

func TestSharedSplit(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"Watch videos in the app", "Watch videos in a browser", 2},
		{"Install the TV app via browser", "Install the TV app via USB", 4},
		{"Credits needed for retirement", "Credits needed for disability", 2},
		{"Inspect the certificate in the app for Android", "Inspect the certificate in the app for Windows", 6}, // the last preposition splits
		{"Block ads in the app", "Block ads on videos in a browser", 2},
		{"Start at login", "Start at system startup", 1},
		{"How to add exclusions", "How to add filters", -1},
		{"On Android", "On iOS", -1},             // nothing shared before the preposition
		{"Start at login", "Start at login", -1}, // one heading twice
		{"Apply for benefits you can get as a retired worker", "Apply for a card", -1},
		{"Start", "Start at login", -1},
	} {
		if got := sharedSplit(english.English, strings.Fields(tc.a), strings.Fields(tc.b)); got != tc.want {
			t.Errorf("sharedSplit(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestStructuralAlternatives: tabs and headings that part at a preposition
// become conditions of the section they are alternatives in, each keeping
// its own text; the shared words are their problem.
func TestStructuralAlternatives(t *testing.T) {
	doc := docFrom(t, "https://h.example/videos", "Ads in videos", `
# Ads in videos
Ads may show in videos.
## Watch videos in the app
Open the app and tap Play.
## Watch videos in a browser
Turn on filtering in the browser.
## Install
Pick your phone.
### Android
Open the store and tap Install.
### iOS
Open the store and tap Get.
`)
	for i := range doc.Blocks {
		if b := &doc.Blocks[i]; b.Level == 3 {
			b.Tab = true // as the Markdown reader marks a tab's label
		}
	}
	pg, err := NewStructural().Extract(context.Background(), doc)
	if err != nil {
		t.Fatal(err)
	}
	type node struct{ problem, condition, resolution string }
	var got []node
	for _, n := range pg.Nodes {
		got = append(got, node{n.Problem, n.Condition, n.Resolution})
	}
	want := []node{
		{"Ads in videos", "", "Ads may show in videos."},
		{"Watch videos (in the app)", "in the app", "Open the app and tap Play."},
		{"Watch videos (in a browser)", "in a browser", "Turn on filtering in the browser."},
		{"Install", "", "Pick your phone."},
		{"Install (android)", "android", "Open the store and tap Install."},
		{"Install (iOS)", "iOS", "Open the store and tap Get."},
	}
	if !slices.Equal(got, want) {
		t.Errorf("nodes\n%q\nwant\n%q", got, want)
	}
}

// TestStructuralTabsInStepsAreText: the tabs of a step (a label line
// marked Tab inside a list item, each system's command under it) are
// text of the section's node, not conditions: taken as conditions, pip's
// examples were offered as "Windows", "Windows", "Windows", each holding
// the next step's text.
func TestStructuralTabsInStepsAreText(t *testing.T) {
	doc := &page.Document{URL: "https://h.example/install", Title: "Install the app", Blocks: []page.Block{
		{Kind: page.Heading, Level: 1, Text: "Install the app"},
		{Kind: page.Paragraph, Text: "Pick the way that suits you."},
		{Kind: page.Heading, Level: 2, Text: "Examples"},
		{Kind: page.ListItem, Depth: 1, Ordered: true, Text: "Install the app from the store."},
		{Kind: page.Paragraph, Depth: 1, Tab: true, Text: "macOS:"},
		{Kind: page.Paragraph, Depth: 1, Code: true, Text: "brew install app"},
		{Kind: page.Paragraph, Depth: 1, Tab: true, Text: "Windows:"},
		{Kind: page.Paragraph, Depth: 1, Code: true, Text: "winget install app"},
		{Kind: page.ListItem, Depth: 1, Ordered: true, Text: "Upgrade the app."},
		{Kind: page.Paragraph, Depth: 1, Tab: true, Text: "Windows:"},
		{Kind: page.Paragraph, Depth: 1, Code: true, Text: "winget upgrade app"},
	}}
	pg, err := NewStructural().Extract(context.Background(), doc)
	if err != nil {
		t.Fatal(err)
	}
	var examples string
	for _, n := range pg.Nodes {
		if n.Condition != "" {
			t.Errorf("node %q has condition %q", n.Problem, n.Condition)
		}
		if n.Problem == "Examples" {
			examples = n.Resolution
		}
	}
	for _, want := range []string{"Windows:", "winget install app", "Upgrade the app.", "winget upgrade app"} {
		if !strings.Contains(examples, want) {
			t.Errorf("Examples' text lacks %q:\n%s", want, examples)
		}
	}
}

// TestRepeatedSituationsAreText: a situation said twice or more in one
// section tells no node apart (GNOME's "If your touchpad supports
// multi-finger taps, right-click …" and "…, middle-click …" were offered
// as two options of the same words; pip's "If equal, prefer …" four
// times); the lines stay text of the section. Said once each, or once in
// each of two sections, they are conditions.
func TestRepeatedSituationsAreText(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string // the conditions, in order
	}{
		{"said twice in a section", `
# Tap to click
You can tap your touchpad to click.
- If your touchpad supports multi-finger taps, right-click by tapping with two fingers.
- If your touchpad supports multi-finger taps, middle-click by tapping with three fingers.
`, nil},
		{"two different situations", `
# Tap to click
You can tap your touchpad to click.
- If your touchpad supports multi-finger taps, right-click by tapping with two fingers.
- If your touchpad has no buttons, tap to click.
`, []string{"your touchpad supports multi-finger taps", "your touchpad has no buttons"}},
		{"once in each of two sections", `
# Reservations
## Changing a reservation
Changes are free.
- If you booked by phone, call us.
- If you booked online, sign in.
## Cancelling a reservation
Cancelling is free.
- If you booked by phone, call us.
- If you booked online, sign in.
`, []string{"you booked by phone", "you booked online", "you booked by phone", "you booked online"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pg, err := NewStructural().Extract(context.Background(), docFrom(t, "https://h.example/p", "P", tc.src))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, n := range pg.Nodes {
				if n.Condition != "" {
					got = append(got, n.Condition)
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("conditions %q, want %q", got, tc.want)
			}
		})
	}
}
