package reading

import (
	"bytes"
	"io/fs"
	"os"
)

// NotRegularError says that a path names, or links to, something that is
// not read as a file: a FIFO, a socket or a device. Opening a FIFO waits
// for a writer, and reading a device may never end, so such paths are
// refused before they are opened.
type NotRegularError struct {
	Path string
	Mode fs.FileMode // what the path names
}

func (e *NotRegularError) Error() string {
	return e.Path + ": not a regular file (" + Kind(e.Mode) + ")"
}

// Kind names the kind of file mode is, for a message: "a FIFO", "a
// socket", "a directory".
func Kind(mode fs.FileMode) string {
	switch {
	case mode.IsRegular():
		return "a regular file"
	case mode.IsDir():
		return "a directory"
	case mode&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case mode&fs.ModeSocket != 0:
		return "a socket"
	case mode&fs.ModeCharDevice != 0:
		return "a character device"
	case mode&fs.ModeDevice != 0:
		return "a block device"
	case mode&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "a file of an unknown kind"
}

// Regular returns a *NotRegularError when mode, the mode of what path
// names, is not a regular file's; nil when it is.
func Regular(path string, mode fs.FileMode) error {
	if mode.IsRegular() {
		return nil
	}
	return &NotRegularError{Path: path, Mode: mode.Type()}
}

// OpenFile opens the regular file at path (or the one a link at path
// leads to) for reading, and returns what it is; anything else is a
// *NotRegularError. It asks before opening, so that a FIFO or a device is
// never opened, and again after (a FIFO that took the file's place in
// between is opened without waiting, see openFlags).
func OpenFile(path string) (*os.File, fs.FileInfo, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, nil, err
	}
	if err := Regular(path, st.Mode()); err != nil {
		return nil, nil, err
	}
	return OpenListed(path)
}

// OpenListed is OpenFile for a path that a directory's listing has just
// said is a regular file: it does not ask again before it opens (a stat
// for each of 2,000 files was 6% of checking them), and refuses what it
// finds opened if that is not a regular file after all.
func OpenListed(path string) (*os.File, fs.FileInfo, error) {
	f, err := os.OpenFile(path, openFlags, 0)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err == nil {
		err = Regular(path, st.Mode())
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, st, nil
}

// ReadFile is os.ReadFile for regular files only: anything else at path
// is a *NotRegularError, returned without waiting.
func ReadFile(path string) ([]byte, error) {
	f, st, err := OpenFile(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// Sized as the file is, as os.ReadFile does: no copies while it grows.
	var b bytes.Buffer
	b.Grow(int(min(st.Size(), 1<<30)) + bytes.MinRead)
	_, err = b.ReadFrom(f)
	return b.Bytes(), err
}
