package lsp

import (
	"context"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"gamels/parse"
)

func TestParseSettings(t *testing.T) {
	tests := []struct {
		raw     string
		cur     parse.Rules
		want    parse.Rules
		wantErr bool
	}{
		{``, parse.RulesDefault, parse.RulesDefault, false},
		{`null`, parse.RulesICFP, parse.RulesICFP, false},
		{`{"gamels":{"pousse":{"rules":"icfp"}}}`, parse.RulesDefault, parse.RulesICFP, false},
		{`{"gamels.pousse.rules":"contest"}`, parse.RulesICFP, parse.RulesContest, false},
		{`{"pousse":{"rules":"icfp"}}`, parse.RulesDefault, parse.RulesICFP, false},
		{`{"gamels":{}}`, parse.RulesICFP, parse.RulesICFP, false},
		{`{"other":1}`, parse.RulesICFP, parse.RulesICFP, false},
		{`{"gamels":{"pousse":{"rules":"chess"}}}`, parse.RulesContest, parse.RulesContest, true},
		{`{"gamels":{"pousse":{"rules":3}}}`, parse.RulesContest, parse.RulesContest, true},
		{`[1,2]`, parse.RulesContest, parse.RulesContest, true},
	}
	for _, tt := range tests {
		got, err := parseSettings([]byte(tt.raw), Settings{PousseRules: tt.cur})
		if (err != nil) != tt.wantErr || got.PousseRules != tt.want {
			t.Errorf("parseSettings(%s) = %v, %v; want %v, error %v", tt.raw, got.PousseRules, err, tt.want, tt.wantErr)
		}
	}
}

// TestConfigurationChange opens the same 2x2 game (a tie under the
// contest rules, won by X under icfp) with and without a rules line, and
// checks that a configuration change republishes the file without one
// only, under the new rules.
func TestConfigurationChange(t *testing.T) {
	const game = "2\nR2\nB2\nB2\nB2\nQUIT\n"
	c := startServer(t, nil)
	c.initialize(nil, `{"gamels.pousse.rules": "contest"}`)
	const plain, own, spot = uri.URI("file:///plain.pousse"), uri.URI("file:///own.pousse"), uri.URI("file:///s.spot")
	c.open(plain, 1, game)
	c.open(own, 1, "# rules: contest\n"+game)
	c.open(spot, 1, "2\n1 1 +\n2 2 +\n2 2 -\n1 2 +\n0\n")
	verdict := func(p *protocol.PublishDiagnosticsParams) string {
		for _, d := range p.Diagnostics {
			if d.Severity == protocol.DiagnosticSeverityInformation {
				return string(d.Message.(protocol.String))
			}
		}
		return ""
	}
	if got := verdict(c.waitVersion(plain, 1)); got != "TIE GAME: no winner after 4 moves" {
		t.Errorf("contest setting: %q", got)
	}
	c.waitVersion(own, 1)
	c.waitVersion(spot, 1)
	before := len(c.publications(own)) + len(c.publications(spot))

	for _, settings := range []string{`{"gamels":{"pousse":{"rules":"icfp"}}}`, `{"gamels.pousse.rules":"contest"}`, `{"pousse":{"rules":"icfp"}}`} {
		err := c.server.DidChangeConfiguration(context.Background(), &protocol.DidChangeConfigurationParams{Settings: protocol.LSPAny(settings)})
		if err != nil {
			t.Fatal(err)
		}
	}
	// The last setting is icfp: X wins by repetition.
	p := c.waitFor(plain, "icfp verdict", func(p *protocol.PublishDiagnosticsParams) bool { return verdict(p) == "X WINS" })
	if v, _ := p.Version.Get(); v != 1 {
		t.Errorf("republished with version %d, want 1 (the text did not change)", v)
	}
	// Make sure everything queued is out, then check the file with its
	// own rules line and the Spot file were left alone.
	c.change(plain, 2, partial(rng(0, 0, 0, 0), "# edit\n"))
	c.waitVersion(plain, 2)
	if after := len(c.publications(own)) + len(c.publications(spot)); after != before {
		t.Errorf("%d publications for files that the setting does not concern", after-before)
	}
	snap, _ := c.srv.snapshot(own)
	fa, _ := snap.Analysis()
	if fa.rules != parse.RulesContest {
		t.Errorf("own rules line: rules %v, want contest", fa.rules)
	}
}

func TestParseVerdictsSetting(t *testing.T) {
	for _, tt := range []struct {
		raw     string
		cur     VerdictLevel
		want    VerdictLevel
		wantErr bool
	}{
		{`{"gamels":{"diagnostics":{"verdicts":"hint"}}}`, VerdictsInformation, VerdictsHint, false},
		{`{"gamels.diagnostics.verdicts":"off"}`, VerdictsInformation, VerdictsOff, false},
		{`{"diagnostics":{"verdicts":"information"}}`, VerdictsOff, VerdictsInformation, false},
		{`{"gamels.pousse.rules":"icfp","gamels.diagnostics.verdicts":"hint"}`, VerdictsOff, VerdictsHint, false},
		{`{"gamels":{"pousse":{"rules":"icfp"}}}`, VerdictsOff, VerdictsOff, false},
		{`{"gamels":{"diagnostics":{"verdicts":"warning"}}}`, VerdictsHint, VerdictsHint, true},
		{`{"gamels":{"diagnostics":{"verdicts":2}}}`, VerdictsHint, VerdictsHint, true},
	} {
		got, err := parseSettings([]byte(tt.raw), Settings{Verdicts: tt.cur})
		if (err != nil) != tt.wantErr || got.Verdicts != tt.want {
			t.Errorf("parseSettings(%s) = %v, %v; want %v, error %v", tt.raw, got.Verdicts, err, tt.want, tt.wantErr)
		}
	}
}

// TestRefusedSettingsShown checks that a refused settings value is shown
// to the user (window/showMessage), once per change: at initialized for
// initializationOptions, then for each didChangeConfiguration whose
// refusal differs from the last one shown.
func TestRefusedSettingsShown(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, `{"gamels":{"pousse":{"rules":"chess"}}}`)
	steps := []struct {
		settings string
		shown    int // messages so far
	}{
		{``, 1}, // initializationOptions
		{`{"gamels":{"pousse":{"rules":"chess"}}}`, 1}, // the same: not again
		{`{"gamels":{"analysis":{"depth":0}}}`, 2},     // another
		{`{"gamels":{"analysis":{"depth":0}}}`, 2},     // the same
		{`{"gamels":{"pousse":{"rules":"icfp"}}}`, 2},  // accepted
		{`{"gamels":{"pousse":{"rules":"chess"}}}`, 3}, // refused again after a change
	}
	for i, st := range steps {
		if st.settings != "" {
			if err := c.server.DidChangeConfiguration(context.Background(), &protocol.DidChangeConfigurationParams{
				Settings: protocol.LSPAny(st.settings)}); err != nil {
				t.Fatal(err)
			}
		}
		// A round trip: the server has handled the notification and
		// written what it sends before the answer.
		if _, err := c.server.DocumentSymbol(context.Background(), &protocol.DocumentSymbolParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: "file:///none.pousse"}}); err == nil {
			t.Fatal("documentSymbol on a document not open succeeded")
		}
		c.mu.Lock()
		msgs := append([]*protocol.ShowMessageParams(nil), c.messages...)
		c.mu.Unlock()
		if len(msgs) != st.shown {
			t.Fatalf("step %d (%s): %d messages, want %d: %+v", i, st.settings, len(msgs), st.shown, msgs)
		}
		if m := msgs[len(msgs)-1]; m.Type != protocol.MessageTypeWarning || !strings.Contains(m.Message, "gamels.") {
			t.Errorf("step %d: message %+v, want a warning naming the setting", i, m)
		}
	}
}
