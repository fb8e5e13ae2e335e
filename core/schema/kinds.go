package schema

// APIVersion is the only apiVersion whose documents mdscheck checks.
const APIVersion = "example.io/v1alpha1"

// Group is the API group of APIVersion; another version of it is an error.
const Group = "example.io"

// Kind is one resource kind: its manifest schema and its connection Secret.
type Kind struct {
	Name string
	// Manifest is the schema of the whole document: apiVersion, kind,
	// metadata, spec and status.
	Manifest *Schema
	// SecretKeys are the key names of the connection Secret, without
	// prefix (the data's secret-keys on the kind).
	SecretKeys []string
	// ComponentKeys maps a userConfig boolean that enables a component to
	// the Secret keys that exist only when it is enabled (Kafka).
	ComponentKeys map[string][]string
}

// Spec returns the schema of spec.
func (k *Kind) Spec() *Schema { return k.Manifest.Property("spec").Schema }

// UserConfig returns the schema of spec.userConfig.
func (k *Kind) UserConfig() *Schema { return k.Spec().Property("userConfig").Schema }

var kinds = map[string]*Kind{}

// Lookup returns the kind called name (case matters), or nil.
func Lookup(name string) *Kind { return kinds[name] }

// Names returns the kind names, sorted.
func Names() []string {
	names := make([]string, 0, len(kinds))
	for n := range kinds {
		names = append(names, n)
	}
	sortNames(names)
	return names
}

// OwnersOf returns the kinds whose object in (a method such as
// (*Kind).Spec or (*Kind).UserConfig) has a member called name, sorted. A
// message about a member of another kind uses it.
func OwnersOf(in func(*Kind) *Schema, name string) []string {
	var out []string
	for _, n := range Names() {
		if in(kinds[n]).Property(name) != nil {
			out = append(out, n)
		}
	}
	return out
}

// init registers the kinds the data files describe, each with its
// connection Secret's keys: all of them on the kind's line, those of a
// component on the userConfig boolean that enables it.
func init() {
	for name, m := range readData().kinds {
		markSecrets(m)
		if m.SecretKeys == nil {
			panic("schema: kind " + name + " has no secret-keys")
		}
		k := &Kind{Name: name, Manifest: m, SecretKeys: m.SecretKeys}
		for _, p := range k.UserConfig().Properties {
			if p.SecretKeys == nil {
				continue
			}
			if k.ComponentKeys == nil {
				k.ComponentKeys = map[string][]string{}
			}
			k.ComponentKeys[p.Name] = p.SecretKeys
		}
		kinds[name] = k
	}
}

// DefaultSecretPrefix is the prefix of the connection Secret's keys when
// spec.connInfoSecretTarget.prefix is not set.
// Kind names are ASCII letters: upper-casing them needs no Unicode tables
// (strings.ToUpper is 3 KB of the WebAssembly module, for this alone).
func DefaultSecretPrefix(kind string) string {
	b := make([]byte, len(kind)+1)
	for i := range len(kind) {
		c := kind[i]
		if 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		b[i] = c
	}
	b[len(kind)] = '_'
	return string(b)
}
