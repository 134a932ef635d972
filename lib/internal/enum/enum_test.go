package enum

import "testing"

type color int

const (
	red color = iota
	green
	unnamed
	blue
)

var colorNames = []string{red: "red", green: "green", blue: "blue"}

func TestNameParseRoundTrip(t *testing.T) {
	for _, c := range []color{red, green, blue} {
		s := Name(c, "color", colorNames)
		got, ok := Parse[color](s, colorNames)
		if !ok || got != c {
			t.Errorf("Parse(Name(%d) = %q) = %d, %v; want %d, true", int(c), s, int(got), ok, int(c))
		}
	}
	for _, tc := range []struct {
		c    color
		want string
	}{{red, "red"}, {blue, "blue"}, {unnamed, "color(2)"}, {-1, "color(-1)"}, {7, "color(7)"}} {
		if got := Name(tc.c, "color", colorNames); got != tc.want {
			t.Errorf("Name(%d) = %q, want %q", int(tc.c), got, tc.want)
		}
	}
	for _, s := range []string{"", "Red", "purple", "color(2)"} {
		if got, ok := Parse[color](s, colorNames); ok {
			t.Errorf("Parse(%q) = %d, true; want false", s, int(got))
		}
	}
}
