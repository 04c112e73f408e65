// Package docs holds no Go code: its test keeps docs/architecture.md
// true to the code, failing when the page names a file, a directory or a
// Go identifier that does not exist.
package docs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// checked are the pages whose names are held to the code.
var checked = []string{"architecture.md"}

// external are the first words of the names a page quotes from code that
// is not gamels': the libraries' packages and the editors' APIs. What
// follows them is not checked.
var external = []string{"protocol", "jsonrpc2", "zapcore", "zap", "uri", "unix", "vim", "workspace", "window", "gamels"}

// built are the directories the builds write, not in git: the names
// under them are not checked.
var built = []string{"dist/", "web/site/"}

// sourceExt are the extensions of the files a page may name.
var sourceExt = []string{".go", ".s", ".ts", ".mjs", ".js", ".lua", ".css", ".html", ".md", ".json", ".sh"}

// repo is what the test knows of the checkout.
type repo struct {
	root  string
	files []string // slash paths relative to root
	dirs  map[string]bool
	// decl maps a Go name to true: every package-level name, method,
	// struct field and interface method of the module's Go files.
	decl map[string]bool
	// members maps a Go type's name to its methods and fields, with those
	// of the types it embeds.
	members map[string]map[string]bool
	embeds  map[string][]string
	// pkgs are the module's package names.
	pkgs map[string]bool
	// words are the identifiers of the TypeScript, JavaScript and Lua
	// sources, which a page may name too (the views' interfaces).
	words map[string]bool
}

func readRepo(t *testing.T) *repo {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	r := &repo{root: root, dirs: map[string]bool{}, decl: map[string]bool{}, members: map[string]map[string]bool{}, embeds: map[string][]string{}, pkgs: map[string]bool{}, words: map[string]bool{}}
	word := regexp.MustCompile(`[A-Za-z_$][\w$]*`)
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(p, root+string(filepath.Separator)))
		if d.IsDir() {
			if name := d.Name(); p != root && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "dist" || name == "site") {
				return filepath.SkipDir
			}
			r.dirs[rel] = true
			return nil
		}
		r.files = append(r.files, rel)
		switch path.Ext(rel) {
		case ".go":
			f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			r.addGo(f)
		case ".ts", ".mjs", ".js", ".lua":
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			for _, w := range word.FindAll(b, -1) {
				r.words[string(w)] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.decl) < 500 || len(r.files) < 100 {
		t.Fatalf("read %d files, %d Go names under %s: the root is wrong", len(r.files), len(r.decl), root)
	}
	return r
}

func (r *repo) member(typ, name string) {
	if r.members[typ] == nil {
		r.members[typ] = map[string]bool{}
	}
	r.members[typ][name] = true
	r.decl[name] = true
}

func (r *repo) addGo(f *ast.File) {
	r.pkgs[f.Name.Name] = true
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil || len(d.Recv.List) == 0 {
				r.decl[d.Name.Name] = true
				continue
			}
			if typ := recvType(d.Recv.List[0].Type); typ != "" {
				r.member(typ, d.Name.Name)
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.ValueSpec:
					for _, n := range s.Names {
						r.decl[n.Name] = true
					}
				case *ast.TypeSpec:
					r.decl[s.Name.Name] = true
					r.addType(s.Name.Name, s.Type)
				}
			}
		}
	}
}

func (r *repo) addType(name string, typ ast.Expr) {
	switch typ := typ.(type) {
	case *ast.StructType:
		for _, f := range typ.Fields.List {
			if len(f.Names) == 0 {
				if e := recvType(f.Type); e != "" {
					r.embeds[name] = append(r.embeds[name], e)
					r.member(name, e)
				}
			}
			for _, n := range f.Names {
				r.member(name, n.Name)
			}
		}
	case *ast.InterfaceType:
		for _, m := range typ.Methods.List {
			for _, n := range m.Names {
				r.member(name, n.Name)
			}
		}
	}
}

// recvType returns the type's name in T, *T, T[P], pkg.T.
func recvType(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return recvType(e.X)
	case *ast.Ident:
		return e.Name
	case *ast.IndexExpr:
		return recvType(e.X)
	case *ast.IndexListExpr:
		return recvType(e.X)
	case *ast.SelectorExpr:
		return e.Sel.Name
	}
	return ""
}

// hasMember reports whether typ, or a type it embeds, has name.
func (r *repo) hasMember(typ, name string, depth int) bool {
	if r.members[typ][name] {
		return true
	}
	if depth > 3 {
		return false
	}
	for _, e := range r.embeds[typ] {
		if r.hasMember(e, name, depth+1) {
			return true
		}
	}
	return false
}

// fileExists reports whether name is a file or directory of the
// checkout: a path from its root, the end of one (board/board.css), or a
// file's base name (hover.go); a glob (cache_*.go) must match one.
func (r *repo) fileExists(name string) bool {
	name = strings.TrimSuffix(name, "/")
	if r.dirs[name] || slices.Contains(r.files, name) {
		return true
	}
	for _, f := range r.files {
		if strings.HasSuffix(f, "/"+name) {
			return true
		}
		if ok, _ := path.Match(name, path.Base(f)); ok {
			return true
		}
		if ok, _ := path.Match(name, f); ok {
			return true
		}
	}
	for d := range r.dirs {
		if strings.HasSuffix(d, "/"+name) {
			return true
		}
	}
	return false
}

var (
	quoted      = regexp.MustCompile("`([^`\n]+)`")
	goName      = regexp.MustCompile(`^\*?([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)(?:\(.*\))?$`)
	placeholder = regexp.MustCompile(`^[A-Z_]+(\.|$)`)
	filePath    = regexp.MustCompile(`^[\w.*/-]+$`)
)

// problem returns what is wrong with a quoted span, "" when nothing is.
func (r *repo) problem(span string) string {
	if placeholder.MatchString(span) {
		return "" // NAME.out, NAME_WHAT.go
	}
	for _, b := range built {
		if strings.HasPrefix(span, b) {
			return ""
		}
	}
	if filePath.MatchString(span) && (strings.HasSuffix(span, "/") || slices.Contains(sourceExt, path.Ext(span))) {
		if !r.fileExists(span) {
			return "no such file or directory"
		}
		return ""
	}
	if strings.Contains(span, "/") && filePath.MatchString(span) && !strings.Contains(span, ".") {
		// A package's directory (internal/render) or a method (gamels/board).
		if strings.HasPrefix(span, "gamels/") || strings.Contains(span, "$") || r.dirs[span] || strings.HasPrefix(span, "window/") || strings.HasPrefix(span, "workspace/") {
			return ""
		}
		if r.fileExists(span) {
			return ""
		}
		return "no such directory"
	}
	m := goName.FindStringSubmatch(span)
	if m == nil {
		return "" // prose, a command line, a JSON member with its value
	}
	parts := strings.Split(m[1], ".")
	if slices.Contains(external, parts[0]) {
		return ""
	}
	if r.pkgs[parts[0]] && len(parts) > 1 {
		parts = parts[1:] // analyze.PousseLive
	} else if r.pkgs[parts[0]] {
		return ""
	}
	for i, p := range parts {
		switch {
		case i > 0 && r.members[parts[i-1]] != nil:
			if !r.hasMember(parts[i-1], p, 0) {
				return parts[i-1] + " has no method or field " + p
			}
		case r.decl[p] || r.words[p]:
		default:
			return p + " is declared nowhere"
		}
	}
	return ""
}

// TestArchitectureNames reads every quoted name of docs/architecture.md:
// a file or directory must exist in the checkout; a Go name must be
// declared (Type.Method, Type.field, pkg.Name checked as written), or be
// an identifier of the editors' and the page's sources.
func TestArchitectureNames(t *testing.T) {
	r := readRepo(t)
	for _, page := range checked {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for i, line := range strings.Split(string(b), "\n") {
			for _, m := range quoted.FindAllStringSubmatch(line, -1) {
				n++
				if p := r.problem(m[1]); p != "" {
					t.Errorf("%s:%d: `%s`: %s", page, i+1, m[1], p)
				}
			}
		}
		if n < 100 {
			t.Errorf("%s: only %d quoted names read", page, n)
		}
	}
}

// TestProblemCatches holds the checker itself to what it must refuse.
func TestProblemCatches(t *testing.T) {
	r := readRepo(t)
	for _, tc := range []struct {
		span string
		bad  bool
	}{
		{"lsp/hover.go", false},
		{"cache_*.go", false},
		{"board/board.css", false},
		{"lsp/nothere.go", true},
		{"nothere_*.go", true},
		{"internal/nothere/", true},
		{"Server.snapshot", false},
		{"Server.noSuchMethod", true},
		{"snapshotSpec.withSettings", false},
		{"analyze.PousseLive", false},
		{"analyze.NoSuchThing", true},
		{"noSuchFunction", true},
		{"docRequest(…, hover)", false},
		{"protocol.HoverParams", false},
		{"ViewHost", false},
		{"gamels/board", false},
		{"NAME_WHAT.go", false},
	} {
		if got := r.problem(tc.span) != ""; got != tc.bad {
			t.Errorf("problem(%q) = %q, want a problem: %v", tc.span, r.problem(tc.span), tc.bad)
		}
	}
}
