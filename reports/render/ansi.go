package render

import (
	"regexp"
	"strings"
)

// ansiRE matches ANSI CSI sequences (colours, cursor moves: ESC [ params
// final) and OSC sequences (ESC ] ... BEL or ESC \), which Go test output
// and gonb error tracebacks contain.
var ansiRE = regexp.MustCompile("\x1b\\[[0-9;?]*[ -/]*[@-~]|\x1b\\][^\x07\x1b]*(?:\x07|\x1b\\\\)|\x1b[@-Z\\\\-_]")

// StripANSI removes ANSI escape sequences and applies carriage returns the
// way a terminal shows them: of a line rewritten with \r only the last
// version remains ("10%\r50%\r100%" shows "100%").
func StripANSI(s string) string {
	s = ansiRE.ReplaceAllString(s, "")
	if !strings.Contains(s, "\r") {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if j := strings.LastIndexByte(strings.TrimRight(l, "\r"), '\r'); j >= 0 {
			lines[i] = l[j+1:]
		} else {
			lines[i] = strings.TrimRight(l, "\r")
		}
	}
	return strings.Join(lines, "\n")
}
