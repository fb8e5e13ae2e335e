package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/text"
)

// writeGitHub prints GitHub Actions workflow commands, which the runner
// turns into annotations on the pull request.
func writeGitHub(w io.Writer, results []fileResult) error {
	bw := bufio.NewWriter(w)
	for _, r := range results {
		idx := text.NewIndex(r.file.Text)
		for _, d := range r.file.Diagnostics {
			at := idx.Range(d.Start, d.End, text.UTF16) // columns in UTF-16, as in JSON and SARIF
			cmd := "notice"
			switch d.Severity {
			case check.Error:
				cmd = "error"
			case check.Warning:
				cmd = "warning"
			}
			if r.previous {
				// The file and line of the previous version are not in the
				// pull request's tree: the annotation goes on the run, the
				// place in its message.
				fmt.Fprintf(bw, "::%s title=%s::%s\n", cmd, ghProperty("mdscheck "+d.Rule),
					ghData(fmt.Sprintf("%s:%d: %s [%s]", r.path, at.Start.Line+1, d.Standalone(), d.Rule)))
				continue
			}
			fmt.Fprintf(bw, "::%s file=%s,line=%d,col=%d,endLine=%d,endColumn=%d,title=%s::%s\n", cmd,
				ghProperty(r.path), at.Start.Line+1, at.Start.Character+1,
				at.End.Line+1, at.End.Character+1,
				ghProperty("mdscheck "+d.Rule), ghData(d.Standalone()+" ["+d.Rule+"]"))
		}
	}
	if ch := sumChanges(results); ch != nil {
		// A line of the log, not an annotation: the counts are no finding.
		fmt.Fprintln(bw, "mdscheck: "+ch.describe())
	}
	return bw.Flush()
}

// ghData escapes the message of a workflow command.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProperty escapes a property value of a workflow command.
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
