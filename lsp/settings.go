package lsp

import (
	"encoding/json"
	"fmt"
	"strings"

	"gamels/parse"
)

// Settings are the server's user settings.
type Settings struct {
	// PousseRules is gamels.pousse.rules: the Pousse rule set for files
	// without a `# rules:` line. RulesDefault means contest.
	PousseRules parse.Rules
	// Verdicts is gamels.diagnostics.verdicts: how each game's verdict
	// (and a game's running out of moves) is published.
	Verdicts VerdictLevel
}

// A VerdictLevel is the severity of verdict diagnostics.
type VerdictLevel uint8

const (
	VerdictsInformation VerdictLevel = iota // the default
	VerdictsHint
	VerdictsOff // not published
)

var verdictLevels = map[string]VerdictLevel{"information": VerdictsInformation, "hint": VerdictsHint, "off": VerdictsOff}

func (v VerdictLevel) String() string {
	for name, l := range verdictLevels {
		if l == v {
			return name
		}
	}
	return "information"
}

// parseSettings reads settings from the JSON of initializationOptions or
// of workspace/didChangeConfiguration's settings, starting from cur.
// Accepted shapes, the first found wins:
//
//	{"gamels": {"pousse": {"rules": "icfp"}}}
//	{"gamels.pousse.rules": "icfp"}
//	{"pousse": {"rules": "icfp"}}      (the "gamels" section alone)
//
// and likewise for gamels.diagnostics.verdicts ("information", "hint",
// "off"). Absent keys leave cur unchanged; a present key with a bad value
// is an error (and leaves cur unchanged).
func parseSettings(raw []byte, cur Settings) (Settings, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return cur, nil
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(raw, &top); err != nil {
		return cur, fmt.Errorf("settings: %v", err)
	}
	next := cur
	if rules := setting(top, "pousse", "rules"); rules != nil && string(rules) != "null" {
		var name string
		if err := json.Unmarshal(rules, &name); err != nil {
			return cur, fmt.Errorf("settings: gamels.pousse.rules must be a string: %s", rules)
		}
		r, ok := parse.ParseRules(name)
		if !ok {
			return cur, fmt.Errorf("settings: gamels.pousse.rules must be \"contest\" or \"icfp\", not %q", name)
		}
		next.PousseRules = r
	}
	if v := setting(top, "diagnostics", "verdicts"); v != nil && string(v) != "null" {
		var name string
		l, ok := VerdictLevel(0), false
		if json.Unmarshal(v, &name) == nil {
			l, ok = verdictLevels[name]
		}
		if !ok {
			return cur, fmt.Errorf("settings: gamels.diagnostics.verdicts must be \"information\", \"hint\" or \"off\", not %s", v)
		}
		next.Verdicts = l
	}
	return next, nil
}

// setting returns the value of gamels.KEYS in top, in the first of the
// three shapes that top has (see parseSettings), or nil.
func setting(top map[string]json.RawMessage, keys ...string) json.RawMessage {
	switch {
	case top["gamels"] != nil:
		return lookup(top["gamels"], keys...)
	case top["gamels."+strings.Join(keys, ".")] != nil:
		return top["gamels."+strings.Join(keys, ".")]
	case top[keys[0]] != nil:
		return lookup(top[keys[0]], keys[1:]...)
	}
	return nil
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
