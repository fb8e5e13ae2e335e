package pattern

import (
	"regexp"
	"strings"
	"testing"
)

// The patterns of the specification, and more of the same syntax.
var exprs = []string{
	`^(G|UA|YT|MO)-[a-zA-Z0-9-]+$`,
	`^[0-9]+(ms|s|m|h|d)$`,
	`^[A-Z0-9]+$`,
	`^[A-Za-z0-9-_.*?]+$`,
	`^[A-Za-z0-9/+=]+$`,
	`^[a-zA-Z0-9-_:.]+$`,
	`^[a-zA-Z0-9-_]+$`,
	`^[a-zA-Z0-9_-]+$`,
	`^[a-zA-Z0-9_\- ]+$`,
	`^[a-z][-a-z0-9]{0,63}$|^$`,
	`^a{2,3}b?c*$`,
	`^[^a-c]+$`,
	`^x[yz]+`,
	`^a*ab*$`,
	`^[a-z]*-[a-z]*$`,
	`^[0-9]*(a|b)$`,
}

var inputs = []string{
	"", "a", "G-abc", "UA-12-x", "YT-", "MO-a b", "X-1", "15ms", "15", "ms", "7d", "12h ", "ABC123", "abc",
	"logs-*", "logs.?", "a/b+c=", "a:b.c-d_e", "Bad Project!", "my_project-1", "name with space", "aa", "aaab",
	"aaaabc", "aabccc", "def", "xyzzy", "xy", "é", "a-" + strings.Repeat("b", 62), "a-" + strings.Repeat("b", 63),
	"-abc", "Abc", "abc\n", "\nabc", "a\x00b",
}

// TestAgreesWithRegexp compares every expression on every input with Go's
// regexp package.
func TestAgreesWithRegexp(t *testing.T) {
	for _, e := range exprs {
		p := MustCompile(e)
		re := regexp.MustCompile(e)
		for _, in := range inputs {
			if got, want := p.MatchString(in), re.MatchString(in); got != want {
				t.Errorf("%s on %q: %v, regexp says %v", e, in, got, want)
			}
		}
	}
}

func TestRefusesWhatItCannotRead(t *testing.T) {
	for _, e := range []string{`^a.b$`, `[a-`, `(a`, `a{2`, `\d+`, `a**`, `^*`, `[z-a]`} {
		if _, err := Compile(e); err == nil {
			t.Errorf("%s compiled", e)
		}
	}
}

// TestRefusesWhatIsNotLinear: expressions whose backtracking could take
// time exponential or polynomial in the input are refused when compiled,
// so no pattern can turn a long value into a denial of service. ^(a+)+$
// took 0.9 s on 24 a's and a b, four times more for every two a's.
func TestRefusesWhatIsNotLinear(t *testing.T) {
	for _, e := range []string{
		`^(a+)+$`, `^(a|aa)*$`, `^(ab)*$`, `^(a*)*b$`, `^(x[a-z]+){2,}$`,
		`^a*a*$`, `^[a-z]*[0-9a]*$`, `^a+a?$`, `^a*(a|b)$`, `^[^b]*[a-c]+$`, `^a*[^b]*$`,
		`a+`, `^a$|b`, `[a-z]+$`,
	} {
		if _, err := Compile(e); err == nil {
			t.Errorf("%s compiled; its matching is not linear", e)
		}
	}
	// What the specification uses stays: every pattern of the schema
	// compiles (core/schema panics at start-up otherwise), and so do these.
	for _, e := range exprs {
		if _, err := Compile(e); err != nil {
			t.Errorf("%s: %v", e, err)
		}
	}
}

func FuzzAgreesWithRegexp(f *testing.F) {
	for _, in := range inputs {
		f.Add(in)
	}
	ps := make([]*Pattern, len(exprs))
	res := make([]*regexp.Regexp, len(exprs))
	for i, e := range exprs {
		ps[i], res[i] = MustCompile(e), regexp.MustCompile(e)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for i := range ps {
			if ps[i].MatchString(in) != res[i].MatchString(in) {
				t.Fatalf("%s on %q disagrees with regexp", exprs[i], in)
			}
		}
	})
}
