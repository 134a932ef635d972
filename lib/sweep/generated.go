package sweep

import (
	"encoding/json"
	"fmt"
	"io/fs"
)

// ReadGenerated decodes the data file name of a directory written by
// `sigprop sweep generate` into data, and its ProvenanceFile into prov (a
// struct with the fields of Generated, its Settings typed). Errors name the
// file.
func ReadGenerated(fsys fs.FS, name string, data, prov any) error {
	for _, f := range []struct {
		name string
		v    any
	}{{name, data}, {ProvenanceFile, prov}} {
		b, err := fs.ReadFile(fsys, f.name)
		if err != nil {
			return err
		}
		if err := json.Unmarshal(b, f.v); err != nil {
			return fmt.Errorf("sweep: %s: %w", f.name, err)
		}
	}
	return nil
}
