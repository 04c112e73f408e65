package main

import (
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestMain lets a test run gamels itself in a child process, as another
// user: with GAMELS_RUN_MAIN=1 the test binary is gamels.
func TestMain(m *testing.M) {
	if os.Getenv("GAMELS_RUN_MAIN") == "1" {
		if os.Getenv("GAMELS_FAKE_SITE") == "1" {
			webSite = func() (fs.FS, error) { return newFakeSite(), nil }
		}
		status := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
		writePeak(os.Getenv("GAMELS_PEAK_FILE"))
		os.Exit(status)
	}
	os.Exit(m.Run())
}

const (
	messySrc = "1\nL1   # c  \nQUIT"
	tidySrc  = "1\nL1 # c\nQUIT\n"
	nobody   = 65534
)

// writeMessy writes a transcript that fmt changes.
func writeMessy(t *testing.T, name string, perm os.FileMode) {
	t.Helper()
	if err := os.WriteFile(name, []byte(messySrc), perm); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(name, perm); err != nil { // past the umask, setuid included
		t.Fatal(err)
	}
}

func readString(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// onlyFiles fails unless dir holds exactly the names given: no backup or
// temporary file is left behind.
func onlyFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if strings.Join(got, " ") != strings.Join(names, " ") {
		t.Errorf("%s holds %v, want %v", dir, got, names)
	}
}

func owner(t *testing.T, name string) (uid, gid uint32) {
	t.Helper()
	info, err := os.Stat(name)
	if err != nil {
		t.Fatal(err)
	}
	st := info.Sys().(*syscall.Stat_t)
	return st.Uid, st.Gid
}

// sharedDir returns a new directory with mode perm that other users can
// reach (t.TempDir's parent is private to root).
func sharedDir(t *testing.T, perm os.FileMode) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "gamels-fmt-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, perm); err != nil {
		t.Fatal(err)
	}
	return dir
}

func requireRoot(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root, to own files as another user")
	}
}

// asNobody runs gamels with args as the user nobody, in dir, and returns
// its status and standard error.
func asNobody(t *testing.T, dir string, args ...string) (int, string) {
	t.Helper()
	// The test binary's own directory is private: copy it where nobody
	// can run it.
	bin, err := os.MkdirTemp("", "gamels-nobody-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(bin) })
	os.Chmod(bin, 0o755)
	self, err := os.Open(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	defer self.Close()
	exe := filepath.Join(bin, "gamels")
	out, err := os.OpenFile(exe, os.O_CREATE|os.O_WRONLY, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, self); err != nil {
		t.Fatal(err)
	}
	out.Close()
	cmd := exec.Command(exe, args...)
	cmd.Dir = dir
	cmd.Env = []string{"GAMELS_RUN_MAIN=1", "PATH=/usr/bin:/bin"}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
	var errb strings.Builder
	cmd.Stderr = &errb
	err = cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), errb.String()
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0, errb.String()
}

// TestFmtWriteSymlink: the link's target is formatted, the link stays a
// link.
func TestFmtWriteSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.pousse")
	link := filepath.Join(dir, "link.pousse")
	writeMessy(t, target, 0o644)
	if err := os.Symlink("target.pousse", link); err != nil {
		t.Fatal(err)
	}
	if s, _, e := runCLI("", "fmt", "-w", link); s != 0 {
		t.Fatalf("status %d, %s", s, e)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link is no longer a link: %v, %v", info.Mode(), err)
	}
	if got := readString(t, target); got != tidySrc {
		t.Errorf("target holds %q", got)
	}
	onlyFiles(t, dir, "link.pousse", "target.pousse")
}

// TestFmtWriteHardLink: both names still name one file, formatted.
func TestFmtWriteHardLink(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.pousse"), filepath.Join(dir, "b.pousse")
	writeMessy(t, a, 0o644)
	if err := os.Link(a, b); err != nil {
		t.Fatal(err)
	}
	if s, _, e := runCLI("", "fmt", "-w", a); s != 0 {
		t.Fatalf("status %d, %s", s, e)
	}
	ia, _ := os.Stat(a)
	ib, _ := os.Stat(b)
	if !os.SameFile(ia, ib) {
		t.Error("the hard link is broken")
	}
	if got := readString(t, b); got != tidySrc {
		t.Errorf("the other name holds %q", got)
	}
	onlyFiles(t, dir, "a.pousse", "b.pousse")
}

// TestFmtWriteKeepsOwnerAndMode: a file of another user keeps its owner
// and group, and its mode with the setuid bit, when root formats it.
func TestFmtWriteKeepsOwnerAndMode(t *testing.T) {
	requireRoot(t)
	dir := t.TempDir()
	name := filepath.Join(dir, "theirs.pousse")
	writeMessy(t, name, 0o754)
	if err := os.Chown(name, nobody, nobody); err != nil {
		t.Fatal(err)
	}
	os.Chmod(name, 0o754|os.ModeSetuid) // after chown, which clears it
	if s, _, e := runCLI("", "fmt", "-w", name); s != 0 {
		t.Fatalf("status %d, %s", s, e)
	}
	if uid, gid := owner(t, name); uid != nobody || gid != nobody {
		t.Errorf("owner %d:%d, want %d:%d", uid, gid, nobody, nobody)
	}
	if info, _ := os.Stat(name); info.Mode() != 0o754|os.ModeSetuid {
		t.Errorf("mode %v", info.Mode())
	}
	if got := readString(t, name); got != tidySrc {
		t.Errorf("holds %q", got)
	}
}

// TestFmtWriteSetuidAsOwner: the kernel clears the setuid bit when a
// user without CAP_FSETID writes a file; fmt -w sets it again.
func TestFmtWriteSetuidAsOwner(t *testing.T) {
	requireRoot(t)
	dir := sharedDir(t, 0o777)
	name := filepath.Join(dir, "mine.pousse")
	writeMessy(t, name, 0o755)
	os.Chown(name, nobody, nobody)
	os.Chmod(name, 0o755|os.ModeSetuid) // after chown, which clears it
	if s, e := asNobody(t, dir, "fmt", "-w", "mine.pousse"); s != 0 {
		t.Fatalf("status %d, %s", s, e)
	}
	if info, _ := os.Stat(name); info.Mode() != 0o755|os.ModeSetuid {
		t.Errorf("mode %v, want -rwsr-xr-x", info.Mode())
	}
	if got := readString(t, name); got != tidySrc {
		t.Errorf("holds %q", got)
	}
}

// TestFmtWriteReadOnly: a file with no write permission is not
// rewritten, even by root; status 1.
func TestFmtWriteReadOnly(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "ro.pousse")
	writeMessy(t, name, 0o444)
	s, _, e := runCLI("", "fmt", "-w", name)
	if s != 1 || !strings.Contains(e, "read-only") {
		t.Errorf("status %d, stderr %q", s, e)
	}
	if got := readString(t, name); got != messySrc {
		t.Errorf("rewritten: %q", got)
	}
	onlyFiles(t, dir, "ro.pousse")
}

// TestFmtWriteNotOwner: a root-owned 644 file in a world-writable
// directory is not replaced by nobody: status 1, file and owner as they
// were, nothing left in the directory.
func TestFmtWriteNotOwner(t *testing.T) {
	requireRoot(t)
	dir := sharedDir(t, 0o1777)
	name := filepath.Join(dir, "roots.pousse")
	writeMessy(t, name, 0o644)
	s, e := asNobody(t, dir, "fmt", "-w", "roots.pousse")
	if s != 1 || !strings.Contains(e, "permission denied") {
		t.Errorf("status %d, stderr %q", s, e)
	}
	if got := readString(t, name); got != messySrc {
		t.Errorf("rewritten: %q", got)
	}
	if uid, _ := owner(t, name); uid != 0 {
		t.Errorf("owner %d", uid)
	}
	onlyFiles(t, dir, "roots.pousse")
}

// TestFmtWriteConcurrentChange: a file changed by another process between
// reading and writing is left as that process wrote it; status 1.
func TestFmtWriteConcurrentChange(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "busy.pousse")
	other := filepath.Join(dir, "other.pousse")
	writeMessy(t, name, 0o644)
	writeMessy(t, other, 0o644)
	for _, change := range []string{
		"2\nL1\nQUIT\n",       // another size
		"1\nL1   # d  \nQUIT", // the same size
	} {
		writeMessy(t, name, 0o644)
		writeMessy(t, other, 0o644)
		testHookBeforeWrite = func(n string) {
			if n == name {
				os.WriteFile(name, []byte(change), 0o644)
			}
		}
		s, _, e := runCLI("", "fmt", "-w", name, other)
		testHookBeforeWrite = nil
		if s != 1 || !strings.Contains(e, "changed while it was being formatted") {
			t.Errorf("status %d, stderr %q", s, e)
		}
		if got := readString(t, name); got != change {
			t.Errorf("the other writer's change is lost: %q", got)
		}
		if got := readString(t, other); got != tidySrc {
			t.Errorf("the next file was not formatted: %q", got)
		}
		onlyFiles(t, dir, "busy.pousse", "other.pousse")
	}
}
