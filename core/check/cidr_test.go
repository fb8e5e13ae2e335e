package check

import (
	"net/netip"
	"testing"
)

// sameAsNetip fails when isPrefix or parseAddr read s otherwise than
// net/netip, whose reading they replace.
func sameAsNetip(t *testing.T, s string) {
	_, err := netip.ParsePrefix(s)
	if got := isPrefix(s); got != (err == nil) {
		t.Errorf("isPrefix(%q) = %t, net/netip says %v", s, got, err)
	}
	a, err := netip.ParseAddr(s)
	is6, zone, ok := parseAddr(s)
	if ok != (err == nil) || ok && (is6 != a.Is6() || zone != (a.Zone() != "")) {
		t.Errorf("parseAddr(%q) = %t, %t, %t; net/netip says %v, %v (err %v)", s, is6, zone, ok, a.Is6(), a.Zone(), err)
	}
}

var addrSeeds = []string{
	"10.0.0.0/16", "10.0.0.1", "10.0.0.1/32", "10.0.0.1/33", "10.0.0.1/08", "10.0.0.1/+8", "10.0.0.1/", "/8",
	"1.2.3", "1.2.3.4.5", "01.2.3.4", "256.1.1.1", "1.2.3.4%eth0", "1..2.3",
	"::", "::1", "::/0", "1::", "1:", ":1", "1::2::3", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7::",
	"1:2:3:4:5:6:7:8::", "::ffff:1.2.3.4", "::ffff:1.2.3.4/120", "1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5:6:7:1.2.3.4",
	"fe80::1%eth0", "fe80::1%", "fe80::1%eth0/64", "12345::", "::01.2.3.4", "2001:db8::/129", "2001:DB8::/32",
	"", "%", "a.b.c.d", "::1.2.3", "1:2:3:4:5:6:7:8/128", "1:2:3:4:5:6:7:8/0128",
}

func TestAddressesAsNetip(t *testing.T) {
	for _, s := range addrSeeds {
		sameAsNetip(t, s)
	}
}

func FuzzAddressesAsNetip(f *testing.F) {
	for _, s := range addrSeeds {
		f.Add(s)
	}
	f.Fuzz(sameAsNetip)
}
