package kernel

import (
	"encoding/json"
)

// completeDisplay applies Options.CompleteDisplay to the data of m when m
// is a display_data, update_display_data or execute_result, and reports
// whether it changed m: new data, or, on an error, m turned into an iopub
// "error" with ename DisplayError and the error as evalue and traceback.
func completeDisplay(m *Message, complete func(map[string]json.RawMessage) (bool, error)) bool {
	switch m.Type() {
	case "display_data", "update_display_data", "execute_result":
	default:
		return false
	}
	var c map[string]json.RawMessage
	if json.Unmarshal(m.Content, &c) != nil {
		return false
	}
	var data map[string]json.RawMessage
	if json.Unmarshal(c["data"], &data) != nil || data == nil {
		return false
	}
	changed, err := complete(data)
	if err != nil {
		content, merr := json.Marshal(map[string]any{"ename": "DisplayError", "evalue": err.Error(), "traceback": []string{err.Error()}})
		if merr != nil {
			return false
		}
		m.Header.MsgType, m.Content = "error", content
		return true
	}
	if !changed {
		return false
	}
	raw, err := json.Marshal(data)
	if err != nil {
		return false
	}
	c["data"] = raw
	content, err := json.Marshal(c)
	if err != nil {
		return false
	}
	m.Content = content
	return true
}
