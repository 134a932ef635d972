package kernel

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// testTools builds (or reuses from the user cache) gonb and goimports once.
func testTools(t *testing.T) Tools {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	tools, err := BuildTools(context.Background(), root, "")
	if err != nil {
		t.Fatal(err)
	}
	return tools
}

// streamText concatenates the stream messages named name.
func streamText(t *testing.T, e *Execution, name string) string {
	t.Helper()
	var b strings.Builder
	for _, m := range e.Messages() {
		if m.Type() != "stream" {
			continue
		}
		var s struct{ Name, Text string }
		if err := m.Decode(&s); err != nil {
			t.Fatal(err)
		}
		if s.Name == name {
			b.WriteString(s.Text)
		}
	}
	return b.String()
}

func TestKernelSmoke(t *testing.T) {
	tools := testTools(t)
	ctx := context.Background()
	t0 := time.Now()
	k, err := Start(ctx, Options{Tools: tools, Log: os.Stderr})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("start: %v, info %+v", time.Since(t0), k.Info())
	defer k.Shutdown(ctx)
	run := func(code string) *Execution {
		t0 := time.Now()
		e, err := k.Execute(code, ExecOptions{StoreHistory: true})
		if err != nil {
			t.Fatal(err)
		}
		if err := e.Wait(ctx); err != nil {
			t.Fatal(err)
		}
		r, _ := e.ExecuteReply()
		t.Logf("%q: %v status=%s stdout=%q stderr=%q", code, time.Since(t0), r.Status, streamText(t, e, "stdout"), streamText(t, e, "stderr"))
		return e
	}
	root, _ := filepath.Abs("../..")
	run("!*rm -f go.work && go work init && go work use . \"$GONB_DIR/../..\" && go mod edit -require=github.com/janpfeifer/gonb@v0.11.1 && echo SETUP_OK\n%goworkfix")
	_ = root
	run("%%\nfmt.Println(\"hello\")")
	run("import \"github.com/sigprop/sigprop/lib/quantity\"\n%%\nfmt.Printf(\"%T\\n\", quantity.Lookup)")
	run("import \"github.com/janpfeifer/gonb/gonbui\"\n%%\ngonbui.DisplayHTML(\"<b>hi</b>\")")
	run("!*cat go.mod go.work; ls; echo $GONB_DIR")
	run("import \"github.com/janpfeifer/gonb/gonbui\"\n%%\ngonbui.DisplayHTML(\"<b>hi</b>\")")
	run("%%\nfmt.Println(\"hello\")")
}
