package schema

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// memberPaths lists every member path below s in the notation of
// testdata/members-*.txt: "." between members, "[]" into list items, dotted
// names in brackets.
func memberPaths(s *Schema, prefix string, out *[]string) {
	if s.Type == Array && s.Items != nil {
		s = s.Items
		prefix += "[]"
	}
	for _, p := range s.Properties {
		path := prefix + "." + p.Name
		if strings.Contains(p.Name, ".") {
			path = prefix + "[" + p.Name + "]"
		}
		path = strings.TrimPrefix(path, ".")
		*out = append(*out, path)
		memberPaths(p.Schema, path, out)
	}
}

// TestMembersMatchSpecList compares each kind's userConfig with the list of
// members written by hand from the specification's tables, both ways, so
// that no member is missing and none is invented.
func TestMembersMatchSpecList(t *testing.T) {
	for _, kind := range Names() {
		t.Run(kind, func(t *testing.T) {
			uc := Lookup(kind).UserConfig()
			if uc.Free {
				t.Fatal("userConfig is unchecked")
			}
			data, err := os.ReadFile("testdata/members-" + strings.ToLower(kind) + ".txt")
			if err != nil {
				t.Fatal(err)
			}
			want := strings.Fields(string(data))
			var got []string
			memberPaths(uc, "", &got)
			for _, w := range want {
				if !slices.Contains(got, w) {
					t.Errorf("the specification lists %s, the schema does not", w)
				}
			}
			for _, g := range got {
				if !slices.Contains(want, g) {
					t.Errorf("the schema has %s, the specification's list does not", g)
				}
			}
		})
	}
}

// TestNamesSorted: the kinds and required members are listed sorted.
func TestNamesSorted(t *testing.T) {
	if got := Names(); !slices.IsSorted(got) || len(got) != 3 {
		t.Errorf("Names() = %v, want the three kinds sorted", got)
	}
	for _, c := range [][]string{{}, {"b", "a"}, {"c", "a", "b", "a"}} {
		want := slices.Sorted(slices.Values(c))
		if sortNames(c); !slices.Equal(c, want) {
			t.Errorf("sortNames = %v, want %v", c, want)
		}
	}
}
