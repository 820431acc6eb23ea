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
	switch k := pageKind(path.Base(p)); k {
	case "pdf", "docx", "odt", "fodt", "epub":
		return k
	}
	return ""
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
	switch kind {
	case "pdf":
		doc, err = parsePDF(raw, pageURL)
	case "docx":
		doc, err = parseDOCX(raw, pageURL)
	case "odt", "fodt":
		doc, err = parseODT(raw, pageURL, kind == "fodt")
	case "epub":
		doc, err = parseEPUB(raw, pageURL)
	default:
		return nil, false, nil
	}
	return doc, true, err
}
