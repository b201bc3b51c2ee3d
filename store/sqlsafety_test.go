package store

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// sqlArg says which argument of a call is SQL text: the first for the
// pgx methods after the context (Queue and pgx.Batch take no context).
var sqlArg = map[string]int{"Exec": 1, "Query": 1, "QueryRow": 1, "Queue": 0}

// dynamicSQL allow-lists the calls whose SQL is not a compile-time
// constant, by "file:function", each with why its input is safe. A new
// entry needs the same scrutiny: values go in $n parameters, only
// identifiers may be spliced, and only ones the code itself chose.
var dynamicSQL = map[string]string{
	// CREATE DATABASE takes no parameters; the name is quoted by pgx.
	"databases.go:CreateDatabase": "pgx.Identifier.Sanitize",
	// Migration files embedded in the binary.
	"migrate.go:applyOne": "embedded migration files",
	// refWhere returns one of two constant clauses; the ref is $1.
	"content.go:FindArticle":  "constant WHERE from refWhere",
	"content.go:FindBlogPost": "constant WHERE from refWhere",
	// The upsert and prune of a contentKind: string literals of the
	// articleKind, blogPostKind and statisticKind values in content.go.
	"content.go:loadKind": "constant statements of the contentKind values",
	// The table is safetyPlans or copingPlans, constants of this package.
	"plans.go:findPlan": "table is a package constant",
	"plans.go:savePlan": "table is a package constant",
	// Table names read from information_schema (tables the migrations made).
	"users.go:ExportUser": "identifiers from the live schema",
	"users.go:DeleteUser": "identifiers from the live schema",
	// One of the constant statements of retentionDeletes, values as $n.
	"retention.go:deleteInBatches": "constant statements of retentionDeletes",
	// Benchmark tools (lifeline-bench seed-api / explain-api), never on a
	// request path nor in the product binary: plan_cache_mode is one of two
	// constants; the prepared statement's name is quoted by pgx and its
	// placeholders are $n casts to catalog type names.
	"storebench/explain.go:ExplainQueries":  "SET to one of two constant modes",
	"storebench/explain.go:ExplainPrepared": "pgx.Identifier name, $n placeholders",
	// Index and constraint names and definitions read from pg_catalog
	// (pg_get_indexdef), names quoted by pgx.Identifier.
	"storebench/seed.go:bulkLoad": "catalog identifiers and pg_get_indexdef",
	// Disk passes one of its two constant size queries (plain tables or the
	// hypertable); no value is spliced.
	"storebench/disk.go:diskUsage": "one of Disk's constant size queries",
}

// sqlPackages are the folders whose source TestSQLIsParameterised scans:
// store and its subpackages that speak SQL.
var sqlPackages = []string{".", "storebench"}

// TestSQLIsParameterised scans the source of store and its SQL-speaking
// subpackages: every SQL text handed to pgx is a constant (string literals
// and named constants of the same package joined with +), so values can
// only travel as $n parameters; fmt.Sprintf never builds SQL. Anything else
// must be in dynamicSQL with a reason.
func TestSQLIsParameterised(t *testing.T) {
	fset := token.NewFileSet()
	consts := map[string]bool{} // "folder.Name"
	parsed := map[string]*ast.File{}
	for _, dir := range sqlPackages {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		if len(files) == 0 {
			t.Fatalf("no Go files in %s: update sqlPackages", dir)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			f, err := parser.ParseFile(fset, name, src, 0)
			if err != nil {
				t.Fatal(err)
			}
			parsed[name] = f
			ast.Inspect(f, func(n ast.Node) bool {
				if d, ok := n.(*ast.GenDecl); ok && d.Tok == token.CONST {
					for _, spec := range d.Specs {
						for _, id := range spec.(*ast.ValueSpec).Names {
							consts[filepath.Dir(name)+"."+id.Name] = true
						}
					}
				}
				return true
			})
		}
	}
	var constant func(dir string, e ast.Expr) bool
	constant = func(dir string, e ast.Expr) bool {
		switch x := e.(type) {
		case *ast.BasicLit:
			return x.Kind == token.STRING
		case *ast.Ident:
			return consts[dir+"."+x.Name]
		case *ast.ParenExpr:
			return constant(dir, x.X)
		case *ast.BinaryExpr:
			return x.Op == token.ADD && constant(dir, x.X) && constant(dir, x.Y)
		}
		return false
	}
	sqlWords := regexp.MustCompile(`(?i)\b(select|insert|update|delete|from|where|values)\b`)

	used := map[string]bool{}
	var problems []string
	for name, f := range parsed {
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			where := name + ":" + fn.Name.Name
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				var callee string
				switch f := call.Fun.(type) {
				case *ast.SelectorExpr:
					callee = f.Sel.Name
					if pkg, ok := f.X.(*ast.Ident); ok && pkg.Name == "fmt" && strings.HasSuffix(callee, "printf") && len(call.Args) > 0 {
						if lit, ok := call.Args[0].(*ast.BasicLit); ok && sqlWords.MatchString(lit.Value) {
							problems = append(problems, fset.Position(call.Pos()).String()+": fmt."+callee+" builds SQL-looking text")
						}
						return true
					}
				case *ast.Ident:
					callee = f.Name
				}
				i, ok := sqlArg[callee]
				if !ok || len(call.Args) <= i || constant(filepath.Dir(name), call.Args[i]) {
					return true
				}
				if _, ok := dynamicSQL[where]; ok {
					used[where] = true
					return true
				}
				problems = append(problems, fset.Position(call.Pos()).String()+": "+callee+" in "+where+" runs SQL that is not a constant")
				return true
			})
		}
	}
	sort.Strings(problems)
	for _, p := range problems {
		t.Error(p + " (use $n parameters; an identifier that must be spliced needs pgx.Identifier and an entry in dynamicSQL)")
	}
	for where := range dynamicSQL {
		if !used[where] {
			t.Errorf("dynamicSQL allows %s, which no longer builds SQL: remove the entry", where)
		}
	}
}
