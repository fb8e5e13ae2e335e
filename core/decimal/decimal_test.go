package decimal

import (
	"math/big"
	"testing"
)

func TestParseAndString(t *testing.T) {
	cases := map[string]string{
		"0": "0", "-0": "0", "+12": "12", "007": "7", "1e3": "1000", "1.0": "1", "1.50": "1.5", ".5": "0.5",
		"-0.001": "-0.001", "1E-2": "0.01", "9223372036854775808": "9223372036854775808", "2.": "2",
		"1e100": "1e100", "123e-50": "1.23e-48", "0.0e5": "0",
	}
	for in, want := range cases {
		d, ok := Parse(in)
		if !ok || d.String() != want {
			t.Errorf("Parse(%q) = %v %v, want %s", in, d, ok, want)
		}
	}
	for _, bad := range []string{"", "-", ".", "e3", "1e", "1.2.3", "0x10", "1_000", " 1", "1e+", "abc"} {
		if _, ok := Parse(bad); ok {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}

// TestCmpAgreesWithBig compares with math/big on many pairs.
func TestCmpAgreesWithBig(t *testing.T) {
	nums := []string{"0", "-0", "1", "-1", "0.5", "0.50", "-0.5", "1e3", "999.999", "1000", "1000.0001", "0.001", "1e-3",
		"9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "0.2", "0.9", "0.19999",
		"2147483647", "107374182400", "315569260000", "1e-10", "-1e10", "12.5e1", "125"}
	for _, a := range nums {
		for _, b := range nums {
			da, db := MustParse(a), MustParse(b)
			ra, _ := new(big.Rat).SetString(a)
			rb, _ := new(big.Rat).SetString(b)
			if got, want := Cmp(da, db), ra.Cmp(rb); got != want {
				t.Errorf("Cmp(%s, %s) = %d, want %d", a, b, got, want)
			}
		}
		ra, _ := new(big.Rat).SetString(a)
		if MustParse(a).IsInt() != ra.IsInt() {
			t.Errorf("IsInt(%s) wrong", a)
		}
	}
}

func TestInt64(t *testing.T) {
	for in, want := range map[string]int64{"1e3": 1000, "-5": -5, "9223372036854775807": 1<<63 - 1, "0": 0} {
		if n, ok := MustParse(in).Int64(); !ok || n != want {
			t.Errorf("Int64(%s) = %d %v", in, n, ok)
		}
	}
	for _, in := range []string{"9223372036854775808", "0.5", "1e30"} {
		if _, ok := MustParse(in).Int64(); ok {
			t.Errorf("Int64(%s) accepted", in)
		}
	}
	if FromInt(-42).String() != "-42" {
		t.Errorf("FromInt")
	}
}

func FuzzCmp(f *testing.F) {
	f.Add("1.5", "15e-1")
	f.Fuzz(func(t *testing.T, a, b string) {
		da, ok1 := Parse(a)
		db, ok2 := Parse(b)
		ra, ok3 := new(big.Rat).SetString(a)
		rb, ok4 := new(big.Rat).SetString(b)
		if !ok1 || !ok2 || !ok3 || !ok4 || len(a) > 40 || len(b) > 40 {
			return
		}
		if Cmp(da, db) != ra.Cmp(rb) {
			t.Fatalf("Cmp(%s, %s) = %d, big says %d", a, b, Cmp(da, db), ra.Cmp(rb))
		}
	})
}
