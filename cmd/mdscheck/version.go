package main

import (
	"encoding/json"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// Set at build time by `make build` and `make release`:
//
//	-ldflags "-X main.version=1.2.3 -X main.commit=abc1234 -X main.date=2026-11-23T20:15:00Z"
//
// A plain `go build` or `go install` leaves them empty or "dev"; init
// then fills in what the Go toolchain recorded in the binary.
var (
	version = "dev"
	commit  = ""
	date    = ""
)

func init() {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return
	}
	// `go install github.com/mdscheck/mdscheck/cmd/mdscheck@v1.2.3`
	// records the module's version; a build inside a clone says "(devel)".
	if v := info.Main.Version; version == "dev" && strings.HasPrefix(v, "v") {
		version = strings.TrimPrefix(v, "v")
	}
	commit, date = fromVCS(info.Settings, commit, date)
}

// fromVCS fills in the commit and the time a build in a git clone
// records (unless -buildvcs=false) where -ldflags -X set none: the
// commit is shortened as `make build` shortens it, with -dirty when the
// tree had changes. vcs.time is the commit's time, not the build's: the
// closest Go records, and the same for every build of that commit.
func fromVCS(settings []debug.BuildSetting, commit, date string) (string, string) {
	var revision, modified, when string
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			revision = s.Value
		case "vcs.modified":
			modified = s.Value
		case "vcs.time":
			when = s.Value
		}
	}
	if commit == "" {
		if len(revision) > 12 {
			revision = revision[:12]
		}
		if revision != "" && modified == "true" {
			revision += "-dirty"
		}
		commit = revision
	}
	if date == "" {
		date = when
	}
	return commit, date
}

// build is what `mdscheck version --json` prints. Like validate's JSON,
// its field names are a contract: add fields, never rename or drop one.
type build struct {
	Version string `json:"version"`
	Commit  string `json:"commit"`
	Date    string `json:"date"`
	Go      string `json:"go"`
	OS      string `json:"os"`
	Arch    string `json:"arch"`
}

func currentBuild() build {
	return build{
		Version: version,
		Commit:  orUnknown(commit),
		Date:    orUnknown(date),
		Go:      runtime.Version(),
		OS:      runtime.GOOS,
		Arch:    runtime.GOARCH,
	}
}

// String is the one line `mdscheck version` and `mdscheck --version`
// print after "mdscheck ": always the same shape, so that a script can
// take the version as the second word, `unknown` standing in for what
// the build did not record.
func (b build) String() string {
	day := b.Date
	// The day is enough for a person; --json has the full time.
	if len(day) > len("2006-01-02") && day[len("2006-01-02")] == 'T' {
		day = day[:len("2006-01-02")]
	}
	return fmt.Sprintf("%s (commit %s, built %s)", b.Version, b.Commit, day)
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}

func newVersionCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print the version",
		Long: `Prints the version of mdscheck, the commit it was built from and the day
it was built, on one line:

  mdscheck 1.2.3 (commit 0123456789ab, built 2026-11-23)

A build without the release's stamps (go install or go build in a clone)
shows the commit Go recorded and that commit's day.

With --json, one object with the version, commit, build time (RFC 3339),
Go version, operating system and architecture.`,
		Example: "  mdscheck version\n  mdscheck version --json",
		Args:    noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			b := currentBuild()
			if asJSON {
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				return enc.Encode(b)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "mdscheck %s\n", b)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the build as a JSON object")
	return cmd
}
