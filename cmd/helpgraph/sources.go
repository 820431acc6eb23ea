package main

import (
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/helpgraph/helpgraph/helpdesk"
	"github.com/helpgraph/helpgraph/helpdesk/chatwoot"
	"github.com/helpgraph/helpgraph/helpdesk/confluence"
	"github.com/helpgraph/helpgraph/helpdesk/document360"
	"github.com/helpgraph/helpgraph/helpdesk/freshdesk"
	"github.com/helpgraph/helpgraph/helpdesk/helpscout"
	"github.com/helpgraph/helpgraph/helpdesk/intercom"
	"github.com/helpgraph/helpgraph/helpdesk/mediawiki"
	"github.com/helpgraph/helpgraph/helpdesk/zendesk"
	"github.com/helpgraph/helpgraph/kgbuild"
)

// sourceFlags are build's flags that name what it reads, in usage order.
var sourceFlags = []string{"pages", "crawl", "zendesk", "intercom", "freshdesk", "helpscout", "document360", "chatwoot", "confluence", "mediawiki"}

// buildOrigin checks that exactly one source flag is set and records it
// with the build's other flags, so that serve --resync can repeat the
// build: paths are made absolute, the store and --force left out (the
// re-sync writes the store it serves, and only when something changed).
// --pages may be repeated: the first folder is the origin's location, the
// others are among its options.
func buildOrigin(fs *flag.FlagSet, sources map[string]string, pagesDirs listFlag) (*kgbuild.Origin, error) {
	var o *kgbuild.Origin
	for _, kind := range sourceFlags {
		if sources[kind] == "" {
			continue
		}
		if o != nil {
			o = nil
			break
		}
		o = &kgbuild.Origin{Kind: kind, Location: sources[kind]}
	}
	if o == nil {
		return nil, usageError{errors.New("build: give exactly one of --pages DIR (repeatable), --crawl URL, --zendesk URL|FILE, --intercom URL|FILE, --freshdesk URL|FILE, --helpscout URL|FILE, --document360 URL|FILE, --chatwoot URL|FILE, --confluence URL|FILE or --mediawiki URL|FILE")}
	}
	isURL := strings.HasPrefix(o.Location, "http://") || strings.HasPrefix(o.Location, "https://")
	if o.Kind != "crawl" && !isURL {
		o.Location = absPath(o.Location)
	}
	fs.Visit(func(f *flag.Flag) {
		switch {
		case f.Name == "pages":
			for _, d := range pagesDirs[min(1, len(pagesDirs)):] {
				o.Options = append(o.Options, "--pages", absPath(d))
			}
		case slices.Contains(sourceFlags, f.Name), f.Name == "store", f.Name == "force":
		default:
			if l, ok := f.Value.(*listFlag); ok {
				for _, v := range *l {
					o.Options = append(o.Options, "--"+f.Name, v)
				}
				return
			}
			o.Options = append(o.Options, "--"+f.Name, f.Value.String())
		}
	})
	return o, nil
}

// absPath is path made absolute where it can be.
func absPath(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return path
}

// helpdeskSource is the reader of a hosted help desk, with the credentials
// of the environment.
func (m *Main) helpdeskSource(kind, location string) (kgbuild.Source, error) {
	loc, err := helpdesk.ParseLocation(location)
	if err != nil {
		return nil, fmt.Errorf("--%s: %w", kind, err)
	}
	switch kind {
	case "zendesk":
		r := zendesk.New(loc, m.Config.Desk.ZendeskEmail, m.Config.Desk.ZendeskToken)
		r.Client.Logger = m.Logger
		return r, nil
	case "intercom":
		r, err := intercom.New(loc, m.Config.IntercomToken)
		if err != nil {
			return nil, err
		}
		r.Client.Logger = m.Logger
		return r, nil
	case "freshdesk":
		r, err := freshdesk.New(loc, m.Config.Desk.FreshdeskAPIKey)
		if err != nil {
			return nil, err
		}
		r.Client.Logger = m.Logger
		return r, nil
	case "helpscout":
		r, err := helpscout.New(loc, m.Config.HelpScoutAPIKey)
		if err != nil {
			return nil, err
		}
		r.Client.Logger = m.Logger
		return r, nil
	case "document360":
		r, err := document360.New(loc, m.Config.Document360Token)
		if err != nil {
			return nil, err
		}
		r.Client.Logger = m.Logger
		return r, nil
	case "chatwoot":
		r, err := chatwoot.New(loc, m.Config.Desk.ChatwootToken)
		if err != nil {
			return nil, err
		}
		r.Client.Logger = m.Logger
		return r, nil
	case "confluence":
		r, err := confluence.New(loc, m.Config.ConfluenceEmail, m.Config.ConfluenceToken)
		if err != nil {
			return nil, err
		}
		r.Client.Logger = m.Logger
		return r, nil
	case "mediawiki":
		r, err := mediawiki.New(loc, m.Config.MediaWikiUser, m.Config.MediaWikiPassword)
		if err != nil {
			return nil, err
		}
		r.Client.Logger = m.Logger
		return r, nil
	}
	return nil, fmt.Errorf("unknown source %q", kind)
}
