package web

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

func logoPNG(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 24, 24))
	for i := range img.Pix {
		img.Pix[i] = 0xc0
	}
	img.Set(3, 3, color.RGBA{10, 125, 50, 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestNewBrand(t *testing.T) {
	dir := t.TempDir()
	pngPath, svgPath, txtPath := filepath.Join(dir, "logo.png"), filepath.Join(dir, "logo.svg"), filepath.Join(dir, "logo.txt")
	os.WriteFile(pngPath, logoPNG(t), 0o644)
	os.WriteFile(svgPath, []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>`), 0o644)
	os.WriteFile(txtPath, []byte("not an image"), 0o644)
	tests := []struct {
		color, logo string
		ok          bool
		logoType    string
	}{
		{"", "", true, ""},
		{"#0a7d32", pngPath, true, "image/png"},
		{"#abc", svgPath, true, "image/svg+xml"},
		{"green", "", false, ""},
		{"#0a7d32; } body { display:none", "", false, ""},
		{"", txtPath, false, ""},
		{"", filepath.Join(dir, "missing.png"), false, ""},
	}
	for _, tt := range tests {
		b, err := NewBrand("Acme", "Hi", tt.color, tt.logo)
		if (err == nil) != tt.ok || b.LogoType != tt.logoType {
			t.Errorf("NewBrand(%q, %q) = %q, %v; want ok %v, type %q", tt.color, tt.logo, b.LogoType, err, tt.ok, tt.logoType)
		}
	}
	if fg := (Brand{Color: "#ffeb3b"}).css(); !strings.Contains(fg, "--accent-fg: #1b2330") {
		t.Errorf("a light accent keeps white text: %s", fg)
	}
	if fg := (Brand{Color: "#0a7d32"}).css(); !strings.Contains(fg, "--accent-fg: #fff") {
		t.Errorf("a dark accent gets dark text: %s", fg)
	}
}

// TestBrowserBranding: title, greeting, colour and logo reach the chat and
// the widget without a rebuild; an empty chat greets and shows a placeholder.
func TestBrowserBranding(t *testing.T) {
	brand := Brand{Title: "Acme Support", Greeting: "Hello from Acme! What went wrong?", Color: "#0a7d32", Logo: logoPNG(t), LogoType: "image/png"}
	base := serveSample(t, Config{Brand: brand})
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(380, 600), chromedp.Navigate(base+"/embed"), chromedp.WaitVisible(chromedp.CSS("#message"))); err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]any](`(() => ({
		title: document.querySelector(".chat-header h1").textContent.trim(),
		doctitle: document.title,
		greeting: document.querySelector("#log .greeting").textContent,
		placeholder: document.getElementById("message").placeholder,
		send: getComputedStyle(document.getElementById("send")).backgroundColor,
		logo: document.querySelector(".chat-header img.logo").naturalWidth,
	}))()`))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"title": "Acme Support", "doctitle": "Acme Support", "greeting": "Assistant:Hello from Acme! What went wrong?",
		"placeholder": "Type your question…", "send": "rgb(10, 125, 50)", "logo": float64(24)}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s = %v, want %v", k, got[k], w)
		}
	}
	screenshot(t, ctx, "branded-empty-widget.png", 380)
	resp, err := http.Get(base + "/widget.js")
	if err != nil {
		t.Fatal(err)
	}
	js, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(js), "#0a7d32") || strings.Contains(string(js), widgetColor) {
		t.Errorf("widget.js does not carry the brand colour (%v)", err)
	}
}
