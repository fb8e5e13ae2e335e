package leak

import "testing"

// TestSampleHoldsEveryAttack: the front ends' sample attacks with every
// way and style of the whole set and every secret member, in far fewer
// cases, and is the same every run.
func TestSampleHoldsEveryAttack(t *testing.T) {
	all, sample := Cases(), Sample()
	ways := func(cases []Case) (ways, members map[string]bool) {
		ways, members = map[string]bool{}, map[string]bool{}
		for _, c := range cases {
			m, way := attack(c)
			ways[way], members[m] = true, true
		}
		return ways, members
	}
	allWays, allMembers := ways(all)
	sampleWays, sampleMembers := ways(sample)
	for w := range allWays {
		if !sampleWays[w] {
			t.Errorf("the sample never attacks with %q", w)
		}
	}
	for m := range allMembers {
		if !sampleMembers[m] {
			t.Errorf("the sample never attacks %s", m)
		}
	}
	if len(sample)*5 > len(all) {
		t.Errorf("the sample holds %d of %d cases: no longer a sample", len(sample), len(all))
	}
	again := Sample()
	for i := range sample {
		if again[i].Name != sample[i].Name || again[i].Text != sample[i].Text {
			t.Fatalf("case %d differs between two calls: %s, then %s", i, sample[i].Name, again[i].Name)
		}
	}
}
