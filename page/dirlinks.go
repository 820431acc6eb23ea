package page

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"path"
	"slices"
	"strings"
)

// ErrCanonicalTaken is a page that declares as its canonical URL one that
// another page of the folder holds.
var ErrCanonicalTaken = errors.New("declares the canonical URL of another page")

// settle works out, once, what Each needs to know of all the pages before
// it hands over the first: which pages lose their URL to another
// (settleClaims) and where links between pages lead (linkMap). Only the
// pages that may not live at their path, and the pages whose path such a
// page claims, can matter, so only those are parsed here; every other
// page's URL is its path.
func (d *Dir) settle(ctx context.Context) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.settled {
		return nil
	}
	type moved struct {
		i   int
		url string // "" when the page cannot be read
	}
	parse := func(idx []int) []moved {
		sub := make([]pageFile, len(idx))
		for j, i := range idx {
			sub[j] = d.files[i]
		}
		out := make([]moved, len(idx))
		forEachFile(ctx, sub, func(j int, f pageFile) {
			out[j].i = idx[j]
			if doc, err := d.parse(ctx, idx[j]); err == nil {
				out[j].url = doc.URL
			}
		})
		return out
	}
	var idx []int
	for i, f := range d.files {
		if f.err == nil && f.mayMove {
			idx = append(idx, i)
		}
	}
	pages := parse(idx)
	// A page at a path another page claims as its URL competes for it.
	claimed := make(map[string]bool)
	for _, p := range pages {
		if p.url != "" && p.url != d.files[p.i].rel {
			claimed[p.url] = true
		}
	}
	idx = idx[:0]
	for i, f := range d.files {
		if f.err == nil && !f.mayMove && claimed[f.rel] {
			idx = append(idx, i)
		}
	}
	if len(idx) > 0 {
		pages = append(pages, parse(idx)...)
		slices.SortFunc(pages, func(a, b moved) int { return a.i - b.i })
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("reading pages folder %s: %w", d.dir, err)
	}

	var urls, rels []string
	var at []int // index in files of urls[k]
	for _, p := range pages {
		if p.url != "" {
			urls, rels, at = append(urls, p.url), append(rels, d.files[p.i].rel), append(at, p.i)
		}
	}
	owner := settleClaims(urls, rels)
	d.taken = make(map[int]PageError)
	var keptURLs, keptRels []string
	for k, u := range urls {
		if j := owner[k]; j != k {
			d.taken[at[k]] = PageError{URL: rels[k], Err: fmt.Errorf("%w %s (%s)", ErrCanonicalTaken, rels[j], u)}
			continue
		}
		keptURLs, keptRels = append(keptURLs, u), append(keptRels, rels[k])
	}
	d.links = linkMap(keptURLs, keptRels)
	for alias, rel := range d.aliases {
		to, ok := d.links[rel]
		if !ok {
			to = rel
		}
		d.links[alias] = to
	}
	d.settled = true
	return nil
}

// settleClaims keeps one page per URL: of the pages at urls, read from
// rels, it returns the index of the one that owns each page's URL. When
// several files declare the same canonical URL, the one whose file name
// matches the URL's last path segment owns it (help/refunds.html for
// …/help/refunds), else the first in path order; the others fail with
// ErrCanonicalTaken, so that a page cannot take another page's place by
// naming its URL.
func settleClaims(urls, rels []string) []int {
	first := make(map[string]int) // URL -> index of its owner
	for i, u := range urls {
		j, taken := first[u]
		if !taken || (!namesURL(rels[j], u) && namesURL(rels[i], u)) {
			first[u] = i
		}
	}
	owner := make([]int, len(urls))
	for i, u := range urls {
		owner[i] = first[u]
	}
	return owner
}

// namesURL reports whether the file at rel is the page at u by name: the
// same last path segment, extensions aside, or an index file for a folder.
func namesURL(rel, u string) bool {
	p, err := url.Parse(u)
	if err != nil {
		return false
	}
	stem := func(s string) string { return strings.TrimSuffix(s, path.Ext(s)) }
	seg := path.Base(p.Path)
	if strings.HasSuffix(p.Path, "/") || p.Path == "" {
		return folderURL(rel) != ""
	}
	return strings.EqualFold(stem(path.Base(rel)), stem(seg))
}

// linkMap maps links between pages of a folder to the URLs the pages ended
// up with: a page's canonical URL when it declares one, and a folder's index
// page for a link to the folder. urls[i] is the URL of the page read from
// rels[i]; pages whose URL is their path and that are no index add nothing.
func linkMap(urls, rels []string) map[string]string {
	final := make(map[string]string) // link target as resolved -> page URL
	for i, u := range urls {
		if u != rels[i] {
			final[rels[i]] = u
		}
		if f := folderURL(rels[i]); f != "" {
			final[f] = u
			if f != "./" {
				final[strings.TrimSuffix(f, "/")] = u
			}
		}
	}
	return final
}

// rewriteLinks rewrites the links of doc by final (linkMap).
func rewriteLinks(doc *Document, final map[string]string) {
	if len(final) == 0 {
		return
	}
	relink(doc, func(u string) string {
		if to, ok := final[u]; ok {
			return to
		}
		return u
	})
}

// relink points each link of doc, in its block's text too, where to says;
// a link to a place in a page (a DocBook cross-reference) where to says
// the page is, when to says nothing of the place.
func relink(doc *Document, to func(url string) string) {
	for bi := range doc.Blocks {
		b := &doc.Blocks[bi]
		for li, l := range b.Links {
			u := to(l.URL)
			if page, place, ok := strings.Cut(l.URL, "#"); u == l.URL && ok && page != "" {
				if p := to(page); p != page {
					u = p + "#" + place
				}
			}
			if u == l.URL {
				continue
			}
			b.Text = strings.ReplaceAll(b.Text, "]("+escapeLinkURL(l.URL)+")", "]("+escapeLinkURL(u)+")")
			b.Links[li].URL = u
		}
	}
}

// indexNames are the files that serve a folder's URL.
var indexNames = []string{"index.html", "index.htm", "index.md"}

// folderURL returns the URL of the folder an index page serves, or "".
func folderURL(rel string) string {
	dir, file := path.Split(rel)
	for _, name := range indexNames {
		if strings.EqualFold(file, name) {
			if dir == "" {
				return "./"
			}
			return dir
		}
	}
	return ""
}
