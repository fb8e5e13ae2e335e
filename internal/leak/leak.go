// Package leak generates the attack cases of the secret leak tests: for
// every secret member of every kind, every way a value can be wrong or
// look like YAML syntax, in block and flow mappings. The core's and the
// CLI's tests run them all, the language server's and the wasm module's
// a sample (Sample) with every way once; each fails if any output holds
// a case's secret. The
// cases come from the schema, so a new secret member is attacked without
// a change here.
package leak

import (
	"fmt"
	"strings"

	"github.com/mdscheck/mdscheck/core/schema"
)

// Case is one manifest that holds a secret.
type Case struct {
	Name string `json:"name"` // kind, member path, way and style, for failure messages
	Kind string `json:"kind"`
	Text string `json:"text"` // the manifest
	// Secrets are texts that no output may contain: the secret value, or
	// distinctive parts of it.
	Secrets []string `json:"secrets"`
	// Previous is the text's previous version, where a front end compares
	// with one; it holds secrets of its own, which Secrets lists too.
	Previous string `json:"previous,omitempty"`
}

// Leaked returns the first of c's secrets that out contains, or "".
func (c Case) Leaked(out string) string {
	for _, s := range c.Secrets {
		if strings.Contains(out, s) {
			return s
		}
	}
	return ""
}

// The secret's text. Each part is distinctive enough that finding it in
// an output can only mean the secret leaked.
const (
	partA = "Sx7Qv9Wd"
	partB = "Kp3LmR8t"
	whole = partA + partB
	// number is a secret that YAML reads as a number.
	number = "8675309421337"
)

// Member is a secret member of a kind.
type Member struct {
	Kind string
	// Path holds the keys from the root; "[]" stands for an item of the
	// array before it.
	Path   []string
	Schema *schema.Schema
}

// String is the member's path in Kubernetes style.
func (m Member) String() string {
	return m.Kind + "." + strings.ReplaceAll(strings.Join(m.Path, "."), ".[]", "[]")
}

// Members returns every secret member of every kind, found in the schema.
func Members() []Member {
	var out []Member
	var walk func(kind string, s *schema.Schema, path []string)
	walk = func(kind string, s *schema.Schema, path []string) {
		if !s.HoldsSecret() {
			return
		}
		if s.Secret {
			out = append(out, Member{Kind: kind, Path: path, Schema: s})
			return
		}
		for _, p := range s.Properties {
			walk(kind, p.Schema, append(path[:len(path):len(path)], p.Name))
		}
		if s.Items != nil {
			walk(kind, s.Items, append(path[:len(path):len(path)], "[]"))
		}
	}
	for _, k := range schema.Names() {
		walk(k, schema.Lookup(k).Manifest, nil)
	}
	return out
}

// way is one way to write the secret member.
type way struct {
	name string
	// value is what follows "key: " (block) or "key: " in a flow mapping;
	// lines after the first are the rest of a block scalar, indented
	// below the key by the generator.
	value   string
	secrets []string
	block   bool // only in a block mapping (block scalars)
	// applies reports whether the way makes sense for the member.
	applies func(*schema.Schema) bool
}

func always(*schema.Schema) bool { return true }

func ways() []way {
	return []way{
		{name: "wrong type", value: number, secrets: []string{number}, applies: always},
		{name: "too long", applies: func(s *schema.Schema) bool { return s.MaxLength > 0 }},
		{name: "control character", value: `"` + partA + `\x01` + partB + `"`, secrets: []string{partA, partB}, applies: always},
		{name: "pattern or format", value: partA + " " + partB + "!~", secrets: []string{partA, partB},
			applies: func(s *schema.Schema) bool { return s.Pattern != "" || s.Format != schema.FormatNone }},
		{name: "plain", value: whole, secrets: []string{whole}, applies: always},
		{name: "unclosed quote", value: `"` + whole, secrets: []string{whole}, applies: always},
		{name: "unclosed flow", value: "[" + whole, secrets: []string{whole}, applies: always},
		{name: "extra colon", value: whole + ": " + partB + ": x", secrets: []string{whole, partB}, applies: always},
		{name: "leading *", value: "*" + whole, secrets: []string{whole}, applies: always},
		{name: "leading &", value: "&" + whole, secrets: []string{whole}, applies: always},
		{name: "leading !", value: "!" + whole, secrets: []string{whole}, applies: always},
		{name: "leading |", value: "|" + whole, secrets: []string{whole}, applies: always},
		{name: "leading >", value: ">" + whole, secrets: []string{whole}, applies: always},
		{name: "leading %", value: "%" + whole, secrets: []string{whole}, applies: always},
		{name: "leading @", value: "@" + whole, secrets: []string{whole}, applies: always},
		{name: "leading `", value: "`" + whole, secrets: []string{whole}, applies: always},
		{name: "tab inside", value: "\"" + partA + "\t" + partB + "\"", secrets: []string{partA, partB}, applies: always},
		{name: "literal block", value: "|\n" + partA + "\n" + partB, secrets: []string{partA, partB}, block: true, applies: always},
		{name: "folded block", value: ">-\n" + partA + "\n" + partB, secrets: []string{partA, partB}, block: true, applies: always},
		{name: "literal block bad indent", value: "|2\n" + partA + "\n  " + partB, secrets: []string{partA, partB}, block: true, applies: always},
	}
}

// Cases returns every attack case: each member, each way, in a block
// and in a flow mapping, plus the cases where the secret travels through
// an anchor, a duplicate key, a merge key or a sibling's finding.
func Cases() []Case {
	var out []Case
	for _, m := range Members() {
		for _, w := range ways() {
			if !w.applies(m.Schema) {
				continue
			}
			if w.name == "too long" {
				n := m.Schema.MaxLength/len(whole) + 1
				w.value, w.secrets = strings.Repeat(whole, n), []string{whole}
			}
			for _, flow := range []bool{false, true} {
				if flow && w.block {
					continue
				}
				out = append(out, build(m, w.name, flow, []string{entry(m, w.value)}, "", "", w.secrets))
			}
		}
		key := m.Path[len(m.Path)-1]
		for _, flow := range []bool{false, true} {
			out = append(out,
				build(m, "duplicate key", flow, []string{entry(m, partA), entry(m, partB)}, "", "", []string{partA, partB}),
				build(m, "sibling finding", flow, []string{"bogus_member: 1", entry(m, whole), "another_bogus: [x]"}, "", "", []string{whole}),
				// The secret's anchor aliased into members whose messages
				// quote values: pattern, enum, format, a label, the name.
				build(m, "anchor aliased out", flow, []string{entry(m, "&s "+whole)}, aliasesOut, "", []string{whole}),
				// Another member's anchor aliased into the secret.
				build(m, "anchor aliased in", flow, []string{entry(m, "*s")}, "", "metadata:\n  name: &s "+whole+"\n  labels: {team: *s}\n", []string{whole}),
				build(m, "merge source", flow, []string{"<<: *b"}, "", "status:\n  base: &b {"+key+": "+whole+"}\n", []string{whole}),
				// The secret's alias as a key: findings name its place, and
				// the outline lists the keys of spec's sections.
				build(m, "alias as key", flow, []string{entry(m, "&s "+whole), "*s : 1"}, "  tags:\n    *s : team\n", "", []string{whole}),
				// A value on two lines (a plain scalar goes on in a flow
				// mapping as in a block one).
				build(m, "two lines", flow, []string{entry(m, partA+"\n"+strings.Repeat(" ", 24)+partB)}, "", "", []string{partA, partB}),
			)
			// The member where the schema does not place it: in a
			// manifest of a misspelt kind, or of another kind.
			for _, kind := range []string{"Kafak", otherKind(m.Kind)} {
				c := build(m, "in kind "+kind, flow, []string{entry(m, whole)}, "", "", []string{whole})
				c.Text = strings.Replace(c.Text, "kind: "+m.Kind+"\n", "kind: "+kind+"\n", 1)
				out = append(out, c)
			}
			if flow {
				// The whole manifest on one line, of a misspelt kind: the
				// line under the kind's finding holds the secret.
				out = append(out, Case{Name: m.String() + "/one line of kind Kafak/flow", Kind: m.Kind,
					Text:    "{apiVersion: example.io/v1alpha1, kind: Kafak, metadata: {name: leak-test}, " + oneLine(m.Path, whole) + "}\n",
					Secrets: []string{whole}})
			}
			// Keys written in every way YAML allows, in a document that
			// also cannot be read (so that a front end has only the
			// key's name to go by) and in one that can.
			for _, spelling := range spellings(key, flow) {
				for _, after := range []string{"", "broken: [x\n"} {
					way := "key " + spelling.name
					if after != "" {
						way += ", unreadable"
					}
					c := build(m, way, flow, []string{spelling.entry}, after, "", []string{whole})
					// build indents the lines after an entry's first as a
					// block scalar's: the explicit key's value and the
					// sequence go where the key is.
					c.Text = strings.NewReplacer("  : "+whole, ": "+whole, "  - "+whole, "- "+whole).Replace(c.Text)
					out = append(out, c)
				}
			}
		}
	}
	// And a sample of the property: manifests drawn at random and
	// mutated the ways attackers found (mutate.go), the same every run.
	return append(out, Mutated(SampleSeed, SampleSize)...)
}

// SampleSeed and SampleSize choose the random cases every front end's
// test runs; the core's sweep draws many more (report's property test).
const (
	SampleSeed = 20261127
	SampleSize = 300
)

// oneLine writes the member at path with value as nested flow
// collections: spec: {userConfig: {providers: [{token: value}]}}.
func oneLine(path []string, value string) string {
	out := path[len(path)-1] + ": " + value
	for i := len(path) - 2; i >= 0; i-- {
		switch {
		case path[i] == "[]":
			out = "[{" + out + "}]"
		case path[i+1] == "[]":
			out = path[i] + ": " + out
		default:
			out = path[i] + ": {" + out + "}"
		}
	}
	return out
}

// otherKind returns a kind that is not kind.
func otherKind(kind string) string {
	for _, k := range schema.Names() {
		if k != kind {
			return k
		}
	}
	return kind
}

// spelling is a way to write the key of a secret member with the value
// whole.
type spelling struct{ name, entry string }

// spellings returns the ways to write the entry key: whole, other than
// "key: ": blanks before the colon, quotes, a tag or an anchor on the
// key, an escape in a quoted key, and in a block mapping an explicit key
// and a sequence as the value.
func spellings(key string, flow bool) []spelling {
	out := []spelling{
		{"blank before colon", key + " : " + whole},
		{"tab before colon", key + "\t: " + whole},
		{"quoted, blank before colon", `"` + key + `" : ` + whole},
		{"single-quoted", `'` + key + `': ` + whole},
		{"tagged", "!!str " + key + ": " + whole},
		{"anchored", "&k " + key + ": " + whole},
		{"escaped", `"` + strings.Replace(key, key[:1], `\x`+fmt.Sprintf("%02x", key[0]), 1) + `": ` + whole},
	}
	if !flow {
		out = append(out,
			spelling{"explicit", "? " + key + "\n: " + whole},
			spelling{"sequence value", key + ":\n- " + whole},
		)
	}
	return out
}

// aliasesOut puts the alias *s, at the end of spec, where messages quote
// values.
const aliasesOut = "  project: *s\n  maintenanceWindowDow: *s\n  maintenanceWindowTime: *s\n  disk_space: *s\n" +
	"  technicalEmails:\n  - email: *s\n  connInfoSecretTarget:\n    name: *s\n    prefix: *s\n    labels: {x: *s}\n" +
	"metadata:\n  name: *s\n  namespace: *s\n  labels:\n    team: *s\n"

// entry is the member's key and a value.
func entry(m Member, value string) string { return m.Path[len(m.Path)-1] + ": " + value }

// build writes a manifest of m's kind with entries as the members of the
// secret's parent mapping, a block or a flow one. after is appended to the
// document, before leads it.
func build(m Member, way string, flow bool, entries []string, after, before string, secrets []string) Case {
	body := strings.Join(entries, ", ")
	var b strings.Builder
	b.WriteString("apiVersion: example.io/v1alpha1\nkind: " + m.Kind + "\n")
	b.WriteString(before)
	if !strings.Contains(before+after, "metadata:") {
		b.WriteString("metadata:\n  name: leak-test\n")
	}
	indent := ""
	parents := m.Path[:len(m.Path)-1]
	for i, k := range parents {
		if k == "[]" {
			continue
		}
		item := i+1 < len(parents) && parents[i+1] == "[]"
		last := i == len(parents)-1 || i == len(parents)-2 && item
		switch {
		case last && flow && item:
			b.WriteString(indent + k + ": [{" + body + "}]\n")
		case last && flow:
			b.WriteString(indent + k + ": {" + body + "}\n")
		case item:
			b.WriteString(indent + k + ":\n" + indent + "- name: leak\n")
			indent += "  "
		default:
			b.WriteString(indent + k + ":\n")
			indent += "  "
		}
		if k == "spec" && !strings.Contains(after, "  project:") {
			b.WriteString(indent + "plan: startup-4\n" + indent + "project: leak-test\n")
		}
	}
	if !flow {
		for _, e := range entries {
			b.WriteString(blockLines(indent, e))
		}
	}
	b.WriteString(after)
	name := fmt.Sprintf("%s/%s/%s", m, way, map[bool]string{false: "block", true: "flow"}[flow])
	return Case{Name: name, Kind: m.Kind, Text: b.String(), Secrets: secrets}
}

// blockLines writes one entry of a block mapping at indent; the lines of
// a block scalar's content (after the first) go one level deeper.
func blockLines(indent, entry string) string {
	parts := strings.Split(entry, "\n")
	var b strings.Builder
	b.WriteString(indent + parts[0] + "\n")
	for _, p := range parts[1:] {
		b.WriteString(indent + "  " + p + "\n")
	}
	return b.String()
}

// Sample returns the cases a front end runs. Cases runs whole on the core
// (core/lang) and in the CLI, whose output formats are its own code; a
// front end that passes the core's results through the gate to a client
// needs each attack once, not once per member. Sample holds the first
// case of each way and style of Cases (and of each mutation and style of
// its random cases), and one case of each member, the members taking
// their ways in turn so that together they cover many of them. It is the
// same every run.
func Sample() []Case {
	type member struct{ index, cases int }
	seen := map[string]bool{} // ways and styles taken
	members := map[string]*member{}
	var out []Case
	for _, c := range Cases() {
		name, way := attack(c)
		m := members[name]
		if m == nil {
			m = &member{index: len(members)}
			members[name] = m
		}
		m.cases++
		// The i-th member takes its (7i mod 31)-th case: neighbouring
		// members take different ways.
		if seen[way] && m.cases-1 != m.index*7%31 {
			continue
		}
		seen[way] = true
		out = append(out, c)
	}
	return out
}

// attack returns the member a case attacks and how: its way (or
// mutation) and style, without the seed of a random case.
func attack(c Case) (member, way string) {
	member, way, _ = strings.Cut(c.Name, "/")
	way, _, _ = strings.Cut(way, " (seed ")
	return member, way
}
