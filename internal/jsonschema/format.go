package jsonschema

import (
	"strconv"
	"strings"

	"github.com/mdscheck/mdscheck/core/schema"
)

// FormatPattern returns a regular expression that matches exactly the
// strings of the named shape f, as core/check reads them (docs/rules.md
// states each), or "" for none. JSON Schema's format keyword would not do:
// its formats are other shapes, and validators need not check them.
//
// The expressions use only what ECMA-262 and Go's regexp read alike;
// characters outside ASCII are written as themselves, not escaped.
func FormatPattern(f schema.Format) string {
	return formatPatterns[f]
}

// space is what unicode.IsSpace counts as white space (strings.TrimSpace
// trims it), as the characters themselves.
const space = "\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"

var formatPatterns = map[schema.Format]string{
	// local@domain.tld: one @, a dot inside the domain, no blank or <>.
	schema.FormatEmail:        `^[^@ \t\r\n<>]+@[^@ \t\r\n<>.]+(\.[^@ \t\r\n<>.]+)+$`,
	schema.FormatCIDR:         "^(" + ipv4 + "/" + bits(32) + "|" + ipv6() + "/" + bits(128) + ")$",
	schema.FormatTime:         `^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$`,
	schema.FormatSingleLine:   `^[^\r\n]*$`,
	schema.FormatNonBlankLine: `^[^\r\n]*[^` + space + `][^\r\n]*$`,
	schema.FormatNoControl:    "^[^\x00-\x1f]+$",
	schema.FormatPrintable:    `^[ -~]*$`,
	schema.FormatDiskSpace:    `^[1-9][0-9]*([gG]([iI][bB])?)?$`,
	schema.FormatDuration:     `^[0-9]+[ \t]*(d|h|m|s|ms|micros|nanos)$`,
}

// An IPv4 address: four decimal fields of 0-255 without leading zeros.
const (
	octet = `(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])`
	ipv4  = octet + `(\.` + octet + `){3}`
	h16   = `[0-9a-fA-F]{1,4}`
)

// bits is a prefix length of 0 to max (32 or 128) without leading zeros.
func bits(max int) string {
	if max == 32 {
		return `(3[0-2]|[12]?[0-9])`
	}
	return `(12[0-8]|1[01][0-9]|[1-9]?[0-9])`
}

// ipv6 is an IPv6 address as RFC 3986 writes it: eight groups of up to
// four hex digits, the last two of which may be an IPv4 address, and one
// "::" in place of one or more groups of zeros.
func ipv6() string {
	ls32 := "(" + h16 + ":" + h16 + "|" + ipv4 + ")"
	// head is up to n groups before the "::".
	head := func(n int) string {
		switch n {
		case 0:
			return ""
		case 1:
			return "(" + h16 + ")?"
		}
		return "((" + h16 + ":){0," + strconv.Itoa(n-1) + "}" + h16 + ")?"
	}
	// tail is n groups and a colon each.
	tail := func(n int) string {
		if n == 0 {
			return ""
		}
		return "(" + h16 + ":){" + strconv.Itoa(n) + "}"
	}
	alts := []string{tail(6) + ls32, "::" + tail(5) + ls32}
	for n := 1; n <= 5; n++ {
		alts = append(alts, head(n)+"::"+tail(5-n)+ls32)
	}
	alts = append(alts, head(6)+"::"+h16, head(7)+"::")
	return "(" + strings.Join(alts, "|") + ")"
}
