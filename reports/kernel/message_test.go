package kernel

import (
	"bytes"
	"errors"
	"testing"
)

func TestMessageRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name string
		key  string
	}{
		{"signed", "0123456789abcdef"},
		{"unsigned (empty key disables signing)", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := signer{key: []byte(tc.key)}
			m, err := newRequest("sess", "execute_request", map[string]any{"code": "1+1"})
			if err != nil {
				t.Fatal(err)
			}
			m.Identities = [][]byte{[]byte("id1")}
			m.Buffers = [][]byte{[]byte("buf")}
			frames, err := s.encode(m)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(frames[1], delimiter) {
				t.Fatalf("frame 1 = %q, want the delimiter", frames[1])
			}
			if got := len(frames[2]); (tc.key != "") != (got == 64) {
				t.Fatalf("signature has %d hex digits with key %q", got, tc.key)
			}
			back, err := s.decode(frames)
			if err != nil {
				t.Fatal(err)
			}
			if back.Header != m.Header || !bytes.Equal(back.Content, m.Content) || len(back.Identities) != 1 || len(back.Buffers) != 1 {
				t.Fatalf("round trip changed the message: %+v vs %+v", back, m)
			}
		})
	}
}

func TestDecodeRejects(t *testing.T) {
	s := signer{key: []byte("secret")}
	m, _ := newRequest("sess", "status", map[string]any{"execution_state": "idle"})
	good, _ := s.encode(m)
	tampered := append([][]byte(nil), good...)
	tampered[5] = []byte(`{"execution_state":"busy"}`)
	otherKey, _ := signer{key: []byte("other")}.encode(m)
	for _, tc := range []struct {
		name   string
		frames [][]byte
		sigErr bool
	}{
		{"tampered content", tampered, true},
		{"signed with another key", otherKey, true},
		{"no delimiter", good[2:], false},
		{"too few frames", good[:4], false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := s.decode(tc.frames)
			if err == nil {
				t.Fatal("decode accepted a bad message")
			}
			if errors.Is(err, ErrSignature) != tc.sigErr {
				t.Fatalf("err = %v, want ErrSignature: %v", err, tc.sigErr)
			}
		})
	}
	var c map[string]string
	back, err := s.decode(good)
	if err != nil || back.Decode(&c) != nil || c["execution_state"] != "idle" {
		t.Fatalf("good message rejected: %v %v", err, c)
	}
}
