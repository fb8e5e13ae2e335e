package schema

import (
	"fmt"
	"strings"
)

// Resolve finds the schema at a dotted path below s ("spec.userConfig.
// kafka.compression_type"). Member names that contain dots match whole;
// "[]" or "[N]" steps into array items.
func Resolve(s *Schema, path string) (*Schema, error) {
	r, _, err := ResolveMember(s, path)
	return r, err
}

// ResolveMember is Resolve that also says whether the member's object
// requires it.
func ResolveMember(s *Schema, path string) (*Schema, bool, error) {
	required := false
	rest := path
	for rest != "" {
		rest = strings.TrimPrefix(rest, ".")
		if strings.HasPrefix(rest, "[") {
			end := strings.IndexByte(rest, ']')
			if end < 0 {
				return nil, false, fmt.Errorf("unclosed [ in %q", path)
			}
			inner, at := rest[1:end], rest
			rest = rest[end+1:]
			if s.Type == Array && (inner == "" || isDigits(inner)) {
				s, required = s.Items, false
				continue
			}
			p := s.Property(inner)
			if p == nil {
				return nil, false, noMember(inner, path, at)
			}
			s, required = p.Schema, p.Required
			continue
		}
		if s.Type == Array {
			s = s.Items
		}
		// The longest member name that the rest starts with wins, so that
		// dotted names are found whole.
		var best *Property
		for _, p := range s.Properties {
			if (rest == p.Name || strings.HasPrefix(rest, p.Name+".") || strings.HasPrefix(rest, p.Name+"[")) &&
				(best == nil || len(p.Name) > len(best.Name)) {
				best = p
			}
		}
		if best == nil {
			name := rest
			if i := strings.IndexAny(name, ".["); i >= 0 {
				name = name[:i]
			}
			return nil, false, noMember(name, path, rest)
		}
		s, required = best.Schema, best.Required
		rest = rest[len(best.Name):]
	}
	return s, required, nil
}

// noMember is the error of a name that path does not have where rest
// starts. It names the members resolved before, not the whole path: what
// follows the missing member says nothing, and a path may be as long as
// a command line takes (128 KiB of steps).
func noMember(name, path, rest string) error {
	if len(name) > 64 {
		name = name[:64] + "..." // no member is that long
	}
	before := strings.TrimSuffix(path[:len(path)-len(rest)], ".")
	if before == "" {
		return fmt.Errorf("no member %q", name)
	}
	return fmt.Errorf("no member %q in %q", name, before)
}

func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// Constraints lists the constraints of s in words, one per line, for
// hover and explain.
func Constraints(s *Schema) []string {
	var out []string
	if len(s.Enum) > 0 {
		vals := make([]string, len(s.Enum))
		for i, e := range s.Enum {
			vals[i] = "`" + e + "`"
		}
		if len(vals) == 1 {
			out = append(out, "always "+vals[0])
		} else {
			out = append(out, "one of "+strings.Join(vals, ", "))
		}
	}
	if s.Pattern != "" {
		out = append(out, "pattern `"+s.Pattern+"`: "+s.PatternWords)
	}
	if f := formatWords(s.Format); f != "" {
		out = append(out, f)
	}
	switch {
	case s.MinLength > 0 && s.MaxLength > 0:
		out = append(out, fmt.Sprintf("length %d to %d characters", s.MinLength, s.MaxLength))
	case s.MinLength > 0:
		out = append(out, "at least "+Plural(s.MinLength, "character"))
	case s.MaxLength > 0:
		out = append(out, "at most "+Plural(s.MaxLength, "character"))
	}
	switch {
	case s.Minimum != "" && s.Maximum != "":
		out = append(out, fmt.Sprintf("from %s to %s", s.Minimum, s.Maximum))
	case s.Minimum != "":
		out = append(out, "at least "+s.Minimum)
	case s.Maximum != "":
		out = append(out, "at most "+s.Maximum)
	}
	if s.MaxItems > 0 {
		out = append(out, "at most "+Plural(s.MaxItems, "item"))
	}
	return out
}

// Plural counts things in words: "1 item", "2 items".
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// formatWords says what a format allows, "" for no format it knows. A
// switch, not a map: a map literal costs the WebAssembly module code to
// build it at start.
func formatWords(f Format) string {
	switch f {
	case FormatEmail:
		return "an e-mail address"
	case FormatCIDR:
		return "a CIDR block: address/prefix_length"
	case FormatTime:
		return "a time of day, HH:mm:ss"
	case FormatSingleLine:
		return "a single line"
	case FormatNoControl:
		return "no control characters, at least 1 character"
	case FormatPrintable:
		return "printable ASCII only"
	case FormatDiskSpace:
		return "a positive integer, optionally followed by GiB or G"
	case FormatNonBlankLine:
		return "a single line with a non-blank character"
	case FormatDuration:
		return "an integer and a unit: d, h, m, s, ms, micros or nanos"
	}
	return ""
}

// Lifecycles describes the lifecycle flags in words.
func Lifecycles(s *Schema) []string {
	var out []string
	if s.Lifecycle&Immutable != 0 {
		out = append(out, "immutable: cannot be changed after creation")
	}
	if s.Lifecycle&Pinned != 0 {
		out = append(out, "cannot be added or removed after creation, even as its default")
	}
	if s.Lifecycle&CreateOnly != 0 {
		out = append(out, "acts only when the service is created")
	}
	if s.Lifecycle&Restarts != 0 {
		out = append(out, "changing it restarts all instances")
	}
	return out
}

// TypeName names the type of s for people, with the item type of arrays.
func TypeName(s *Schema) string {
	if s.Type == Array && s.Items != nil {
		return "list of " + TypeName(s.Items)
	}
	return s.Type.String()
}

// Describe renders everything known about a member as Markdown: the
// title, type, constraints, default, lifecycle, deprecation, description
// and members. required says whether the parent requires it.
func Describe(title string, s *Schema) string {
	return DescribeMember(title, s, false)
}

// DescribeMember is Describe for a member whose parent may require it.
func DescribeMember(title string, s *Schema, required bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**: %s", title, TypeName(s))
	if required {
		b.WriteString(", required")
	}
	if s.Secret {
		b.WriteString(", secret")
	}
	b.WriteString("\n\n")
	if s.Deprecated != "" {
		fmt.Fprintf(&b, "Deprecated: %s\n\n", s.Deprecated)
	}
	if s.Description != "" {
		b.WriteString(s.Description + "\n\n")
	}
	for _, c := range Constraints(s) {
		b.WriteString("- " + c + "\n")
	}
	if s.Default != "" {
		b.WriteString("- default `" + s.Default + "`\n")
	}
	for _, l := range Lifecycles(s) {
		b.WriteString("- " + l + "\n")
	}
	if s.Type == Array && s.Items != nil && s.Items.Type == Object {
		s = s.Items
	}
	if len(s.Properties) > 0 {
		if !strings.HasSuffix(b.String(), "\n\n") {
			b.WriteString("\n") // a blank line before, not two
		}
		b.WriteString("Members:\n")
		for _, p := range s.Properties {
			req := ""
			if p.Required {
				req = " (required)"
			}
			fmt.Fprintf(&b, "- `%s`: %s%s\n", p.Name, TypeName(p.Schema), req)
		}
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}
