package schema_test

// TestSchemaMatchesSpecTables holds the schema against the specification,
// row by row: every table of the three documents is read independently of
// the Go schema (spec_parse_test.go), what its constraint cells say is read
// mechanically into an expectation, and the schema member the row names
// must have exactly that expectation: type, required, enum, pattern,
// format, lengths, bounds, max items, default, deprecation, lifecycle and
// secrecy. Dropping any of them from the schema fails a row here.
//
// Prose the reader cannot read is never skipped silently: a constraint-like
// sentence it does not understand fails the test unless the row is listed
// in specExceptions (spec_hand_test.go) with the reason and a hand-written
// expectation. Members described only in prose (Grafana's sign-in table,
// Kafka's aws and vault, tiered_storage, OpenSearch's access objects,
// search.insights.top_queries) are expected by hand there too, and every
// member of the schema must be tied to a row or a hand-written expectation.

import (
	"fmt"
	"math/big"
	"os"
	"regexp"

	"github.com/mdscheck/mdscheck/core/pattern"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/schema"
	"github.com/mdscheck/mdscheck/internal/shared"
)

// expect is what the specification says about one member.
type expect struct {
	Type     schema.Type
	Items    schema.Type // the item type of an array
	HasItems bool
	Required bool
	Enum     []string
	Pattern  string
	// patternOK replaces the comparison of Pattern where the specification
	// states the pattern in words: it tries the compiled pattern on samples.
	patternOK  func(re *pattern.Pattern) error
	Format     schema.Format
	MinLength  int
	MaxLength  int
	Minimum    string
	Maximum    string
	MaxItems   int
	Default    string
	Deprecated bool
	Lifecycle  schema.Lifecycle
	Secret     bool
}

// child is a member stated inside the cell of its object's row
// ("Required member `enabled` (boolean)").
type child struct {
	name string
	e    expect
}

// reading is what read makes of one row's type and constraint cells.
type reading struct {
	e              expect
	unread         []string // constraint-like sentences not understood
	children       []child  // members named in the cell
	requiredInside string   // "Required inside `node`"
}

var (
	reBounds    = regexp.MustCompile(`^(?i:min) (-?[0-9]+(?:\.[0-9]+)?)(?:, (?i:max) (-?[0-9]+(?:\.[0-9]+)?))?(?: each)?(?: \([^)]*\))?$`)
	reMax       = regexp.MustCompile(`^(?i:max) ([0-9]+)( items?)?(?: each)?$`)
	reMaxLen    = regexp.MustCompile(`^Max length ([0-9]+)$`)
	reMinLen    = regexp.MustCompile(`^Min length ([0-9]+)(?:, max(?: length)? ([0-9]+))?$`)
	reLength    = regexp.MustCompile(`^Length ([0-9]+) to ([0-9]+)$`)
	reEnum      = regexp.MustCompile("^Enum ((?:`[^`]*`(?:, )?)+)$")
	rePattern   = regexp.MustCompile("^Pattern `([^`]+)`(?:: .*)?$")
	reFixed     = regexp.MustCompile("^Fixed value `([^`]+)`")
	reDefault   = regexp.MustCompile("^(?i:default) (`[^`]*`|[^\\s`]+)(?: \\([^)]*\\))?$")
	reReqInside = regexp.MustCompile("^Required inside `([^`]+)`$")
	reReqMember = regexp.MustCompile("^Required member `([^`]+)` \\(([a-z]+)\\)(?::.*)?$")
	reOptBools  = regexp.MustCompile("^Optional boolean members ((?:`[^`]+`(?:, )?)+)$")
	reNoControl = regexp.MustCompile(`^No control characters(?: \(0x00-0x1F\))?, at least 1 character$`)
	reMap       = regexp.MustCompile(`^Map (?:of )?string to string`)
	// reConstraintLike finds sentences that state a constraint, so that one
	// the reader does not understand cannot pass unnoticed.
	reConstraintLike = regexp.MustCompile(`^(?i:min|max)(?: length)? -?[0-9]|^(?:Enum|Pattern|Length|Fixed|Keys|Same|Members|Fork-name|Immutable|Deprecated|Secret)\b|^(?i:required|optional)\b|(?i:\bdefault\b)`)
)

// specType reads the Type column.
func specType(s string) (t, items schema.Type, hasItems, ok bool) {
	words := map[string]schema.Type{"string": schema.String, "integer": schema.Integer, "number": schema.Number,
		"boolean": schema.Boolean, "object": schema.Object}
	if it, found := strings.CutPrefix(s, "array of "); found {
		items, ok = words[it]
		return schema.Array, items, true, ok
	}
	t, ok = words[s]
	return t, 0, false, ok
}

// read turns a row's type and constraint cells into an expectation.
func read(typ, cell string) (reading, error) {
	var r reading
	t, items, hasItems, ok := specType(typ)
	if !ok {
		return r, fmt.Errorf("unknown type %q", typ)
	}
	r.e.Type, r.e.Items, r.e.HasItems = t, items, hasItems
	for _, s := range sentences(cell) {
		if !r.sentence(s) && reConstraintLike.MatchString(s) {
			r.unread = append(r.unread, s)
		}
	}
	return r, nil
}

// sentence reads one statement of a constraint cell; false when it is
// not one the reader knows.
func (r *reading) sentence(s string) bool {
	e := &r.e
	isNum := e.Type == schema.Integer || e.Type == schema.Number
	switch {
	case reBounds.MatchString(s) && isNum:
		m := reBounds.FindStringSubmatch(s)
		e.Minimum, e.Maximum = m[1], m[2]
	case reMax.MatchString(s):
		m := reMax.FindStringSubmatch(s)
		n := atoi(m[1])
		switch {
		case e.Type == schema.Array:
			e.MaxItems = n
		case m[2] != "":
			return false // items of something that is not a list
		case e.Type == schema.String:
			e.MaxLength = n
		case isNum:
			e.Maximum = m[1]
		default:
			return false
		}
	case reMaxLen.MatchString(s) && e.Type == schema.String:
		e.MaxLength = atoi(reMaxLen.FindStringSubmatch(s)[1])
	case reMinLen.MatchString(s) && e.Type == schema.String:
		m := reMinLen.FindStringSubmatch(s)
		e.MinLength = atoi(m[1])
		if m[2] != "" {
			e.MaxLength = atoi(m[2])
		}
	case reLength.MatchString(s) && e.Type == schema.String:
		m := reLength.FindStringSubmatch(s)
		e.MinLength, e.MaxLength = atoi(m[1]), atoi(m[2])
	case reEnum.MatchString(s):
		e.Enum = ticked(reEnum.FindStringSubmatch(s)[1], false)
	case rePattern.MatchString(s):
		e.Pattern = rePattern.FindStringSubmatch(s)[1]
	case reFixed.MatchString(s):
		e.Enum = []string{reFixed.FindStringSubmatch(s)[1]}
	case reDefault.MatchString(s):
		e.Default = strings.Trim(reDefault.FindStringSubmatch(s)[1], "`")
	case reReqInside.MatchString(s):
		r.requiredInside = reReqInside.FindStringSubmatch(s)[1]
	case reReqMember.MatchString(s):
		m := reReqMember.FindStringSubmatch(s)
		ct, _, _, ok := specType(m[2])
		if !ok {
			return false
		}
		r.children = append(r.children, child{m[1], expect{Type: ct, Required: true}})
	case reOptBools.MatchString(s):
		for _, n := range ticked(reOptBools.FindStringSubmatch(s)[1], false) {
			r.children = append(r.children, child{n, expect{Type: schema.Boolean}})
		}
	case reMap.MatchString(s) && e.Type == schema.Object:
		e.Type = schema.StringMap
	case s == "Immutable":
		e.Lifecycle |= schema.Immutable
	case s == "Effective only at creation", s == "Creation only", s == "Applied only when the service is first created":
		e.Lifecycle |= schema.CreateOnly
	case s == "Changing it restarts all instances":
		e.Lifecycle |= schema.Restarts
	case s == "When true the service cannot be deleted":
		e.Lifecycle |= schema.PreventsDeletion
	case s == "Deprecated":
		e.Deprecated = true
	case s == "Secret":
		e.Secret = true
	case s == "Single-line":
		e.Format = schema.FormatSingleLine
	case s == "Single-line, contains a non-whitespace character":
		e.Format = schema.FormatNonBlankLine
	case reNoControl.MatchString(s):
		e.Format = schema.FormatNoControl
	case strings.HasPrefix(s, "An e-mail address"):
		e.Format = schema.FormatEmail
	case strings.HasPrefix(s, "CIDR address block"):
		e.Format = schema.FormatCIDR
	case strings.Contains(s, "format HH:mm:ss"):
		e.Format = schema.FormatTime
	case strings.HasPrefix(s, "Integer followed by unit"):
		e.Format = schema.FormatDuration
	default:
		return false
	}
	return true
}

// atoi reads the digits a regular expression has matched.
func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// rowsRule says where the rows of a table live in the schema and what the
// table's title or note says about all of them.
type rowsRule struct {
	part     int
	title    string   // the table's title starts with this
	kinds    []string // nil: all three kinds
	prefix   string   // the object whose members the rows are, "/"-separated; "[]" steps into items
	also     string   // a second object with the same rows (search_shard_task, search_task)
	required string   // "column": the Required column; "none": all optional; "all": all required
	// single: member names with dots are single keys (segrep); otherwise
	// a dotted name is a nested path unless DESIGN.md section 6 item 5
	// names it (specDottedKeys).
	single bool
	// str is the format of every string member unless the row says more
	// ("single-line strings unless noted"); strExcept is the one exempted.
	str       schema.Format
	strExcept string
	hand      func(t *testing.T, c *specCheck, tb *specTable) // the whole table is read by hand
	skip      string                                          // why the table holds no members
	used      int
}

// specDottedKeys are the member names with dots that are single keys
// (DESIGN.md section 6 item 5, besides segrep's, which its rule marks).
var specDottedKeys = map[string]bool{
	"cluster.routing.allocation.balance.prefer_primary": true,
	"search.insights.top_queries":                       true,
}

var allKinds = []string{"OpenSearch", "Grafana", "Kafka"}

// specTableRules maps every table of the specification to the schema.
func specTableRules() []*rowsRule {
	os := []string{"OpenSearch"}
	gr := []string{"Grafana"}
	kf := []string{"Kafka"}
	const osEngine = "spec/userConfig/opensearch"
	return []*rowsRule{
		// Part 1: envelope, common fields, OpenSearch.
		{part: 1, title: "### Envelope (all kinds)", prefix: "", required: "column"},
		{part: 1, title: "### Common spec fields (all kinds)", prefix: "spec", required: "column"},
		{part: 1, title: "#### authSecretRef", prefix: "spec/authSecretRef", required: "none"},
		{part: 1, title: "#### connInfoSecretTarget", prefix: "spec/connInfoSecretTarget", required: "column"},
		{part: 1, title: "#### projectVPCRef", prefix: "spec/projectVPCRef", required: "column"},
		{part: 1, title: "#### serviceIntegrations item", prefix: "spec/serviceIntegrations/[]", required: "column"},
		{part: 1, title: "#### technicalEmails item", prefix: "spec/technicalEmails/[]", required: "column"},
		{part: 1, title: "#### ip_filter item (userConfig.ip_filter in all kinds", prefix: "spec/userConfig/ip_filter/[]", required: "column"},
		{part: 1, title: "### OpenSearch userConfig (spec.userConfig)", kinds: os, prefix: "spec/userConfig", required: "none"},
		{part: 1, title: "#### index_patterns item", kinds: os, prefix: "spec/userConfig/index_patterns/[]", required: "column"},
		{part: 1, title: "#### index_rollup (all optional)", kinds: os, prefix: "spec/userConfig/index_rollup", required: "none"},
		{part: 1, title: "#### index_template (all optional", kinds: os, prefix: "spec/userConfig/index_template", required: "none"},
		{part: 1, title: "#### opensearch_dashboards (all optional)", kinds: os, prefix: "spec/userConfig/opensearch_dashboards", required: "none"},
		// "All string members are single-line except `indices`."
		{part: 1, title: "`azure_migration`", kinds: os, prefix: "spec/userConfig/azure_migration", required: "column", str: schema.FormatSingleLine, strExcept: "indices"},
		{part: 1, title: "`gcs_migration`", kinds: os, prefix: "spec/userConfig/gcs_migration", required: "column", str: schema.FormatSingleLine, strExcept: "indices"},
		{part: 1, title: "`s3_migration`", kinds: os, prefix: "spec/userConfig/s3_migration", required: "column", str: schema.FormatSingleLine, strExcept: "indices"},
		{part: 1, title: "#### opensearch (engine settings, all optional)", kinds: os, prefix: osEngine, required: "none"},
		{part: 1, title: "`auth_failure_listeners` (optional members", kinds: os, prefix: osEngine + "/auth_failure_listeners", required: "none"},
		{part: 1, title: "`search_backpressure` (optional members)", kinds: os, prefix: osEngine + "/search_backpressure", required: "none"},
		{part: 1, title: "`search_shard_task` and `search_task` have the same member names", kinds: os,
			prefix: osEngine + "/search_backpressure/search_shard_task", also: osEngine + "/search_backpressure/search_task", required: "none"},
		{part: 1, title: "`segrep` (segment replication backpressure, optional members)", kinds: os, prefix: osEngine + "/segrep", required: "none", single: true},
		{part: 1, title: "`shard_indexing_pressure` (optional members)", kinds: os, prefix: osEngine + "/shard_indexing_pressure", required: "none"},
		{part: 1, title: "## Endpoints", skip: "operations of the interface, no members"},
		{part: 1, title: "`openid` (single-line strings unless noted)", kinds: os, prefix: "spec/userConfig/openid", required: "column", str: schema.FormatSingleLine},
		{part: 1, title: "`saml` (single-line strings unless noted)", kinds: os, prefix: "spec/userConfig/saml", required: "column", str: schema.FormatSingleLine},
		{part: 1, title: "## Limits", hand: checkLimitsTable},
		// Part 2: Grafana.
		{part: 2, title: "### Grafana userConfig (spec.userConfig), all members optional", kinds: gr, prefix: "spec/userConfig", required: "none"},
		{part: 2, title: "#### date_formats (all optional)", kinds: gr, prefix: "spec/userConfig/date_formats", required: "none"},
		{part: 2, title: "#### external_image_storage (all four required)", kinds: gr, prefix: "spec/userConfig/external_image_storage", required: "all"},
		{part: 2, title: "#### smtp_server", kinds: gr, prefix: "spec/userConfig/smtp_server", required: "column"},
		{part: 2, title: "## Authentication", hand: checkGrafanaAuthTable},
		// Part 3: Kafka.
		{part: 3, title: "### Additional spec field", kinds: kf, prefix: "spec", required: "column"},
		{part: 3, title: "### Kafka userConfig (spec.userConfig), all members optional", kinds: kf, prefix: "spec/userConfig", required: "none"},
		{part: 3, title: "#### kafka (broker settings", kinds: kf, prefix: "spec/userConfig/kafka", required: "none"},
		{part: 3, title: "#### kafka_connect_config (all optional)", kinds: kf, prefix: "spec/userConfig/kafka_connect_config", required: "none"},
		{part: 3, title: "#### kafka_connect_secret_providers (array item)", kinds: kf, prefix: "spec/userConfig/kafka_connect_secret_providers/[]", required: "column"},
		{part: 3, title: "#### kafka_rest_config (all optional)", kinds: kf, prefix: "spec/userConfig/kafka_rest_config", required: "none"},
		{part: 3, title: "#### schema_registry_config (all optional)", kinds: kf, prefix: "spec/userConfig/schema_registry_config", required: "none"},
		// "All members are optional." below the table.
		{part: 3, title: "## Authentication", kinds: kf, prefix: "spec/userConfig", required: "none"},
	}
}

// specCheck collects what the test has tied to the specification.
type specCheck struct {
	t         *testing.T
	visited   map[string]bool // "Kind path" of every member checked
	counted   map[int]int     // member rows checked, per part
	used      map[string]bool // exceptions used
	secrets   map[string]bool // member names DESIGN.md section 6 item 12 calls secret
	processed int
}

func newSpecCheck(t *testing.T) *specCheck {
	return &specCheck{t: t, visited: map[string]bool{}, counted: map[int]int{}, used: map[string]bool{}, secrets: designSecretNames(t)}
}

// designSecretNames reads the names of secret members from DESIGN.md,
// section 6 item 12.
func designSecretNames(t *testing.T) map[string]bool {
	data, err := os.ReadFile(shared.Path(t, "DESIGN.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	i := strings.Index(text, "**Secrets.**")
	if i < 0 {
		t.Fatal("DESIGN.md has no **Secrets.** item")
	}
	item := text[i:]
	if j := strings.Index(item, "\n\n"); j >= 0 {
		item = item[:j]
	}
	if j := strings.Index(item, "13. "); j >= 0 {
		item = item[:j]
	}
	names := map[string]bool{}
	for _, n := range ticked(item, false) {
		names[n] = true
	}
	if len(names) < 8 {
		t.Fatalf("read only %d secret names from DESIGN.md: %v", len(names), names)
	}
	return names
}

// segments turns a "/"-separated prefix into path steps.
func segments(prefix string) []string {
	if prefix == "" {
		return nil
	}
	return strings.Split(prefix, "/")
}

// human writes path steps as the checker's paths do: dotted names in
// brackets, "[]" for the items of a list.
func human(segs []string) string {
	var b strings.Builder
	for _, s := range segs {
		switch {
		case s == "[]":
			b.WriteString("[]")
		case strings.Contains(s, "."):
			b.WriteString("[" + s + "]")
		default:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(s)
		}
	}
	return b.String()
}

// lookup walks the manifest schema of kind along segs by exact member
// names (never splitting a name) and returns the last member and the
// names of the objects on the way.
func lookup(kind string, segs []string) (*schema.Property, error) {
	k := schema.Lookup(kind)
	if k == nil {
		return nil, fmt.Errorf("no kind %s", kind)
	}
	s := k.Manifest
	var p *schema.Property
	for i, seg := range segs {
		if seg == "[]" {
			if s.Type != schema.Array || s.Items == nil {
				return nil, fmt.Errorf("%s is not a list", human(segs[:i]))
			}
			s = s.Items
			continue
		}
		p = s.Property(seg)
		if p == nil {
			return nil, fmt.Errorf("no member %q in %s", seg, human(segs[:i]))
		}
		s = p.Schema
	}
	return p, nil
}

func (c *specCheck) visit(kind string, segs []string) { c.visited[kind+" "+human(segs)] = true }

// member resolves a member for a check and marks it as tied to the spec.
func (c *specCheck) member(kind string, segs []string, where string) *schema.Property {
	c.t.Helper()
	p, err := lookup(kind, segs)
	if err != nil {
		c.t.Errorf("%s: the specification names %s, the %s schema does not have it: %v", where, human(segs), kind, err)
		return nil
	}
	c.visit(kind, segs)
	return p
}

// compare reports every attribute in which the schema member p differs
// from what the specification says.
func (c *specCheck) compare(kind string, segs []string, p *schema.Property, e expect, where string) {
	c.t.Helper()
	if p == nil {
		return
	}
	s := p.Schema
	bad := func(attr string, spec, got any) {
		c.t.Helper()
		c.t.Errorf("%s %s (%s): %s: the specification says %v, the schema has %v", kind, human(segs), where, attr, spec, got)
	}
	if s.Type != e.Type {
		bad("type", e.Type, s.Type)
		return
	}
	if e.HasItems {
		switch {
		case s.Items == nil:
			bad("item type", e.Items, "none")
		case s.Items.Type != e.Items:
			bad("item type", e.Items, s.Items.Type)
		case e.Items != schema.Object && e.Items != schema.Array && len(schema.Constraints(s.Items)) > 0:
			bad("item constraints", "none", schema.Constraints(s.Items))
		}
	}
	if p.Required != e.Required {
		bad("required", e.Required, p.Required)
	}
	if !slices.Equal(s.Enum, e.Enum) {
		bad("enum", e.Enum, s.Enum)
	}
	if e.patternOK != nil {
		if err := e.patternOK(s.CompiledPattern()); err != nil {
			bad("pattern", err, s.Pattern)
		}
	} else if s.Pattern != e.Pattern {
		bad("pattern", e.Pattern, s.Pattern)
	}
	if s.Format != e.Format {
		bad("format", fmt.Sprintf("%q", e.Format), fmt.Sprintf("%q", s.Format))
	}
	if s.MinLength != e.MinLength {
		bad("min length", e.MinLength, s.MinLength)
	}
	if s.MaxLength != e.MaxLength {
		bad("max length", e.MaxLength, s.MaxLength)
	}
	if !sameNumber(s.Minimum, e.Minimum) {
		bad("minimum", fmt.Sprintf("%q", e.Minimum), fmt.Sprintf("%q", s.Minimum))
	}
	if !sameNumber(s.Maximum, e.Maximum) {
		bad("maximum", fmt.Sprintf("%q", e.Maximum), fmt.Sprintf("%q", s.Maximum))
	}
	if s.MaxItems != e.MaxItems {
		bad("max items", e.MaxItems, s.MaxItems)
	}
	if s.Default != e.Default && !(e.Default != "" && sameNumber(s.Default, e.Default)) {
		bad("default", fmt.Sprintf("%q", e.Default), fmt.Sprintf("%q", s.Default))
	}
	if (s.Deprecated != "") != e.Deprecated {
		bad("deprecated", e.Deprecated, s.Deprecated != "")
	}
	if s.Lifecycle != e.Lifecycle {
		bad("lifecycle", schema.Lifecycles(&schema.Schema{Lifecycle: e.Lifecycle}), schema.Lifecycles(s))
	}
	if s.Secret != e.Secret {
		bad("secret", e.Secret, s.Secret)
	}
}

// sameNumber compares two decimal numbers exactly; empty equals empty.
func sameNumber(a, b string) bool {
	if a == "" || b == "" {
		return a == b
	}
	x, ok1 := new(big.Rat).SetString(a)
	y, ok2 := new(big.Rat).SetString(b)
	return ok1 && ok2 && x.Cmp(y) == 0
}

// column finds the header cell that starts with one of prefixes.
func column(tb *specTable, prefixes ...string) string {
	for _, h := range tb.header {
		for _, p := range prefixes {
			if strings.HasPrefix(h, p) {
				return h
			}
		}
	}
	return ""
}

// rows checks the member rows of one table.
func (c *specCheck) rows(rule *rowsRule, tb *specTable) {
	t := c.t
	t.Helper()
	nameCol, groupCol := "Field", ""
	if column(tb, "Field") == "" {
		nameCol = "Member"
	} else if column(tb, "Member") != "" {
		groupCol = "Member"
	}
	if column(tb, "Object") != "" {
		groupCol = "Object"
	}
	consCol := column(tb, "Constraint", "Rule", "Meaning")
	if column(tb, nameCol) == "" || column(tb, "Type") == "" || consCol == "" {
		t.Errorf("%s: table %q has no %s, Type and constraint columns: %v", tb.where(tb.line), tb.title, nameCol, tb.header)
		return
	}
	kinds := rule.kinds
	if kinds == nil {
		kinds = allKinds
	}
	prefixes := []string{rule.prefix}
	if rule.also != "" {
		prefixes = append(prefixes, rule.also)
	}
	group := ""
	for _, row := range tb.rows {
		where := tb.where(row.line)
		if g := row.cells[groupCol]; g != "" {
			group = g
		}
		for _, name := range strings.Split(row.cells[nameCol], ", ") {
			var nameSegs []string
			if rule.single || specDottedKeys[name] {
				nameSegs = []string{name}
			} else {
				nameSegs = strings.Split(name, ".")
			}
			if group != "" {
				nameSegs = append([]string{group}, nameSegs...)
			}
			for _, kind := range kinds {
				for _, prefix := range prefixes {
					segs := append(segments(prefix), nameSegs...)
					c.row(rule, tb, row, kind, segs, len(segments(prefix)), consCol, where)
				}
			}
			c.counted[tb.part]++
		}
	}
}

// row checks one member named by a row, for one kind.
func (c *specCheck) row(rule *rowsRule, tb *specTable, row specRow, kind string, segs []string, base int, consCol, where string) {
	t := c.t
	t.Helper()
	name := segs[len(segs)-1]
	r, err := read(row.cells["Type"], row.cells[consCol])
	if err != nil {
		t.Errorf("%s: %v", where, err)
		return
	}
	e := r.e
	switch rule.required {
	case "column":
		switch row.cells["Required"] {
		case "yes":
			e.Required = true
		case "no":
		default:
			t.Errorf("%s: Required column says %q", where, row.cells["Required"])
		}
	case "all":
		e.Required = true
	}
	// Members of nested rows between the table's object and the member:
	// optional objects, as the table's title says all members are.
	for i := base; i < len(segs)-1; i++ {
		p := c.member(kind, segs[:i+1], where)
		if p != nil && (p.Type != schema.Object || p.Required) {
			t.Errorf("%s %s (%s): want an optional object, the schema has %s required=%v", kind, human(segs[:i+1]), where, p.Type, p.Required)
		}
	}
	if r.requiredInside != "" {
		e.Required = true
		if len(segs) < 2 || segs[len(segs)-2] != r.requiredInside {
			t.Errorf("%s: %s is required inside %q, but the row's path is %s", where, name, r.requiredInside, human(segs))
		}
	}
	for _, h := range tb.header {
		def, ok := strings.CutPrefix(h, "Default")
		if !ok {
			continue
		}
		if in := strings.TrimPrefix(def, " in "); def != "" && in != segs[len(segs)-2] {
			continue // the default of the other object
		}
		v := row.cells[h]
		switch {
		case strings.HasPrefix(v, "null"):
		case reDefault.MatchString("Default " + v):
			e.Default = strings.Trim(v, "`")
		default:
			r.unread = append(r.unread, "Default "+v)
		}
	}
	if e.Type == schema.String && e.Format == schema.FormatNone && name != rule.strExcept {
		e.Format = rule.str
	}
	if c.secrets[name] {
		e.Secret = true
	}
	key := human(segs)
	exc, excKey := specExceptions[kind+" "+key], kind+" "+key
	if exc.reason == "" {
		exc, excKey = specExceptions[key], key
	}
	switch {
	case exc.reason != "":
		c.used[excKey] = true
		if exc.fix != nil {
			exc.fix(kind, &e)
		}
	case len(r.unread) > 0:
		t.Errorf("%s %s (%s): cannot read %q; list the row in specExceptions with the reason and a hand-written expectation", kind, key, where, r.unread)
	}
	p := c.member(kind, segs, where)
	c.compare(kind, segs, p, e, where)
	if len(r.children) > 0 && p != nil {
		var names []string
		for _, ch := range r.children {
			names = append(names, ch.name)
			cs := append(slices.Clone(segs), ch.name)
			c.compare(kind, cs, c.member(kind, cs, where), ch.e, where)
		}
		var got []string
		for _, m := range p.Properties {
			got = append(got, m.Name)
		}
		if !slices.Equal(got, names) {
			t.Errorf("%s %s (%s): members %v, the specification names %v", kind, key, where, got, names)
		}
	}
	c.processed++
}

func TestSchemaMatchesSpecTables(t *testing.T) {
	c := newSpecCheck(t)
	rules := specTableRules()
	for _, doc := range loadSpec(t) {
		for _, tb := range tables(doc) {
			var rule *rowsRule
			for _, r := range rules {
				if r.part == tb.part && strings.HasPrefix(tb.title, r.title) {
					if rule != nil {
						t.Fatalf("%s: table %q matches two rules", tb.where(tb.line), tb.title)
					}
					rule = r
				}
			}
			if rule == nil {
				t.Errorf("%s: table under %q is not mapped to the schema; add it to specTableRules", tb.where(tb.line), tb.title)
				continue
			}
			rule.used++
			switch {
			case rule.skip != "":
			case rule.hand != nil:
				rule.hand(t, c, tb)
			default:
				c.rows(rule, tb)
			}
		}
	}
	for _, r := range rules {
		if r.used != 1 {
			t.Errorf("rule for part %d %q matched %d tables, want 1", r.part, r.title, r.used)
		}
	}
	for key, exc := range specExceptions {
		if !c.used[key] {
			t.Errorf("exception %q (%s) matches no row any more; remove it", key, exc.reason)
		}
	}
	for _, h := range specHandMembers() {
		for _, kind := range h.kinds {
			segs := segments(h.path)
			c.compare(kind, segs, c.member(kind, segs, "hand-written: "+h.why), h.e, "hand-written: "+h.why)
		}
	}
	checkProseMembers(t, c)

	// A parser regression must not skip rows unnoticed: these are the
	// member rows of the three parts (a row naming several members counts
	// each), read by hand from the documents.
	want := map[int]int{1: specRowsPart1, 2: specRowsPart2, 3: specRowsPart3}
	for part, n := range want {
		if c.counted[part] < n {
			t.Errorf("part %d: checked %d member rows, want at least %d", part, c.counted[part], n)
		}
	}
	t.Logf("member rows checked: part 1 %d, part 2 %d, part 3 %d; %d schema members compared", c.counted[1], c.counted[2], c.counted[3], c.processed)

	// Every member of the schema is tied to the specification.
	for _, kind := range allKinds {
		c.coverage(kind, schema.Lookup(kind).Manifest, nil)
	}
}

// coverage reports schema members that no row or hand-written expectation
// checked: members the specification does not have.
func (c *specCheck) coverage(kind string, s *schema.Schema, segs []string) {
	if s.Type == schema.Array && s.Items != nil {
		c.coverage(kind, s.Items, append(segs, "[]"))
		return
	}
	for _, p := range s.Properties {
		ps := append(slices.Clone(segs), p.Name)
		h := human(ps)
		if _, ok := specNotInTables[h]; ok {
			continue
		}
		if !c.visited[kind+" "+h] {
			c.t.Errorf("%s %s is in the schema but in no table of the specification and has no hand-written expectation", kind, h)
			continue
		}
		c.coverage(kind, p.Schema, ps)
	}
}
