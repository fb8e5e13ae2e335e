package lsp

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/mdscheck/mdscheck/core/document"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// gitTimeout bounds one git command: a repository on a hung network file
// system must not keep a read going for ever.
const gitTimeout = 10 * time.Second

// validRevision reports whether rev may be given to git as a revision:
// not empty, not an option, no white space or control character. Whether
// the repository has it, git says.
func validRevision(rev string) bool {
	if rev == "" || strings.HasPrefix(rev, "-") {
		return false
	}
	for _, r := range rev {
		if r <= ' ' || r == 0x7f {
			return false
		}
	}
	return true
}

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
// byte more than the largest stream the core reads, or an error with the
// first line git wrote to standard error.
func git(dir string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), gitTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	// Never ask for credentials or take a lock: this read is a side show.
	cmd.Env = append(cmd.Environ(), "GIT_TERMINAL_PROMPT=0", "GIT_OPTIONAL_LOCKS=0")
	var errb bytes.Buffer
	cmd.Stderr = &errb
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	out, readErr := io.ReadAll(io.LimitReader(stdout, int64(document.DefaultLimits.StreamBytes)+1))
	if readErr == nil && len(out) > document.DefaultLimits.StreamBytes {
		cmd.Process.Kill() // the rest is not wanted
	}
	err = cmd.Wait()
	switch {
	case len(out) > document.DefaultLimits.StreamBytes:
		return out, nil
	case readErr != nil:
		return nil, readErr
	case err != nil:
		msg, _, _ := strings.Cut(strings.TrimSpace(errb.String()), "\n")
		if msg == "" {
			msg = err.Error()
		}
		return nil, errors.New(msg)
	}
	return out, nil
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
