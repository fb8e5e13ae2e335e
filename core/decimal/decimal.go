// Package decimal holds exact decimal numbers as YAML writes them, for
// bounds and enum checks: 9223372036854775808 is above the 64-bit limit,
// 1e3 is the integer 1000, and 0.1 is exactly one tenth. It replaces
// math/big, which is larger than the core needs and whose code every
// WebAssembly host downloads.
package decimal

import (
	"strconv"
	"strings"
)

// Dec is a decimal number: (-1)^neg × digits × 10^exp, where digits has
// no leading or trailing zeros. Zero has no digits. The zero value is 0.
type Dec struct {
	neg    bool
	digits string
	exp    int
}

// maxExp bounds exponents so that no input can make a number that costs
// more than a few bytes: 1e999999999 stays cheap to compare and print.
const maxExp = 1 << 30

// Parse reads [+-]?(digits(.digits?)?|.digits)([eE][+-]?digits)?.
func Parse(s string) (Dec, bool) {
	var d Dec
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		d.neg = s[i] == '-'
		i++
	}
	start := i
	dot := -1 // where the '.' is, if any
	frac := 0
	seenDigit := false
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			seenDigit = true
			if dot >= 0 {
				frac++
			}
			continue
		case c == '.' && dot < 0:
			dot = i
			continue
		}
		break
	}
	if !seenDigit || i == start {
		return Dec{}, false
	}
	// The digits, without the point: a slice of s unless a point splits
	// them, so that an integer costs no allocation.
	mant := s[start:i]
	if dot >= 0 {
		mant = s[start:dot] + s[dot+1:i]
	}
	exp := 0
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		eneg := false
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			eneg = s[i] == '-'
			i++
		}
		if i == len(s) {
			return Dec{}, false
		}
		for ; i < len(s); i++ {
			c := s[i]
			if c < '0' || c > '9' {
				return Dec{}, false
			}
			if exp < maxExp {
				exp = exp*10 + int(c-'0')
			}
		}
		if eneg {
			exp = -exp
		}
	}
	if i != len(s) {
		return Dec{}, false
	}
	digits := strings.TrimLeft(mant, "0")
	trimmed := strings.TrimRight(digits, "0")
	d.exp = exp - frac + (len(digits) - len(trimmed))
	d.digits = trimmed
	if d.digits == "" {
		d.neg, d.exp = false, 0
	}
	return d, true
}

// MustParse is Parse for numbers written in the program.
func MustParse(s string) Dec {
	d, ok := Parse(s)
	if !ok {
		panic("decimal: bad number " + s)
	}
	return d
}

// FromInt returns the value of n.
func FromInt(n int64) Dec {
	d, _ := Parse(strconv.FormatInt(n, 10))
	return d
}

// Sign returns -1, 0 or 1.
func (d Dec) Sign() int {
	switch {
	case d.digits == "":
		return 0
	case d.neg:
		return -1
	}
	return 1
}

// IsInt reports whether d is an integer.
func (d Dec) IsInt() bool { return d.exp >= 0 }

// Int64 returns d as an int64 when it is an integer in range.
func (d Dec) Int64() (int64, bool) {
	if !d.IsInt() || d.exp > 18 {
		return 0, d.digits == ""
	}
	n, err := strconv.ParseInt(d.String(), 10, 64)
	return n, err == nil
}

// Cmp compares a and b: -1 if a < b, 0 if equal, 1 if a > b.
func Cmp(a, b Dec) int {
	sa, sb := a.Sign(), b.Sign()
	if sa != sb {
		if sa < sb {
			return -1
		}
		return 1
	}
	if sa == 0 {
		return 0
	}
	c := cmpAbs(a, b)
	if sa < 0 {
		return -c
	}
	return c
}

// cmpAbs compares magnitudes: first by the position of the leading digit,
// then digit by digit.
func cmpAbs(a, b Dec) int {
	// The leading digit of x sits at 10^(len(digits)-1+exp).
	la, lb := len(a.digits)+a.exp, len(b.digits)+b.exp
	if la != lb {
		if la < lb {
			return -1
		}
		return 1
	}
	n := max(len(a.digits), len(b.digits))
	for i := 0; i < n; i++ {
		var ca, cb byte = '0', '0'
		if i < len(a.digits) {
			ca = a.digits[i]
		}
		if i < len(b.digits) {
			cb = b.digits[i]
		}
		if ca != cb {
			if ca < cb {
				return -1
			}
			return 1
		}
	}
	return 0
}

// String writes d in plain notation (1000, 0.25, -3), or with an exponent
// when that would take more than 40 zeros.
func (d Dec) String() string {
	if d.digits == "" {
		return "0"
	}
	sign := ""
	if d.neg {
		sign = "-"
	}
	switch {
	case d.exp >= 0 && d.exp <= 40:
		return sign + d.digits + strings.Repeat("0", d.exp)
	case d.exp < 0 && -d.exp < len(d.digits):
		k := len(d.digits) + d.exp
		return sign + d.digits[:k] + "." + d.digits[k:]
	case d.exp < 0 && -d.exp-len(d.digits) <= 40:
		return sign + "0." + strings.Repeat("0", -d.exp-len(d.digits)) + d.digits
	}
	mant := d.digits[:1]
	if len(d.digits) > 1 {
		mant += "." + d.digits[1:]
	}
	return sign + mant + "e" + strconv.Itoa(d.exp+len(d.digits)-1)
}
