package dialogue

import (
	"slices"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// licenceGraph is a small Japanese help center: where a licence key is
// entered, and a page of questions written as questions (…できますか,
// …しますか), as FAQ headings are.
func licenceGraph() *graph.Graph {
	const (
		key = "ja/license/key"
		faq = "ja/license/faq"
		rec = "ja/settings/recommended"
	)
	return &graph.Graph{
		Pages: []graph.Page{{URL: key, Title: "ライセンスキー", Lang: "ja"}, {URL: faq, Title: "ライセンスのよくある質問", Lang: "ja"},
			{URL: rec, Title: "設定", Lang: "ja"}},
		Nodes: []graph.Node{
			{ID: "enter", Page: key, Problem: "ライセンスキーの入力", Root: true, Actionable: true,
				Resolution: "アプリの設定画面を開き、ライセンスキーを貼り付けます。"},
			{ID: "move", Page: faq, Problem: "ライセンスは別の端末に移行できますか", Root: true, Actionable: true,
				Resolution: "はい、できます。古い端末からログアウトしてから、新しい端末でログインします。"},
			{ID: "buy", Page: faq, Problem: "ライセンスキーはどこで購入できますか", Root: true, Actionable: true,
				Resolution: "公式サイトのストアで購入できます。"},
			{ID: "recommended", Page: rec, Problem: "おすすめの設定", Root: true, Actionable: true,
				Resolution: "保護をすべて有効にします。"},
			{ID: "filters", Page: rec, Problem: "フィルタの設定", Root: true, Actionable: true,
				Resolution: "フィルタの一覧から選びます。"},
		},
	}
}

// TestHiraganaIsGrammar: a Japanese question's hiragana (はどこに,
// できますか) is its grammar, not its request: "ライセンスキーはどこに入力
// できますか" (where do I enter the licence key) asks about entering the
// key, though a FAQ heading shares the key and all its grammar
// (ライセンスキーはどこで購入できますか, where can I buy a licence key). A run a heading writes as a word (おすすめの, recommended) stays
// one.
func TestHiraganaIsGrammar(t *testing.T) {
	for _, tc := range []struct{ msg, node string }{
		{"ライセンスキーはどこに入力できますか", "enter"},
		{"おすすめの設定を教えてください", "recommended"},
	} {
		if r := firstReply(t, licenceGraph(), tc.msg); r.NodeID != tc.node {
			t.Errorf("%q: %s at %q (%q), want %q", tc.msg, r.Action, r.NodeID, r.Text, tc.node)
		}
	}
}

// TestMessageTermsLeaveGrammarOut: the terms of a Japanese message are its
// kanji, katakana and Latin runs' pairs, and the hiragana runs a heading
// writes as words.
func TestMessageTermsLeaveGrammarOut(t *testing.T) {
	a := NewGraphAgent(licenceGraph(), Options{})
	for _, tc := range []struct {
		msg  string
		want []string
	}{
		{"ライセンスキーはどこに入力できますか", []string{"ライ", "イセ", "セン", "ンス", "スキ", "キー", "入力"}},
		{"おすすめの設定を教えてください", []string{"おす", "すす", "すめ", "めの", "設定"}},
		{"iPhoneでもできますか", []string{"iphone"}},
	} {
		if got := a.readText(tc.msg).terms; !slices.Equal(got, tc.want) {
			t.Errorf("terms of %q = %q, want %q", tc.msg, got, tc.want)
		}
	}
}
