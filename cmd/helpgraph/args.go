package main

import (
	"errors"
	"flag"
)

// parseArgs parses args into fs and returns the positional arguments. Flags
// may come before, between or after them (`import-doc2dial DIR --out F` and
// `import-doc2dial --out F DIR` both work); everything after "--" is
// positional. Errors are usage errors, except flag.ErrHelp.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, usageError{err}
		}
		rest := fs.Args()
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			return append(pos, rest...), nil
		}
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}
