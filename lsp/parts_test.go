package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The rule docs/architecture.md states for package lsp: its files are in
// three parts, told apart by their names, and each part uses only what
// its own part and the parts below it declare, never what a part above
// declares. From the top: the session (session_*.go), the features (every
// other file) and the cache (cache_*.go); the wire is package lsp/wire,
// which the compiler already keeps from importing lsp.
//
// TestPartsCallOnlyDown holds the package to it: it type-checks the
// package's files as the build sees them and fails on every identifier
// in a file that refers to something a file of a higher part declares: a
// type, function, variable or constant, a method, or a struct field (so
// a feature that names *Server, or reads s.settings, fails, and so does
// a cache file that holds a feature's type).

// part is one part of package lsp; a higher part may use a lower one.
type part int

const (
	partCache part = iota
	partFeatures
	partSession
)

func (p part) String() string {
	return [...]string{"cache", "features", "session"}[p]
}

// partOf returns the part of the package's file named name.
func partOf(name string) part {
	switch {
	case strings.HasPrefix(name, "session_"):
		return partSession
	case strings.HasPrefix(name, "cache_"):
		return partCache
	}
	return partFeatures
}

// A violation is one use of a higher part's name.
type violation struct {
	at        token.Position
	from, to  part
	name      string
	declFile  string
	useInFile string
}

func (v violation) String() string {
	return fmt.Sprintf("%s:%d: the %s uses %s, declared by the %s in %s", filepath.Base(v.at.Filename), v.at.Line, v.from, v.name, v.to, v.declFile)
}

func TestPartsCallOnlyDown(t *testing.T) {
	vs, files := partViolations(t)
	if len(files) < 20 {
		t.Fatalf("only %d files read: %v", len(files), files)
	}
	for _, v := range vs {
		t.Error(v)
	}
}

// partViolations type-checks package lsp as the build sees it (go list
// gives its files and the export data of what it imports) and returns
// every use of a higher part's name, and the files read. The files the
// build leaves out (another GOOS's) are read as syntax: an identifier
// there that is a package-level name of a higher part is a violation.
func partViolations(t *testing.T) ([]violation, []string) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to list the package")
	}
	out, err := exec.Command("go", "list", "-export", "-deps", "-json=ImportPath,Export,Dir,GoFiles,IgnoredGoFiles", "gamels/lsp").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	type listed struct {
		ImportPath, Export, Dir string
		GoFiles, IgnoredGoFiles []string
	}
	exports := map[string]string{}
	var self listed
	for dec := json.NewDecoder(bytes.NewReader(out)); dec.More(); {
		var p listed
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		exports[p.ImportPath] = p.Export
		if p.ImportPath == "gamels/lsp" {
			self = p
		}
	}
	fset := token.NewFileSet()
	parseAll := func(names []string) []*ast.File {
		var fs []*ast.File
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, filepath.Join(self.Dir, name), nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			fs = append(fs, f)
		}
		return fs
	}
	files := parseAll(self.GoFiles)
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		e, ok := exports[path]
		if !ok || e == "" {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(e)
	})
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	pkg, err := (&types.Config{Importer: imp}).Check("gamels/lsp", fset, files, info)
	if err != nil {
		t.Fatalf("type-checking lsp: %v", err)
	}

	fileOf := func(pos token.Pos) string { return filepath.Base(fset.Position(pos).Filename) }
	var vs []violation
	check := func(id *ast.Ident, obj types.Object) {
		if obj == nil || obj.Pkg() != pkg || !obj.Pos().IsValid() {
			return
		}
		if obj.Parent() != nil && obj.Parent() != pkg.Scope() { // a local: parameters, variables
			return
		}
		use, decl := fileOf(id.Pos()), fileOf(obj.Pos())
		if from, to := partOf(use), partOf(decl); to > from {
			vs = append(vs, violation{at: fset.Position(id.Pos()), from: from, to: to, name: obj.Name(), declFile: decl, useInFile: use})
		}
	}
	for id, obj := range info.Uses {
		check(id, obj)
	}
	// The files this build leaves out, read as syntax.
	higher := map[string]part{}
	for _, name := range pkg.Scope().Names() {
		obj := pkg.Scope().Lookup(name)
		higher[name] = partOf(fileOf(obj.Pos()))
	}
	for _, f := range parseAll(self.IgnoredGoFiles) {
		use := fileOf(f.Pos())
		var visit func(n ast.Node) bool
		visit = func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok { // a field or method: its name alone says nothing
				ast.Inspect(sel.X, visit)
				return false
			}
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			if to, ok := higher[id.Name]; ok && to > partOf(use) {
				obj := pkg.Scope().Lookup(id.Name)
				vs = append(vs, violation{at: fset.Position(id.Pos()), from: partOf(use), to: to, name: id.Name, declFile: fileOf(obj.Pos()), useInFile: use})
			}
			return true
		}
		ast.Inspect(f, visit)
	}
	slices.SortFunc(vs, func(a, b violation) int {
		if c := strings.Compare(a.at.Filename, b.at.Filename); c != 0 {
			return c
		}
		return a.at.Line - b.at.Line
	})
	var names []string
	for _, f := range files {
		names = append(names, fileOf(f.Pos()))
	}
	return vs, names
}
