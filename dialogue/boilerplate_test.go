package dialogue

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestBoilerplateIntroduction: on a small hand-made graph, a page whose
// introduction is only the site's banner (a line opening boilerplatePages
// pages) does not answer with it: with one section, the section answers;
// with several, the agent asks which, without the banner.
func TestBoilerplateIntroduction(t *testing.T) {
	banner := "Note: this article is about the desktop app."
	var nodes []graph.Node
	var edges []graph.Edge
	page := func(i int, root string, sections ...string) {
		url := fmt.Sprintf("https://help.example.com/%d", i)
		nodes = append(nodes, graph.Node{ID: root, Page: url, Problem: strings.ToUpper(root[:1]) + root[1:], Resolution: banner, Root: true, Actionable: true})
		for _, s := range sections {
			nodes = append(nodes, graph.Node{ID: s, Page: url, Problem: strings.ToUpper(s[:1]) + s[1:], Resolution: "To fix " + s + ", restart the app and try again.", Actionable: true})
			edges = append(edges, graph.Edge{From: root, To: s, Type: graph.Child})
		}
	}
	page(0, "sync problems", "sync stuck at zero")
	page(1, "printing problems", "printer not found", "blank pages printed")
	for i, topic := range []string{"scanners", "monitors", "keyboards"} {
		page(i+2, topic)
	}
	g := &graph.Graph{Nodes: nodes, Edges: edges}
	for _, tc := range []struct {
		ask, node string
		want      Action
	}{
		{"I have sync problems", "sync stuck at zero", Resolution},
		{"I have printing problems", "printing problems", Clarification},
	} {
		t.Run(tc.ask, func(t *testing.T) {
			r, err := NewGraphAgent(g, Options{}).Respond(context.Background(), &Session{}, tc.ask)
			if err != nil {
				t.Fatal(err)
			}
			if r.Action != tc.want || r.NodeID != tc.node || strings.Contains(r.Text, banner) {
				t.Errorf("%q: %s at %q: %q, want %s at %q without the banner", tc.ask, r.Action, r.NodeID, r.Text, tc.want, tc.node)
			}
		})
	}
}

// TestBoilerplateClosing: a banner a reader wrote after the section's own
// text (an admonition held back) is boilerplate there too, and left out.
func TestBoilerplateClosing(t *testing.T) {
	banner := "Info: this article is about the desktop app."
	var nodes []graph.Node
	for i, topic := range []string{"printers", "scanners", "monitors", "keyboards", "speakers"} {
		nodes = append(nodes, graph.Node{ID: topic, Page: fmt.Sprintf("https://help.example.com/%d", i), Problem: "Setting up " + topic, Root: true, Actionable: true,
			Resolution: "Plug the " + topic + " in and wait.\n" + banner})
	}
	r, err := NewGraphAgent(&graph.Graph{Nodes: nodes}, Options{}).Respond(context.Background(), &Session{}, "how do I set up my scanners")
	if err != nil {
		t.Fatal(err)
	}
	if r.NodeID != "scanners" || r.Text != "Plug the scanners in and wait." {
		t.Errorf("got %s at %q: %q, want the scanners section without the banner", r.Action, r.NodeID, r.Text)
	}
}

// TestBannerKey: copies of a banner edited at their end are one banner; a
// short first sentence does not stand for its line. A Japanese banner's
// first sentence ends at "。", which takes no space after it: before, the
// whole line was the key, so pages that worded the download link
// differently never added up to boilerplatePages, and
// "youtubeの広告をブロックしたい" on adguard-ja was answered with the banner
// "情報: この記事では…「AdGuard for iOS」について書いています…" before the
// options.
func TestBannerKey(t *testing.T) {
	tests := []struct {
		a, b string
		one  bool
	}{
		{"Info: This article covers the app, a blocker that protects your device at the system level. To see how it works, [download it](https://x.example/d)",
			"Info: This article covers the app, a blocker that protects your device at the system level. To see how it works firsthand, [download it](https://x.example/d).", true},
		{"Note: restart. Then open Settings.", "Note: restart. Then open Files.", false},
		{"情報: この記事では、デバイスを保護する多機能広告ブロッカー「アプリ」について書いています。 動作を確認するには、[アプリをダウンロード](https://x.example/d)してください。",
			"情報: この記事では、デバイスを保護する多機能広告ブロッカー「アプリ」について書いています。実際の動作は[こちら](https://x.example/d)からダウンロードしてご確認ください。", true},
		{"再起動。設定を開く。", "再起動。ファイルを開く。", false},
		// A word's ending edited in one copy: one banner (before, two).
		{"Info: Cet article concerne l'appli pour Android, un bloqueur de publicité qui protège votre appareil. Pour voir comment ça fonctionne, [téléchargez](https://x.example/d)",
			"Info: Cet article concerne l'appli pour Android, un bloqueur de publicités qui protège votre appareil. Pour voir comment il fonctionne, [téléchargez](https://x.example/d)", true},
		// Another product named: another banner.
		{"Info: Cet article concerne l'appli pour Android, un bloqueur de publicité qui protège votre appareil.",
			"Info: Cet article concerne l'appli pour iOS, un bloqueur de publicité qui protège votre appareil.", false},
	}
	for _, tt := range tests {
		if ka, kb := bannerKey(tt.a), bannerKey(tt.b); (ka == kb) != tt.one {
			t.Errorf("bannerKey(%q) = %d, bannerKey(%q) = %d; one banner: %v, want %v", tt.a, ka, tt.b, kb, ka == kb, tt.one)
		}
	}
}
