package kgbuild

import (
	"testing"

	"github.com/helpgraph/helpgraph/page"
)

// TestShortLineStopsInJapanese: a Japanese sentence ending in "。" is no
// title-like line, though it has few spaces; on adguard-ja such an
// introduction opened a node whose answer was the banner after it.
func TestShortLineStopsInJapanese(t *testing.T) {
	for _, tc := range []struct {
		line, next string
		want       bool
	}{
		{"SafariコンテンツブロックとDNS通信の保護が主要モジュールですが、便利な機能がいくつかあります。", "情報: この記事は「AdGuard for iOS」についてです。 詳しくはアプリをダウンロードしてください。", false},
		{"Wi-Fi接続時のみ更新しますか？", "この設定をONにすると、更新はWi-Fiのみで行います。", false},
		{"Reservations that don't earn points", "Points are not earned on reservations made with a coupon.", true},
		{"Reservations that don't earn points.", "Points are not earned on reservations made with a coupon.", false},
	} {
		blocks := []page.Block{{Kind: page.Paragraph, Text: tc.line}, {Kind: page.Paragraph, Text: tc.next}}
		if got := shortLine(blocks, 0); got != tc.want {
			t.Errorf("shortLine(%q) = %v, want %v", tc.line, got, tc.want)
		}
	}
}
