package lsp

import (
	"runtime"
)

// methodStats is mdscheck's own request for what the server holds: open
// documents, the goroutines and memory of the process, and per document
// the last check. Tests use it to see that closing documents leaves
// nothing behind and that an edit re-checks one document of a stream; a
// user may call it when the server seems slow.
const methodStats = "mdscheck/stats"

// Stats is the result of mdscheck/stats.
type Stats struct {
	Documents  int            `json:"documents"`
	Goroutines int            `json:"goroutines"`
	Pending    int            `json:"pending"` // documents with a check scheduled or running
	HeapBytes  uint64         `json:"heapBytes"`
	SysBytes   uint64         `json:"sysBytes"`
	Open       []DocumentStat `json:"open"`
	Workspace  WorkspaceStat  `json:"workspace"`
}

// DocumentStat describes one open document.
type DocumentStat struct {
	URI       string `json:"uri"`
	Version   int32  `json:"version"`
	Checks    int    `json:"checks"`    // checks run since the document was opened
	Checked   int32  `json:"checked"`   // the version of the last published diagnostics, -1 for none
	Documents int    `json:"documents"` // YAML documents in the text last checked
	Rechecked int    `json:"rechecked"` // of which the last check checked again (the rest were reused)
}

func (s *server) stats() Stats {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	st := Stats{Goroutines: runtime.NumGoroutine(), HeapBytes: ms.HeapAlloc, SysBytes: ms.Sys, Open: []DocumentStat{}}
	for _, d := range s.openDocuments() {
		st.Documents++
		d.mu.Lock()
		ds := DocumentStat{URI: d.uri, Version: d.version, Checks: d.checks, Checked: -1}
		if d.pending || d.running {
			st.Pending++
		}
		if d.last != nil {
			ds.Checked = d.last.version
			ds.Documents = len(d.last.file.Documents)
			ds.Rechecked = d.last.rechecked
		}
		d.mu.Unlock()
		st.Open = append(st.Open, ds)
	}
	st.Workspace = s.ws.stats()
	return st
}
