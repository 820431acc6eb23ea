package kgbuild

import (
	"context"

	"github.com/helpgraph/helpgraph/page"
)

// Source hands a build its pages one at a time (a page.Dir, a crawl), so
// that a build holds only the pages it is extracting, not the help center.
type Source interface {
	// Each calls fn with each page, one call at a time, and returns the
	// pages that could not be read. It stops at fn's error and returns it.
	Each(ctx context.Context, fn func(*page.Document) error) ([]page.PageError, error)
}

// Sized is a Source that knows how many pages it holds, failing ones
// included (page.Dir): the total Builder.Progress reports.
type Sized interface {
	Len() int
}

// SourceFunc is a Source made of its Each function.
type SourceFunc func(ctx context.Context, fn func(*page.Document) error) ([]page.PageError, error)

// Each calls f.
func (f SourceFunc) Each(ctx context.Context, fn func(*page.Document) error) ([]page.PageError, error) {
	return f(ctx, fn)
}

// docsSource is a Source of pages already read.
type docsSource struct {
	docs []*page.Document
	errs []page.PageError
}

// Docs is a Source of pages already read, and of the pages that failed.
func Docs(docs []*page.Document, errs []page.PageError) Source {
	return docsSource{docs: docs, errs: errs}
}

func (s docsSource) Each(ctx context.Context, fn func(*page.Document) error) ([]page.PageError, error) {
	for _, d := range s.docs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := fn(d); err != nil {
			return nil, err
		}
	}
	return s.errs, nil
}

// Len counts the pages, failed ones included.
func (s docsSource) Len() int { return len(s.docs) + len(s.errs) }
