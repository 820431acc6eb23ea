// Package pgtest starts a throwaway PostgreSQL cluster for tests: initdb
// and pg_ctl in a temporary folder, on a free port on 127.0.0.1, stopped
// when the package's tests end. One cluster serves a whole test package
// (it takes seconds to start); every DSN call gives a test a schema of its
// own in it.
//
// Where PostgreSQL is not installed the tests that need it skip, saying
// so, unless HELPGRAPH_REQUIRE_POSTGRES=1 makes that a failure (CI).
//
//	func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }
//
//	func TestX(t *testing.T) { dsn := pgtest.DSN(t); ... }
package pgtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/internal/testenv"
	"github.com/jackc/pgx/v5"
)

var (
	once    sync.Once
	cl      *cluster
	failure error // why there is no cluster
	schemas atomic.Int64
)

type cluster struct {
	dir, bin, data string
	port           int
	asUser         string // "" or the user pg_ctl runs as (when we are root)
}

// Main runs the package's tests and then stops the cluster, if one was
// started. Use it from TestMain.
func Main(m *testing.M) int {
	code := m.Run()
	if cl != nil {
		cl.stop()
	}
	return code
}

// DSN returns the URL of a new, empty schema in the package's cluster
// (started on first use), or skips t when PostgreSQL is not installed.
func DSN(t testing.TB) string {
	t.Helper()
	base := BaseDSN(t)
	name := fmt.Sprintf("t%d_%d", os.Getpid(), schemas.Add(1))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+name); err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	return base + "&search_path=" + name
}

// BaseDSN returns the URL of the cluster's database itself, for tests
// that need a whole database (several processes, say). It skips t (or
// fails it, with HELPGRAPH_REQUIRE_POSTGRES=1) when PostgreSQL is missing.
func BaseDSN(t testing.TB) string {
	t.Helper()
	once.Do(func() { cl, failure = start() })
	if failure != nil {
		testenv.Missing(t, testenv.Postgres, fmt.Sprintf("pgtest: no PostgreSQL for this test (%v); install postgresql (Debian: apt-get install postgresql)", failure))
	}
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", cl.port)
}

// findBin returns the folder holding initdb, pg_ctl and postgres: PATH,
// /usr/local/bin, then Debian's /usr/lib/postgresql/VERSION/bin, newest first.
func findBin() (string, error) {
	if p, err := exec.LookPath("initdb"); err == nil {
		if dir := filepath.Dir(p); exists(filepath.Join(dir, "pg_ctl")) {
			return dir, nil
		}
	}
	dirs := []string{"/usr/local/bin", "/usr/local/pgsql/bin"}
	versions, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(versions, func(i, j int) bool { return version(versions[i]) > version(versions[j]) })
	for _, dir := range append(dirs, versions...) {
		if exists(filepath.Join(dir, "initdb")) && exists(filepath.Join(dir, "pg_ctl")) {
			return dir, nil
		}
	}
	return "", errors.New("initdb and pg_ctl were not found on PATH, in /usr/local/bin or in /usr/lib/postgresql/*/bin")
}

func version(binDir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return n
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func start() (*cluster, error) {
	bin, err := findBin()
	if err != nil {
		return nil, err
	}
	c := &cluster{bin: bin}
	reapOrphans(bin)
	// initdb refuses to run as root: run the cluster as the postgres user
	// that Debian's package creates.
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			return nil, fmt.Errorf("running as root, and there is no postgres user to run PostgreSQL as (initdb refuses root): %w", err)
		}
		c.asUser = u.Username
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if c.dir, err = os.MkdirTemp("", "pgtest-"); err != nil {
			return nil, err
		}
		if err := os.Chmod(c.dir, 0o755); err != nil {
			return nil, err
		}
		if err := os.Chown(c.dir, uid, gid); err != nil {
			return nil, err
		}
	} else if c.dir, err = os.MkdirTemp("", "pgtest-"); err != nil {
		return nil, err
	}
	// Whose cluster this is, so that a later run can stop it if this test
	// process dies without stopping it (killed, or timed out).
	if err := os.WriteFile(filepath.Join(c.dir, "owner.pid"), []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
		return nil, err
	}
	c.data = filepath.Join(c.dir, "data")
	if out, err := c.run("initdb", "-D", c.data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"); err != nil {
		os.RemoveAll(c.dir)
		return nil, fmt.Errorf("initdb: %v: %s", err, out)
	}
	// A free port can be taken between asking and starting: try a few.
	for attempt := 0; ; attempt++ {
		if c.port, err = freePort(); err != nil {
			return nil, err
		}
		opts := fmt.Sprintf("-p %d -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200", c.port)
		out, err := c.run("pg_ctl", "-D", c.data, "-l", filepath.Join(c.dir, "log"), "-o", opts, "-w", "-t", "60", "start")
		if err == nil {
			break
		}
		if attempt == 2 {
			log, _ := os.ReadFile(filepath.Join(c.dir, "log"))
			os.RemoveAll(c.dir)
			return nil, fmt.Errorf("pg_ctl start: %v: %s\n%s", err, out, log)
		}
	}
	return c, nil
}

// run runs one of the cluster's programs, as c.asUser when set.
func (c *cluster) run(name string, args ...string) ([]byte, error) {
	path := filepath.Join(c.bin, name)
	var cmd *exec.Cmd
	if c.asUser != "" {
		runuser, err := exec.LookPath("runuser")
		if err != nil {
			cmd = exec.Command("su", "-s", "/bin/sh", c.asUser, "-c", shellQuote(append([]string{path}, args...)))
		} else {
			cmd = exec.Command(runuser, append([]string{"-u", c.asUser, "--", path}, args...)...)
		}
	} else {
		cmd = exec.Command(path, args...)
	}
	cmd.Dir = c.dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.Bytes(), err
}

func (c *cluster) stop() {
	c.run("pg_ctl", "-D", c.data, "-m", "immediate", "-w", "stop")
	os.RemoveAll(c.dir)
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func shellQuote(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(q, " ")
}

// reapOrphans stops and removes the clusters of test processes that are
// gone.
func reapOrphans(bin string) {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), "pgtest-*"))
	for _, dir := range dirs {
		b, err := os.ReadFile(filepath.Join(dir, "owner.pid"))
		if err != nil {
			continue // starting, or not ours
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil || pid <= 0 || alive(pid) {
			continue
		}
		c := &cluster{dir: dir, bin: bin, data: filepath.Join(dir, "data")}
		if os.Geteuid() == 0 {
			c.asUser = "postgres"
		}
		c.stop()
	}
}

// alive reports whether process pid exists (signal 0 checks, sends nothing).
func alive(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	return !errors.Is(p.Signal(syscall.Signal(0)), os.ErrProcessDone)
}
