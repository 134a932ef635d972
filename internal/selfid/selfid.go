package selfid

import (
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"io"
	"os"
	"sync"
)

// ID identifies the running program: the Go build ID of its
// executable (ELF: its .note.go.buildid), or else the SHA-256 of the
// executable's bytes; empty when neither can be read (no cache).
var ID = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	if id := elfBuildID(exe); id != "" {
		return "buildid:" + id
	}
	f, err := os.Open(exe)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
})

// elfBuildID returns the Go build ID of the ELF executable at path, or "".
// The note is: name size, descriptor size, type (4 bytes each), the name
// "Go\x00\x00" and the build ID.
func elfBuildID(path string) string {
	f, err := elf.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	s := f.Section(".note.go.buildid")
	if s == nil {
		return ""
	}
	d, err := s.Data()
	if err != nil || len(d) < 16 {
		return ""
	}
	bo := f.ByteOrder
	nameSize, descSize, typ := bo.Uint32(d), bo.Uint32(d[4:]), bo.Uint32(d[8:])
	if nameSize != 4 || typ != 4 || string(d[12:16]) != "Go\x00\x00" || uint64(len(d)-16) < uint64(descSize) || descSize == 0 {
		return ""
	}
	return string(d[16 : 16+descSize])
}
