package dialogue

import (
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/helpgraph/helpgraph/graph"
)

// readBreadcrumbs sets gw.breadcrumb: per page, the words of the folders
// its URL lies in ("general/account/register.md": general, account) that
// the texts of its folder's pages use, as written, or where those folders name none
// of its sections, the words of the breadcrumb its source gives (a help
// desk's category and section: see crumbWords). A help center's sections
// name the product or topic its pages belong to, as a breadcrumb above
// the title does ("General › Account › How to register"); a folder word
// no page of the folder writes (an English folder name over German
// pages, "general") is not its words. One that some page there writes
// is each page's: the folder is about it though a page takes it as read
// ("unlang/else.html" never says "unlang"; "dolphin/", a handbook split
// into parts, over the View menu's part, which never names Dolphin). A help desk's article URLs have no such
// folders (/hc/en-us/articles/1-refunds), and there the section's name
// counts though the text never repeats it ("Billing" above an article on
// refunds). Where the folders are the sections (a docs folder, a site
// laid out by topic), every word of a breadcrumb would spread over each
// page of a section ("Payments & Receipts" giving every payments page
// "receipts": the sample's receipt question lost its page), so the
// folders' words the text uses stay the page's (foldersNameSections).
func (gw *graphWords) readBreadcrumbs(g *graph.Graph) {
	shared := sharedFolders(g.Pages)
	sharedCrumb := sharedCrumbs(g.Pages)
	folder := make(map[string][]int32, len(g.Pages)) // page -> its folders' words the texts have
	own := make(map[string][]int32)                  // page -> its breadcrumb's words, where they count
	for _, p := range g.Pages {
		var crumb []int32
		if len(p.Breadcrumb) > 0 {
			crumb = gw.crumbWords(p.Breadcrumb[min(sharedCrumb, len(p.Breadcrumb)):], nil)
		}
		var ids []int32
		gw.v.buf = gw.v.an.model.EachWord(folderWords(p.URL, shared), gw.v.buf, func(w []byte) {
			if id, ok := gw.v.ids[string(w)]; ok && !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		})
		if len(crumb) > 0 && !foldersNameSections(ids, crumb) {
			own[p.URL] = crumb
			continue
		}
		if len(ids) > 0 {
			folder[p.URL] = ids
		}
	}
	used := make(map[string][]int32, len(folder)) // folder -> those its pages' nodes have
	for i := range g.Nodes {
		page := g.Nodes[i].Page
		ids := folder[page]
		if len(ids) == 0 {
			continue
		}
		dir := folderOf(page)
		for _, w := range gw.words[gw.off[offsPerNode*i]:gw.off[offsPerNode*i+4]] {
			if slices.Contains(ids, w) && !slices.Contains(used[dir], w) {
				used[dir] = append(used[dir], w)
			}
		}
	}
	for _, p := range g.Pages {
		start := int32(len(gw.titles))
		gw.titles = append(gw.titles, own[p.URL]...)
		for _, w := range folder[p.URL] { // in the folders' order
			if slices.Contains(used[folderOf(p.URL)], w) {
				gw.titles = append(gw.titles, w)
			}
		}
		gw.breadcrumb[p.URL] = [2]int32{start, int32(len(gw.titles))}
	}
}

// foldersNameSections reports whether the words of a page's folders
// (folder) name a section of its breadcrumb (crumb): some word is in both
// ("payments/" under "Payments & Receipts"). A help desk's "hc/en-us/
// articles" names none of "Billing › Refunds".
func foldersNameSections(folder, crumb []int32) bool {
	return slices.ContainsFunc(folder, func(w int32) bool { return slices.Contains(crumb, w) })
}

// crumbWords appends to dst the words of the items of a page's own
// breadcrumb, outermost first, each once.
func (gw *graphWords) crumbWords(crumb []string, dst []int32) []int32 {
	start := len(dst)
	for _, item := range crumb {
		for _, w := range gw.v.split(item, nil) {
			if !slices.Contains(dst[start:], w) {
				dst = append(dst, w)
			}
		}
	}
	return dst
}

// sharedCrumbs returns how many leading items every page that has a
// breadcrumb shares: as the folders every page lies in (sharedFolders),
// they name the whole help center ("Help Center › …" on each page), not
// any page's topic.
func sharedCrumbs(pages []graph.Page) int {
	var common []string
	seen := false
	for _, p := range pages {
		if len(p.Breadcrumb) == 0 {
			continue
		}
		if !seen {
			common, seen = p.Breadcrumb, true
			continue
		}
		n := 0
		for n < len(common) && n < len(p.Breadcrumb) && common[n] == p.Breadcrumb[n] {
			n++
		}
		common = common[:n]
	}
	return len(common)
}

// sharedFolders returns how many leading folders every page's URL lies in:
// those name the whole help center ("en-US/text/" above each page), not
// any page's topic.
func sharedFolders(pages []graph.Page) int {
	var common []string
	for i, p := range pages {
		dirs := pageFolders(p.URL)
		if i == 0 {
			common = dirs
			continue
		}
		n := 0
		for n < len(common) && n < len(dirs) && common[n] == dirs[n] {
			n++
		}
		common = common[:n]
	}
	return len(common)
}

// pageFolders returns the folders that URL u (absolute, or a path relative
// to the pages folder) lies in, outermost first.
func pageFolders(u string) []string {
	if pu, err := url.Parse(u); err == nil && pu.Host != "" {
		u = pu.Path
	}
	dir := path.Dir(strings.TrimPrefix(u, "/"))
	if dir == "." || dir == "/" {
		return nil
	}
	return strings.Split(dir, "/")
}

// folderOf is the folder page u lies in: its address less the file and
// the place ("#page=12", "#chapter": the parts of a split document lie
// in its folder).
func folderOf(u string) string {
	doc, _, _ := strings.Cut(u, "#")
	return path.Dir(doc)
}

// folderWords returns the words of the folders that URL u lies in, less
// the first skip of them, "" for none.
func folderWords(u string, skip int) string {
	dirs := pageFolders(u)
	if skip >= len(dirs) {
		return ""
	}
	return strings.NewReplacer("-", " ", "_", " ").Replace(strings.Join(dirs[skip:], " "))
}
