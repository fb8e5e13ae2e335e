package check

import (
	"strings"

	"github.com/mdscheck/mdscheck/core/document"
)

func init() { crossRules = append(crossRules, rulePathSlash) }

// rulePathSlash: base_path of the OpenSearch migration objects must not
// start or end with "/" (an error: "must not"). The fix trims the slashes.
func rulePathSlash(c *checker, root *document.Node) {
	if c.kind.Name != "OpenSearch" {
		return
	}
	uc, ok := c.userConfig(root)
	if !ok {
		return
	}
	for _, obj := range []string{"azure_migration", "gcs_migration", "s3_migration"} {
		bp, ok := lookup(uc.value, uc.path, obj, "base_path")
		if !ok || bp.value.Kind != document.Scalar || bp.value.Type != document.String {
			continue
		}
		v := bp.value.Text
		if !strings.HasPrefix(v, "/") && !strings.HasSuffix(v, "/") {
			continue
		}
		d := bp.valueFinding(Error, "path-slash", "base_path must not start or end with \"/\"; it is a path inside the container or bucket")
		if trimmed := strings.Trim(v, "/"); trimmed != "" && !bp.value.Alias {
			d.Fixes = []Fix{c.replaceFix(bp.value, document.Quote(trimmed), "Remove the slashes")}
		}
		c.report(d)
	}
}
