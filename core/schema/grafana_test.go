package schema

import (
	"strings"
	"testing"
)

func TestGrafanaUserConfigMembers(t *testing.T) {
	uc := Lookup("Grafana").UserConfig()
	get := func(path string) *Schema {
		t.Helper()
		s, err := Resolve(uc, path)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	if s := get("dashboards_versions_to_keep"); s.Type != Integer || s.Minimum != "1" || s.Maximum != "100" {
		t.Errorf("dashboards_versions_to_keep: %+v", s)
	}
	if s := get("cookie_samesite"); strings.Join(s.Enum, ",") != "lax,none,strict" || s.Default != "lax" {
		t.Errorf("cookie_samesite: %+v", s)
	}
	if s := get("alerting_enabled"); s.Deprecated == "" {
		t.Error("alerting_enabled is not deprecated")
	}
	if s := get("project_to_fork_from"); s.Lifecycle != Immutable|CreateOnly || s.MaxLength != 63 {
		t.Errorf("project_to_fork_from: %+v", s)
	}
	if s := get("auth_google.allowed_domains"); s.MaxItems != 64 {
		t.Errorf("auth_google.allowed_domains max items %d", s.MaxItems)
	}
	if s := get("auth_github.team_ids"); s.MaxItems != 50 || s.Items.Type != Integer {
		t.Errorf("auth_github.team_ids: %+v", s)
	}
	if s := get("auth_gitlab.client_secret"); !s.Secret || s.Format != FormatPrintable || s.MaxLength != 1024 {
		t.Errorf("auth_gitlab.client_secret: %+v", s)
	}
	if s := get("smtp_server.password"); !s.Secret || s.Format != FormatNoControl {
		t.Errorf("smtp_server.password: %+v", s)
	}
	for obj, req := range map[string]string{
		"private_access":         "grafana",
		"public_access":          "grafana",
		"privatelink_access":     "grafana",
		"external_image_storage": "access_key,bucket_url,provider,secret_key",
		"smtp_server":            "from_address,host,port",
		"auth_gitlab":            "allowed_groups,client_id,client_secret",
		"auth_generic_oauth":     "api_url,auth_url,client_id,client_secret,token_url",
		"date_formats":           "",
	} {
		if got := strings.Join(get(obj).Required(), ","); got != req {
			t.Errorf("%s required %q, want %q", obj, got, req)
		}
	}
	if len(uc.Required()) != 0 {
		t.Errorf("top-level required members: %v", uc.Required())
	}
	for path, cases := range map[string]map[string]bool{
		"dashboards_min_refresh_interval":   {"5s": true, "100ms": true, "1w": false, "s": false},
		"google_analytics_ua_id":            {"G-ABC123": true, "UA-1-2": true, "GA-1": false},
		"recovery_basebackup_name":          {"base-2024_01:x.y": true, "a b": false},
		"auth_generic_oauth.name":           {"My SSO-1_x": true, "a.b": false},
		"external_image_storage.secret_key": {"ab/+=": true, "a-b": false},
	} {
		re := get(path).CompiledPattern()
		for v, ok := range cases {
			if re.MatchString(v) != ok {
				t.Errorf("%s: %q match %v, want %v", path, v, !ok, ok)
			}
		}
	}
}
