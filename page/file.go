package page

import (
	"mime"
	"net/url"
	"path"
	"strings"
)

// documentKinds are the kinds (see pageKind) of the document files
// ParseFile reads, by media type: a help center links its printable
// guides and forms as PDFs, Word or OpenDocument files.
var documentKinds = map[string]string{
	"application/pdf": "pdf",
	"application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
	"application/vnd.oasis.opendocument.text":                                 "odt",
	"application/epub+zip":                                                    "epub",
}

// MinDocumentBytes is the least size limit of a document file (see
// minDocxBytes): its pictures make it large, its text is a small part.
const MinDocumentBytes = minDocxBytes

// IsDocumentFile reports whether the file at rawURL (a URL or a path) is
// a document ParseFile reads, by its extension.
func IsDocumentFile(rawURL string) bool {
	return fileKind(rawURL) != ""
}

// fileKind is the document kind of rawURL's extension, or "".
func fileKind(rawURL string) string {
	p := rawURL
	if u, err := url.Parse(rawURL); err == nil {
		p = u.Path
	}
	if k := pageKind(path.Base(p)); isDocumentKind(k) {
		return k
	}
	return ""
}

// isDocumentKind reports whether kind (see pageKind) is a document file's:
// a PDF, a Word or OpenDocument text, an EPUB book, read whole (and so
// within minDocxBytes) by parseDocument.
func isDocumentKind(kind string) bool {
	switch kind {
	case "pdf", "docx", "odt", "fodt", "epub":
		return true
	}
	return false
}

// parseDocument reads raw, a document file of kind, at url; ok is false
// for another kind.
func parseDocument(kind string, raw []byte, url string) (doc *Document, ok bool, err error) {
	switch kind {
	case "pdf":
		doc, err = parsePDF(raw, url)
	case "docx":
		doc, err = parseDOCX(raw, url)
	case "odt", "fodt":
		doc, err = parseODT(raw, url, kind == "fodt")
	case "epub":
		doc, err = parseEPUB(raw, url)
	default:
		return nil, false, nil
	}
	return doc, true, err
}

// ParseFile reads a document file fetched from pageURL: a PDF, a Word or
// an OpenDocument text, an EPUB book, known by its media type, else (a server that
// calls every file application/octet-stream) by its name's extension.
// ok is false for any other file, which it does not read.
func ParseFile(raw []byte, pageURL, contentType string) (doc *Document, ok bool, err error) {
	kind := ""
	if mt, _, err := mime.ParseMediaType(contentType); err == nil {
		kind = documentKinds[strings.ToLower(mt)]
	}
	if kind == "" {
		kind = fileKind(pageURL)
	}
	return parseDocument(kind, raw, pageURL)
}
