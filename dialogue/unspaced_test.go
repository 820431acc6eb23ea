package dialogue

import "testing"

// TestRequestLength: a Japanese message is as long as its runs of one
// script, not its character pairs; spaced text, its terms.
func TestRequestLength(t *testing.T) {
	for _, tc := range []struct {
		text  string
		terms int
		want  int
	}{
		{"それってどうやればいいですか", 14, 1},
		{"それはiPhoneでもできますか", 9, 3},
		{"アンドロイドでアプリごとにフィルタリングを止めたい", 20, 8},
		{"y donde se guarda", 3, 3},
		{"und wo wird das gespeichert", 2, 2},
		{"ok", 0, 0},
		{"iPhone", 1, 1},
	} {
		if got := requestLength(tc.text, tc.terms); got != tc.want {
			t.Errorf("requestLength(%q, %d) = %d, want %d", tc.text, tc.terms, got, tc.want)
		}
	}
}

// TestFollowUpOpenersInOtherLanguages: "y donde se guarda" (and where is
// it saved), "und wo wird das gespeichert", "et où est-elle enregistrée",
// "それはiPhoneでもできますか" (can I do that on an iPhone too) lean on the
// page discussed, as "and where is it saved?" does, though their own words
// match a node well (on gnome-es, "guarda" matched saving your work
// before suspending).
func TestFollowUpOpenersInOtherLanguages(t *testing.T) {
	own := func() bool { return true }
	for _, tc := range []struct {
		text  string
		terms []string
		want  lean
	}{
		{"y donde se guarda", []string{"donde", "guarda"}, followsUp},
		{"¿y dónde se guarda?", []string{"guard"}, followsUp},
		{"¿pero cuánto tarda?", []string{"tard"}, followsUp},
		{"¡y gratis!", []string{"gratis"}, followsUp},
		{"und wo wird das gespeichert", []string{"gespeichert"}, followsUp},
		{"et où est-elle enregistrée", []string{"enregistr"}, followsUp},
		{"それはiPhoneでもできますか", []string{"それ", "れは", "iphone", "でも", "もで", "でき", "きま", "ます", "すか"}, followsUp},
		{"yahoo mail se guarda", []string{"yahoo", "mail", "guarda"}, standsAlone},
		{"ethernet no funciona", []string{"ethernet", "funciona"}, standsAlone},
		{"アンドロイドでアプリごとにフィルタリングを止めたい", []string{"アン", "ンド", "ドロ", "ロイ", "イド", "アプ", "プリ", "ごと", "フィ", "ィル", "ルタ", "タリ", "リン", "ング", "止め"}, standsAlone},
	} {
		r := &reading{text: tc.text, terms: tc.terms, followUpForm: followUp.MatchString(tc.text)}
		if got := leanOf(r, true, true, own, func() bool { return false }, func() bool { return false }, func() bool { return false }); got != tc.want {
			t.Errorf("leanOf(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
