package lsp

import "testing"

// TestDiskSecretsDrop: the index forgets the secrets of a file an open
// document stands for only when the file holds at least half of those it
// knows, and keeps what it must: a secret another file also holds, and
// those of an earlier version of the file.
func TestDiskSecretsDrop(t *testing.T) {
	const (
		old    = "Earlier7versionQx" // of big.yaml, read before
		shared = "Shared4valueKz9w"  // in big.yaml and small.yaml
		own    = "Small2secretPb8"   // small.yaml's alone
	)
	big := &diskFile{secrets: []string{"Big1valueAa3z", "Big2valueBb4y", "Big3valueCc5x", shared}}
	small := &diskFile{secrets: []string{shared, own}}
	var d diskSecrets
	d.add([]*diskFile{{secrets: []string{old}}}, map[string]*diskFile{})
	files := map[string]*diskFile{"big.yaml": big, "small.yaml": small}
	d.add([]*diskFile{big, small}, files)

	// small.yaml holds 2 of the 6 secrets known: a rebuild would cost
	// more than it frees.
	if g, dropped := d.drop("small.yaml", files); dropped || g != nil {
		t.Fatalf("small.yaml dropped")
	}
	g, dropped := d.drop("big.yaml", files)
	if !dropped {
		t.Fatalf("big.yaml, 4 of the 6 secrets known, not dropped")
	}
	if g != d.gate {
		t.Errorf("the gate returned is not the one kept")
	}
	for _, s := range []string{old, shared, own} {
		if !g.Holds(s) {
			t.Errorf("%s forgotten", s)
		}
	}
	for _, s := range big.secrets[:3] {
		if g.Holds(s) {
			t.Errorf("big.yaml's %s still known", s)
		}
	}
}
