package gocorpus

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
)

// Dirs is the default selection: small, long-lived packages of the
// standard library (paths relative to GOROOT).
var Dirs = []string{"src/strings", "src/bytes", "src/sort", "src/strconv", "src/bufio", "src/unicode/utf8", "src/container/list", "src/math/bits"}

// Files returns the non-test .go files directly in each of dirs (not in
// their subdirectories), each directory's in lexical order, directories
// in the given order. A directory that cannot be read is an error.
func Files(fsys fs.FS, dirs []string) ([]string, error) {
	var out []string
	for _, d := range dirs {
		ents, err := fs.ReadDir(fsys, d)
		if err != nil {
			return nil, fmt.Errorf("gocorpus: %w", err)
		}
		var names []string
		for _, e := range ents {
			n := e.Name()
			if e.Type().IsRegular() && strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
				names = append(names, path.Join(d, n))
			}
		}
		slices.Sort(names)
		out = append(out, names...)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("gocorpus: no .go files in %v", dirs)
	}
	return out, nil
}

// Read returns the files' bytes concatenated in order and the hex SHA-256
// of the concatenation.
func Read(fsys fs.FS, files []string) ([]byte, string, error) {
	var b []byte
	for _, f := range files {
		x, err := fs.ReadFile(fsys, f)
		if err != nil {
			return nil, "", fmt.Errorf("gocorpus: %w", err)
		}
		b = append(b, x...)
	}
	return b, Hash(b), nil
}

// Hash is the hex SHA-256 of b.
func Hash(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// Vocab is the number of token ids Tokenize produces: 0 for any byte
// outside the others, 1 for '\n', 2 for '\t', 3 + (c − ' ') for the
// printable ASCII characters ' '..'~'.
const Vocab = 3 + ('~' - ' ' + 1)

// Tokenize maps each byte of b to its token id (see Vocab).
func Tokenize(b []byte) []int {
	t := make([]int, len(b))
	for i, c := range b {
		switch {
		case c == '\n':
			t[i] = 1
		case c == '\t':
			t[i] = 2
		case c >= ' ' && c <= '~':
			t[i] = 3 + int(c-' ')
		}
	}
	return t
}

// Windows cuts count windows of n+1 bytes from b, the k-th starting at
// k·⌊(len(b) − n − 1)/(count − 1)⌋ (evenly spaced, the first at 0), and
// returns them as strings. It panics unless n >= 1, count >= 2 and b holds
// at least count·(n+1) bytes.
func Windows(b []byte, n, count int) []string {
	if n < 1 || count < 2 || len(b) < count*(n+1) {
		panic(fmt.Sprintf("gocorpus: Windows needs n >= 1, count >= 2 and count·(n+1) <= %d bytes, got n = %d, count = %d", len(b), n, count))
	}
	stride := (len(b) - n - 1) / (count - 1)
	out := make([]string, count)
	for k := range out {
		out[k] = string(b[k*stride : k*stride+n+1])
	}
	return out
}

// Batch turns windows of n+1 bytes into B = len(windows) sequences of n
// tokens and their next-token targets (token i+1 of each window), laid out
// sequence after sequence as seqtf's models take them. It panics if a
// window's length is not n+1.
func Batch(windows []string, n int) (tokens, target []int) {
	for _, w := range windows {
		if len(w) != n+1 {
			panic(fmt.Sprintf("gocorpus: window of %d bytes, want %d", len(w), n+1))
		}
		t := Tokenize([]byte(w))
		tokens, target = append(tokens, t[:n]...), append(target, t[1:]...)
	}
	return
}
