package kernel

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// exitStatusRE matches the line gonb writes to stderr when a cell program
// exits with a non-zero status (os.Exit(N), or 2 after a panic).
var exitStatusRE = regexp.MustCompile(`exit status (\d+)\s*$`)

// ProgramFailure reads the stderr of one cell: when it ends with gonb's
// "exit status N" line, N ≠ 0 (gonb answers status "ok" when the cell's
// program panics or calls os.Exit; that line is the only sign), it returns
// the error as Jupyter states one: ename "panic" with evalue the panic line
// ("panic: boom") and a traceback of the panic's message and the frames of
// the cell's own code (those gonb marks "[[ Cell [N] Line M ]]", or in
// package main), or ename "exit" with evalue "exit status N". ok is false
// when the program did not fail.
func ProgramFailure(stderr string) (ename, evalue string, traceback []string, ok bool) {
	m := exitStatusRE.FindStringSubmatch(stderr)
	if m == nil {
		return "", "", nil, false
	}
	if n, _ := strconv.Atoi(m[1]); n == 0 {
		return "", "", nil, false
	}
	lines := strings.Split(strings.TrimRight(stderr, "\n"), "\n")
	start := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "panic: ") {
			start = i
		}
	}
	if start < 0 {
		return "exit", "exit status " + m[1], []string{"the cell's program exited with status " + m[1]}, true
	}
	evalue = lines[start]
	rest := lines[start+1 : len(lines)-1] // without the "exit status" line
	var msg, frames []string
	i := 0
	for ; i < len(rest) && strings.TrimSpace(rest[i]) != "" && !strings.HasPrefix(rest[i], "goroutine "); i++ {
		msg = append(msg, rest[i]) // a panic value over several lines
	}
	for ; i < len(rest); i++ {
		l := rest[i]
		if strings.HasPrefix(l, "goroutine ") {
			frames = append(frames, l)
			continue
		}
		// A frame is a function line followed by a tab-indented location.
		if i+1 < len(rest) && strings.HasPrefix(rest[i+1], "\t") && !strings.HasPrefix(l, "\t") {
			if strings.Contains(rest[i+1], "[[ Cell") || strings.HasPrefix(l, "main.") {
				frames = append(frames, l, rest[i+1])
			}
			i++
		}
	}
	traceback = append(append([]string{evalue}, msg...), frames...)
	return "panic", evalue, traceback, true
}

// cellFailures makes a cell whose program fails an error in every front
// end (Options.ErrorOnExit): it follows the stderr gonb forwards for each
// request and, when the request's execute_reply says "ok" although its
// program exited non-zero (ProgramFailure), publishes an iopub "error" and
// passes on the reply with status "error", ename, evalue and traceback.
// The decision waits until both the reply and the request's iopub "idle"
// have been read (gonb sends idle after the reply and after every stderr
// line of the request, but the two sockets are read apart), or for
// replyHold; the error goes out before the idle status.
type cellFailures struct {
	k  *Kernel
	mu sync.Mutex
	// by the request's msg_id
	stderr map[string]*strings.Builder
	ids    map[string][][]byte // identities of the request's iopub messages
	reply  map[string]*Message // a held execute_reply
	idle   map[string][][]byte // a held idle status (it arrived before the reply)
	// published holds the first iopub "error" the request published
	// (a display Options.CompleteDisplay could not complete): an "ok"
	// reply becomes that error.
	published map[string]*publishedError
}

// publishedError is the content of an iopub "error".
type publishedError struct {
	EName     string   `json:"ename"`
	EValue    string   `json:"evalue"`
	Traceback []string `json:"traceback"`
}

// replyHold is how long an execute_reply waits for its request's idle
// status before it is passed on as it is.
const replyHold = 2 * time.Second

// stderrKeep bounds the stderr kept per request: the panic and its frames
// are at the end.
const stderrKeep = 64 << 10

func newCellFailures(k *Kernel) *cellFailures {
	return &cellFailures{k: k, stderr: map[string]*strings.Builder{}, ids: map[string][][]byte{}, reply: map[string]*Message{}, idle: map[string][][]byte{}, published: map[string]*publishedError{}}
}

// forward passes a message from gonb to Options.Forward, holding and
// rewriting execute replies as the type's doc says.
func (c *cellFailures) forward(channel string, m *Message, frames [][]byte) {
	parent := m.ParentHeader.MsgID
	switch {
	case channel == "iopub" && m.Type() == "stream":
		var s struct{ Name, Text string }
		if m.Decode(&s) == nil && s.Name == "stderr" {
			c.mu.Lock()
			b := c.stderr[parent]
			if b == nil {
				b = &strings.Builder{}
				c.stderr[parent] = b
			}
			b.WriteString(s.Text)
			if b.Len() > 2*stderrKeep {
				t := b.String()
				b.Reset()
				b.WriteString(t[len(t)-stderrKeep:])
			}
			c.ids[parent] = m.Identities
			c.mu.Unlock()
		}
	case channel == "iopub" && m.Type() == "error":
		var e publishedError
		if m.Decode(&e) == nil {
			c.mu.Lock()
			if c.published[parent] == nil {
				c.published[parent] = &e
			}
			c.mu.Unlock()
		}
	case channel == "iopub" && m.Type() == "status":
		var s struct {
			State string `json:"execution_state"`
		}
		if m.Decode(&s) == nil && s.State == "idle" {
			// The shell and iopub readers run apart, so the idle status
			// may be read before the reply gonb sent first: then it is
			// held for the reply (an error must reach the front end
			// before the idle status, or nbclient has closed the cell).
			c.mu.Lock()
			r := c.reply[parent]
			delete(c.reply, parent)
			if r == nil {
				c.idle[parent] = frames
			}
			c.mu.Unlock()
			if r != nil {
				c.settle(r, frames)
				return
			}
			time.AfterFunc(replyHold, func() {
				c.mu.Lock()
				idle := c.idle[parent]
				delete(c.idle, parent)
				c.mu.Unlock()
				if idle != nil {
					c.k.opt.Forward("iopub", idle)
				}
			})
			return
		}
	case channel == "shell" && m.Type() == "execute_reply":
		c.mu.Lock()
		idle := c.idle[parent]
		delete(c.idle, parent)
		if idle == nil {
			c.reply[parent] = m
		}
		c.mu.Unlock()
		if idle != nil {
			c.settle(m, idle)
			return
		}
		time.AfterFunc(replyHold, func() {
			c.mu.Lock()
			r := c.reply[parent]
			delete(c.reply, parent)
			c.mu.Unlock()
			if r != nil {
				c.settle(r, nil)
			}
		})
		return
	}
	c.k.opt.Forward(channel, frames)
}

// settle decides on a held reply: an "ok" reply of a request whose program
// failed becomes an error (an iopub error first), then the idle status
// (when given) and the reply are passed on.
func (c *cellFailures) settle(reply *Message, idle [][]byte) {
	parent := reply.ParentHeader.MsgID
	c.mu.Lock()
	stderr := ""
	if b := c.stderr[parent]; b != nil {
		stderr = b.String()
	}
	ids := c.ids[parent]
	published := c.published[parent]
	delete(c.stderr, parent)
	delete(c.ids, parent)
	delete(c.published, parent)
	c.mu.Unlock()

	out, err := c.rewrite(reply, stderr, ids, published)
	if err != nil {
		out = nil
	}
	var replyFrames [][]byte
	if out != nil {
		if out.errFrames != nil {
			c.k.opt.Forward("iopub", out.errFrames)
		}
		replyFrames = out.replyFrames
	} else if replyFrames, err = c.k.sig.encode(reply); err != nil {
		return
	}
	if idle != nil {
		c.k.opt.Forward("iopub", idle)
	}
	c.k.opt.Forward("shell", replyFrames)
}

type rewritten struct{ errFrames, replyFrames [][]byte }

// rewrite returns the iopub error and the error reply for a reply whose
// status is "ok" and whose program failed, or nil. When the program did
// not fail but the request published an iopub error (published), the
// reply becomes that error and no second one is published.
func (c *cellFailures) rewrite(reply *Message, stderr string, ids [][]byte, published *publishedError) (*rewritten, error) {
	var content map[string]any
	if err := json.Unmarshal(reply.Content, &content); err != nil {
		return nil, err
	}
	if content["status"] != "ok" {
		return nil, nil
	}
	ename, evalue, tb, ok := ProgramFailure(stderr)
	if !ok && published != nil {
		return c.errorReply(reply, content, published.EName, published.EValue, published.Traceback, nil)
	}
	if !ok {
		return nil, nil
	}
	errContent, err := json.Marshal(map[string]any{"ename": ename, "evalue": evalue, "traceback": tb})
	if err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		ids = [][]byte{[]byte("error")}
	}
	errMsg := &Message{Identities: ids, Header: Header{MsgID: newID(), Session: reply.Header.Session, Username: reply.Header.Username,
		Date: time.Now().UTC().Format(time.RFC3339Nano), MsgType: "error", Version: ProtocolVersion}, ParentHeader: reply.ParentHeader, Content: errContent}
	errFrames, err := c.k.sig.encode(errMsg)
	if err != nil {
		return nil, err
	}
	return c.errorReply(reply, content, ename, evalue, tb, errFrames)
}

// errorReply returns reply, whose content is content, with status "error",
// ename, evalue and traceback, and errFrames, the iopub error to publish
// before it (nil: none).
func (c *cellFailures) errorReply(reply *Message, content map[string]any, ename, evalue string, tb []string, errFrames [][]byte) (*rewritten, error) {
	content["status"], content["ename"], content["evalue"], content["traceback"] = "error", ename, evalue, tb
	delete(content, "user_expressions")
	raw, err := json.Marshal(content)
	if err != nil {
		return nil, err
	}
	r := *reply
	r.Content = raw
	replyFrames, err := c.k.sig.encode(&r)
	if err != nil {
		return nil, err
	}
	return &rewritten{errFrames: errFrames, replyFrames: replyFrames}, nil
}
