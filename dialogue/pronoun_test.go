package dialogue

import (
	"context"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// pronounGraph is a headset's pages, on pairing it and on turning it on
// and off, and a laptop's page whose heading has all of "turn back on".
func pronounGraph() *graph.Graph {
	const (
		headset = "https://help.example/headset-pairing"
		power   = "https://help.example/headset-power"
		laptop  = "https://help.example/laptop"
	)
	return &graph.Graph{
		Pages: []graph.Page{{URL: headset, Title: "Pairing a wireless headset"}, {URL: power, Title: "Headset power"}, {URL: laptop, Title: "Laptop"}},
		Nodes: []graph.Node{
			{ID: "pair", Page: headset, Problem: "Pair your wireless headset", Root: true, Actionable: true,
				Resolution: "Hold the pairing button until the light blinks blue, then choose the headset in the list."},
			{ID: "power", Page: power, Problem: "Turn the wireless headset on or off", Root: true, Actionable: true,
				Resolution: "Press the power button for three seconds."},
			{ID: "resume", Page: laptop, Problem: "The laptop does not turn back on after sleep", Root: true, Actionable: true,
				Resolution: "Press the power button once, or close and open the lid."},
			{ID: "battery", Page: laptop, Problem: "Charge the laptop battery", Root: true, Actionable: true,
				Resolution: "Plug in the charger."},
		},
	}
}

// TestPronounNamesTopic: a short question that names what was being
// talked about by a pronoun ("how do I turn it back on?", German "es") is
// asked about that: its own words, read alone, are all another page's
// heading. The reply is about the node (answered there, or "Is it about
// this?" with it as the one option: "back" is a word it lacks).
func TestPronounNamesTopic(t *testing.T) {
	en, de := pronounGraph(), pronounGraphDe()
	for _, tc := range []struct {
		name                         string
		g                            *graph.Graph
		first, firstNode, then, node string
	}{
		{"it: the headset", en, "how do I pair my wireless headset", "pair", "how do I turn it back on?", "power"},
		{"them: the headset", en, "how do I pair my wireless headset", "pair", "how do I turn them back on?", "power"},
		{"no pronoun: the laptop", en, "how do I pair my wireless headset", "pair", "does the laptop turn back on?", "resume"},
		{"opening the conversation", en, "", "", "how do I turn it back on?", "resume"},
		{"es: the headset", de, "wie kann ich mein headset koppeln", "pair", "wie schalte ich es automatisch ein?", "power"},
		{"no pronoun, German: the laptop", de, "wie kann ich mein headset koppeln", "pair", "schaltet der laptop automatisch ein?", "resume"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := secondReply(t, tc.g, tc.first, tc.firstNode, tc.then)
			about := r.NodeID
			if r.Action == Clarification && len(r.Options) == 1 {
				about = r.Options[0].NodeID
			}
			if about != tc.node {
				t.Errorf("got %s about %q (%q), want %q", r.Action, about, r.Text, tc.node)
			}
		})
	}
}

// TestNamesByPronoun: the pronoun must be in the clause that asks, and
// that or this must close it (inside, they often open a clause).
func TestNamesByPronoun(t *testing.T) {
	for _, tc := range []struct {
		msg  string
		want bool
	}{
		{"how do I turn it back on", true},
		{"can I remove them later?", true},
		{"can I undo that?", true},
		{"are there any publications about this?", true},
		{"ok got it working, how do I remove it again later", true},
		{"how do I know that the backup worked", false},
		{"Ok, I get it. But what if I don't have any of these documents at hand?", false},
		{"what about the other one", false},
		{"item lost", false}, // "it" inside a word
		{"can I do that for several sheets at once?", true},
		{"how do I do this on a Mac", true},
	} {
		if got := namesByPronoun(tc.msg, "en"); got != tc.want {
			t.Errorf("namesByPronoun(%q) = %v, want %v", tc.msg, got, tc.want)
		}
	}
}

// TestLeanRefersToTopic checks the refersToTopic row of leanOf: a short
// question naming its object by a pronoun, said after something, whose
// own words lead off the pages being discussed.
func TestLeanRefersToTopic(t *testing.T) {
	r := func(mod func(*reading)) *reading {
		x := &reading{text: "how do I turn it back on?", terms: []string{"turn", "back"}, question: true, pronoun: true}
		if mod != nil {
			mod(x)
		}
		return x
	}
	yes, no := func() bool { return true }, func() bool { return false }
	for _, tc := range []struct {
		name       string
		r          *reading
		saidBefore bool
		leaves     func() bool
		want       lean
	}{
		{"leaves the page", r(nil), true, yes, refersToTopic},
		{"its own words stay on the page", r(nil), true, no, standsAlone},
		{"nothing said before", r(nil), false, yes, standsAlone},
		{"not a question", r(func(x *reading) { x.question = false }), true, yes, standsAlone},
		{"no pronoun", r(func(x *reading) { x.pronoun = false }), true, yes, standsAlone},
		{"acknowledging", r(func(x *reading) { x.acks = true }), true, yes, standsAlone},
		{"saying what it is about", r(func(x *reading) { x.terms = []string{"paid", "bank", "account"} }), true, yes, standsAlone},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := leanOf(tc.r, true, tc.saidBefore, yes, no, tc.leaves, no); got != tc.want {
				t.Errorf("leanOf = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestPronounWhatIsDoneToIt: "how do I save it as JPEG?" after cropping
// asks what is done to the image, which nothing on the crop page says:
// joined with the crop request's words, its own two were too small a
// share of the search for the save page to hold it: a miss, or at best
// "Is it about this?". A match of its own words answers.
func TestPronounWhatIsDoneToIt(t *testing.T) {
	g := graphOfFiles(t, map[string]string{
		"crop.md":     "# Crop an image\n\nChoose the Crop tool, drag a rectangle over the part of the picture to keep, and press Enter.\n\n## Fixed ratio\n\nTick Fixed and type the aspect ratio, such as 16:9, to keep the rectangle's shape while you drag.\n",
		"export.md":   "# Save and export images\n\nTo save a picture as JPEG or PNG, choose File, Export As, type a name ending in .jpg or .png and click Export. The quality slider sets how small the JPEG file is.\n",
		"layers.md":   "# Layers\n\nAn image is a stack of layers. Add a layer from the Layers dialog and move it up or down to change what covers what. Save your work to keep the layers.\n",
		"formats.md":  "# File formats\n\nThe program opens JPEG, PNG and TIFF files. A JPEG file has no layers: save a copy in the program's own format to keep them.\n",
		"settings.md": "# Preferences\n\nSet how often to save a backup, and the quality new JPEG files start with.\n",
		"scripts.md":  "# Scripts\n\nA script can open many JPEG files, change them and save each one.\n",
		"web.md":      "# Images for the web\n\nSmall JPEG files load fast. Save them at a lower quality to make them smaller.\n",
	})
	a := NewGraphAgent(g, Options{})
	s := &Session{}
	for _, step := range []struct{ msg, page string }{
		{"how do i crop a picture", "crop.md"},
		{"can i make it a fixed ratio like 16:9?", "crop.md"},
		{"how do i save it as jpeg", "export.md"},
	} {
		r, err := a.Respond(context.Background(), s, step.msg)
		if err != nil {
			t.Fatal(err)
		}
		if r.Action != Resolution || len(r.Sources) == 0 || !strings.HasSuffix(r.Sources[0], step.page) {
			t.Fatalf("%q: %s %q from %v, want %s", step.msg, r.Action, r.Text, r.Sources, step.page)
		}
	}
}
