package check

import (
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/field"
	"github.com/mdscheck/mdscheck/core/schema"
)

// ruleDiskUnit warns of a disk size without a unit ("102400"): the
// specification allows it, but the operator accepts it and ignores it,
// and the user who wrote it upstream meant megabytes. The fix appends
// GiB, the unit the bare number stands for.
func (c *checker) ruleDiskUnit(n *document.Node, s *schema.Schema, p *field.Path) {
	msg := c.shown(n, s) + " has no unit: the operator accepts it and ignores it; write the size in GiB with its unit, for example " + n.Text + "GiB (a size in megabytes divided by 1024)"
	if c.hidden(n, s) {
		msg = "the disk size has no unit: the operator accepts it and ignores it; append GiB"
	}
	d := at(n, p, Warning, "disk-unit", msg)
	if !n.Alias && !c.hidden(n, s) {
		d.Fixes = []Fix{c.replaceFix(n, n.Text+"GiB", "Append GiB")}
	}
	c.report(d)
}
