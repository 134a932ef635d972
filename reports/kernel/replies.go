package kernel

import (
	"encoding/json"
	"regexp"
	"time"
	"unicode"
)

// LoadingMessage is the metadata a tidied complete_reply carries while the
// language server is still loading the module (Options.TidyReplies).
const LoadingMessage = "the Go language server is still loading this module's packages; completion and hover docs follow in a few seconds"

// testName matches the names of a package's tests, benchmarks, fuzz
// targets and examples (go help testfunc), which gopls offers from its
// _test.go files and which are no API of the package.
var testName = regexp.MustCompile(`^(Test|Benchmark|Fuzz|Example)([A-Z_0-9]|$)`)

// deadline matches the error text gonb passes on when gopls does not
// answer within its 5 s (hardcoded in gonb) while it loads the packages.
var deadline = regexp.MustCompile(`(?i)deadline exceeded`)

// tidyReply fixes gonb's answers to completion and hover requests in place
// (Options.TidyReplies) and reports whether it changed m:
//
//   - complete_reply: every match once, in gonb's order, without test,
//     benchmark, fuzz or example functions; an error that is gopls's
//     timeout while it loads becomes status "ok" with no match and
//     metadata {"sigprop": {"status": "loading", "message": LoadingMessage}}.
//   - inspect_reply: a reply "found" whose text is the timeout becomes
//     found false with no data (with the same metadata), instead of showing
//     "context deadline exceeded" as documentation.
func tidyReply(m *Message) bool {
	switch m.Type() {
	case "complete_reply":
		var c map[string]any
		if json.Unmarshal(m.Content, &c) != nil {
			return false
		}
		if c["status"] == "error" {
			// gonb answers an error with no message when gopls does not
			// answer within its 2 s, and "context deadline exceeded"
			// when it does not start within 5 s: both mean "loading".
			if ev, _ := c["evalue"].(string); ev != "" && !deadline.MatchString(ev) {
				return false
			}
			c = map[string]any{"status": "ok", "matches": []string{}, "cursor_start": c["cursor_start"], "cursor_end": c["cursor_end"],
				"metadata": map[string]any{"sigprop": map[string]string{"status": "loading", "message": LoadingMessage}}}
			if c["cursor_start"] == nil {
				c["cursor_start"], c["cursor_end"] = 0, 0
			}
			return setContent(m, c)
		}
		raw, ok := c["matches"].([]any)
		if !ok {
			return false
		}
		seen := map[string]bool{}
		kept := make([]string, 0, len(raw))
		for _, x := range raw {
			s, ok := x.(string)
			if !ok || seen[s] || testName.MatchString(s) {
				continue
			}
			seen[s] = true
			kept = append(kept, s)
		}
		if len(kept) == len(raw) {
			return false
		}
		c["matches"] = kept
		return setContent(m, c)
	case "inspect_reply":
		var c map[string]any
		if json.Unmarshal(m.Content, &c) != nil {
			return false
		}
		data, _ := c["data"].(map[string]any)
		text := ""
		for _, v := range data {
			if s, ok := v.(string); ok {
				text += s
			}
		}
		if (c["status"] == "error" && deadline.MatchString(asString(c["evalue"]))) || (text != "" && len(text) < 200 && deadline.MatchString(text)) {
			return setContent(m, map[string]any{"status": "ok", "found": false, "data": map[string]any{},
				"metadata": map[string]any{"sigprop": map[string]string{"status": "loading", "message": LoadingMessage}}})
		}
	}
	return false
}

func asString(x any) string {
	s, _ := x.(string)
	return s
}

func setContent(m *Message, c map[string]any) bool {
	raw, err := json.Marshal(c)
	if err != nil {
		return false
	}
	m.Content = raw
	return true
}

// tidyRequest moves the cursor of an inspect_request that stands just
// after a name (where Shift-Tab is pressed once a name is typed) onto the
// name's last character, where gopls finds it; it reports whether it
// changed m. cursor_pos counts Unicode code points (protocol 5.2).
func tidyRequest(m *Message) bool {
	if m.Type() != "inspect_request" {
		return false
	}
	var c map[string]any
	if json.Unmarshal(m.Content, &c) != nil {
		return false
	}
	code, _ := c["code"].(string)
	pos, ok := c["cursor_pos"].(float64)
	if !ok {
		return false
	}
	r := []rune(code)
	p := int(pos)
	if p <= 0 || p > len(r) || !isIdent(r[p-1]) || (p < len(r) && isIdent(r[p])) {
		return false
	}
	c["cursor_pos"] = p - 1
	return setContent(m, c)
}

func isIdent(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// TidyRequest applies Options.TidyReplies to a front end's request (an
// inspect_request's cursor just after a name) and returns the frames to
// send, re-signed when changed.
func (k *Kernel) TidyRequest(frames [][]byte) [][]byte {
	if !k.opt.TidyReplies {
		return frames
	}
	m, err := k.sig.decode(frames)
	if err != nil || !tidyRequest(m) {
		return frames
	}
	out, err := k.sig.encode(m)
	if err != nil {
		return frames
	}
	return out
}

// warmUpCode is what WarmUp completes: gopls loads the packages the
// module's notebooks import on its first request.
const warmUpCode = "import \"github.com/sigprop/sigprop/lib/meanfield\"\n\n%%\nmeanfield."

// WarmUp sends one complete_request in the background, so that gopls
// starts loading the module's packages while the user opens a notebook;
// its answer is dropped.
func (k *Kernel) WarmUp() {
	e, err := k.send(k.shell, "complete_request", map[string]any{"code": warmUpCode, "cursor_pos": len([]rune(warmUpCode))}, false)
	if err == nil {
		go func() {
			select {
			case <-e.Done():
			case <-k.dead:
			}
			k.forget(e.ID)
		}()
	}
}

// LoadingCompleteReply is the "loading" complete_reply (see tidyReply) to a
// front end's complete_request, given as its frames: what the relay
// answers when gonb has not answered within the time a Tab is worth.
func (k *Kernel) LoadingCompleteReply(request [][]byte) ([][]byte, error) {
	req, err := k.sig.decode(request)
	if err != nil {
		return nil, err
	}
	var c struct {
		CursorPos int `json:"cursor_pos"`
	}
	if err := req.Decode(&c); err != nil {
		return nil, err
	}
	content, err := json.Marshal(map[string]any{"status": "ok", "matches": []string{}, "cursor_start": c.CursorPos, "cursor_end": c.CursorPos,
		"metadata": map[string]any{"sigprop": map[string]string{"status": "loading", "message": LoadingMessage}}})
	if err != nil {
		return nil, err
	}
	reply := &Message{Identities: req.Identities, Header: Header{MsgID: newID(), Session: req.Header.Session, Username: req.Header.Username,
		Date: time.Now().UTC().Format(time.RFC3339Nano), MsgType: "complete_reply", Version: ProtocolVersion}, ParentHeader: req.Header, Content: content}
	return k.sig.encode(reply)
}
