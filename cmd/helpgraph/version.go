package main

import (
	"context"
	"fmt"
	"runtime/debug"
)

// version is set at link time by a release build
// (-ldflags "-X main.version=v1.2.3"); otherwise the module and VCS
// information Go records in the binary is used.
var version = ""

func (m *Main) runVersion(ctx context.Context, args []string) error {
	fs := m.flagSet("version")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	fmt.Fprintln(m.Stdout, "helpgraph", versionString())
	return nil
}

// versionString describes this binary: its version, commit and Go version.
func versionString() string {
	v, rev, dirty, goVersion := version, "", false, ""
	if info, ok := debug.ReadBuildInfo(); ok {
		goVersion = info.GoVersion
		if v == "" && info.Main.Version != "" && info.Main.Version != "(devel)" {
			v = info.Main.Version
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
	}
	if v == "" {
		v = "devel"
	}
	out := v
	if rev != "" {
		out += " " + rev[:min(12, len(rev))]
		if dirty {
			out += "-dirty"
		}
	}
	if goVersion != "" {
		out += " " + goVersion
	}
	return out
}
