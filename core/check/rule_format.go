package check

import (
	"strings"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/field"
	"github.com/mdscheck/mdscheck/core/schema"
)

// format checks the shapes the specification describes in words.
func (c *checker) format(n *document.Node, s *schema.Schema, p *field.Path) {
	v := n.Text
	var msg string
	fixed := false // msg is mdscheck's words alone
	var fixes []Fix
	switch s.Format {
	case schema.FormatEmail:
		if !isEmail(v) {
			msg = c.shown(n, s) + " is not an e-mail address (local@domain.tld)"
		}
	case schema.FormatCIDR:
		if !isPrefix(v) {
			msg = c.shown(n, s) + " is not a CIDR block (address/prefix_length, for example 10.0.0.0/16)"
			if is6, zone, ok := parseAddr(v); ok && !zone {
				bits := "/32"
				if is6 {
					bits = "/128"
				}
				msg = c.shown(n, s) + " is an address without a prefix length; write " + v + bits + " for this address alone"
				if c.hidden(n, s) {
					msg = "the value is an address without a prefix length; append " + bits + " for this address alone"
				} else if !n.Alias {
					fixes = []Fix{c.replaceFix(n, v+bits, "Append "+bits)}
				}
			}
		}
	case schema.FormatTime:
		if !isTimeOfDay(v) {
			msg = c.shown(n, s) + " is not a time of day as HH:mm:ss (00:00:00 to 23:59:59)"
		}
	case schema.FormatSingleLine:
		if strings.ContainsAny(v, "\r\n") {
			msg, fixed = "must be a single line: no line breaks (a | block keeps them; use >- or a quoted string)", true
		}
	case schema.FormatNonBlankLine:
		if strings.ContainsAny(v, "\r\n") {
			msg, fixed = "must be a single line: no line breaks", true
		} else if strings.TrimSpace(v) == "" {
			msg, fixed = "must contain a character other than whitespace", true
		}
	case schema.FormatNoControl:
		if v == "" {
			msg, fixed = "must not be empty", true
		} else if i := strings.IndexFunc(v, func(r rune) bool { return r < 0x20 }); i >= 0 {
			msg, fixed = "must not contain control characters (line breaks, tabs and other characters below 0x20)", true
		}
	case schema.FormatPrintable:
		if i := strings.IndexFunc(v, func(r rune) bool { return r < 0x20 || r > 0x7e }); i >= 0 {
			msg, fixed = "must be printable ASCII only (characters 0x20 to 0x7E)", true
		}
	case schema.FormatDiskSpace:
		if !isDiskSpace(v) {
			msg = c.shown(n, s) + " is not a disk size: a positive integer without leading zero, optionally followed by GiB or G, for example 80GiB"
		} else if last := v[len(v)-1]; last >= '0' && last <= '9' {
			c.ruleDiskUnit(n, s, p)
		}
	case schema.FormatDuration:
		if !isDuration(v) {
			msg = c.shown(n, s) + " is not a duration: an integer and a unit d, h, m, s, ms, micros or nanos, for example 5m"
		}
	}
	if msg != "" {
		d := at(n, p, Error, "format", msg)
		if fixed {
			// A message of mdscheck's words alone: a secret that holds
			// "line" leaves "must be a single line" whole.
			d.set(says(phrase(msg)))
		}
		d.Fixes = fixes
		c.report(d)
	}
}

func isEmail(v string) bool {
	at := strings.LastIndexByte(v, '@')
	if at <= 0 || at == len(v)-1 || strings.ContainsAny(v, " \t\r\n<>") {
		return false
	}
	domain := v[at+1:]
	dot := strings.IndexByte(domain, '.')
	return dot > 0 && !strings.HasSuffix(domain, ".") && !strings.Contains(domain, "..") && !strings.Contains(v[:at], "@")
}

func isTimeOfDay(v string) bool {
	if len(v) != 8 || v[2] != ':' || v[5] != ':' {
		return false
	}
	num := func(a, b byte, max int) bool {
		if a < '0' || a > '9' || b < '0' || b > '9' {
			return false
		}
		return int(a-'0')*10+int(b-'0') <= max
	}
	return num(v[0], v[1], 23) && num(v[3], v[4], 59) && num(v[6], v[7], 59)
}

func isDiskSpace(v string) bool {
	i := 0
	for i < len(v) && v[i] >= '0' && v[i] <= '9' {
		i++
	}
	if i == 0 || v[0] == '0' {
		return false
	}
	unit := strings.ToLower(v[i:])
	return unit == "" || unit == "g" || unit == "gib"
}

func isDuration(v string) bool {
	i := 0
	for i < len(v) && v[i] >= '0' && v[i] <= '9' {
		i++
	}
	if i == 0 {
		return false
	}
	unit := strings.TrimLeft(v[i:], " \t")
	switch unit {
	case "d", "h", "m", "s", "ms", "micros", "nanos":
		return true
	}
	return false
}
