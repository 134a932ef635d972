package result

import "testing"

// TestCheckListWellformed: Given checks, with or without a well-formed
// disagreement, pass; a MaxZ or KS check, or a disagreement without a
// commit hash, is a caller bug.
func TestCheckListWellformed(t *testing.T) {
	ok := CheckList{Notes: []string{"n"}, Checks: []Check{{Name: "a"}, {Name: "b", Disagreement: sampleDisagreement()}}}
	if err := ok.Wellformed(); err != nil {
		t.Fatal(err)
	}
	bad := sampleDisagreement()
	bad.Declared.Commit = "HEAD"
	for name, c := range map[string]Check{"max z": {Name: "z", Test: MaxZ}, "ks": {Name: "k", Test: KS}, "no hash": {Name: "d", Disagreement: bad}} {
		if (CheckList{Checks: []Check{{Name: "a"}, c}}).Wellformed() == nil {
			t.Errorf("%s: well formed", name)
		}
	}
}
