package check

import (
	"strings"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/schema"
)

// rulePathSlash (path-in=WORDS): a path inside a container or bucket must
// not start or end with "/" (an error: "must not"). The fix trims the
// slashes.
func rulePathSlash(c *checker, _, m member, _ *schema.Schema, r schema.Rule) {
	v := m.value.Text
	if m.value.Kind != document.Scalar || m.value.Type != document.String || !strings.HasPrefix(v, "/") && !strings.HasSuffix(v, "/") {
		return
	}
	d := m.valueFinding(Error, "path-slash", m.name+" must not start or end with \"/\"; it is a path inside "+r.Words)
	if trimmed := strings.Trim(v, "/"); trimmed != "" && !m.value.Alias {
		d.Fixes = []Fix{c.replaceFix(m.value, document.Quote(trimmed), "Remove the slashes")}
	}
	c.report(d)
}
