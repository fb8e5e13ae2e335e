package schema

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/internal/golden"
)

// dumpTree writes every node below s, one a line: its member path in the
// notation of testdata/members-*.txt, its type, then every other exported
// field of Property and Schema that is not zero, found by reflection so that a field added
// later is dumped without a change here. It knows nothing of how the tree
// was built, so the dump holds whatever builds it to the same tree.
func dumpTree(b *strings.Builder, path string, required bool, s *Schema) {
	b.WriteString(path + " Type=" + strconv.Quote(s.Type.String()))
	if required {
		b.WriteString(" Required=true")
	}
	v := reflect.ValueOf(s).Elem()
	for i := 0; i < v.NumField(); i++ {
		f, fv := v.Type().Field(i), v.Field(i)
		if !f.IsExported() || fv.IsZero() || f.Name == "Type" || f.Name == "Properties" || f.Name == "Items" {
			continue
		}
		b.WriteString(" " + f.Name + "=")
		switch fv.Kind() {
		case reflect.String:
			b.WriteString(strconv.Quote(fv.String()))
		case reflect.Int:
			b.WriteString(strconv.FormatInt(fv.Int(), 10))
		case reflect.Uint8:
			b.WriteString(strconv.FormatUint(fv.Uint(), 10))
		case reflect.Bool:
			b.WriteString(strconv.FormatBool(fv.Bool()))
		case reflect.Slice: // Enum, SecretKeys, Rules
			for j := 0; j < fv.Len(); j++ {
				if j > 0 {
					b.WriteString(",")
				}
				switch e := fv.Index(j).Interface().(type) {
				case string:
					b.WriteString(strconv.Quote(e))
				case Rule:
					b.WriteString(strconv.Quote(e.Kind.String() + "=" + ruleText(e)))
				default:
					panic("dumpTree: field " + f.Name + " holds a type the dump does not know")
				}
			}
		default:
			panic("dumpTree: field " + f.Name + " has a kind the dump does not know")
		}
	}
	// Transitions, read by a method, after the fields as the field was.
	for i, t := range s.Transitions() {
		if i == 0 {
			b.WriteString(" Transitions=")
		} else {
			b.WriteString(",")
		}
		b.WriteString(strconv.Quote(transitionText(t)))
	}
	b.WriteString("\n")
	if s.Items != nil {
		dumpTree(b, path+"[]", false, s.Items)
	}
	for _, p := range s.Properties {
		sub := path + "." + p.Name
		if strings.Contains(p.Name, ".") {
			sub = path + "[" + p.Name + "]"
		}
		dumpTree(b, sub, p.Required, p.Schema)
	}
}

// treeDump is the dump of every kind's manifest, kinds sorted by name.
func treeDump() string {
	var b strings.Builder
	for _, name := range Names() {
		dumpTree(&b, name, false, Lookup(name).Manifest)
	}
	return b.String()
}

// TestTreeMatchesGolden holds the whole tree, every field of every node in
// its order, against testdata/tree-golden.txt. The golden file was written
// from the Go builders before the schema moved into data files, so it
// proves that the move changed nothing; now it shows every change to the
// schema as a reviewable diff (go test ./core/schema -run TreeMatchesGolden
// -update rewrites it).
func TestTreeMatchesGolden(t *testing.T) {
	golden.Check(t, "testdata/tree-golden.txt", treeDump())
}
