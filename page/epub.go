package page

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/PuerkitoBio/goquery"
)

// EPUB books (.epub): a user guide shipped as an e-book, a zip of XHTML
// chapters in the order its package's spine gives. The chapters' bodies
// are read in that order as one HTML page, titled by the book's title,
// and a long book is split into its parts as a long PDF is (split.go).
// Left out: the navigation document (the table of contents), pictures,
// styles and scripts.

// ErrEPUB is an .epub file that is no EPUB book: no container, no
// package, or no chapter.
var ErrEPUB = errors.New("not an EPUB book")

// maxEPUBChapters bounds the chapters read of one book.
const maxEPUBChapters = 5000

// epubPackage is what the reader needs of a book's package document.
type epubPackage struct {
	Title    string `xml:"metadata>title"`
	Language string `xml:"metadata>language"`
	Manifest []struct {
		ID         string `xml:"id,attr"`
		Href       string `xml:"href,attr"`
		MediaType  string `xml:"media-type,attr"`
		Properties string `xml:"properties,attr"`
	} `xml:"manifest>item"`
	Spine []struct {
		IDRef  string `xml:"idref,attr"`
		Linear string `xml:"linear,attr"`
	} `xml:"spine>itemref"`
}

// parseEPUB reads an EPUB book; url is its path in the folder.
func parseEPUB(raw []byte, url string) (*Document, error) {
	zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrEPUB, err)
	}
	container, err := readZipPart(zr, "META-INF/container.xml", ErrEPUB)
	if err != nil {
		return nil, err
	}
	var c struct {
		Rootfiles []struct {
			FullPath string `xml:"full-path,attr"`
		} `xml:"rootfiles>rootfile"`
	}
	if err := xml.Unmarshal(container, &c); err != nil || len(c.Rootfiles) == 0 {
		return nil, fmt.Errorf("%w: no package named in META-INF/container.xml", ErrEPUB)
	}
	opfPath := c.Rootfiles[0].FullPath
	opf, err := readZipPart(zr, opfPath, ErrEPUB)
	if err != nil {
		return nil, err
	}
	var pkg epubPackage
	if err := xml.Unmarshal(opf, &pkg); err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrEPUB, opfPath, err)
	}
	hrefs := map[string]string{}
	for _, it := range pkg.Manifest {
		// The navigation document is the book's table of contents.
		if strings.Contains(it.MediaType, "html") && !strings.Contains(" "+it.Properties+" ", " nav ") {
			hrefs[it.ID] = it.Href
		}
	}
	var body strings.Builder
	chapters := 0
	for _, ref := range pkg.Spine {
		href, ok := hrefs[ref.IDRef]
		if !ok || ref.Linear == "no" {
			continue
		}
		if chapters++; chapters > maxEPUBChapters {
			return nil, fmt.Errorf("over %d chapters: %w", maxEPUBChapters, ErrTooBig)
		}
		name := path.Join(path.Dir(opfPath), href)
		if i := strings.IndexAny(name, "#?"); i >= 0 {
			name = name[:i]
		}
		chapter, err := readZipPart(zr, name, ErrEPUB)
		if err != nil {
			return nil, err
		}
		gq, err := goquery.NewDocumentFromReader(bytes.NewReader(chapter))
		if err != nil {
			continue
		}
		inner, err := gq.Find("body").First().Html()
		if err == nil {
			body.WriteString(inner + "\n")
		}
	}
	if chapters == 0 {
		return nil, fmt.Errorf("%w: its spine names no chapter", ErrEPUB)
	}
	return officePage{body: []byte(body.String()), title: strings.TrimSpace(pkg.Title), lang: pkg.Language}.read(raw, url)
}
