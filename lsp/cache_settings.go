package lsp

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"gamels/analyze/solve"
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
	// Analysis is gamels.analysis.enabled and gamels.analysis.depth: the
	// engine's annotations (annotations.go).
	Analysis AnalysisSettings
	// ExpectedOutput is gamels.expectedOutput: the file that holds a
	// transcript's expected output, relative to the transcript's
	// directory, ${name} its name without extension; empty:
	// NAME.expected.out or NAME.out beside it (cache_expected.go).
	ExpectedOutput string
}

// AnalysisSettings are the engine annotations' settings. The zero value
// is the default: on, at solve.DefaultDepth plies. On by default because
// the work is bounded (a node budget per position, the depth) and runs
// in the background, cancelled by every edit.
type AnalysisSettings struct {
	// Off is !gamels.analysis.enabled.
	Off bool
	// Depth is gamels.analysis.depth, the horizon in plies, from 1 to
	// MaxAnalysisDepth; 0 means solve.DefaultDepth (6).
	Depth int
	// Level is gamels.engine.level: how well the engine plays its moves
	// ("easy", "normal", "strong"); the zero value is normal.
	Level solve.Level
	// MoveTime is gamels.engine.time, the engine's thinking time a move
	// in milliseconds, MinEngineTime to MaxEngineTime; 0 means the
	// level's (solve.Level.Time).
	MoveTime int
}

// The bounds of gamels.engine.time, in milliseconds.
const (
	MinEngineTime = 10
	MaxEngineTime = 30_000
)

// moveTime returns the engine's thinking time a move.
func (a AnalysisSettings) moveTime() time.Duration {
	if a.MoveTime > 0 {
		return time.Duration(a.MoveTime) * time.Millisecond
	}
	return a.Level.Time()
}

// MaxAnalysisDepth bounds gamels.analysis.depth: the engine's own cap,
// the same as gamels analyze --depth takes.
const MaxAnalysisDepth = solve.MaxDepth

// depth returns the horizon to search.
func (a AnalysisSettings) depth() int {
	if a.Depth <= 0 {
		return solve.DefaultDepth
	}
	return min(a.Depth, MaxAnalysisDepth)
}

// A VerdictLevel is the severity of verdict diagnostics.
type VerdictLevel uint8

const (
	VerdictsInformation VerdictLevel = iota // the default
	VerdictsHint
	VerdictsOff // not published
)

var verdictLevels = map[string]VerdictLevel{"information": VerdictsInformation, "hint": VerdictsHint, "off": VerdictsOff}

// parseSettings reads settings from the JSON of initializationOptions or
// of workspace/didChangeConfiguration's settings, starting from cur.
// Accepted shapes, the first found wins:
//
//	{"gamels": {"pousse": {"rules": "icfp"}}}
//	{"gamels.pousse.rules": "icfp"}
//	{"pousse": {"rules": "icfp"}}      (the "gamels" section alone)
//
// and likewise for gamels.diagnostics.verdicts ("information", "hint",
// "off"), gamels.analysis.enabled (a boolean) and gamels.analysis.depth
// (plies from 1, clamped to MaxAnalysisDepth), gamels.expectedOutput (a
// path, "" for the files beside the transcript), gamels.engine.level
// ("easy", "normal", "strong") and gamels.engine.time (milliseconds,
// MinEngineTime to MaxEngineTime, or 0 for the level's). Absent keys leave cur unchanged; a present key with a bad value
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
			return cur, fmt.Errorf("settings: gamels.pousse.rules must be \"contest\" or \"icfp\", not %s", parse.Quote(name))
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
	if v := setting(top, "analysis", "enabled"); v != nil && string(v) != "null" {
		var on bool
		if err := json.Unmarshal(v, &on); err != nil {
			return cur, fmt.Errorf("settings: gamels.analysis.enabled must be true or false, not %s", v)
		}
		next.Analysis.Off = !on
	}
	if v := setting(top, "analysis", "depth"); v != nil && string(v) != "null" {
		var d int
		if err := json.Unmarshal(v, &d); err != nil || d < 1 {
			return cur, fmt.Errorf("settings: gamels.analysis.depth must be a whole number of plies from 1, not %s", v)
		}
		next.Analysis.Depth = min(d, MaxAnalysisDepth)
	}
	if v := setting(top, "engine", "level"); v != nil && string(v) != "null" {
		var name string
		l, ok := solve.Level(0), false
		if json.Unmarshal(v, &name) == nil {
			l, ok = solve.ParseLevel(name)
		}
		if !ok || name == "" {
			return cur, fmt.Errorf("settings: gamels.engine.level must be \"easy\", \"normal\" or \"strong\", not %s", v)
		}
		next.Analysis.Level = l
	}
	if v := setting(top, "engine", "time"); v != nil && string(v) != "null" {
		var ms int
		if err := json.Unmarshal(v, &ms); err != nil || ms != 0 && (ms < MinEngineTime || ms > MaxEngineTime) {
			return cur, fmt.Errorf("settings: gamels.engine.time must be milliseconds from %d to %d (0 for the level's), not %s", MinEngineTime, MaxEngineTime, v)
		}
		next.Analysis.MoveTime = ms
	}
	if v := setting(top, "expectedOutput"); v != nil && string(v) != "null" {
		var p string
		if err := json.Unmarshal(v, &p); err != nil {
			return cur, fmt.Errorf("settings: gamels.expectedOutput must be a path (a string), not %s", v)
		}
		next.ExpectedOutput = strings.TrimSpace(p)
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
