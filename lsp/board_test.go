package lsp

import (
	"encoding/json"
	"testing"
)

// TestBoardCapability checks that initialize advertises gamels/board.
func TestBoardCapability(t *testing.T) {
	c := startServer(t, nil)
	res := c.initialize(nil, "")
	var exp map[string]bool
	if err := json.Unmarshal(res.Capabilities.Experimental, &exp); err != nil || !exp["gamelsBoard"] {
		t.Errorf("experimental capabilities %s (%v), want gamelsBoard: true", res.Capabilities.Experimental, err)
	}
}
