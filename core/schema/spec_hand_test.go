package schema_test

// What the specification says in prose the table reader cannot read:
// exceptions for single rows (each with its reason and the expectation
// written by hand), members described only in prose, and the tables and
// lists read by hand.

import (
	"errors"
	"fmt"
	"regexp"

	"github.com/mdscheck/mdscheck/core/pattern"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/schema"
)

// The member rows of each part, counted in the documents apart from this
// test's reader (a row that names several members counts each; the rows
// of Limits and of the Grafana sign-in table count one each; Endpoints
// holds no members). The test fails when it checks fewer.
const (
	specRowsPart1 = 223
	specRowsPart2 = 66
	specRowsPart3 = 110
)

// specException is a row whose constraint cell says something in words.
// fix corrects the mechanical reading into what the words say.
type specException struct {
	reason string
	fix    func(kind string, e *expect)
}

func setDefault(v string) func(string, *expect) { return func(_ string, e *expect) { e.Default = v } }

// specExceptions are keyed by the member's path ("Kind path" where the row
// is one kind's only).
var specExceptions = map[string]specException{
	"kind": {"fixed to the kind's own name, listed as three names in prose",
		func(kind string, e *expect) { e.Enum = []string{kind} }},
	"spec.disk_space": {"the pattern is stated in words: a named shape",
		func(_ string, e *expect) { e.Format = schema.FormatDiskSpace }},
	"spec.authSecretRef.key": {"names the key inside the token Secret (the token itself never appears in the manifest); required and non-empty as the operator's CRD has it",
		func(_ string, e *expect) { e.Secret, e.Required, e.MinLength = false, true, 1 }},
	"spec.connInfoSecretTargetDisabled": {"pinned as the operator's CEL rule on spec has it: adding or removing it, even as false, is a change",
		func(_ string, e *expect) { e.Lifecycle |= schema.Pinned }},
	"spec.authSecretRef.name": {"required and non-empty as the operator's CRD has it: the spec is silent, the operator refuses it unset",
		func(_ string, e *expect) { e.Required, e.MinLength = true, 1 }},
	"spec.connInfoSecretTarget.name":   {"its default is the resource name, not a value", setDefault("")},
	"spec.connInfoSecretTarget.prefix": {"its default is computed from the kind, not a value", setDefault("")},

	"spec.userConfig.disable_replication_factor_adjustment": {"\"by default every index is replicated\" describes the engine, not the member: no default", setDefault("")},
	"spec.userConfig.keep_index_refresh_interval":           {"\"resets index.refresh_interval to its default\" is about the index setting: no default", setDefault("")},
	"spec.userConfig.opensearch.search_max_buckets":         {"\"Engine default applies when unset\": no value", setDefault("")},
	"spec.userConfig.s3_migration.secret_key": {"\"Secret key\" is its meaning; it is a secret by the note above the migration tables",
		func(_ string, e *expect) { e.Secret = true }},
	"OpenSearch spec.userConfig.ip_filter": {"its bound is in the title of the ip_filter item table: array max 1024 items",
		func(_ string, e *expect) { e.MaxItems = 1024 }},
	"spec.userConfig.project_to_fork_from": {"the fork-name pattern is stated in words",
		func(_ string, e *expect) { e.patternOK = forkNamePattern }},
	"spec.userConfig.service_to_fork_from": {"the fork-name pattern is stated in words",
		func(_ string, e *expect) { e.patternOK = forkNamePattern }},
	"OpenSearch spec.userConfig.private_access":                 {"members listed in prose: checked in specHandMembers", nil},
	"OpenSearch spec.userConfig.privatelink_access":             {"members listed in prose: checked in specHandMembers", nil},
	"OpenSearch spec.userConfig.public_access":                  {"members listed in prose: checked in specHandMembers", nil},
	"spec.userConfig.index_rollup.rollup_search_backoff_millis": {"the default carries its unit: 1000 ms", setDefault("1000")},
	"spec.userConfig.opensearch.cluster_routing_allocation_node_concurrent_recoveries": {
		"the default depends on the node's CPU count: no fixed value", setDefault("")},
	"spec.userConfig.opensearch.indices_memory_max_index_buffer_size": {"\"default unbound\": no value", setDefault("")},
	"spec.userConfig.opensearch.indices_memory_min_index_buffer_size": {"the default carries its unit: 48mb; the member counts MB", setDefault("48")},
	"spec.userConfig.opensearch.indices_recovery_max_bytes_per_sec":   {"the default carries its unit: 40mb; the member counts MB", setDefault("40")},
	"spec.userConfig.opensearch.knn_memory_circuit_breaker_limit":     {"the default is written as 50% of heap; the member counts percent", setDefault("50")},
	"spec.userConfig.opensearch[search.insights.top_queries]":         {"members listed in prose: checked in specHandMembers", nil},
	"spec.userConfig.opensearch.segrep[pressure.checkpoint.limit]":    {"the default carries its unit: 4 checkpoints", setDefault("4")},
	"spec.userConfig.opensearch.segrep[pressure.time.limit]": {"the default (5 minutes) is prose, not a value of the member's shape",
		setDefault("")},
	"spec.userConfig.openid.refresh_rate_limit_time_window_ms": {"the default carries its unit: 10000 ms", setDefault("10000")},
	"spec.userConfig.saml.idp_pemtrustedcas_content": {"PEM content is several lines by nature: read as the \"unless noted\" of the title",
		func(_ string, e *expect) { e.Format = schema.FormatNone }},
	"spec.userConfig.saml.subject_key": {"\"default is the NameID attribute\": no value", setDefault("")},

	"spec.userConfig.alerting_error_or_timeout":        {"\"Default for new alert rules\" says what the member sets, not its default", setDefault("")},
	"spec.userConfig.alerting_nodata_or_nullvalues":    {"\"Default for new rules\" says what the member sets, not its default", setDefault("")},
	"spec.userConfig.alerting_max_annotations_to_keep": {"\"0 (default) keeps all\"", setDefault("0")},
	"spec.userConfig.allow_embedding":                  {"\"Disabled by default\"", setDefault("false")},
	"spec.userConfig.unified_alerting_enabled":         {"\"Enabled by default\"", setDefault("true")},
	"spec.userConfig.date_formats.default_timezone":    {"\"Default time zone for user preferences\" says what the member sets", setDefault("")},

	"spec.userConfig.tiered_storage": {"members listed in prose: checked in specHandMembers", nil},
	"spec.userConfig.kafka_connect_config.scheduled_rebalance_max_delay_ms": {"the default (5 minutes) is prose; the member counts ms",
		setDefault("")},
}

// forkNamePattern checks the fork-name pattern of part 1 on samples: "a
// lower-case letter followed by up to 63 characters from lower-case
// letters, digits and hyphen; or the empty string".
func forkNamePattern(re *pattern.Pattern) error {
	if re == nil {
		return errors.New("a fork-name pattern")
	}
	good := []string{"", "a", "a-1", "fork-of-prod-2", "a" + strings.Repeat("b-9", 21)}
	bad := []string{"A", "1a", "-a", "a_b", "a.b", "a b", "Ab", "é", "a" + strings.Repeat("b", 64), "\n"}
	for _, s := range good {
		if !re.MatchString(s) {
			return fmt.Errorf("the fork-name pattern, which allows %q", s)
		}
	}
	for _, s := range bad {
		if re.MatchString(s) {
			return fmt.Errorf("the fork-name pattern, which refuses %q", s)
		}
	}
	return nil
}

// handMember is a member the specification describes in prose.
type handMember struct {
	kinds []string
	path  string // "/"-separated
	why   string
	e     expect
}

func specHandMembers() []handMember {
	os := []string{"OpenSearch"}
	str := func(e expect) expect { e.Type = schema.String; return e }
	boolean := expect{Type: schema.Boolean}
	object := expect{Type: schema.Object}
	var out []handMember
	add := func(kinds []string, path, why string, e expect) {
		out = append(out, handMember{kinds, path, why, e})
	}
	add(allKinds, "metadata/name", "Envelope: `name` (string, required)", str(expect{Required: true}))
	add(allKinds, "metadata/namespace", "Envelope: optional `namespace` (string)", str(expect{}))
	// "Keys `opensearch`, `opensearch_dashboards`, `prometheus` (each
	// boolean, optional)"; the other two: "Same three boolean keys".
	for _, obj := range []string{"private_access", "privatelink_access", "public_access"} {
		for _, k := range []string{"opensearch", "opensearch_dashboards", "prometheus"} {
			add(os, "spec/userConfig/"+obj+"/"+k, "OpenSearch access objects: three optional booleans", boolean)
		}
	}
	// "Members `cpu`, `latency`, `memory`, each an object with `enabled`
	// (boolean), `top_n_size` (integer, min 1), `window_size` (string)".
	for _, m := range []string{"cpu", "latency", "memory"} {
		p := "spec/userConfig/opensearch/search.insights.top_queries/" + m
		add(os, p, "search.insights.top_queries members", object)
		add(os, p+"/enabled", "search.insights.top_queries members", boolean)
		add(os, p+"/top_n_size", "search.insights.top_queries members", expect{Type: schema.Integer, Minimum: "1"})
		add(os, p+"/window_size", "search.insights.top_queries members", str(expect{}))
	}
	// The title of the table whose rows they share: optional objects.
	add(os, "spec/userConfig/opensearch/search_backpressure/search_shard_task", "search_backpressure: optional members", object)
	add(os, "spec/userConfig/opensearch/search_backpressure/search_task", "search_backpressure: optional members", object)

	// Kafka: kafka_connect_secret_providers' aws and vault, in prose.
	kf := []string{"Kafka"}
	const sp = "spec/userConfig/kafka_connect_secret_providers/[]/"
	add(kf, sp+"aws/auth_method", "`auth_method` (string, required, enum `credentials`)", str(expect{Required: true, Enum: []string{"credentials"}}))
	add(kf, sp+"aws/region", "`region` (string, required, max 64)", str(expect{Required: true, MaxLength: 64}))
	add(kf, sp+"aws/access_key", "`access_key` (string, optional, max 128); DESIGN.md names access_key a secret", str(expect{MaxLength: 128, Secret: true}))
	add(kf, sp+"aws/secret_key", "`secret_key` (string, optional, max 128; secret)", str(expect{MaxLength: 128, Secret: true}))
	add(kf, sp+"vault/address", "`address` (string, required, min length 1, max 65536)", str(expect{Required: true, MinLength: 1, MaxLength: 65536}))
	add(kf, sp+"vault/auth_method", "`auth_method` (string, required, enum `token`)", str(expect{Required: true, Enum: []string{"token"}}))
	add(kf, sp+"vault/engine_version", "`engine_version` (integer, optional, enum `1`, `2`)", expect{Type: schema.Integer, Enum: []string{"1", "2"}})
	add(kf, sp+"vault/prefix_path_depth", "`prefix_path_depth` (integer, optional, default 1)", expect{Type: schema.Integer, Default: "1"})
	add(kf, sp+"vault/token", "`token` (string, optional, max 256; secret)", str(expect{MaxLength: 256, Secret: true}))
	// tiered_storage: "Optional `enabled` (boolean); optional deprecated
	// `local_cache` object with required `size` (integer, min 1, max
	// 107374182400, bytes, deprecated)".
	add(kf, "spec/userConfig/tiered_storage/enabled", "tiered_storage: optional `enabled` (boolean)", boolean)
	add(kf, "spec/userConfig/tiered_storage/local_cache", "tiered_storage: optional deprecated `local_cache` object", expect{Type: schema.Object, Deprecated: true})
	add(kf, "spec/userConfig/tiered_storage/local_cache/size", "local_cache: required `size` (integer, min 1, max 107374182400, deprecated)",
		expect{Type: schema.Integer, Required: true, Minimum: "1", Maximum: "107374182400", Deprecated: true})

	// Grafana's sign-in providers: see grafanaAuth.
	for obj, members := range grafanaAuth() {
		for name, e := range members {
			add([]string{"Grafana"}, "spec/userConfig/"+obj+"/"+name, "Grafana Authentication table and its paragraph", e)
		}
	}
	return out
}

// grafanaAuth is the Grafana Authentication table written by hand, with the
// paragraph above it: "client_id and client_secret are strings of
// printable ASCII (0x20-0x7E), max 1024, required; client_secret is a
// secret. Arrays are max 50 items unless noted."
func grafanaAuth() map[string]map[string]expect {
	id := expect{Type: schema.String, Required: true, Format: schema.FormatPrintable, MaxLength: 1024}
	secret := id
	secret.Secret = true
	url := expect{Type: schema.String, MaxLength: 2048}
	reqURL := url
	reqURL.Required = true
	list := func(max int, req bool) expect {
		return expect{Type: schema.Array, Items: schema.String, HasItems: true, MaxItems: max, Required: req}
	}
	boolean := expect{Type: schema.Boolean}
	return map[string]map[string]expect{
		"auth_azuread": {"auth_url": reqURL, "client_id": id, "client_secret": secret, "token_url": reqURL,
			"allow_sign_up": boolean, "allowed_domains": list(50, false), "allowed_groups": list(50, false)},
		"auth_generic_oauth": {"api_url": reqURL, "auth_url": reqURL, "client_id": id, "client_secret": secret, "token_url": reqURL,
			"allow_sign_up": boolean, "allowed_domains": list(50, false), "allowed_organizations": list(50, false), "auto_login": boolean,
			"name":   {Type: schema.String, Pattern: `^[a-zA-Z0-9_\- ]+$`, MaxLength: 128},
			"scopes": list(50, false), "use_refresh_token": boolean},
		"auth_github": {"client_id": id, "client_secret": secret, "allow_sign_up": boolean, "allowed_organizations": list(50, false),
			"auto_login": boolean, "skip_org_role_sync": boolean,
			"team_ids": {Type: schema.Array, Items: schema.Integer, HasItems: true, MaxItems: 50}},
		"auth_gitlab": {"allowed_groups": list(50, true), "client_id": id, "client_secret": secret,
			"allow_sign_up": boolean, "api_url": url, "auth_url": url, "token_url": url},
		"auth_google": {"allowed_domains": list(64, true), "client_id": id, "client_secret": secret, "allow_sign_up": boolean},
	}
}

// checkGrafanaAuthTable ties grafanaAuth to the table: the same objects,
// and in each the same required and optional member names.
func checkGrafanaAuthTable(t *testing.T, c *specCheck, tb *specTable) {
	hand := grafanaAuth()
	seen := map[string]bool{}
	for _, row := range tb.rows {
		obj := row.cells["Object"]
		members, ok := hand[obj]
		if !ok {
			t.Errorf("%s: sign-in object %q has no hand-written expectation in grafanaAuth", tb.where(row.line), obj)
			continue
		}
		seen[obj] = true
		for col, req := range map[string]bool{"Required members": true, "Optional members": false} {
			spec := topLevelNames(row.cells[col])
			var want []string
			for n, e := range members {
				if e.Required == req {
					want = append(want, n)
				}
			}
			sort.Strings(spec)
			sort.Strings(want)
			if !slices.Equal(spec, want) {
				t.Errorf("%s: %s %s: the table names %v, grafanaAuth has %v", tb.where(row.line), obj, strings.ToLower(col), spec, want)
			}
		}
		c.counted[tb.part]++
	}
	for obj := range hand {
		if !seen[obj] {
			t.Errorf("grafanaAuth has %s, the Authentication table does not", obj)
		}
	}
}

// limitSubjects maps the subjects of the Limits table to members.
var limitSubjects = map[string]struct {
	kinds []string
	path  string
}{
	"plan":                              {allKinds, "spec/plan"},
	"project":                           {allKinds, "spec/project"},
	"cloudName":                         {allKinds, "spec/cloudName"},
	"projectVpcId":                      {allKinds, "spec/projectVpcId"},
	"serviceIntegrations":               {allKinds, "spec/serviceIntegrations"},
	"technicalEmails":                   {allKinds, "spec/technicalEmails"},
	"ip_filter":                         {allKinds, "spec/userConfig/ip_filter"},
	"additional_backup_regions":         {allKinds, "spec/userConfig/additional_backup_regions"},
	"custom_domain":                     {allKinds, "spec/userConfig/custom_domain"},
	"index_patterns (search)":           {[]string{"OpenSearch"}, "spec/userConfig/index_patterns"},
	"reindex_remote_whitelist (search)": {[]string{"OpenSearch"}, "spec/userConfig/opensearch/reindex_remote_whitelist"},
}

var (
	reLimitLen    = regexp.MustCompile(`^Max length ([0-9]+)$`)
	reLimitItems  = regexp.MustCompile(`^Max ([0-9]+) items?$`)
	reLimitMember = regexp.MustCompile(`^([A-Za-z_]+) length ([0-9]+) to ([0-9]+)$`)
	reLimitMaxLen = regexp.MustCompile(`^([A-Za-z_]+) max length ([0-9]+)$`)
)

// limitClause reads one clause of the Limits table: the path below the
// subject it bounds and the check of that bound. The first clause bounds
// the subject; the others a member of its items.
func limitClause(first bool, clause string) (sub []string, check func(*schema.Schema) string, ok bool) {
	switch {
	case first && reLimitLen.MatchString(clause):
		n := atoi(reLimitLen.FindStringSubmatch(clause)[1])
		return nil, func(s *schema.Schema) string { return cmpInt("max length", n, s.MaxLength) }, true
	case first && reLimitItems.MatchString(clause):
		n := atoi(reLimitItems.FindStringSubmatch(clause)[1])
		return nil, func(s *schema.Schema) string { return cmpInt("max items", n, s.MaxItems) }, true
	case !first && reLimitMember.MatchString(clause):
		m := reLimitMember.FindStringSubmatch(clause)
		lo, hi := atoi(m[2]), atoi(m[3])
		return []string{"[]", m[1]}, func(s *schema.Schema) string {
			return cmpInt("min length", lo, s.MinLength) + cmpInt("max length", hi, s.MaxLength)
		}, true
	case !first && reLimitMaxLen.MatchString(clause):
		m := reLimitMaxLen.FindStringSubmatch(clause)
		n := atoi(m[2])
		return []string{"[]", m[1]}, func(s *schema.Schema) string { return cmpInt("max length", n, s.MaxLength) }, true
	}
	return nil, nil, false
}

// checkLimitsTable reads the Limits table of part 1: the subject by hand
// (limitSubjects), the limits mechanically.
func checkLimitsTable(t *testing.T, c *specCheck, tb *specTable) {
	for _, row := range tb.rows {
		where := tb.where(row.line)
		subj, ok := limitSubjects[row.cells["Subject"]]
		if !ok {
			t.Errorf("%s: limit subject %q is not in limitSubjects", where, row.cells["Subject"])
			continue
		}
		for i, clause := range strings.Split(row.cells["Limit"], "; ") {
			sub, check, ok := limitClause(i == 0, clause)
			if !ok {
				t.Errorf("%s: limit clause %q not understood", where, clause)
				continue
			}
			segs := append(segments(subj.path), sub...)
			for _, kind := range subj.kinds {
				p, err := lookup(kind, segs)
				if err != nil {
					t.Errorf("%s: %s: %v", where, kind, err)
					continue
				}
				if msg := check(p.Schema); msg != "" {
					t.Errorf("%s: Limits %q: %s %s:%s", where, clause, kind, human(segs), msg)
				}
			}
		}
		c.counted[tb.part]++
	}
}

func cmpInt(attr string, spec, got int) string {
	if spec == got {
		return ""
	}
	return fmt.Sprintf(" %s: the specification says %d, the schema has %d", attr, spec, got)
}

// checkProseMembers ties the hand-written members to the prose that names
// them: the same names, so that a member added to the text or the schema
// cannot stay unchecked.
func checkProseMembers(t *testing.T, c *specCheck) {
	docs := loadSpec(t)
	hand := map[string][]string{} // object path -> member names
	for _, h := range specHandMembers() {
		i := strings.LastIndexByte(h.path, '/')
		hand[h.path[:i]] = append(hand[h.path[:i]], h.path[i+1:])
	}
	tie := func(where, object string, names []string) {
		t.Helper()
		got := slices.Clone(hand[object])
		sort.Strings(got)
		names = slices.Clone(names)
		sort.Strings(names)
		if !slices.Equal(got, names) {
			t.Errorf("%s names %v, the hand-written members of %s are %v", where, names, object, got)
		}
	}
	prose := func(part int, prefix string) string {
		t.Helper()
		for _, l := range docs[part-1].lines {
			if strings.HasPrefix(l, prefix) {
				return l
			}
		}
		t.Errorf("part %d has no line starting with %q", part, prefix)
		return ""
	}
	const sp = "spec/userConfig/kafka_connect_secret_providers/[]/"
	tie("part 3, `aws`:", sp+"aws", ticked(strings.TrimPrefix(prose(3, "`aws`:"), "`aws`:"), true))
	tie("part 3, `vault`:", sp+"vault", ticked(strings.TrimPrefix(prose(3, "`vault`:"), "`vault`:"), true))

	cell := func(part int, field string) string {
		t.Helper()
		for _, tb := range tables(docs[part-1]) {
			for _, r := range tb.rows {
				if r.cells["Field"] == field {
					for h, v := range r.cells {
						if strings.HasPrefix(h, "Constraint") {
							return v
						}
					}
				}
			}
		}
		t.Errorf("part %d has no row %s", part, field)
		return ""
	}
	// "Optional `enabled` (boolean); optional deprecated `local_cache`
	// object with required `size` (...)".
	ts := ticked(cell(3, "tiered_storage"), false)
	if !slices.Equal(ts, []string{"enabled", "local_cache", "size"}) {
		t.Errorf("tiered_storage names %v", ts)
	}
	tie("tiered_storage row", "spec/userConfig/tiered_storage", ts[:2])
	tie("tiered_storage row", "spec/userConfig/tiered_storage/local_cache", ts[2:])
	keys := ticked(cell(1, "private_access"), false)
	for _, obj := range []string{"private_access", "privatelink_access", "public_access"} {
		tie("OpenSearch private_access row (\"Same three boolean keys\")", "spec/userConfig/"+obj, keys)
	}
	tq := ticked(cell(1, "search.insights.top_queries"), false)
	if len(tq) != 6 {
		t.Fatalf("search.insights.top_queries names %v", tq)
	}
	tie("search.insights.top_queries row", "spec/userConfig/opensearch/search.insights.top_queries", tq[:3])
	for _, m := range tq[:3] {
		tie("search.insights.top_queries row", "spec/userConfig/opensearch/search.insights.top_queries/"+m, tq[3:])
	}
}

// specNotInTables says why a schema member is in no table: the envelope
// members DESIGN.md section 6 item 4 adds (status, and metadata beyond
// name and namespace: the Kubernetes ObjectMeta members).
var specNotInTables = map[string]string{
	"status":                              "server-written, not checked (DESIGN.md 6.4)",
	"metadata.labels":                     "ObjectMeta (DESIGN.md 6.4)",
	"metadata.annotations":                "ObjectMeta (DESIGN.md 6.4)",
	"metadata.generateName":               "ObjectMeta (DESIGN.md 6.4)",
	"metadata.finalizers":                 "ObjectMeta (DESIGN.md 6.4)",
	"metadata.ownerReferences":            "ObjectMeta (DESIGN.md 6.4)",
	"metadata.uid":                        "ObjectMeta, server-written (DESIGN.md 6.4)",
	"metadata.resourceVersion":            "ObjectMeta, server-written (DESIGN.md 6.4)",
	"metadata.generation":                 "ObjectMeta, server-written (DESIGN.md 6.4)",
	"metadata.creationTimestamp":          "ObjectMeta, server-written (DESIGN.md 6.4)",
	"metadata.deletionTimestamp":          "ObjectMeta, server-written (DESIGN.md 6.4)",
	"metadata.deletionGracePeriodSeconds": "ObjectMeta, server-written (DESIGN.md 6.4)",
	"metadata.managedFields":              "ObjectMeta, server-written (DESIGN.md 6.4)",
	"metadata.selfLink":                   "ObjectMeta, server-written (DESIGN.md 6.4)",
}

// TestSpecLifecycleRules reads the lifecycle rules of part 1 ("States and
// transitions"): the members it calls immutable, acting only at creation,
// or restarting all instances carry that flag, and no other member does.
func TestSpecLifecycleRules(t *testing.T) {
	doc := loadSpec(t)[0]
	lines := section(doc, "## States and transitions")
	flags := []struct {
		phrase string
		flag   schema.Lifecycle
	}{
		{"Immutable after creation", schema.Immutable},
		{"act only when the service is created", schema.CreateOnly},
		{"restarts all instances", schema.Restarts},
		{"the service cannot be deleted", schema.PreventsDeletion},
	}
	for _, f := range flags {
		want := map[string]bool{} // "Kind path"
		for _, l := range lines {
			if !strings.Contains(l, f.phrase) {
				continue
			}
			for _, name := range ticked(l, false) {
				found := false
				for _, kind := range allKinds {
					for _, base := range [][]string{{"spec"}, {"spec", "userConfig"}} {
						segs := append(slices.Clone(base), strings.Split(name, ".")...)
						if _, err := lookup(kind, segs); err == nil {
							want[kind+" "+human(segs)] = true
							found = true
							break
						}
					}
				}
				if !found {
					t.Errorf("%q: %s is in no kind's schema", f.phrase, name)
				}
			}
		}
		if len(want) == 0 {
			t.Fatalf("no member read for %q", f.phrase)
		}
		got := map[string]bool{}
		for _, kind := range allKinds {
			walk(schema.Lookup(kind).Manifest, nil, func(segs []string, p *schema.Property) {
				if p.Lifecycle&f.flag != 0 {
					got[kind+" "+human(segs)] = true
				}
			})
		}
		for m := range want {
			if !got[m] {
				t.Errorf("%s: the lifecycle rules say %q, the schema does not flag it", m, f.phrase)
			}
		}
		for m := range got {
			if !want[m] {
				t.Errorf("%s: flagged %q in the schema, the lifecycle rules do not name it", m, f.phrase)
			}
		}
	}
}

// walk calls fn for every member below s.
func walk(s *schema.Schema, segs []string, fn func([]string, *schema.Property)) {
	if s.Type == schema.Array && s.Items != nil {
		walk(s.Items, append(segs, "[]"), fn)
		return
	}
	for _, p := range s.Properties {
		ps := append(slices.Clone(segs), p.Name)
		fn(ps, p)
		walk(p.Schema, ps, fn)
	}
}

// TestSpecDeprecatedFields reads "Deprecated fields:" of part 1's
// Versioning: exactly those members (and members of a deprecated object)
// are deprecated in the schema, and only for the kind it names.
func TestSpecDeprecatedFields(t *testing.T) {
	var line string
	for _, l := range section(loadSpec(t)[0], "## Versioning") {
		if strings.Contains(l, "Deprecated fields:") {
			line = l
		}
	}
	// The kind of each entry is said in parentheses: (search; ...),
	// (marked deprecated for `Kafka`), (`Kafka`), (`Grafana`, ...).
	want := map[string]bool{
		"OpenSearch spec.userConfig.max_index_count":            true,
		"Kafka spec.userConfig.additional_backup_regions":       true,
		"Kafka spec.userConfig.tiered_storage.local_cache":      true,
		"Grafana spec.userConfig.alerting_enabled":              true,
		"Kafka spec.userConfig.tiered_storage.local_cache.size": true, // "(integer, ..., deprecated)" in the Kafka table
	}
	names := ticked(line, true)
	if !slices.Equal(names, []string{"userConfig.max_index_count", "userConfig.additional_backup_regions", "tiered_storage.local_cache", "alerting_enabled"}) {
		t.Fatalf("Deprecated fields names %v; update the expectation", names)
	}
	got := map[string]bool{}
	for _, kind := range allKinds {
		walk(schema.Lookup(kind).Manifest, nil, func(segs []string, p *schema.Property) {
			if p.Deprecated != "" {
				got[kind+" "+human(segs)] = true
			}
		})
	}
	for m := range want {
		if !got[m] {
			t.Errorf("%s is deprecated in the specification, not in the schema", m)
		}
	}
	for m := range got {
		if !want[m] {
			t.Errorf("%s is deprecated in the schema, not in the specification", m)
		}
	}
}

// TestSpecConnectionSecretKeys reads the connection Secret keys each part
// lists (`OPENSEARCH_HOST`, ...) and compares them with the kinds'.
func TestSpecConnectionSecretKeys(t *testing.T) {
	re := regexp.MustCompile("^(OPENSEARCH|GRAFANA|KAFKA)_[A-Z_]+$")
	kindOf := map[string]string{"OPENSEARCH": "OpenSearch", "GRAFANA": "Grafana", "KAFKA": "Kafka"}
	spec := map[string][]string{}
	for _, doc := range loadSpec(t) {
		for _, l := range doc.lines {
			for _, w := range ticked(l, false) {
				if m := re.FindStringSubmatch(w); m != nil {
					k := kindOf[m[1]]
					if !slices.Contains(spec[k], w) {
						spec[k] = append(spec[k], w)
					}
				}
			}
		}
	}
	for _, kind := range allKinds {
		var got []string
		for _, k := range schema.Lookup(kind).SecretKeys {
			got = append(got, schema.DefaultSecretPrefix(kind)+k)
		}
		want := spec[kind]
		sort.Strings(got)
		sort.Strings(want)
		if len(want) == 0 || !slices.Equal(got, want) {
			t.Errorf("%s connection Secret keys: the specification lists %v, the schema has %v", kind, want, got)
		}
	}
}
