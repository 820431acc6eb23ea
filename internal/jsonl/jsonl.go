// Package jsonl reads JSON Lines: one JSON value a line, as the project's
// inquiry sets, dialogue files, labels and example libraries are written.
package jsonl

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// Options tune Read. The zero value decodes leniently.
type Options struct {
	// Strict rejects fields the value's type does not have.
	Strict bool
	// UseNumber keeps numbers in interface values as json.Number.
	UseNumber bool
	// Comment, when set, is a line prefix that marks a line to skip.
	Comment string
}

// maxLine bounds one line: a dialogue with its whole transcript fits.
const maxLine = 64 << 20

// Read decodes every non-blank line of r into a T. check, when not nil,
// vets each value as it is read. Errors from decoding, from check and from
// reading name the line ("line 3: ...").
func Read[T any](r io.Reader, opts Options, check func(line int, v *T) error) ([]T, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	var out []T
	line := 0
	for sc.Scan() {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 || (opts.Comment != "" && bytes.HasPrefix(b, []byte(opts.Comment))) {
			continue
		}
		var v T
		dec := json.NewDecoder(bytes.NewReader(b))
		if opts.Strict {
			dec.DisallowUnknownFields()
		}
		if opts.UseNumber {
			dec.UseNumber()
		}
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		if check != nil {
			if err := check(line, &v); err != nil {
				return nil, fmt.Errorf("line %d: %w", line, err)
			}
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %w", line+1, err)
	}
	return out, nil
}
