package render

import "testing"

func TestStripANSI(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"plain", "a <b> & c\n", "a <b> & c\n"},
		{"colour", "\x1b[1;31mred\x1b[0m text", "red text"},
		{"cursor and erase", "x\x1b[2K\x1b[1Ay", "xy"},
		{"private mode", "\x1b[?25lhidden cursor\x1b[?25h", "hidden cursor"},
		{"OSC hyperlink", "\x1b]8;;http://x\x07link\x1b]8;;\x07", "link"},
		{"OSC with ST", "\x1b]0;title\x1b\\after", "after"},
		{"carriage return progress", "10%\r50%\r100%\ndone\n", "100%\ndone\n"},
		{"CRLF line ends", "a\r\nb\r\n", "a\nb\n"},
		{"lone ESC letter", "\x1bMup", "up"},
	} {
		if got := StripANSI(tc.in); got != tc.want {
			t.Errorf("%s: StripANSI(%q) = %q, want %q", tc.name, tc.in, got, tc.want)
		}
	}
}
