package lsp

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"gamels/parse"
)

// codeFiles are the files that define error codes, one per package.
var codeFiles = []string{"../parse/codes.go", "../analyze/codes.go", "features_codes.go"}

// A codeDoc is one code constant as its file declares it.
type codeDoc struct {
	name, value string
	example     string // the indented "kind: text" line of its comment, if any
}

// declaredCodes reads the Code constants of codeFiles, with the example
// input of each doc comment.
func declaredCodes(t *testing.T) []codeDoc {
	t.Helper()
	var out []codeDoc
	for _, file := range codeFiles {
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				typ := ""
				switch x := vs.Type.(type) {
				case *ast.Ident:
					typ = x.Name
				case *ast.SelectorExpr:
					typ = x.Sel.Name
				}
				if typ != "Code" {
					continue
				}
				for i, name := range vs.Names {
					lit, ok := vs.Values[i].(*ast.BasicLit)
					if !ok {
						t.Fatalf("%s: %s is not a string literal", file, name.Name)
					}
					v, _ := strconv.Unquote(lit.Value)
					cd := codeDoc{name: name.Name, value: v}
					if vs.Doc == nil || !strings.HasPrefix(vs.Doc.Text(), name.Name+": ") {
						t.Errorf("%s: %s has no doc comment starting %q", file, name.Name, name.Name+": ")
					} else {
						for _, l := range vs.Doc.List {
							if ex, ok := strings.CutPrefix(l.Text, "//\t"); ok {
								cd.example = ex
							}
						}
					}
					out = append(out, cd)
				}
			}
		}
	}
	return out
}

// docCodes returns the rows of docs/errors.md's table of error codes:
// code and example cell.
func docCodes(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile("../docs/errors.md")
	if err != nil {
		t.Fatal(err)
	}
	sec := string(data)
	row := regexp.MustCompile("(?m)^\\| `([^`]*)` \\|.*\\| (`[^`]*`|—) \\|$")
	out := map[string]string{}
	for _, m := range row.FindAllStringSubmatch(sec, -1) {
		if _, dup := out[m[1]]; dup {
			t.Errorf("docs/errors.md lists %s twice", m[1])
		}
		out[m[1]] = strings.Trim(m[2], "`")
	}
	if len(out) == 0 {
		t.Fatal("docs/errors.md: no rows in the table of error codes")
	}
	return out
}

// TestCodesDocumented checks that docs/errors.md's table of error codes and
// the code constants agree, both ways, with the same example input, and
// that each example does produce an Error diagnostic with its code.
func TestCodesDocumented(t *testing.T) {
	decl := declaredCodes(t)
	if len(decl) < 20 {
		t.Fatalf("only %d code constants found", len(decl))
	}
	doc := docCodes(t)
	seen := map[string]bool{}
	for _, cd := range decl {
		if seen[cd.value] {
			t.Errorf("code %q is declared twice", cd.value)
		}
		seen[cd.value] = true
		ex, ok := doc[cd.value]
		if !ok {
			t.Errorf("docs/errors.md does not list %s (%s)", cd.value, cd.name)
			continue
		}
		if want := exampleCell(cd.example); ex != want {
			t.Errorf("docs/errors.md gives %s the example %q, its doc comment %q", cd.value, ex, want)
		}
	}
	for code := range doc {
		if !seen[code] {
			t.Errorf("docs/errors.md lists %s, which no constant declares", code)
		}
	}
	for _, cd := range decl {
		if cd.example == "" {
			continue
		}
		kindName, text, ok := strings.Cut(cd.example, ": ")
		kind, known := parse.KindOf(kindName)
		if !ok || !known {
			t.Errorf("%s: example %q is not \"kind: text\"", cd.name, cd.example)
			continue
		}
		src := []byte(strings.ReplaceAll(text, `\n`, "\n") + "\n")
		u := uri.URI("file:///example." + kind.String())
		var got []string
		for _, d := range e5Diagnostics(u, src) {
			if d.Severity == protocol.DiagnosticSeverityError {
				got = append(got, codeString(d.Code))
			}
		}
		if !slices.Contains(got, cd.value) {
			t.Errorf("%s: example %q gives the error codes %q, not %s", cd.name, cd.example, got, cd.value)
		}
	}
}

// exampleCell writes a doc comment's example as docs/errors.md does: "—" for none.
func exampleCell(example string) string {
	if example == "" {
		return "—"
	}
	return example
}

// codeString returns a diagnostic's code, "" when it has none.
func codeString(c protocol.ProgressToken) string {
	if s, ok := c.(protocol.String); ok {
		return string(s)
	}
	return ""
}

// TestErrorDiagnosticsHaveCodes checks that every Error diagnostic of
// the corpus carries a code that a codes file declares.
func TestErrorDiagnosticsHaveCodes(t *testing.T) {
	known := map[string]bool{}
	for _, cd := range declaredCodes(t) {
		known[cd.value] = true
	}
	errors := 0
	for name, text := range corpus(t) {
		k, _ := parse.KindOf(name)
		for _, d := range e5Diagnostics(uri.URI("file:///c."+k.String()), text) {
			if d.Severity != protocol.DiagnosticSeverityError {
				continue
			}
			errors++
			if c := codeString(d.Code); !known[c] {
				t.Errorf("%s: error %q has the code %q", name, d.Message, c)
			}
		}
	}
	if errors == 0 {
		t.Fatal("no error diagnostic in the corpus")
	}
}
