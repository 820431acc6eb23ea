package lexical

import (
	"slices"
	"testing"
)

// TestContentWords: a Japanese text's hiragana runs are its grammar and
// left out, but for the runs the help center writes as words; kanji,
// katakana and Latin runs are words as Words has them; other languages'
// words are Words'.
func TestContentWords(t *testing.T) {
	headings := map[string]bool{"おすすめの": true}
	for _, tc := range []struct {
		lang, text string
		want       []string
	}{
		{"ja", "ライセンスキーはどこに入力しますか", []string{"ライ", "イセ", "セン", "ンス", "スキ", "キー", "入力"}},
		{"ja", "どうすればVPNに接続できますか", []string{"vpn", "接続"}},
		{"ja", "例を見せてください", []string{"例", "見"}},
		{"ja", "おすすめの設定", []string{"おす", "すす", "すめ", "めの", "設定"}},
		{"ja", "それってどうやればいいですか", nil},
		{"de", "Wie kann ich das ändern", []string{"wie", "kann", "ich", "das", "ändern"}},
		{"en", "How do I enter my key", []string{"how", "do", "i", "enter", "my", "key"}},
	} {
		if got := For(tc.lang).ContentWords(tc.text, func(run string) bool { return headings[run] }); !slices.Equal(got, tc.want) {
			t.Errorf("ContentWords(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
	// Words keeps the pairs of every run of three or more.
	if got, want := For("ja").Words("入力しますか"), []string{"入力", "しま", "ます", "すか"}; !slices.Equal(got, want) {
		t.Errorf("Words = %q, want %q", got, want)
	}
}

// TestKanaWords: a heading's hiragana run is a word where it opens a
// phrase, grammar where it follows what it belongs to.
func TestKanaWords(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"おすすめの設定", []string{"おすすめの"}},
		{"設定について", nil},
		{"レガシーライセンス（旧タイプのライセンス）について", nil},
		{"AdGuardをインストールできますか", nil},
		{"それは「どこで」使えますか", []string{"それは", "どこで"}},
		{"アプリ すでに入っている場合", []string{"すでに"}},
		{"のみ", nil}, // two: a particle wherever it is
	} {
		var got []string
		KanaWords(tc.text, func(run string) { got = append(got, run) })
		if !slices.Equal(got, tc.want) {
			t.Errorf("KanaWords(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}
