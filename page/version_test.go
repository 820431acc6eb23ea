package page

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReaderVersionFollowsGoldens: the golden outputs of the readers under
// testdata change only with a new ReaderVersion, so that builds over
// unchanged files read them again (see ReaderVersion). testdata/
// reader-version.txt records the version and a digest of the goldens; -update
// rewrites it, but refuses while the version is the recorded one.
func TestReaderVersionFollowsGoldens(t *testing.T) {
	h := sha256.New()
	err := filepath.WalkDir("testdata", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".golden") {
			return err
		}
		b, err := os.ReadFile(p)
		fmt.Fprintf(h, "%s\t%d\n%s", filepath.ToSlash(p), len(b), b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	digest := hex.EncodeToString(h.Sum(nil))
	path := filepath.Join("testdata", "reader-version.txt")
	raw, err := os.ReadFile(path)
	if err != nil && !(*update && os.IsNotExist(err)) {
		t.Fatalf("%v (run go test ./page -update to create it)", err)
	}
	version, recorded, _ := strings.Cut(strings.TrimSpace(string(raw)), " ")
	if recorded == digest && version == ReaderVersion {
		return
	}
	if recorded != digest && version == ReaderVersion {
		t.Fatalf("the readers' golden outputs changed, ReaderVersion (%s) did not: bump it so that builds read unchanged files again, then run go test ./page -update", ReaderVersion)
	}
	if !*update {
		t.Fatalf("%s records %s, the code says %s: run go test ./page -update", path, version, ReaderVersion)
	}
	if err := os.WriteFile(path, []byte(ReaderVersion+" "+digest+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}
