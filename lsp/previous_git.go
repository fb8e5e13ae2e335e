package lsp

import (
	"context"
	"path/filepath"
	"time"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/internal/gitexec"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// gitTimeout bounds one git command: a repository on a hung network file
// system must not keep a read going for ever.
const gitTimeout = 10 * time.Second

// gitShow returns the text of the file at path at revision rev, read with
// the git program; found is false when the file is not in a git work
// tree or has no version at rev (a new file). A revision the repository
// does not know is said to the user, once.
func (s *server) gitShow(path, rev string) (string, bool) {
	dir := filepath.Dir(path)
	if _, err := git(dir, "rev-parse", "--show-toplevel"); err != nil {
		if s.verbose {
			s.log.Printf("previous version of %s: not in a git work tree (%v)", path, err)
		}
		return "", false
	}
	if _, err := git(dir, "rev-parse", "--verify", "--quiet", rev+"^{commit}"); err != nil {
		// A repository with no commit yet has no HEAD: nothing to say.
		if rev != "HEAD" {
			s.warnOnce("previous:"+rev, "setting mdscheck.previous: the repository of "+path+
				" has no revision "+rev+"; the file is not compared with a previous version")
		}
		return "", false
	}
	// A path that starts with ./ is relative to the directory git runs in.
	out, err := git(dir, "show", rev+":./"+filepath.Base(path))
	if err != nil {
		return "", false // not in that revision: every resource is new
	}
	if len(out) > document.DefaultLimits.StreamBytes {
		return "", false // the check reports the current text as too large
	}
	return string(out), true
}

// git runs the git program in dir and returns what it writes, up to one
// byte more than the largest stream the core reads.
func git(dir string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), gitTimeout)
	defer cancel()
	return gitexec.Output(ctx, dir, nil, int64(document.DefaultLimits.StreamBytes), args...)
}

// warnOnce shows msg to the user the first time key comes up.
func (s *server) warnOnce(key, msg string) {
	s.mu.Lock()
	said := s.warned[key]
	if s.warned == nil {
		s.warned = map[string]bool{}
	}
	s.warned[key] = true
	s.mu.Unlock()
	if !said {
		s.logMessage(protocol.MessageTypeWarning, msg)
	}
}
