package spelling

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// osa is the distance of optimal string alignment over the whole table,
// ignoring ASCII case, as Distance was computed before it was bounded:
// the reference the bounded distance must agree with.
func osa(a, b string) int {
	a, b = asciiLower(a), asciiLower(b)
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// asciiLower lowers A-Z alone, byte by byte: strings.ToLower would turn a
// byte that is no UTF-8 into three.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		b[i] = lower(c)
	}
	return string(b)
}

// TestWithinAgreesWithTheWholeTable: for random pairs of names, alike
// and not, Within gives the distance of the whole table when it is at
// most the limit and false when it is over, for every limit; Distance
// gives it always.
func TestWithinAgreesWithTheWholeTable(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	word := func(n int, alphabet string) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		return string(b)
	}
	for range 20000 {
		alphabet := []string{"ab", "abC", "abcdefgh", "aB_-.9xyzQ"}[r.IntN(4)]
		a := word(r.IntN(20), alphabet)
		b := a
		if r.IntN(2) == 0 {
			b = word(r.IntN(20), alphabet)
		} else {
			// A few edits of a: the pairs "did you mean" finds.
			for range r.IntN(6) {
				i := r.IntN(len(b) + 1)
				switch r.IntN(4) {
				case 0:
					b = b[:i] + word(1, alphabet) + b[i:]
				case 1:
					if i < len(b) {
						b = b[:i] + b[i+1:]
					}
				case 2:
					if i < len(b) {
						b = b[:i] + word(1, alphabet) + b[i+1:]
					}
				default:
					if i+1 < len(b) {
						b = b[:i] + b[i+1:i+2] + b[i:i+1] + b[i+2:]
					}
				}
			}
		}
		want := osa(a, b)
		if got := Distance(a, b); got != want {
			t.Fatalf("Distance(%q, %q) = %d, want %d", a, b, got, want)
		}
		for limit := range 8 {
			got, ok := Within(a, b, limit)
			if ok != (want <= limit) || ok && got != want {
				t.Fatalf("Within(%q, %q, %d) = %d, %v; the distance is %d", a, b, limit, got, ok, want)
			}
		}
	}
}

// TestDistanceOfLongNames: a name over 64 bytes is never close, not even
// to itself, and costs no table.
func TestDistanceOfLongNames(t *testing.T) {
	long := strings.Repeat("a", 65)
	if d := Distance(long, long); d != 1<<30 {
		t.Errorf("Distance of a 65-byte name to itself = %d, want 1<<30", d)
	}
	if _, ok := Within(long, long[1:], 4); ok {
		t.Error("a 65-byte name is within 4 of a 64-byte one")
	}
	if d := Distance(long[1:], long[2:]); d != 1 {
		t.Errorf("Distance of 64 and 63 a's = %d, want 1", d)
	}
}

// TestCloseness: the suggestions users see in docs/rules.md and
// docs/configuration.md, and the pairs too far for a typo.
func TestCloseness(t *testing.T) {
	for _, c := range []struct {
		typed, name string
		dist        int
		ok          bool
	}{
		{"cloudNmae", "cloudName", 1, true},
		{"terminationProtectoin", "terminationProtection", 1, true},
		{"exlude", "exclude", 1, true},
		{"patern", "pattern", 1, true},
		{"some_member_name", "someMemberName", 0, true},
		{"PASSWORD", "password", 0, true},
		{"passw0rd", "password", 1, true},
		{"pasword3", "password", 2, true},
		{"plaan", "plan", 1, true},
		{"x", "y", 1, true},
		{"ab", "cd", 2, false},
		{"token", "password", 5, false},
		{"cloudNmae", "cloud", 5, false},
		{strings.Repeat("a", 70), strings.Repeat("a", 69), 5, false},
	} {
		limit := min(max(len(c.typed)/3, 1), 4)
		d, ok := Closeness(c.typed, c.name)
		if ok != c.ok || ok && d != c.dist || !ok && d != limit+1 {
			t.Errorf("Closeness(%q, %q) = %d, %v, want %d, %v", c.typed, c.name, d, ok, c.dist, c.ok)
		}
	}
}

// FuzzWithin holds Within to the whole table on any pair of names.
func FuzzWithin(f *testing.F) {
	f.Add("cloudNmae", "cloudName", 2)
	f.Add("ab", "ba", 0)
	f.Add("", "abc", 3)
	f.Fuzz(func(t *testing.T, a, b string, limit int) {
		if len(a) > 64 || len(b) > 64 {
			return
		}
		limit = limit & 7
		want := osa(a, b)
		got, ok := Within(a, b, limit)
		if ok != (want <= limit) || ok && got != want {
			t.Fatalf("Within(%q, %q, %d) = %d, %v; the distance is %d", a, b, limit, got, ok, want)
		}
	})
}

// BenchmarkCloseness compares typed keys with 40 names of members, as a
// broken document's keys are compared with the names of secret members:
// most pairs are unrelated, a few close.
//
//	go test ./core/spelling -run '^$' -bench Closeness
func BenchmarkCloseness(b *testing.B) {
	names := strings.Fields(`password token secretKey accessKey apiKey clientSecret
		privateKey keystorePassword truststorePassword adminPassword smtpPassword
		bindPassword sasl username cloudName project plan terminationProtection
		maintenanceWindowDow maintenanceWindowTime ipFilter userConfig serviceIntegrations
		topic partitions replication retentionHours minInsyncReplicas cleanupPolicy
		connectorClass kafkaConnect schemaRegistry kafkaRest authMethod basicAuth
		oauth secretRef keyRef prefix name namespace`)
	typed := strings.Fields("pasword3 plaan clodName projekt terminationProtectoin retention x-custom-field replicas kafka_rest")
	for b.Loop() {
		for _, t := range typed {
			for _, n := range names {
				Closeness(t, n)
			}
		}
	}
}
