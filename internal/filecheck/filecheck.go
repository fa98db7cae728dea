// Package filecheck tells what a file of the user's is, and whose: the
// words and the owner the checks of trusted files (the API key file, the
// state folder and what is in it) refuse or warn with.
package filecheck

import "io/fs"

// Kind names the kind of a file that is not a regular one, as a user
// reads it in a refusal: "a symbolic link", "a named pipe".
func Kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&(fs.ModeDevice|fs.ModeCharDevice) != 0:
		return "a device"
	}
	return "not a plain file"
}
