package main

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

func TestParseOnly(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []int
		err  string
	}{
		{"", nil, ""},
		{"3", []int{3}, ""},
		{"24, 0", []int{24, 0}, ""},
		{"40", nil, "[0, 40)"},
		{"-1", nil, "[0, 40)"},
		{"a", nil, "[0, 40)"},
		{"1,1", nil, "given twice"},
	} {
		got, err := parseOnly(tc.in, 40)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want one containing %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

// TestGenerateBadInput: bad names and flags are refused with exit status 2
// before anything is computed or written.
func TestGenerateBadInput(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sweep", "generate", "nosuch", dir}, `unknown data set "nosuch"`},
		{[]string{"sweep", "generate", "jacobian-spectra", dir, "--only", "999"}, "--only"},
		{[]string{"sweep", "generate", "noci-training", dir, "--workers", "-1"}, "--workers=-1"},
		{[]string{"sweep", "generate", "jacobian-spectra"}, "needs a data set name and a directory"},
	} {
		var out, errb bytes.Buffer
		if code := run(tc.args, &out, &errb); code != 2 || !strings.Contains(errb.String(), tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tc.args, code, errb.String(), tc.want)
		}
	}
}
