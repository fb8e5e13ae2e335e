package check_test

// TestEveryConstraintIsEnforced proves that the checker enforces what the
// schema says (core/schema/spec_test.go proves that the schema says what
// the specification says). For every member of every kind it generates a
// minimal manifest that is valid except for one violation of one
// constraint (the wrong type, a value just beyond a bound, a value outside
// the enum, a string outside the pattern's class or the named shape, one
// item too many, a missing or null required member, an unknown member) and
// asserts that exactly that finding is reported: its rule, at its pointer,
// underlining the offending text, and never showing a secret's value. The
// value just inside each bound must pass.

import (
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/schema"
)

// A generated manifest is a tree of *ymap, *yseq and yraw (a scalar as it
// is written in YAML), printed in block style as people write manifests.
type (
	ykv struct {
		k string
		v any
	}
	ymap struct{ kv []ykv }
	yseq struct{ items []any }
	yraw string
)

func (m *ymap) get(k string) any {
	if m == nil {
		return nil
	}
	for _, e := range m.kv {
		if e.k == k {
			return e.v
		}
	}
	return nil
}

func (m *ymap) obj(k string) *ymap {
	o, _ := m.get(k).(*ymap)
	return o
}

func (m *ymap) set(k string, v any) {
	for i, e := range m.kv {
		if e.k == k {
			m.kv[i].v = v
			return
		}
	}
	m.kv = append(m.kv, ykv{k, v})
}

func (m *ymap) del(k string) {
	m.kv = slices.DeleteFunc(m.kv, func(e ykv) bool { return e.k == k })
}

// printYAML writes v at the given indentation.
func printYAML(b *strings.Builder, v any, indent int) {
	pad := strings.Repeat(" ", indent)
	switch v := v.(type) {
	case *ymap:
		for _, e := range v.kv {
			b.WriteString(pad + e.k + ":")
			printValue(b, e.v, indent)
		}
	case *yseq:
		for _, it := range v.items {
			switch it := it.(type) {
			case *ymap:
				if len(it.kv) == 0 {
					b.WriteString(pad + "- {}\n")
					continue
				}
				var sub strings.Builder
				printYAML(&sub, it, indent+2)
				b.WriteString(pad + "- " + sub.String()[indent+2:])
			default:
				b.WriteString(pad + "-")
				printValue(b, it, indent)
			}
		}
	}
}

// printValue writes the value of a key or item that has been written up
// to its colon or dash.
func printValue(b *strings.Builder, v any, indent int) {
	switch v := v.(type) {
	case yraw:
		b.WriteString(" " + string(v) + "\n")
	case *ymap:
		if len(v.kv) == 0 {
			b.WriteString(" {}\n")
			return
		}
		b.WriteString("\n")
		printYAML(b, v, indent+2)
	case *yseq:
		if len(v.items) == 0 {
			b.WriteString(" []\n")
			return
		}
		b.WriteString("\n")
		printYAML(b, v, indent+2)
	}
}

func quoted(s string) yraw { return yraw(strconv.Quote(s)) }

// validValue is a minimal valid value of s: required members only, one
// item in a list, the first enum value, the lower bound.
func validValue(s *schema.Schema) any {
	switch s.Type {
	case schema.Object:
		m := &ymap{}
		for _, p := range s.Properties {
			if p.Required {
				m.set(p.Name, validValue(p.Schema))
			}
		}
		return m
	case schema.StringMap:
		return &ymap{kv: []ykv{{"team", quoted("search")}}}
	case schema.Array:
		return &yseq{items: []any{validValue(s.Items)}}
	case schema.Boolean:
		return yraw("false")
	case schema.Integer, schema.Number:
		switch {
		case len(s.Enum) > 0:
			return yraw(s.Enum[0])
		case s.Minimum != "":
			return yraw(s.Minimum)
		case s.Maximum != "":
			return yraw(s.Maximum)
		}
		return yraw("1")
	}
	if len(s.Enum) > 0 {
		return quoted(s.Enum[0])
	}
	switch s.Format {
	case schema.FormatCIDR:
		return quoted("10.0.0.0/8")
	case schema.FormatEmail:
		return quoted("oncall@example.com")
	}
	// The shortest string the pattern and shape allow.
	for n := max(s.MinLength, 1); n <= 16; n++ {
		if v, broken := stringOfLen(s, n); len(broken) == 0 {
			return quoted(v)
		}
	}
	return quoted("no valid value found")
}

// stringOfLen returns a string of n code points that satisfies the pattern
// and shape of s, and the rules it breaks besides its length when there is
// none (the time of day has exactly 8 characters).
func stringOfLen(s *schema.Schema, n int) (string, []string) {
	switch s.Format {
	case schema.FormatCIDR:
		// Addresses of chosen lengths: 10, 43 and 44 characters.
		for _, v := range []string{"10.0.0.0/8", "1111:2222:3333:4444:5555:6666:7777:8888/128", "1111:2222:3333:4444:5555:6666:1.20.30.40/128"} {
			if len(v) == n {
				return v, nil
			}
		}
		return strings.Repeat("1", n), []string{"format"}
	case schema.FormatTime:
		if n == 8 {
			return "03:30:00", nil
		}
		return strings.Repeat("0", n), []string{"format"}
	case schema.FormatEmail:
		if n >= 6 {
			return "a@" + strings.Repeat("b", n-5) + ".co", nil
		}
		return strings.Repeat("a", n), []string{"format"}
	case schema.FormatDiskSpace:
		if n >= 2 {
			return strings.Repeat("8", n-1) + "G", nil
		}
		return "8", []string{"disk-unit"} // a size needs its unit
	case schema.FormatDuration:
		if n >= 2 {
			return strings.Repeat("5", n-1) + "m", nil
		}
		return strings.Repeat("5", n), []string{"format"}
	}
	re := s.CompiledPattern()
	if re == nil {
		return strings.Repeat("a", n), nil
	}
	if n == 0 && re.MatchString("") {
		return "", nil
	}
	for _, seed := range []string{"a", "A", "1", "G-a", "5m", "a1"} {
		if len(seed) > n {
			continue
		}
		more := n - len(seed)
		for _, v := range []string{strings.Repeat(seed[:1], more) + seed, seed + strings.Repeat(seed[len(seed)-1:], more)} {
			if re.MatchString(v) {
				return v, nil
			}
		}
	}
	return strings.Repeat("a", n), []string{"pattern"}
}

// wrongType is a value of another type than s wants.
func wrongType(s *schema.Schema) yraw {
	switch s.Type {
	case schema.String:
		return "424242"
	case schema.Integer, schema.Number:
		return quoted("abc")
	case schema.Boolean:
		return "maybe"
	}
	return "abc"
}

// badShapes are values outside each named shape.
var badShapes = map[schema.Format][]string{
	schema.FormatEmail:        {"oncall-at-example.com", "oncall@example", "on call@example.com"},
	schema.FormatCIDR:         {"10.0.0.1", "10.0.0.0/33", "fe80::/129", "not-a-network"},
	schema.FormatTime:         {"24:00:00", "1:00:00", "12:60:00", "12:00:60"},
	schema.FormatSingleLine:   {"first\nsecond", "first\rsecond"},
	schema.FormatNonBlankLine: {"   ", "first\nsecond"},
	schema.FormatNoControl:    {"", "tab\there", "bell\x07here"},
	schema.FormatPrintable:    {"sécret-ümlaut", "tab\there"},
	schema.FormatDiskSpace:    {"080GiB", "80TB", "0", "GiB", "-80G"},
	schema.FormatDuration:     {"5 years", "m", "5", "five m"},
}

// vcase is one generated manifest and what checking it must report.
type vcase struct {
	name  string
	value any      // the member's value
	want  []string // rules at the member's pointer, beyond which nothing may be reported
	// span is the text the first finding must underline; "" skips.
	span string
	// text is the value as the checker reads it, for the secret check.
	text string
}

func scalarCase(name string, v yraw, text string, rules ...string) vcase {
	return vcase{name: name, value: v, want: rules, span: string(v), text: text}
}

// cases lists the violations of the constraints of s and the values just
// inside them.
func cases(t *testing.T, where string, s *schema.Schema) []vcase {
	var out []vcase
	v := validValue(s)
	out = append(out, vcase{name: "valid", value: v})
	wt := wrongType(s)
	out = append(out, scalarCase("wrong type", wt, strings.Trim(string(wt), `"`), "type"))
	switch s.Type {
	case schema.String:
		out = append(out, stringCases(t, where, s)...)
	case schema.Integer, schema.Number:
		out = append(out, numberCases(s)...)
	case schema.Array:
		if s.MaxItems > 0 {
			items := func(n int) *yseq {
				q := &yseq{}
				for range n {
					q.items = append(q.items, validValue(s.Items))
				}
				return q
			}
			out = append(out, vcase{name: "max items", value: items(s.MaxItems)},
				vcase{name: "one item too many", value: items(s.MaxItems + 1), want: []string{"max-items"}})
		}
		if s.Items.Type != schema.Object {
			// The item's own type: reported at the item.
			out = append(out, vcase{name: "item of wrong type", value: &yseq{items: []any{wrongType(s.Items)}}, want: []string{"type /0"}})
		}
	case schema.StringMap:
		out = append(out, vcase{name: "value not a string", value: &ymap{kv: []ykv{{"team", yraw("12")}}}, want: []string{"type /team"}, span: "12"})
	case schema.Object:
		out = append(out, vcase{name: "list instead of mapping", value: &yseq{items: []any{yraw("a")}}, want: []string{"type"}})
	}
	return out
}

func stringCases(t *testing.T, where string, s *schema.Schema) []vcase {
	var out []vcase
	// extra are the rules a string breaks besides the one under test.
	extra := func(v string) []string {
		var r []string
		n := utf8.RuneCountInString(v)
		if len(s.Enum) > 0 && !slices.Contains(s.Enum, v) {
			r = append(r, "enum")
		}
		if re := s.CompiledPattern(); re != nil && !re.MatchString(v) {
			r = append(r, "pattern")
		}
		if s.MinLength > 0 && n < s.MinLength {
			r = append(r, "min-length")
		}
		if s.MaxLength > 0 && n > s.MaxLength {
			r = append(r, "max-length")
		}
		return r
	}
	add := func(name, v string, rules ...string) {
		rules = append(rules, extra(v)...)
		slices.Sort(rules)
		out = append(out, scalarCase(name, quoted(v), v, slices.Compact(rules)...))
	}
	for _, e := range s.Enum {
		add("enum value "+e, e)
	}
	if len(s.Enum) > 0 {
		add("not in enum", "zz-not-allowed", "enum")
		if e := s.Enum[0]; strings.ToUpper(e) != e {
			add("enum in other case", strings.ToUpper(e), "enum")
		}
	}
	if s.Pattern != "" {
		bad := ""
		for _, c := range []string{"!zz-violation", "!", " "} {
			if !s.CompiledPattern().MatchString(c) && (s.MaxLength == 0 || len(c) <= s.MaxLength) {
				bad = c
				break
			}
		}
		if bad == "" {
			t.Errorf("%s: no value found outside the pattern %s", where, s.Pattern)
		}
		add("outside the pattern", bad, "pattern")
	}
	if s.MinLength > 0 {
		v, broken := stringOfLen(s, s.MinLength)
		if len(broken) > 0 {
			t.Errorf("%s: no valid value of the minimum length %d", where, s.MinLength)
		}
		add("min length", v)
		v, broken = stringOfLen(s, s.MinLength-1)
		add("one too short", v, append(broken, "min-length")...)
	}
	if s.MaxLength > 0 {
		v, broken := stringOfLen(s, s.MaxLength)
		if len(broken) > 0 {
			t.Errorf("%s: no valid value of the maximum length %d", where, s.MaxLength)
		}
		add("max length", v)
		v, broken = stringOfLen(s, s.MaxLength+1)
		add("one too long", v, append(broken, "max-length")...)
		// Length counts code points, not bytes.
		if s.Pattern == "" && (s.Format == schema.FormatNone || s.Format == schema.FormatSingleLine ||
			s.Format == schema.FormatNoControl || s.Format == schema.FormatNonBlankLine) {
			add("max length in code points", strings.Repeat("é", s.MaxLength))
		}
	}
	if s.Format != schema.FormatNone {
		bads := badShapes[s.Format]
		if len(bads) == 0 {
			t.Errorf("%s: no bad values for the shape %q", where, s.Format)
		}
		for _, b := range bads {
			add("shape "+strconv.Quote(b), b, "format")
		}
	}
	return out
}

// numberCases are the values at, just below and just above the bounds of
// an integer or number, and the 64-bit limits of an integer.
func numberCases(s *schema.Schema) []vcase {
	var out []vcase
	inEnum := func(r *big.Rat) bool {
		for _, e := range s.Enum {
			if x, ok := new(big.Rat).SetString(e); ok && x.Cmp(r) == 0 {
				return true
			}
		}
		return len(s.Enum) == 0
	}
	add := func(name string, r *big.Rat, rules ...string) {
		if !inEnum(r) {
			rules = append(rules, "enum")
		}
		slices.Sort(rules)
		text := decimal(r)
		out = append(out, scalarCase(name, yraw(text), text, rules...))
	}
	step := big.NewRat(1, 1000)
	if s.Type == schema.Integer {
		step = big.NewRat(1, 1)
		out = append(out, scalarCase("fraction", "1.5", "1.5", "type"))
	}
	var lo, hi *big.Rat
	if s.Minimum != "" {
		lo, _ = new(big.Rat).SetString(s.Minimum)
	}
	if s.Maximum != "" {
		hi, _ = new(big.Rat).SetString(s.Maximum)
	}
	if s.Type == schema.Integer {
		if lo == nil {
			lo = new(big.Rat).SetInt64(-1 << 63)
		}
		if hi == nil {
			hi = new(big.Rat).SetInt64(1<<63 - 1)
		}
	}
	if lo != nil {
		add("minimum", lo)
		add("just below the minimum", new(big.Rat).Sub(lo, step), "minimum")
	}
	if hi != nil {
		add("maximum", hi)
		add("just above the maximum", new(big.Rat).Add(hi, step), "maximum")
	}
	for _, e := range s.Enum {
		r, _ := new(big.Rat).SetString(e)
		add("enum value "+e, r)
	}
	if len(s.Enum) > 0 {
		// A value inside the bounds that the enum does not list.
		r := new(big.Rat).Set(lo)
		for inEnum(r) {
			r.Add(r, big.NewRat(1, 1))
		}
		add("not in enum", r)
	}
	return out
}

// decimal writes r as a plain decimal number.
func decimal(r *big.Rat) string {
	if r.IsInt() {
		return r.RatString()
	}
	return strings.TrimRight(r.FloatString(6), "0")
}

// vmember is a member at a path of a kind's manifest.
type vmember struct {
	kind string
	segs []string // "[]" steps into the items of a list
	p    *schema.Property
}

func (m vmember) pointer() string {
	var b strings.Builder
	for _, s := range m.segs {
		if s == "[]" {
			s = "0"
		}
		b.WriteString("/" + strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1"))
	}
	return b.String()
}

// members lists every member of the kind below the envelope's apiVersion
// and kind (TestEnvelope covers those) and status (not checked).
func members(kind string) []vmember {
	var out []vmember
	var walk func(s *schema.Schema, segs []string)
	walk = func(s *schema.Schema, segs []string) {
		if s.Type == schema.Array && s.Items != nil {
			walk(s.Items, append(segs, "[]"))
			return
		}
		for _, p := range s.Properties {
			if len(segs) == 0 && (p.Name == "apiVersion" || p.Name == "kind" || p.Name == "status") {
				continue
			}
			ps := append(slices.Clone(segs), p.Name)
			out = append(out, vmember{kind, ps, p})
			walk(p.Schema, ps)
		}
	}
	walk(schema.Lookup(kind).Manifest, nil)
	return out
}

// build makes the minimal manifest of kind with v at segs.
func build(kind string, segs []string, v any) *ymap {
	s := schema.Lookup(kind).Manifest
	root := validValue(s).(*ymap)
	var cur any = root
	for i, seg := range segs {
		last := i == len(segs)-1
		if seg == "[]" {
			q := cur.(*yseq)
			s = s.Items
			if last {
				q.items[0] = v
				break
			}
			cur = q.items[0]
			continue
		}
		m := cur.(*ymap)
		p := s.Property(seg)
		if last {
			m.set(seg, v)
			break
		}
		next := m.get(seg)
		if next == nil {
			next = validValue(p.Schema)
			m.set(seg, next)
		}
		cur, s = next, p.Schema
	}
	companions(kind, root)
	return root
}

// companions add the members that the rules between members want beside
// the one under test, so that only the violation under test is reported.
func companions(kind string, root *ymap) {
	uc := root.obj("spec").obj("userConfig")
	if uc == nil {
		return
	}
	switch kind {
	case "OpenSearch":
		// indices_memory_{min,max}_index_buffer_size need the percentage.
		if e := uc.obj("opensearch"); e != nil && e.get("indices_memory_index_buffer_size") == nil &&
			(e.get("indices_memory_min_index_buffer_size") != nil || e.get("indices_memory_max_index_buffer_size") != nil) {
			e.set("indices_memory_index_buffer_size", yraw("10"))
		}
		// azure_migration should have key or sas_token.
		if az := uc.obj("azure_migration"); az != nil && az.get("key") == nil && az.get("sas_token") == nil {
			az.set("sas_token", quoted("companion-token"))
		}
	case "Kafka":
		// A secret provider is aws or vault.
		if q, ok := uc.get("kafka_connect_secret_providers").(*yseq); ok {
			for _, it := range q.items {
				if m, ok := it.(*ymap); ok && m.get("aws") == nil && m.get("vault") == nil {
					m.set("vault", &ymap{kv: []ykv{{"address", quoted("https://vault.example.com")}, {"auth_method", quoted("token")}}})
				}
			}
		}
		// A local retention must not exceed the total (168 hours unless set).
		if k := uc.obj("kafka"); k != nil && k.get("log_local_retention_ms") != nil && k.get("log_retention_ms") == nil {
			k.set("log_retention_ms", yraw("-1"))
		}
	case "Grafana":
		// A self-hosted GitLab gives its three URLs together.
		if gl := uc.obj("auth_gitlab"); gl != nil {
			urls := []string{"api_url", "auth_url", "token_url"}
			if slices.ContainsFunc(urls, func(u string) bool { return gl.get(u) != nil }) {
				for _, u := range urls {
					if gl.get(u) == nil {
						gl.set(u, quoted("https://gitlab.example.com/"+u))
					}
				}
			}
		}
	}
}

func render(root *ymap) string {
	var b strings.Builder
	printYAML(&b, root, 0)
	return b.String()
}

// checkAll checks every document of src, with byte offsets.
func checkAll(src string) []check.Diagnostic {
	var out []check.Diagnostic
	for _, d := range document.ParseStream(src, document.DefaultLimits).Docs {
		_, ds := check.Document(src, d, check.DefaultOptions)
		out = append(out, ds...)
	}
	return out
}

// expectFindings asserts that src yields exactly want ("rule pointer",
// errors unless the rule is a warning's), apart from deprecated warnings,
// which the deprecated cases assert themselves.
func expectFindings(t *testing.T, src string, want []string, span, secret string) []check.Diagnostic {
	t.Helper()
	ds := checkAll(src)
	var got []string
	for _, d := range ds {
		if d.Rule == "deprecated" && d.Severity == check.Warning {
			continue
		}
		if d.Severity != check.Error {
			got = append(got, d.Severity.String()+" "+d.Rule+" "+d.Pointer)
			continue
		}
		got = append(got, d.Rule+" "+d.Pointer)
	}
	sort.Strings(got)
	want = slices.Clone(want)
	sort.Strings(want)
	if !slices.Equal(got, want) {
		var msgs []string
		for _, d := range ds {
			msgs = append(msgs, fmt.Sprintf("%s %s %s: %s", d.Severity, d.Rule, d.Pointer, d.Message))
		}
		t.Errorf("got  %q\nwant %q\nfindings:\n  %s\nmanifest:\n%s", got, want, strings.Join(msgs, "\n  "), clipSrc(src))
		return ds
	}
	if span != "" && len(ds) > 0 {
		for _, d := range ds {
			if d.Rule == "deprecated" {
				continue
			}
			if got := src[d.Start:d.End]; got != span {
				t.Errorf("%s %s underlines %q, want %q", d.Rule, d.Pointer, got, span)
			}
			break
		}
	}
	if secret != "" {
		for _, d := range ds {
			if strings.Contains(d.Message, secret) {
				t.Errorf("the message shows the secret value %q: %s", secret, d.Message)
			}
			for _, f := range d.Fixes {
				for _, e := range f.Edits {
					if strings.Contains(e.NewText, secret) {
						t.Errorf("the fix %q carries the secret value %q", f.Title, secret)
					}
				}
			}
		}
	}
	return ds
}

func clipSrc(s string) string {
	if len(s) > 3000 {
		return s[:3000] + "\n..."
	}
	return s
}

func TestEveryConstraintIsEnforced(t *testing.T) {
	total := 0
	for _, kind := range schema.Names() {
		for _, m := range members(kind) {
			ptr := m.pointer()
			where := kind + " " + ptr
			t.Run(kind+ptr, func(t *testing.T) {
				for _, c := range cases(t, where, m.p.Schema) {
					want := make([]string, len(c.want))
					for i, r := range c.want {
						// "rule /sub" reports below the member.
						rule, sub, _ := strings.Cut(r, " ")
						want[i] = rule + " " + ptr + sub
					}
					secret := ""
					if m.p.Secret && utf8.RuneCountInString(c.text) >= 3 {
						secret = c.text
					}
					span := c.span
					if len(c.want) != 1 {
						span = ""
					}
					src := render(build(kind, m.segs, c.value))
					t.Run(c.name, func(t *testing.T) { expectFindings(t, src, want, span, secret) })
					total++
				}
				if m.p.Deprecated != "" {
					total++
					t.Run("deprecated", func(t *testing.T) {
						ds := expectFindings(t, render(build(kind, m.segs, validValue(m.p.Schema))), nil, "", "")
						ok := slices.ContainsFunc(ds, func(d check.Diagnostic) bool {
							return d.Rule == "deprecated" && d.Severity == check.Warning && d.Pointer == ptr && d.Deprecated
						})
						if !ok {
							t.Errorf("no deprecated warning tagged deprecated at %s", ptr)
						}
					})
				}
				switch {
				case m.p.Type == schema.Object && !m.p.Free:
					total += objectCases(t, kind, m.segs, m.p.Schema)
				case m.p.Type == schema.Array && m.p.Items.Type == schema.Object && !m.p.Items.Free:
					t.Run("item", func(t *testing.T) {
						total += objectCases(t, kind, append(slices.Clone(m.segs), "[]"), m.p.Items)
					})
				}
			})
		}
	}
	// Guard against a generator that quietly makes nothing.
	if total < 2900 {
		t.Errorf("only %d cases generated", total)
	}
	t.Logf("%d generated manifests", total)
}

// objectCases removes each required member of an object (and sets it to
// null), and adds a member the schema does not know. segs ends with "[]"
// for the items of a list.
func objectCases(t *testing.T, kind string, segs []string, s *schema.Schema) int {
	n := 0
	ptr := vmember{kind: kind, segs: segs}.pointer()
	for _, r := range s.Required() {
		for _, how := range []string{"missing", "null"} {
			obj := validValue(s).(*ymap)
			if how == "missing" {
				obj.del(r)
			} else {
				obj.set(r, yraw("null"))
			}
			// A missing member is reported on its parent's key, or for an
			// item of a list on the item's first line; a null one on its key.
			root := build(kind, segs, obj)
			span := segs[len(segs)-1]
			switch {
			case how == "null":
				span = r
			case span == "[]" && len(obj.kv) == 0:
				span = "{}"
			case span == "[]":
				span, _, _ = strings.Cut(render(obj), "\n") // as completed by build
			}
			src := render(root)
			t.Run("required "+r+" "+how, func(t *testing.T) {
				expectFindings(t, src, []string{"required " + ptr + "/" + r}, span, "")
			})
			n++
		}
	}
	obj := validValue(s).(*ymap)
	obj.set("zz_unknown", yraw("1"))
	src := render(build(kind, segs, obj))
	t.Run("unknown member", func(t *testing.T) {
		expectFindings(t, src, []string{"unknown-field " + ptr + "/zz_unknown"}, "zz_unknown", "")
	})
	return n + 1
}

// TestRootMembersRequired: the manifest's own required members.
func TestRootMembersRequired(t *testing.T) {
	for _, kind := range schema.Names() {
		for _, r := range []string{"metadata", "spec"} {
			root := build(kind, nil, nil)
			root.del(r)
			expectFindings(t, render(root), []string{"required /" + r}, "", "")
		}
	}
}

// TestGoldenSecretsNeverShown: the values of secret members in the golden
// manifests of testdata/ (the invalid ones give secrets bad values on
// purpose) appear nowhere in the JSON result: not in messages, not in
// fixes.
func TestGoldenSecretsNeverShown(t *testing.T) {
	files, err := filepath.Glob("../../testdata/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no manifests in testdata (%v)", err)
	}
	checked := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src := string(data)
		var secrets []string
		for _, d := range document.ParseStream(src, document.DefaultLimits).Docs {
			if d.Root == nil {
				continue
			}
			if k := schema.Lookup(d.Root.Get("kind").String()); k != nil {
				secretTexts(d.Root, k.Manifest, &secrets)
			}
		}
		out, err := json.Marshal(report.Validate(src, check.DefaultOptions))
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range secrets {
			for _, part := range strings.Split(s, "\n") {
				if utf8.RuneCountInString(part) < 4 {
					continue
				}
				quotedPart, _ := json.Marshal(part)
				if strings.Contains(string(out), strings.Trim(string(quotedPart), `"`)) {
					t.Errorf("%s: the result shows the secret value %q", filepath.Base(f), part)
				}
				checked++
			}
		}
	}
	t.Logf("%d secret values looked for", checked)
	if checked < 30 {
		t.Errorf("only %d secret values found in testdata; the test reads too little", checked)
	}
}

// secretTexts collects the text of every scalar of a secret member below n.
func secretTexts(n *document.Node, s *schema.Schema, out *[]string) {
	switch {
	case n == nil || s == nil:
	case s.Secret && n.Kind == document.Scalar && !n.IsNull():
		if n.Text != "" {
			*out = append(*out, n.Text)
		}
	case n.Kind == document.Mapping && s.Type == schema.Object:
		for _, p := range n.Pairs {
			if m := s.Property(p.Key.Text); m != nil {
				secretTexts(p.Value, m.Schema, out)
			}
		}
	case n.Kind == document.Sequence && s.Type == schema.Array:
		for _, it := range n.Items {
			secretTexts(it, s.Items, out)
		}
	}
}

// TestEmptyFlowMappingIsLocated: a finding on an empty flow mapping `{}`
// underlines it, wherever it stands (a value or an item of a list).
func TestEmptyFlowMappingIsLocated(t *testing.T) {
	head := "apiVersion: example.io/v1alpha1\nkind: OpenSearch\nmetadata:\n  name: x\nspec:\n  plan: p\n  project: p\n"
	cases := []struct{ name, spec, want string }{
		{"value of a string member", "  cloudName: {}\n", "type /spec/cloudName"},
		{"item without its required member", "  technicalEmails:\n    - {}\n", "required /spec/technicalEmails/0/email"},
		{"item in a flow list", "  technicalEmails: [{}]\n", "required /spec/technicalEmails/0/email"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expectFindings(t, head+c.spec, []string{c.want}, "{}", "")
		})
	}
}
