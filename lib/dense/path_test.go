package dense

import "testing"

// paths returns the paths this machine can run: always the portable one,
// and the assembly one where the CPU has AVX2 and FMA.
func paths(t testing.TB) []bool {
	if !hasAsm {
		t.Log("no AVX2+FMA: only the portable path is tested")
		return []bool{false}
	}
	return []bool{false, true}
}

// onPath runs f with the given path selected and restores the previous one.
func onPath(asm bool, f func()) {
	prev := SetAssembly(asm)
	defer SetAssembly(prev)
	f()
}

func pathName(asm bool) string {
	if asm {
		return "asm"
	}
	return "portable"
}

// TestSetAssembly: the switch reports the previous value, never turns on
// the assembly path on a CPU without it, and Assembly reflects it.
func TestSetAssembly(t *testing.T) {
	prev := SetAssembly(false)
	defer SetAssembly(prev)
	if Assembly() {
		t.Fatal("SetAssembly(false) left the assembly path on")
	}
	if p := SetAssembly(true); p {
		t.Error("SetAssembly returned true as the previous value after SetAssembly(false)")
	}
	if Assembly() != hasAsm {
		t.Errorf("after SetAssembly(true), Assembly() = %v, CPU support %v", Assembly(), hasAsm)
	}
}
