package dialogue

import "testing"

// TestBannerKeyIdeographicStop: a Japanese banner's first sentence ends at
// "。", which takes no space after it; copies whose second sentence differs
// are one banner. Before, the whole line was the key, so pages that worded
// the download link differently never added up to boilerplatePages, and
// "youtubeの広告をブロックしたい" on adguard-ja was answered with the banner
// "情報: この記事では…「AdGuard for iOS」について書いています…" before the
// options.
func TestBannerKeyIdeographicStop(t *testing.T) {
	a := "情報: この記事では、デバイスを保護する多機能広告ブロッカー「アプリ」について書いています。 動作を確認するには、[アプリをダウンロード](https://x.example/d)してください。"
	b := "情報: この記事では、デバイスを保護する多機能広告ブロッカー「アプリ」について書いています。実際の動作は[こちら](https://x.example/d)からダウンロードしてご確認ください。"
	if bannerKey(a) != bannerKey(b) {
		t.Errorf("bannerKey(%q) = %q, bannerKey(%q) = %q, want one", a, bannerKey(a), b, bannerKey(b))
	}
	if x, y := "再起動。設定を開く。", "再起動。ファイルを開く。"; bannerKey(x) == bannerKey(y) {
		t.Errorf("bannerKey(%q) = bannerKey(%q) = %q, want two: a short first sentence does not stand for its line", x, y, bannerKey(x))
	}
}
