package schema

import (
	"sort"
	"strings"
)

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
	// SecretKeys are the key names of the connection Secret, without prefix.
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
	sort.Strings(names)
	return names
}

// OwnersOf returns the kinds whose userConfig has a member called name at
// the top level, sorted. A message about a member of another kind uses it.
func OwnersOf(name string) []string {
	var out []string
	for _, n := range Names() {
		if kinds[n].UserConfig().Property(name) != nil {
			out = append(out, n)
		}
	}
	return out
}

// register adds the kind called name, whose manifest the data files
// describe.
func register(manifests map[string]*Schema, name string, secretKeys []string, componentKeys map[string][]string) {
	m := manifests[name]
	if m == nil {
		panic("schema: the data files have no kind " + name)
	}
	markSecrets(m)
	kinds[name] = &Kind{Name: name, Manifest: m, SecretKeys: secretKeys, ComponentKeys: componentKeys}
}

// init registers the kinds: their manifests come from the data files,
// their connection Secret's keys from here.
func init() {
	r := readData()
	register(r.kinds, "OpenSearch", []string{"HOST", "PORT", "USER", "PASSWORD"}, nil)
	register(r.kinds, "Grafana", []string{"HOST", "PORT", "USER", "PASSWORD", "URI", "HOSTS"}, nil)
	register(r.kinds, "Kafka",
		[]string{"HOST", "PORT", "USERNAME", "PASSWORD", "ACCESS_CERT", "ACCESS_KEY",
			"SASL_HOST", "SASL_PORT", "SCHEMA_REGISTRY_HOST", "SCHEMA_REGISTRY_PORT",
			"CONNECT_HOST", "CONNECT_PORT", "REST_HOST", "REST_PORT", "CA_CERT"},
		map[string][]string{
			"schema_registry": {"SCHEMA_REGISTRY_HOST", "SCHEMA_REGISTRY_PORT"},
			"kafka_connect":   {"CONNECT_HOST", "CONNECT_PORT"},
			"kafka_rest":      {"REST_HOST", "REST_PORT"},
		})
	if len(r.kinds) != len(kinds) {
		panic("schema: the data files describe a kind that kinds.go does not register")
	}
}

// DefaultSecretPrefix is the prefix of the connection Secret's keys when
// spec.connInfoSecretTarget.prefix is not set.
func DefaultSecretPrefix(kind string) string { return strings.ToUpper(kind) + "_" }
