package main

import (
	"strings"
	"testing"
)

// manyFindings is a stream of documents with seven findings each.
func manyFindings(docs int) string {
	doc := "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata: {name: a}\n" +
		"spec: {plan: business-4, project: p, bad1: 1, bad2: 2, bad3: 3, bad4: 4, bad5: 5, bad6: 6, bad7: 7}\n---\n"
	return strings.Repeat(doc, docs)
}

// TestFindingsPastTheCap: a file shows at most --max-findings findings,
// in document order, and one more that counts the rest; the summary and
// the exit status count them all; the output is the same however many
// workers check it.
func TestFindingsPastTheCap(t *testing.T) {
	// The command in process, on its own files: no environment,
	// directory or shard size, so it runs beside the others.
	t.Parallel()
	src := manyFindings(500) // 3,500 findings
	code, out, _ := runCLI(t, src, "validate", "--jobs", "1", "-")
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	if n := strings.Count(out, "[unknown-field]"); n != 1000 {
		t.Errorf("%d findings shown, want 1000", n)
	}
	if !strings.Contains(out, "information: 2500 more findings in this file are not shown (2500 errors, 0 warnings), from here on") {
		t.Errorf("no finding counts what is left out:\n%s", out[len(out)-600:])
	}
	if !strings.HasSuffix(out, "3500 errors, 0 warnings in 1 file (500 of 501 documents checked)\n") {
		t.Errorf("the summary does not count what is left out:\n%s", out[len(out)-300:])
	}
	for _, jobs := range []string{"2", "7"} {
		if _, again, _ := runCLI(t, src, "validate", "--jobs", jobs, "-"); again != out {
			t.Errorf("--jobs %s shows other findings than --jobs 1", jobs)
		}
	}
	for _, format := range []string{"json", "sarif", "github"} {
		_, out, _ := runCLI(t, src, "validate", "--format", format, "-")
		if !strings.Contains(out, "2500 more findings in this file are not shown") {
			t.Errorf("--format %s does not say what is left out", format)
		}
	}
	_, all, _ := runCLI(t, src, "validate", "--max-findings", "0", "--format", "github", "-")
	if n := strings.Count(all, "::error "); n != 3500 {
		t.Errorf("--max-findings 0 shows %d findings, want 3500", n)
	}
	_, few, _ := runCLI(t, src, "validate", "--max-findings", "10", "-")
	if n := strings.Count(few, "[unknown-field]"); n != 10 || !strings.Contains(few, "3490 more findings") {
		t.Errorf("--max-findings 10 shows %d findings", n)
	}
	if code, _, errOut := runCLI(t, src, "validate", "--max-findings", "-1", "-"); code != 2 || !strings.Contains(errOut, "--max-findings must be 0 (all) or more") {
		t.Errorf("--max-findings -1: exit %d: %s", code, errOut)
	}
}
