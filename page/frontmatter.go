package page

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
	"go.yaml.in/yaml/v3"
)

// FrontMatter is what a docs-as-code page declares about itself in its
// YAML (between --- lines) or TOML (between +++ lines) front matter. Keys
// the generators spell differently (Jekyll, Hugo, Docusaurus, MkDocs,
// Obsidian) are read into one field each.
type FrontMatter struct {
	Title       string
	Description string
	Tags        []string
	Aliases     []string
	// Slug replaces the page's last path segment (Hugo), or its path
	// relative to its folder (Docusaurus; one starting with "/" is from
	// the site's root).
	Slug string
	// Permalink is the page's whole path on the site (Jekyll, Hugo "url").
	Permalink string
	Lang      string
	Draft     bool
}

// fmKeys maps the keys generators use to FrontMatter's fields.
var fmKeys = map[string]string{
	"title": "title", "description": "description", "summary": "description", "excerpt": "description",
	"tags": "tags", "keywords": "tags", "categories": "tags",
	"aliases": "aliases", "alias": "aliases",
	"slug": "slug", "permalink": "permalink", "url": "permalink",
	"lang": "lang", "language": "lang", "locale": "lang",
	"draft": "draft", "published": "published",
}

// readmeKeys are front matter keys only ReadMe's synced guides write
// (rdme): beside them, "hidden: true" is a page only the project's admins
// see, a draft. Elsewhere (Hugo's Relearn theme) it only keeps a published
// page out of the menu.
var readmeKeys = []string{"excerpt", "category", "categorySlug", "parentDoc", "parentDocSlug"}

// splitFrontMatter cuts front matter from the start of src: YAML between
// "---" lines or TOML between "+++" lines. It returns the front matter's
// text and format ("yaml", "toml", or "" when there is none) and the body.
func splitFrontMatter(src []byte) (front []byte, format string, body []byte) {
	src = bytes.TrimPrefix(src, []byte("\ufeff"))
	var fence string
	switch {
	case bytes.HasPrefix(src, []byte("---")):
		fence, format = "---", "yaml"
	case bytes.HasPrefix(src, []byte("+++")):
		fence, format = "+++", "toml"
	default:
		return nil, "", src
	}
	nl := bytes.IndexByte(src, '\n')
	if nl < 0 || strings.TrimSpace(string(src[len(fence):nl])) != "" {
		return nil, "", src
	}
	rest := src[nl+1:]
	for off := 0; off <= len(rest); {
		end := bytes.IndexByte(rest[off:], '\n')
		line := rest[off:]
		if end >= 0 {
			line = rest[off : off+end]
		}
		if t := strings.TrimSpace(string(line)); t == fence || (format == "yaml" && t == "...") {
			front = rest[:off]
			if end < 0 {
				return front, format, nil
			}
			return front, format, rest[off+end+1:]
		}
		if end < 0 {
			break
		}
		off += end + 1
	}
	return nil, "", src // no closing line: not front matter
}

// parseFrontMatter reads front matter of the given format. A front matter
// that does not parse is an error: the page's author meant something by it.
func parseFrontMatter(front []byte, format string) (FrontMatter, error) {
	var fm FrontMatter
	raw := map[string]any{}
	var err error
	switch format {
	case "yaml":
		err = yaml.Unmarshal(front, &raw)
	case "toml":
		_, err = toml.Decode(string(front), &raw)
	default:
		return fm, nil
	}
	if err != nil {
		return fm, fmt.Errorf("front matter (%s): %w", format, err)
	}
	for k, v := range raw {
		switch fmKeys[strings.ToLower(k)] {
		case "title":
			fm.Title = collapse(scalar(v))
		case "description":
			fm.Description = collapse(scalar(v))
		case "tags":
			fm.Tags = append(fm.Tags, list(v)...)
		case "aliases":
			fm.Aliases = append(fm.Aliases, list(v)...)
		case "slug":
			fm.Slug = strings.TrimSpace(scalar(v))
		case "permalink":
			fm.Permalink = strings.TrimSpace(scalar(v))
		case "lang":
			fm.Lang = strings.TrimSpace(scalar(v))
		case "draft":
			fm.Draft = truthy(v)
		case "published":
			fm.Draft = fm.Draft || !truthy(v)
		}
	}
	if truthy(raw["hidden"]) && slices.ContainsFunc(readmeKeys, func(k string) bool { _, ok := raw[k]; return ok }) {
		fm.Draft = true
	}
	return fm, nil
}

// scalar is a front matter value as text ("" for lists and maps).
func scalar(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case nil, []any, map[string]any:
		return ""
	default:
		return fmt.Sprint(v)
	}
}

// keywords are the page's keywords (see Document.Keywords): its front
// matter's description, then its tags or keywords, then those its body
// declares (an HTML page's meta tags).
func (fm FrontMatter) keywords(body []string) []string {
	return Keywords(slices.Concat([]string{fm.Description}, fm.Tags, body)...)
}

// list is a front matter value as a list of strings: a YAML/TOML list, or
// a comma-separated string.
func list(v any) []string {
	var out []string
	switch v := v.(type) {
	case []any:
		for _, e := range v {
			if s := collapse(scalar(e)); s != "" {
				out = append(out, s)
			}
		}
	case string:
		for _, s := range strings.Split(v, ",") {
			if s = collapse(s); s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}

func truthy(v any) bool {
	switch v := v.(type) {
	case bool:
		return v
	case string:
		return strings.EqualFold(strings.TrimSpace(v), "true") || strings.EqualFold(strings.TrimSpace(v), "yes")
	}
	return false
}
