package check

import (
	"fmt"

	"github.com/mdscheck/mdscheck/core/document"
)

func init() { crossRules = append(crossRules, ruleOneOf) }

// ruleOneOf: objects that need exactly one of several members.
//   - OpenSearch azure_migration: one of key or sas_token should be given.
//   - Kafka kafka_connect_secret_providers items: a provider is either aws
//     or vault.
//
// Both are warnings: the specification says "should", or names the choice
// without a "must".
func ruleOneOf(c *checker, root *document.Node) {
	uc, ok := c.userConfig(root)
	if !ok {
		return
	}
	switch c.kind.Name {
	case "OpenSearch":
		if az, ok := lookup(uc.value, uc.path, "azure_migration"); ok && az.value.Kind == document.Mapping {
			c.oneOf(az, "key", "sas_token")
		}
	case "Kafka":
		sp, ok := lookup(uc.value, uc.path, "kafka_connect_secret_providers")
		if !ok || sp.value.Kind != document.Sequence {
			return
		}
		for i, it := range sp.value.Items {
			if it.Kind == document.Mapping {
				c.oneOf(member{value: it, path: sp.path.index(i)}, "aws", "vault")
			}
		}
	}
}

func (c *checker) oneOf(obj member, a, b string) {
	_, hasA := lookup(obj.value, obj.path, a)
	_, hasB := lookup(obj.value, obj.path, b)
	switch {
	case !hasA && !hasB:
		c.report(obj.finding(Warning, "one-of", fmt.Sprintf("give one of %s or %s", a, b)))
	case hasA && hasB:
		c.report(obj.finding(Warning, "one-of", fmt.Sprintf("give only one of %s and %s", a, b)))
	}
}
