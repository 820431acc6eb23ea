package dialogue

import (
	"context"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestLoanwordKey: a katakana rendering and the Latin spelling of one name
// share a key; two names do not.
func TestLoanwordKey(t *testing.T) {
	for _, tc := range []struct {
		kana, latin string
		same        bool
	}{
		{"アンドロイド", "Android", true},
		{"ウィンドウズ", "Windows", true},
		{"マック", "Mac", true},
		{"アイフォン", "iPhone", true},
		{"クローム", "Chrome", true},
		{"サファリ", "Safari", true},
		{"リナックス", "Linux", true},
		{"アンドロイド", "Windows", false},
		{"マック", "Linux", false},
	} {
		if got := loanwordKey(tc.kana) == loanwordKey(tc.latin); got != tc.same {
			t.Errorf("loanwordKey(%q) = %q, loanwordKey(%q) = %q; same: %v, want %v", tc.kana, loanwordKey(tc.kana), tc.latin, loanwordKey(tc.latin), got, tc.same)
		}
	}
}

// TestOptionByLoanword: a reply naming an option in katakana picks it.
func TestOptionByLoanword(t *testing.T) {
	labels := []string{"Windows", "Mac", "Android", "iOS"}
	for _, tc := range []struct {
		text string
		want int
	}{
		{"アンドロイドです", 2},
		{"ウィンドウズを使っています", 0},
		{"マックです", 1},
		{"アイオーエス", -1}, // one consonant names nothing
		{"わかりません", -1},
		{"Android", -1}, // Latin letters: the words decide (optionsByWords)
	} {
		if got := optionByLoanword(tc.text, labels); got != tc.want {
			t.Errorf("optionByLoanword(%q) = %d, want %d", tc.text, got, tc.want)
		}
	}
}

// TestOptionInKatakana: on a small hand-made Japanese graph whose
// options name platforms in Latin letters, "アンドロイドです" picks
// Android. Before, no word of the reply was an option's: the question was
// asked again (on adguard-ja, the reply was matched as a request and led
// to a page on the Mac's advanced settings).
func TestOptionInKatakana(t *testing.T) {
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "act", Page: "ja/act", Problem: "ライセンスを有効化する方法", Root: true, Actionable: true, Resolution: "「ライセンス」セクションで「認証する」ボタンを押します。"},
		{ID: "win", Page: "ja/act", Problem: "ライセンスを有効化する方法 (windows)", Condition: "windows の場合", Actionable: true, Resolution: "「設定」を開き、「ライセンス」をクリックします。"},
		{ID: "mac", Page: "ja/act", Problem: "ライセンスを有効化する方法 (mac)", Condition: "mac の場合", Actionable: true, Resolution: "メニューバーのアイコンをクリックします。"},
		{ID: "droid", Page: "ja/act", Problem: "ライセンスを有効化する方法 (android)", Condition: "android の場合", Actionable: true, Resolution: "「設定」をタップし、「ライセンス」を選択します。"},
		{ID: "theme", Page: "ja/theme", Problem: "テーマを変更する方法", Root: true, Actionable: true, Resolution: "「外観」を開きます。"},
	}, Edges: []graph.Edge{{From: "act", To: "win", Type: graph.Child}, {From: "act", To: "mac", Type: graph.Child}, {From: "act", To: "droid", Type: graph.Child}},
		Pages: []graph.Page{{URL: "ja/act", Title: "ライセンスを有効化する方法", Lang: "ja"}, {URL: "ja/theme", Title: "テーマを変更する方法", Lang: "ja"}}}
	a, s := NewGraphAgent(g, Options{}), &Session{}
	var r Reply
	for _, m := range []string{"ライセンスを有効化する方法は？", "アンドロイドです"} {
		var err error
		if r, err = a.Respond(context.Background(), s, m); err != nil {
			t.Fatal(err)
		}
	}
	if r.Action != Resolution || r.NodeID != "droid" {
		t.Errorf("got %s at %q: %q, want the Android section", r.Action, r.NodeID, r.Text)
	}
}
