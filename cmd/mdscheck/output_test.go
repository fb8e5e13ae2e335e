package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/internal/golden"
)

// outputInputs exercise what each format must carry over exactly: columns
// after characters outside ASCII on CRLF lines and after characters that
// take two UTF-16 units (UTF-16 for JSON, SARIF and GitHub, characters for
// text), fixes, secret ranges and masked lines, deprecated members.
var outputInputs = []string{
	"testdata/output/astral.yaml",
	"../../testdata/crlf-unicode.yaml",
	"../../testdata/grafana-smtp-server.yaml",
	"../../testdata/kafka-tiered-storage.yaml",
}

// TestOutputFormats holds the whole output of every format against
// testdata/output/: JSON is the contract of DESIGN.md section 3, and the
// others are what CI systems and people read. A change shows as a diff of
// the golden file (go test ./cmd/mdscheck -run TestOutputFormats -update).
func TestOutputFormats(t *testing.T) {
	for _, f := range []struct{ format, file string }{
		{"text", "text.txt"},
		{"json", "json.json"},
		{"github", "github.txt"},
		{"sarif", "sarif-results.json"},
	} {
		t.Run(f.format, func(t *testing.T) {
			args := append([]string{"validate", "--color", "never", "--format", f.format}, outputInputs...)
			code, out, errs := runCLI(t, "", args...)
			if code != 1 || errs != "" {
				t.Fatalf("exit %d, stderr %q; want 1 (errors found) and nothing on stderr", code, errs)
			}
			if f.format == "sarif" {
				// The results only: the rules of the driver change with
				// every new rule, and TestSARIFAndGitHub reads the log.
				var log struct {
					Runs []struct{ Results json.RawMessage }
				}
				if err := json.Unmarshal([]byte(out), &log); err != nil || len(log.Runs) != 1 {
					t.Fatalf("sarif log %v: %s", err, out)
				}
				b, err := json.MarshalIndent(log.Runs[0].Results, "", "  ")
				if err != nil {
					t.Fatal(err)
				}
				out = string(b) + "\n"
			}
			golden.Check(t, filepath.Join("testdata", "output", f.file), out)
		})
	}
}

// TestSARIFLocations: a file's path is a URI reference (a space, a '%'
// and a ':' encoded), and a deletion, found in the previous version,
// names its file without a region: its lines are not today's.
func TestSARIFLocations(t *testing.T) {
	dir := manifestTree(t,
		"old/a b%c:d.yaml", kafka("gone", "p", ""),
		"new/a b%c:d.yaml", kafka("here", "p", "  plan: nope\n"))
	t.Chdir(dir)
	_, out, errs := runCLI(t, "", "validate", "--format", "sarif", "--previous", "old", "new")
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }     `json:"artifactLocation"`
						Region           *struct{ StartLine int } `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("%v\n%s%s", err, out, errs)
	}
	var got []string
	for _, r := range log.Runs[0].Results {
		loc := r.Locations[0].PhysicalLocation
		got = append(got, fmt.Sprintf("%s %s %v", r.RuleID, loc.ArtifactLocation.URI, loc.Region != nil))
	}
	want := "deletion old/a%20b%25c%3Ad.yaml false,duplicate-key new/a%20b%25c%3Ad.yaml true"
	slices.Sort(got)
	if strings.Join(got, ",") != want {
		t.Errorf("results:\n%s\nwant:\n%s", strings.Join(got, ","), want)
	}
}

// TestSARIFToolTextsStayWhole: a Secret's file of common words (https,
// mdscheck, string, member) leaves the SARIF log's fixed texts whole: its
// schema, the tool's name and address, the rules' descriptions.
func TestSARIFToolTextsStayWhole(t *testing.T) {
	src := "apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\nstringData:\n  app.env: |\n    U=https\n    O=mdscheck\n    G=github\n    T=string\n    M=member\n    E=allowed\n" +
		"---\napiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: events\nspec:\n  plan: business-4\n  project: demo\n  cloudName: 7\n"
	_, out, _ := runCLI(t, src, "validate", "--format", "sarif", "-")
	var log struct {
		Schema string `json:"$schema"`
		Runs   []struct {
			Tool struct {
				Driver struct {
					Name, InformationURI string
					Rules                []struct{ ShortDescription struct{ Text string } }
				}
			}
			Results []struct{ Message struct{ Text string } }
		}
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("%v:\n%s", err, out)
	}
	d := log.Runs[0].Tool.Driver
	if log.Schema != sarifSchema || d.Name != "mdscheck" || d.InformationURI != sarifToolSource {
		t.Errorf("schema %q, tool %q at %q", log.Schema, d.Name, d.InformationURI)
	}
	for _, r := range d.Rules {
		if strings.Contains(r.ShortDescription.Text, "(secret)") {
			t.Errorf("rule description masked: %q", r.ShortDescription.Text)
		}
	}
	if len(log.Runs[0].Results) == 0 {
		t.Errorf("no result for cloudName: 7:\n%s", out)
	}
}
