// Package gitexec runs the git program to read a repository: the one every
// user of mdscheck's comparison with a previous version has, which reads
// every repository format, pack and alternate the way the user's own
// commands do. The command and the language server both read through it.
package gitexec

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os/exec"
	"strings"
)

// ErrNotFound says that there is no git program to run.
var ErrNotFound = errors.New("the git program is not installed or not on PATH")

// ValidRevision reports whether rev may be given to git as a revision:
// not empty, not an option (a revision that starts with - would be read
// as one), no white space or control character. Whether the repository
// has it, git says.
func ValidRevision(rev string) bool {
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

// Run is a git command under way: read its Stdout, then Wait.
type Run struct {
	Stdout io.Reader
	cmd    *exec.Cmd
	stderr bytes.Buffer
}

// Start starts git -C dir with args and stdin as its standard input. It
// returns ErrNotFound when there is no git program. The context bounds
// the run.
//
// git never asks for credentials nor takes an optional lock here: these
// are reads beside the user's own work.
func Start(ctx context.Context, dir string, stdin io.Reader, args ...string) (*Run, error) {
	r := &Run{cmd: exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)}
	r.cmd.Env = append(r.cmd.Environ(), "GIT_TERMINAL_PROMPT=0", "GIT_OPTIONAL_LOCKS=0")
	r.cmd.Stdin = stdin
	r.cmd.Stderr = &r.stderr
	stdout, err := r.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := r.cmd.Start(); err != nil {
		if errors.Is(err, exec.ErrNotFound) {
			return nil, ErrNotFound
		}
		return nil, err
	}
	r.Stdout = stdout
	return r, nil
}

// Stop ends git before it has written all: what is left is not wanted.
func (r *Run) Stop() { r.cmd.Process.Kill() }

// Wait waits for git to end. A failure is an error with the first line
// git wrote to standard error.
func (r *Run) Wait() error {
	err := r.cmd.Wait()
	if err == nil {
		return nil
	}
	msg, _, _ := strings.Cut(strings.TrimSpace(r.stderr.String()), "\n")
	if msg == "" {
		msg = err.Error()
	}
	return errors.New(msg)
}

// Output runs git -C dir with args, stdin as its standard input, and
// returns what it writes: all of it when limit is negative, otherwise at
// most limit+1 bytes, after which git is stopped (the caller reports a
// text that long as too large). A failure is an error with the first line
// git wrote to standard error, or ErrNotFound.
func Output(ctx context.Context, dir string, stdin io.Reader, limit int64, args ...string) ([]byte, error) {
	run, err := Start(ctx, dir, stdin, args...)
	if err != nil {
		return nil, err
	}
	r := run.Stdout
	if limit >= 0 {
		r = io.LimitReader(r, limit+1)
	}
	out, readErr := io.ReadAll(r)
	over := limit >= 0 && int64(len(out)) > limit
	if readErr == nil && over {
		run.Stop()
	}
	err = run.Wait()
	switch {
	case over:
		return out, nil
	case readErr != nil:
		return nil, readErr
	case err != nil:
		return nil, err
	}
	return out, nil
}
