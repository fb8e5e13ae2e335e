package check

import "strings"

// The CIDR shape of the specification, read as net/netip reads addresses
// and prefixes. net/netip (and the unique package it brings) cost the
// WebAssembly module more than these few functions; cidr_test.go holds
// them to net/netip on every input the fuzzer finds.

// isPrefix reports whether s is address/bits: an IPv4 or IPv6 address
// without a zone, and a decimal prefix length without leading zeros of at
// most 32 or 128 bits.
func isPrefix(s string) bool {
	i := strings.LastIndexByte(s, '/')
	if i < 0 {
		return false
	}
	is6, zone, ok := parseAddr(s[:i])
	if !ok || zone {
		return false
	}
	bits := s[i+1:]
	if bits == "" || len(bits) > 3 || len(bits) > 1 && bits[0] == '0' {
		return false
	}
	n := 0
	for j := 0; j < len(bits); j++ {
		if bits[j] < '0' || bits[j] > '9' {
			return false
		}
		n = n*10 + int(bits[j]-'0')
	}
	if is6 {
		return n <= 128
	}
	return n <= 32
}

// parseAddr reads an IPv4 or IPv6 address as net/netip.ParseAddr does; zone
// is set when an IPv6 address carries one (%eth0).
func parseAddr(s string) (is6, zone, ok bool) {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '.':
			return false, false, parseIPv4(s) >= 0
		case ':':
			return parseIPv6(s)
		case '%':
			return false, false, false // a zone needs an IPv6 address before it
		}
	}
	return false, false, false
}

// parseIPv4 reads a dotted quad: four decimal fields of 0-255 without
// leading zeros. It returns the count of fields read, or -1.
func parseIPv4(s string) int {
	fields, val, digits := 0, 0, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			if digits == 1 && val == 0 {
				return -1 // a leading zero
			}
			val = val*10 + int(c-'0')
			digits++
			if val > 255 {
				return -1
			}
		case c == '.':
			if digits == 0 || fields == 3 {
				return -1
			}
			fields++
			val, digits = 0, 0
		default:
			return -1
		}
	}
	if digits == 0 || fields != 3 {
		return -1
	}
	return 4
}

// parseIPv6 reads an IPv6 address: up to eight groups of one to four hex
// digits, one "::" for a run of zero groups, an optional dotted quad in
// place of the last two groups, and an optional non-empty zone.
func parseIPv6(s string) (is6, zone, ok bool) {
	if i := strings.IndexByte(s, '%'); i >= 0 {
		if i == len(s)-1 {
			return true, true, false
		}
		s, zone = s[:i], true
	}
	groups := 0
	ellipsis := false
	if len(s) >= 2 && s[0] == ':' && s[1] == ':' {
		ellipsis = true
		s = s[2:]
		if s == "" {
			return true, zone, true
		}
	}
	for s != "" {
		// One group: hex digits up to the next ':' (or a dotted quad).
		n := 0
		for n < len(s) && n < 5 && isHex(s[n]) {
			n++
		}
		if n == 0 || n > 4 {
			return true, zone, false
		}
		if n < len(s) && s[n] == '.' {
			// The rest is an IPv4 address: it takes two groups.
			if ellipsis && groups > 5 || !ellipsis && groups != 6 || parseIPv4(s) < 0 {
				return true, zone, false
			}
			groups += 2
			s = ""
			break
		}
		groups++
		s = s[n:]
		if s == "" {
			break
		}
		if s[0] != ':' || len(s) == 1 {
			return true, zone, false // another character, or a trailing ':'
		}
		s = s[1:]
		if s[0] == ':' {
			if ellipsis {
				return true, zone, false // a second "::"
			}
			ellipsis = true
			s = s[1:]
		}
		if groups > 8 {
			return true, zone, false
		}
	}
	if ellipsis {
		return true, zone, groups < 8
	}
	return true, zone, groups == 8
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
