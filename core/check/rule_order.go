package check

import (
	"fmt"
	"strings"

	"github.com/mdscheck/mdscheck/core/decimal"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/schema"
)

func init() { crossRules = append(crossRules, ruleOrder) }

// ruleOrder: members that must not exceed another.
//   - Kafka: the effective log_local_retention_bytes and _ms must not exceed
//     log_retention_bytes and the effective time retention (the spec says
//     "must not": an error). -2 means "use the total", -1 "no limit".
//   - Pairs of minimum and maximum (Kafka session timeouts and compaction
//     lags, OpenSearch index buffer sizes, OpenSearch operating factors): a
//     minimum above its maximum is a warning; the specification states
//     the bounds of each but not their relation.
func ruleOrder(c *checker, root *document.Node) {
	uc, ok := c.userConfig(root)
	if !ok {
		return
	}
	switch c.kind.Name {
	case "Kafka":
		k, ok := lookup(uc.value, uc.path, "kafka")
		if !ok || k.value.Kind != document.Mapping {
			return
		}
		c.localRetention(k, "log_local_retention_bytes", "log_retention_bytes", nil, "")
		// Without log_retention_ms, the hours setting applies (default 168);
		// its maximum (2147483647) times 3600000 fits in 64 bits.
		hours, which := int64(168), "the default"
		if h, ok := lookup(k.value, k.path, "log_retention_hours"); ok {
			if v, ok := h.number(); ok {
				if n, ok := v.Int64(); ok && n <= 1<<31 {
					hours, which = n, ""
				}
			}
		}
		var fromHours *decimal.Dec
		if hours >= 0 {
			d := decimal.FromInt(hours * 3600000)
			fromHours = &d
		}
		// Said in the unit it was written in and in the unit compared.
		hoursText := fmt.Sprintf("%s log_retention_hours (%s, that is %s ms)", which, schema.Plural(int(hours), "hour"), fromHours)
		c.localRetention(k, "log_local_retention_ms", "log_retention_ms", fromHours, strings.TrimSpace(hoursText))
		c.notAbove(k, "group_min_session_timeout_ms", "group_max_session_timeout_ms")
		c.notAbove(k, "log_cleaner_min_compaction_lag_ms", "log_cleaner_max_compaction_lag_ms")
	case "OpenSearch":
		if eng, ok := lookup(uc.value, uc.path, "opensearch"); ok && eng.value.Kind == document.Mapping {
			c.notAbove(eng, "indices_memory_min_index_buffer_size", "indices_memory_max_index_buffer_size")
			if of, ok := lookup(eng.value, eng.path, "shard_indexing_pressure", "operating_factor"); ok && of.value.Kind == document.Mapping {
				c.notAbove(of, "lower", "optimal")
				c.notAbove(of, "optimal", "upper")
				if _, mid := lookup(of.value, of.path, "optimal"); !mid {
					c.notAbove(of, "lower", "upper")
				}
			}
		}
	}
}

// localRetention checks a local retention against the total: the member
// total, or otherwise fallback (nil: no limit), which fallbackText names.
func (c *checker) localRetention(k member, local, total string, fallback *decimal.Dec, fallbackText string) {
	l, ok := lookup(k.value, k.path, local)
	if !ok {
		return
	}
	lv, ok := l.number()
	if !ok || lv.Sign() < 0 { // -2: use the total
		return
	}
	limit, limitText := fallback, fallbackText
	if t, ok := lookup(k.value, k.path, total); ok {
		tv, ok := t.number()
		if !ok {
			return
		}
		limit, limitText = &tv, fmt.Sprintf("%s (%s)", total, tv.String())
	}
	if limit == nil || limit.Sign() < 0 { // -1: no limit
		return
	}
	if decimal.Cmp(lv, *limit) > 0 {
		c.report(l.valueFinding(Error, "order", fmt.Sprintf("%s (%s) must not exceed %s", local, l.value.Text, limitText)))
	}
}

// notAbove warns when the member lo is greater than the member hi.
func (c *checker) notAbove(obj member, lo, hi string) {
	l, ok1 := lookup(obj.value, obj.path, lo)
	h, ok2 := lookup(obj.value, obj.path, hi)
	if !ok1 || !ok2 {
		return
	}
	lv, ok1 := l.number()
	hv, ok2 := h.number()
	if ok1 && ok2 && decimal.Cmp(lv, hv) > 0 {
		c.report(l.valueFinding(Warning, "order", fmt.Sprintf("%s (%s) is above %s (%s)", lo, l.value.Text, hi, h.value.Text)))
	}
}
