package web

import (
	"fmt"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"
)

// Brand is how the chat and widget present themselves (serve --title,
// --greeting, --color, --logo), without a rebuild.
type Brand struct {
	// Title heads the chat; "" is the catalog's ("Help", in the
	// customer's language).
	Title string
	// Greeting is the first thing an empty chat says; "" is the catalog's.
	Greeting string
	// Color is the accent colour, "#rrggbb"; "" keeps the default.
	Color string
	// Logo is an image shown before the title, served at /brand/logo.
	Logo     []byte
	LogoType string
}

const maxLogoBytes = 512 << 10

var colorRE = regexp.MustCompile(`^#(?:[0-9a-fA-F]{3}){1,2}$`)

// NewBrand checks the branding options and reads the logo file (PNG, JPEG,
// GIF, WebP or SVG, at most 512 KiB).
func NewBrand(title, greeting, color, logoPath string) (Brand, error) {
	b := Brand{Title: strings.TrimSpace(title), Greeting: strings.TrimSpace(greeting), Color: strings.TrimSpace(color)}
	if b.Color != "" && !colorRE.MatchString(b.Color) {
		return Brand{}, fmt.Errorf("colour %q: want #rgb or #rrggbb", color)
	}
	if logoPath != "" {
		data, err := os.ReadFile(logoPath)
		if err != nil {
			return Brand{}, fmt.Errorf("logo: %w", err)
		}
		if len(data) > maxLogoBytes {
			return Brand{}, fmt.Errorf("logo %s: %d bytes, at most %d", logoPath, len(data), maxLogoBytes)
		}
		typ := http.DetectContentType(data)
		if strings.EqualFold(filepath.Ext(logoPath), ".svg") {
			typ = "image/svg+xml"
		}
		switch typ {
		case "image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml":
		default:
			return Brand{}, fmt.Errorf("logo %s: %s is not an image a browser shows (PNG, JPEG, GIF, WebP, SVG)", logoPath, typ)
		}
		b.Logo, b.LogoType = data, typ
	}
	return b, nil
}

// title and greeting are the brand's, else the catalog's in the page's
// language: a text set with --title is the team's own words, in one
// language.
func (v chatView) title() string    { return cmpOr(v.Brand.Title, v.T("ChatTitle")) }
func (v chatView) greeting() string { return cmpOr(v.Brand.Greeting, v.T("ChatHint")) }

// css is the stylesheet /brand.css: the accent colour, with a text colour
// that stays readable on it.
func (b Brand) css() string {
	if b.Color == "" {
		return ""
	}
	fg := "#fff"
	if luminance(b.Color) > 0.45 {
		fg = "#1b2330"
	}
	return fmt.Sprintf(":root { --accent: %s; --user: %s; --accent-fg: %s; }\n.msg.user { color: %s; }\n", b.Color, b.Color, fg, fg)
}

// luminance is the relative luminance of a #rgb or #rrggbb colour (WCAG).
func luminance(hex string) float64 {
	h := strings.TrimPrefix(hex, "#")
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	var l float64
	for i, w := range []float64{0.2126, 0.7152, 0.0722} {
		v, _ := strconv.ParseUint(h[2*i:2*i+2], 16, 8) // checked by colorRE
		c := float64(v) / 255
		if c <= 0.03928 {
			c /= 12.92
		} else {
			c = math.Pow((c+0.055)/1.055, 2.4)
		}
		l += w * c
	}
	return l
}

// widgetColor is the widget button's default colour in static/widget.js,
// replaced by the brand's.
const widgetColor = "#1f5fbf"

func (s *Server) brandRoutes(app *fiber.App) {
	app.Get("/brand.css", func(c *fiber.Ctx) error {
		c.Set(fiber.HeaderCacheControl, "public, max-age=300")
		c.Type("css", "utf-8")
		return c.SendString(s.cfg.Brand.css())
	})
	app.Get("/brand/logo", func(c *fiber.Ctx) error {
		if len(s.cfg.Brand.Logo) == 0 {
			return errNotFound
		}
		c.Set(fiber.HeaderCacheControl, "public, max-age=300")
		c.Set(fiber.HeaderContentType, s.cfg.Brand.LogoType)
		return c.Send(s.cfg.Brand.Logo)
	})
}

// branded is v with the server's brand.
func (s *Server) branded(v chatView) chatView {
	v.Brand = s.cfg.Brand
	return v
}
