// Package schema holds the declarative model of the manifest kinds that
// mdscheck checks: the envelope, the common spec fields and each kind's
// userConfig. The model is data, close to an OpenAPI v3 schema with the
// extensions that OpenAPI lacks (lifecycle flags, secrets, deprecation,
// shapes described in words). The kinds are written in text files
// (data/*.txt, whose format read.go describes), embedded in the program and
// read once at package initialisation into an immutable tree that every
// caller shares.
package schema

import (
	"github.com/mdscheck/mdscheck/core/decimal"
	"github.com/mdscheck/mdscheck/core/pattern"
)

// Type is the JSON type of a value.
type Type int

// The types a member can have. StringMap is an object whose keys are free
// and whose values are strings (labels, annotations, tags).
const (
	Object Type = iota
	Array
	String
	Integer
	Number
	Boolean
	StringMap
)

var typeNames = [...]string{"object", "array", "string", "integer", "number", "boolean", "map of string to string"}

func (t Type) String() string { return typeNames[t] }

// Format names a shape that the specification describes in words.
type Format string

// The named shapes. Their exact reading is stated in docs/rules.md.
const (
	FormatNone         Format = ""
	FormatEmail        Format = "email"           // local@domain with a dot in the domain
	FormatCIDR         Format = "cidr"            // address/prefix, IPv4 or IPv6
	FormatTime         Format = "time"            // HH:mm:ss
	FormatSingleLine   Format = "single-line"     // no CR or LF
	FormatNoControl    Format = "no-control"      // none of 0x00-0x1F, at least one character
	FormatPrintable    Format = "printable-ascii" // 0x20-0x7E only
	FormatDiskSpace    Format = "disk-space"      // positive integer, optional GiB or G, any case
	FormatNonBlankLine Format = "non-blank-line"  // single-line with a non-whitespace character
	FormatDuration     Format = "duration"        // integer, optional blanks, unit d h m s ms micros nanos
)

// Lifecycle flags of a member.
type Lifecycle uint8

// Lifecycle flags; a member can carry several.
const (
	Immutable        Lifecycle = 1 << iota // cannot change after creation
	CreateOnly                             // acts only when the service is created
	Restarts                               // changing it restarts all instances
	PreventsDeletion                       // while it is true, the resource cannot be deleted
	// Pinned, with Immutable: whether the member is set cannot change
	// either, so adding or removing it counts even at its default (the
	// operator's CEL rule on spec compares has() of both versions).
	Pinned
)

// Schema describes one value. Fields that do not apply to its Type are zero.
type Schema struct {
	Type        Type
	Description string // for people: hover and completion show it
	Default     string // as written in YAML, empty when none
	Example     string // a value to show where there is no default (completion's placeholder), as written in YAML
	Deprecated  string // non-empty when deprecated: what to use instead or why
	Lifecycle   Lifecycle
	Secret      bool // the value is never shown in any output

	Enum []string // allowed values as written in YAML (strings, or integers for integer enums)

	Pattern      string // a regular expression of the specification (the subset core/pattern reads)
	PatternWords string // the pattern said in words, for messages and hover
	Format       Format
	MinLength    int // in Unicode code points; 0 means none
	MaxLength    int // in Unicode code points; 0 means none

	Minimum, Maximum string // decimal bounds as written in the specification; empty means none

	MaxItems int // 0 means none

	Unit Unit // what a number counts, where a rule converts it; "" when not said

	// Rules are the rules between members that this member (or, for an
	// object, its members) must keep, in the order written.
	Rules []Rule
	// SecretKeys are keys of the connection Secret, without prefix: on a
	// kind's manifest all of them; on a boolean member of userConfig the
	// keys that exist only while it is true.
	SecretKeys []string

	Properties []*Property // Object members, in the order of the specification
	Free       bool        // an object whose members are not checked (status)
	Items      *Schema     // Array items

	pattern     *pattern.Pattern
	min, max    *decimal.Dec
	byName      map[string]*Property
	transitions []string // the values of the transition attributes (Transitions reads them)
	holdsSecret bool     // Secret here or on a member below
}

// Property is a named member of an object.
type Property struct {
	Name     string
	Required bool
	*Schema
}

// Property returns the member called name, or nil.
func (s *Schema) Property(name string) *Property {
	if s == nil {
		return nil
	}
	return s.byName[name]
}

// HoldsSecret reports whether the value or a member below it is secret,
// so that a search for secret values can skip the rest of the tree.
func (s *Schema) HoldsSecret() bool { return s != nil && s.holdsSecret }

// markSecrets sets holdsSecret on s and below, and reports it for s.
// Schemas shared by several members are visited once per use: the tree
// is small and this runs once.
func markSecrets(s *Schema) bool {
	held := s.Secret
	for _, p := range s.Properties {
		held = markSecrets(p.Schema) || held
	}
	if s.Items != nil {
		held = markSecrets(s.Items) || held
	}
	s.holdsSecret = held
	return held
}

// CompiledPattern returns the compiled Pattern, or nil when there is none.
func (s *Schema) CompiledPattern() *pattern.Pattern { return s.pattern }

// Bounds returns the numeric bounds as exact decimals (nil when absent).
func (s *Schema) Bounds() (min, max *decimal.Dec) { return s.min, s.max }

// Required returns the names of the required members, sorted.
func (s *Schema) Required() []string {
	var names []string
	for _, p := range s.Properties {
		if p.Required {
			names = append(names, p.Name)
		}
	}
	sortNames(names)
	return names
}

// sortNames sorts a few names in place. An insertion sort, not
// sort.Strings: the lists are short (the kinds, the required members of
// an object), and the generic sort of strings is 20 KB of the
// WebAssembly module that nothing else needs.
func sortNames(names []string) {
	for i := 1; i < len(names); i++ {
		for j := i; j > 0 && names[j] < names[j-1]; j-- {
			names[j], names[j-1] = names[j-1], names[j]
		}
	}
}
