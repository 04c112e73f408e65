package lsp

import (
	"encoding/json"
	"fmt"

	"gamels/parse"
)

// Settings are the server's user settings.
type Settings struct {
	// PousseRules is gamels.pousse.rules: the Pousse rule set for files
	// without a `# rules:` line. RulesDefault means contest.
	PousseRules parse.Rules
}

// parseSettings reads settings from the JSON of initializationOptions or
// of workspace/didChangeConfiguration's settings, starting from cur.
// Accepted shapes, the first found wins:
//
//	{"gamels": {"pousse": {"rules": "icfp"}}}
//	{"gamels.pousse.rules": "icfp"}
//	{"pousse": {"rules": "icfp"}}      (the "gamels" section alone)
//
// Absent keys leave cur unchanged; a present key with a bad value is an
// error (and leaves cur unchanged).
func parseSettings(raw []byte, cur Settings) (Settings, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return cur, nil
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(raw, &top); err != nil {
		return cur, fmt.Errorf("settings: %v", err)
	}
	var rules json.RawMessage
	switch {
	case top["gamels"] != nil:
		rules = lookup(top["gamels"], "pousse", "rules")
	case top["gamels.pousse.rules"] != nil:
		rules = top["gamels.pousse.rules"]
	case top["pousse"] != nil:
		rules = lookup(top["pousse"], "rules")
	}
	if rules == nil || string(rules) == "null" {
		return cur, nil
	}
	var name string
	if err := json.Unmarshal(rules, &name); err != nil {
		return cur, fmt.Errorf("settings: gamels.pousse.rules must be a string: %s", rules)
	}
	r, ok := parse.ParseRules(name)
	if !ok {
		return cur, fmt.Errorf("settings: gamels.pousse.rules must be \"contest\" or \"icfp\", not %q", name)
	}
	cur.PousseRules = r
	return cur, nil
}

// lookup follows keys through nested JSON objects, returning nil when one
// is missing or a value is not an object.
func lookup(raw json.RawMessage, keys ...string) json.RawMessage {
	for _, k := range keys {
		var m map[string]json.RawMessage
		if json.Unmarshal(raw, &m) != nil {
			return nil
		}
		raw = m[k]
		if raw == nil {
			return nil
		}
	}
	return raw
}
