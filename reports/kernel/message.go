package kernel

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// ProtocolVersion is the Jupyter messaging protocol version this client
// speaks.
const ProtocolVersion = "5.3"

// delimiter separates the routing identities from the signed frames of a
// message on the wire.
var delimiter = []byte("<IDS|MSG>")

// ErrSignature is wrapped by the error returned when an incoming message's
// HMAC signature does not match its content.
var ErrSignature = errors.New("kernel: bad message signature")

// Header is a Jupyter message header (also used for parent_header, which is
// the header of the request a message answers, or empty).
type Header struct {
	MsgID    string `json:"msg_id"`
	Session  string `json:"session"`
	Username string `json:"username"`
	Date     string `json:"date"`
	MsgType  string `json:"msg_type"`
	Version  string `json:"version"`
}

// Message is one Jupyter protocol message. Content is kept as raw JSON;
// decode it with Decode.
type Message struct {
	Identities   [][]byte
	Header       Header
	ParentHeader Header
	Metadata     map[string]any
	Content      json.RawMessage
	Buffers      [][]byte
}

// Type returns the message type (header.msg_type).
func (m *Message) Type() string { return m.Header.MsgType }

// Decode unmarshals the message content into v.
func (m *Message) Decode(v any) error {
	if err := json.Unmarshal(m.Content, v); err != nil {
		return fmt.Errorf("kernel: decoding %s content: %w", m.Header.MsgType, err)
	}
	return nil
}

// signer computes HMAC-SHA256 signatures with the connection key. An empty
// key disables signing, as the protocol specifies.
type signer struct{ key []byte }

// sign returns the hex HMAC of the concatenated frames.
//
//	signature = hex(HMAC-SHA256(key, header ‖ parent_header ‖ metadata ‖ content))
func (s signer) sign(frames ...[]byte) []byte {
	if len(s.key) == 0 {
		return nil
	}
	mac := hmac.New(sha256.New, s.key)
	for _, f := range frames {
		mac.Write(f)
	}
	sum := mac.Sum(nil)
	out := make([]byte, hex.EncodedLen(len(sum)))
	hex.Encode(out, sum)
	return out
}

// encode serialises m into wire frames:
//
//	identities…, <IDS|MSG>, signature, header, parent_header, metadata, content, buffers…
func (s signer) encode(m *Message) ([][]byte, error) {
	header, err := json.Marshal(m.Header)
	if err != nil {
		return nil, err
	}
	var parent []byte
	if m.ParentHeader.MsgID == "" {
		parent = []byte("{}")
	} else if parent, err = json.Marshal(m.ParentHeader); err != nil {
		return nil, err
	}
	meta := []byte("{}")
	if len(m.Metadata) > 0 {
		if meta, err = json.Marshal(m.Metadata); err != nil {
			return nil, err
		}
	}
	content := []byte(m.Content)
	if len(content) == 0 {
		content = []byte("{}")
	}
	frames := make([][]byte, 0, len(m.Identities)+6+len(m.Buffers))
	frames = append(frames, m.Identities...)
	frames = append(frames, delimiter, s.sign(header, parent, meta, content), header, parent, meta, content)
	frames = append(frames, m.Buffers...)
	return frames, nil
}

// decode parses wire frames into a Message and verifies the signature.
func (s signer) decode(frames [][]byte) (*Message, error) {
	d := -1
	for i, f := range frames {
		if bytes.Equal(f, delimiter) {
			d = i
			break
		}
	}
	if d < 0 {
		return nil, errors.New("kernel: message without <IDS|MSG> delimiter")
	}
	if len(frames) < d+6 {
		return nil, fmt.Errorf("kernel: message has %d frames after the delimiter, want at least 5", len(frames)-d-1)
	}
	sig, header, parent, meta, content := frames[d+1], frames[d+2], frames[d+3], frames[d+4], frames[d+5]
	if len(s.key) > 0 {
		want := s.sign(header, parent, meta, content)
		if !hmac.Equal(want, sig) {
			return nil, ErrSignature
		}
	}
	m := &Message{Identities: frames[:d], Content: json.RawMessage(bytes.Clone(content)), Buffers: frames[d+6:]}
	if err := json.Unmarshal(header, &m.Header); err != nil {
		return nil, fmt.Errorf("kernel: bad header: %w", err)
	}
	if len(parent) > 0 {
		if err := json.Unmarshal(parent, &m.ParentHeader); err != nil {
			return nil, fmt.Errorf("kernel: bad parent_header: %w", err)
		}
	}
	if len(meta) > 0 {
		if err := json.Unmarshal(meta, &m.Metadata); err != nil {
			return nil, fmt.Errorf("kernel: bad metadata: %w", err)
		}
	}
	return m, nil
}

// newID returns a random UUID-4-formatted identifier.
func newID() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("kernel: crypto/rand failed: " + err.Error())
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// newRequest builds a request message of type msgType in session.
func newRequest(session, msgType string, content any) (*Message, error) {
	raw, err := json.Marshal(content)
	if err != nil {
		return nil, err
	}
	return &Message{
		Header: Header{
			MsgID:    newID(),
			Session:  session,
			Username: "sigprop",
			Date:     time.Now().UTC().Format(time.RFC3339Nano),
			MsgType:  msgType,
			Version:  ProtocolVersion,
		},
		Content: raw,
	}, nil
}
