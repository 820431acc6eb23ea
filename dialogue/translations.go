package dialogue

import (
	"net/url"
	"path"
	"strings"

	"github.com/helpgraph/helpgraph/graph"
)

// Translations links the translations of each article: for each page URL,
// the URLs of the same article in the other languages, by language. Pages
// are one article's translations when their URLs are the same path but for
// the language folder ("en/x.md", "de/x.md"; "docs/x.md" in the default
// language at the root, "i18n/de/docs/x.md") or, for a help desk's
// articles, the same article number ("/hc/en-us/articles/123-Reset",
// "/hc/de/articles/123-Zurücksetzen"). pageLang is each page's language
// (PageLanguages).
func Translations(pages []graph.Page, pageLang map[string]string) map[string]map[string]string {
	byKey := map[string][]string{}
	for _, p := range pages {
		k := articleKey(p.URL, pageLang[p.URL])
		byKey[k] = append(byKey[k], p.URL)
	}
	out := map[string]map[string]string{}
	for _, urls := range byKey {
		if len(urls) < 2 {
			continue
		}
		for _, u := range urls {
			for _, v := range urls {
				l := pageLang[v]
				if v == u || l == pageLang[u] {
					continue
				}
				if out[u] == nil {
					out[u] = map[string]string{}
				}
				if _, dup := out[u][l]; !dup {
					out[u][l] = v
				}
			}
		}
	}
	return out
}

// articleKey is what the URLs of one article's translations share: the
// path without its first segment naming the page's language (one of the
// first three folders, or an "i18n/xx" pair) or the language in its file
// name ("about.fr.md", "ch05.zh-tw.html#x"), a help desk's numbered
// article ("123-slug") as its number; with the host for a web page.
func articleKey(u, lang string) string {
	host, p := "", u
	if pu, err := url.Parse(u); err == nil && pu.Scheme != "" {
		host, p = pu.Host, pu.Path
	}
	segs := strings.Split(strings.Trim(path.Clean("/"+p), "/"), "/")
	for i := 0; i < len(segs)-1 && i < 3; i++ {
		if tagLanguage(segs[i]) == lang && lang != "" {
			if i > 0 && segs[i-1] == "i18n" {
				i--
				segs = append(segs[:i], segs[i+1:]...)
			}
			segs = append(segs[:i], segs[i+1:]...)
			break
		}
	}
	segs[len(segs)-1] = withoutNameLanguage(segs[len(segs)-1], lang)
	if n := len(segs); n >= 2 && segs[n-2] == "articles" {
		if num, _, _ := strings.Cut(segs[n-1], "-"); num != "" && strings.Trim(num, "0123456789") == "" {
			segs[n-1] = num
		}
	}
	return host + "/" + strings.Join(segs, "/")
}

// withoutNameLanguage returns the file name name (a fragment may follow it)
// without the language it carries before its extension when that is lang
// (a base language: "ch05.zh-tw.html#x" is "ch05.html#x" for zh), as
// translations by file name do; name as it is otherwise.
func withoutNameLanguage(name, lang string) string {
	file, frag, hasFrag := strings.Cut(name, "#")
	ext := path.Ext(file)
	rest := strings.TrimSuffix(file, ext)
	tag := path.Ext(rest)
	if lang == "" || tag == "" || tagLanguage(strings.TrimPrefix(tag, ".")) != lang {
		return name
	}
	file = strings.TrimSuffix(rest, tag) + ext
	if hasFrag {
		return file + "#" + frag
	}
	return file
}
