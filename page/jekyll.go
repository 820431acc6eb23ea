package page

import (
	"crypto/sha256"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"
)

// jekyllConfig is what a Jekyll site's _config.yml says about its URLs.
type jekyllConfig struct {
	// permalink is the site's permalink style or template ("pretty",
	// "/:path/"); "" is Jekyll's default, path.html.
	permalink string
	// collections maps a collection (the folder _name) to its permalink
	// template; "" when it gives none.
	collections map[string]string
	// sum is the SHA-256 of the _config.yml (part of the folder's digest).
	sum [32]byte
}

// readJekyllConfig reads the _config.yml of the folder dir, or returns nil
// when there is none (or it does not parse).
func readJekyllConfig(dir string) *jekyllConfig {
	raw, ok := readSmall(filepath.Join(dir, "_config.yml"))
	if !ok {
		return nil
	}
	var c struct {
		Permalink   string         `yaml:"permalink"`
		Collections map[string]any `yaml:"collections"`
	}
	if yaml.Unmarshal(raw, &c) != nil {
		return nil
	}
	jc := &jekyllConfig{permalink: c.Permalink, collections: map[string]string{}, sum: sha256.Sum256(raw)}
	for name, v := range c.Collections {
		perm := ""
		if m, ok := v.(map[string]any); ok {
			perm, _ = m["permalink"].(string)
		}
		jc.collections[name] = perm
	}
	return jc
}

// path is the site path of the Jekyll page file (no permalink of its own):
// its collection's permalink, else path.html, or path/ in the pretty
// style. ok is false for a page the site's templates do not decide.
func (c *jekyllConfig) path(file string, fm FrontMatter) (string, bool) {
	first, _, nested := strings.Cut(file, "/")
	if first == "_posts" && nested {
		tmpl := c.permalink
		if tmpl == "" || tmpl == "date" {
			tmpl = "/:categories/:year/:month/:day/:title:output_ext"
		}
		return c.expand(tmpl, file, fm), true
	}
	if name, ok := strings.CutPrefix(first, "_"); ok && nested {
		if _, isCollection := c.collections[name]; isCollection {
			tmpl := c.collections[name]
			if tmpl == "" {
				tmpl = "/:collection/:path:output_ext"
			}
			return c.expand(tmpl, file, fm), true
		}
	}
	switch c.permalink {
	case "pretty":
		return "", false // path/, as docPath gives
	case "":
		stem := strings.TrimSuffix(file, path.Ext(file))
		if isIndexName(path.Base(stem)) {
			return "", false
		}
		return stem + ".html", true
	}
	return "", false
}

// postDate is the date a Jekyll post's file name starts with.
var postDate = regexp.MustCompile(`^(\d{4})-(\d{2})-(\d{2})-(.+)$`)

// expand fills a Jekyll permalink template for the page file.
func (c *jekyllConfig) expand(tmpl, file string, fm FrontMatter) string {
	if tmpl == "pretty" {
		tmpl = "/:path/"
	}
	collection, inner := "", strings.TrimSuffix(file, path.Ext(file))
	if first, rest, ok := strings.Cut(inner, "/"); ok && strings.HasPrefix(first, "_") {
		collection, inner = strings.TrimPrefix(first, "_"), rest
	}
	name := path.Base(inner)
	var year, month, day string
	if m := postDate.FindStringSubmatch(name); m != nil {
		year, month, day, name = m[1], m[2], m[3], m[4]
	}
	slug := name
	if fm.Slug != "" {
		slug = fm.Slug
	}
	out := strings.NewReplacer(
		":collection", collection, ":categories", "", ":output_ext", ".html",
		":basename", path.Base(inner), ":path", inner, ":name", name, ":title", slug, ":slug", slug,
		":year", year, ":month", month, ":day", day, ":i_month", strings.TrimPrefix(month, "0"),
	).Replace(tmpl)
	out = path.Clean("/" + out)
	if strings.HasSuffix(tmpl, "/") && out != "/" {
		out += "/"
	}
	return strings.TrimPrefix(out, "/")
}
