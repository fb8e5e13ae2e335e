package lsp

import "github.com/mdscheck/mdscheck/core/report"

// addCross adds to file, the result of src (a version of the open
// document d), the findings that cross resources (core/cross): the
// version's facts replace its file's in the workspace's set first, and
// the other open documents whose cross findings that changes are checked
// again; a file outside the workspace folders meets only itself. The
// findings follow the configuration like the others (run applies it
// after), and their messages, which quote names of other files, pass
// the gates of every file now: a file closed before they are sent is
// said no more.
func (s *server) addCross(d *openDoc, src string, file *report.File) {
	found, stale := s.ws.putOpen(d, d.checker.as.Text(src), src)
	for _, o := range stale {
		s.schedule(o, debounce)
	}
	if len(found) == 0 {
		return
	}
	for _, f := range found {
		f.Message = s.clean(f.Message)
		file.Diagnostics = append(file.Diagnostics, f)
	}
}

// isClosed reports whether the editor closed d. It takes no lock: the
// index asks under its own (putOpen), which a check takes under d.mu
// (workspace.checked).
func (d *openDoc) isClosed() bool { return d.shut.Load() }
