package check

import "github.com/mdscheck/mdscheck/core/document"

func init() { crossRules = append(crossRules, ruleConflict) }

// ruleConflict: members that should not be set together.
//   - projectVpcId and projectVPCRef: the reference supplies projectVpcId, so
//     setting both leaves it unclear which network is meant (a warning: the
//     specification states no "must").
//   - Grafana: legacy alerting_enabled should not be enabled together with
//     unified_alerting_enabled, which is on by default (a warning: "should").
func ruleConflict(c *checker, root *document.Node) {
	spec, ok := lookup(root, c.base, "spec")
	if !ok || spec.value.Kind != document.Mapping {
		return
	}
	if id, ok := lookup(spec.value, spec.path, "projectVpcId"); ok {
		if _, ok := lookup(spec.value, spec.path, "projectVPCRef"); ok {
			c.report(id.finding(Warning, "conflict", "set projectVpcId or projectVPCRef, not both: the reference supplies projectVpcId"))
		}
	}
	if c.kind.Name != "Grafana" {
		return
	}
	uc, ok := c.userConfig(root)
	if !ok {
		return
	}
	legacy, ok := lookup(uc.value, uc.path, "alerting_enabled")
	if on, isBool := legacy.boolean(); !ok || !isBool || !on {
		return
	}
	unified, set := lookup(uc.value, uc.path, "unified_alerting_enabled")
	if on, isBool := unified.boolean(); set && isBool && !on {
		return
	}
	msg := "alerting_enabled should not be enabled together with unified_alerting_enabled"
	if !set {
		msg += ", which is on by default; set unified_alerting_enabled: false to stay on legacy alerting"
	}
	c.report(legacy.finding(Warning, "conflict", msg))
}
