package kgbuild

import (
	"context"
	"strings"
	"testing"
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
		lead, ok := variantLabel(tc.label)
		if lead != tc.lead || ok != tc.ok {
			t.Errorf("variantLabel(%q) = %q, %v; want %q, %v", tc.label, lead, ok, tc.lead, tc.ok)
		}
	}
}

func TestMarkVariants(t *testing.T) {
	h := func(rank int, label string) start { return start{rank: rank, label: label} }
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
	} {
		t.Run(tc.name, func(t *testing.T) {
			markVariants(tc.starts)
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
