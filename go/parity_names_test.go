package fourx_test

// 4x's names of internal/protocol and internal/state added in names4x.go, held to 4x's own unit
// test assertions (restated as table tests, no 4x code) and pinned to the core's tables. The
// coverage table is go/PARITY.md.

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	fourx "example.invalid/fourx"
)

func TestWorkspaceConstants_AreTheCoresTable(t *testing.T) {
	var out struct {
		Constants map[string]string `json:"constants"`
	}
	raw, err := fourx.Call("workspace.constants", nil)
	if err != nil || json.Unmarshal(raw, &out) != nil {
		t.Fatalf("workspace.constants: %v", err)
	}
	if !reflect.DeepEqual(out.Constants, fourx.WorkspaceConstantsForTest()) {
		t.Errorf("the Go constants differ from the core's:\n core %v\n go   %v", out.Constants, fourx.WorkspaceConstantsForTest())
	}
}

func TestLibraryConstants_AreTheCores(t *testing.T) {
	var model struct {
		DefaultDeepTier string `json:"default_deep_tier"`
	}
	var cands struct {
		Threshold int      `json:"default_fail_pattern_threshold"`
		Sources   []string `json:"sources"`
	}
	var feat struct {
		Dir string `json:"default_screenshot_dir"`
	}
	for op, out := range map[string]any{"model.constants": &model, "candidates.constants": &cands, "feature.constants": &feat} {
		raw, err := fourx.Call(op, nil)
		if err != nil || json.Unmarshal(raw, out) != nil {
			t.Fatalf("%s: %v", op, err)
		}
	}
	if model.DefaultDeepTier != fourx.DefaultDeepTier {
		t.Errorf("DefaultDeepTier = %q, core %q", fourx.DefaultDeepTier, model.DefaultDeepTier)
	}
	if cands.Threshold != fourx.DefaultFailPatternThreshold {
		t.Errorf("DefaultFailPatternThreshold = %d, core %d", fourx.DefaultFailPatternThreshold, cands.Threshold)
	}
	sources := []string{string(fourx.SourceEscalation), string(fourx.SourceStuck), string(fourx.SourceFailPattern)}
	if !reflect.DeepEqual(sources, cands.Sources) {
		t.Errorf("sources = %v, core %v", sources, cands.Sources)
	}
	if feat.Dir != fourx.DefaultScreenshotDir {
		t.Errorf("DefaultScreenshotDir = %q, core %q", fourx.DefaultScreenshotDir, feat.Dir)
	}
}

func TestResolveModel_AsFourXResolvesIt(t *testing.T) {
	tests := []struct {
		name   string
		cfg    fourx.Config
		runner string
		role   fourx.Role
		want   string
		fails  bool
	}{
		{"the role's tier through model_tiers", fourx.Config{
			ModelTiers: map[string]map[string]string{"opus": {"claude": "opus", "gemini": "gemini-2.5-pro"}},
			Runners:    map[string]fourx.RunnerConfig{"gemini": {Command: "gemini"}},
			Roles:      map[string]fourx.RoleConfig{"designer": {Model: "opus"}},
		}, "gemini", fourx.RoleDesigner, "gemini-2.5-pro", false},
		{"the runner's model when the role has none", fourx.Config{
			ModelTiers: map[string]map[string]string{"opus": {"claude": "opus"}},
			Runners:    map[string]fourx.RunnerConfig{"claude": {Command: "claude", Model: "opus"}},
			Roles:      map[string]fourx.RoleConfig{"coder": {}},
		}, "claude", fourx.RoleCoder, "opus", false},
		{"sonnet last", fourx.Config{
			ModelTiers: map[string]map[string]string{"sonnet": {"claude": "sonnet"}},
			Runners:    map[string]fourx.RunnerConfig{"claude": {Command: "claude"}},
		}, "claude", fourx.RoleCoder, "sonnet", false},
		{"the runner's tiers win over model_tiers", fourx.Config{
			ModelTiers: map[string]map[string]string{"opus": {"gemini": "gemini-2.5-pro"}},
			Runners:    map[string]fourx.RunnerConfig{"gemini": {Command: "gemini", Tiers: map[string]string{"opus": "gemini-2.5-pro-preview"}}},
			Roles:      map[string]fourx.RoleConfig{"designer": {Model: "opus"}},
		}, "gemini", fourx.RoleDesigner, "gemini-2.5-pro-preview", false},
		{"a tier without a model is an error", fourx.Config{
			ModelTiers: map[string]map[string]string{"opus": {"claude": "opus"}},
			Runners:    map[string]fourx.RunnerConfig{"gemini": {Command: "gemini"}},
			Roles:      map[string]fourx.RoleConfig{"designer": {Model: "opus"}},
		}, "gemini", fourx.RoleDesigner, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := fourx.ResolveModel(tt.cfg, tt.runner, tt.role)
			if tt.fails {
				if !errors.Is(err, fourx.ErrUnresolvableTier) {
					t.Errorf("ResolveModel = %q, %v, want unresolvable_tier", got, err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("ResolveModel = %q, %v, want %q", got, err, tt.want)
			}
		})
	}
}

func TestResolveDeepModel_EmptyWithoutDeepModelThenDefaultDeepTier(t *testing.T) {
	cfg := fourx.Config{
		ModelTiers: map[string]map[string]string{"opus": {"claude": "opus"}},
		Runners:    map[string]fourx.RunnerConfig{"claude": {Command: "claude", Tiers: map[string]string{"opus": "opus"}}},
		Roles:      map[string]fourx.RoleConfig{"reviewer": {Model: "sonnet", DeepModel: "opus"}, "coder": {Model: "sonnet"}},
	}
	if got, err := fourx.ResolveDeepModel(cfg, "claude", fourx.RoleReviewer); err != nil || got != "opus" {
		t.Errorf("ResolveDeepModel(reviewer) = %q, %v, want opus", got, err)
	}
	if got, err := fourx.ResolveDeepModel(cfg, "claude", fourx.RoleCoder); err != nil || got != "" {
		t.Errorf("ResolveDeepModel(coder) = %q, %v, want \"\" and no error", got, err)
	}
	if got, err := fourx.ResolveTierModel(cfg, "claude", fourx.DefaultDeepTier); err != nil || got != "opus" {
		t.Errorf("ResolveTierModel(DefaultDeepTier) = %q, %v, want opus", got, err)
	}
}

func TestResolveLimits_DefaultsForUnsetOrNonPositive(t *testing.T) {
	deep := func(rc fourx.RoleConfig) fourx.Config {
		return fourx.Config{Roles: map[string]fourx.RoleConfig{"deep-reviewer": rc}}
	}
	tests := []struct {
		name string
		got  func() int
		want int
	}{
		{"max fix rounds unset is 2", func() int { return fourx.ResolveMaxFixRounds(fourx.Config{}, fourx.RoleDeepReviewer) }, 2},
		{"max fix rounds configured", func() int {
			return fourx.ResolveMaxFixRounds(deep(fourx.RoleConfig{MaxFixRounds: 5}), fourx.RoleDeepReviewer)
		}, 5},
		{"parallel reviewers unset is 1", func() int { return fourx.ResolveParallelReviewers(fourx.Config{}, fourx.RoleDeepReviewer) }, 1},
		{"parallel reviewers configured", func() int {
			return fourx.ResolveParallelReviewers(deep(fourx.RoleConfig{ParallelReviewers: 3}), fourx.RoleDeepReviewer)
		}, 3},
		{"angles per reviewer unset is 0", func() int { return fourx.ResolveAnglesPerReviewer(fourx.Config{}, fourx.RoleDeepReviewer) }, 0},
		{"angles per reviewer negative is 0", func() int {
			return fourx.ResolveAnglesPerReviewer(deep(fourx.RoleConfig{AnglesPerReviewer: -1}), fourx.RoleDeepReviewer)
		}, 0},
		{"angles per reviewer configured", func() int {
			return fourx.ResolveAnglesPerReviewer(deep(fourx.RoleConfig{AnglesPerReviewer: 4}), fourx.RoleDeepReviewer)
		}, 4},
		{"max discovered unset is 3", func() int { return fourx.ResolveMaxDiscoveredFeatures(fourx.Config{}) }, 3},
		{"max discovered set", func() int { return fourx.ResolveMaxDiscoveredFeatures(fourx.Config{MaxDiscoveredFeatures: 5}) }, 5},
		{"max discovered negative is 3", func() int { return fourx.ResolveMaxDiscoveredFeatures(fourx.Config{MaxDiscoveredFeatures: -1}) }, 3},
	}
	for _, tt := range tests {
		if got := tt.got(); got != tt.want {
			t.Errorf("%s: got %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestGroupReviewAngles_CutsOneToTotal(t *testing.T) {
	tests := []struct {
		name                 string
		parallel, per, total int
		want                 [][]int
	}{
		{"one reviewer is nil", 1, 0, 11, nil},
		{"no angles is nil", 3, 0, 0, nil},
		{"three reviewers split 11", 3, 0, 11, [][]int{{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11}}},
		{"three per reviewer", 4, 3, 11, [][]int{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11}}},
		{"more reviewers than angles", 20, 0, 3, [][]int{{1}, {2}, {3}}},
	}
	for _, tt := range tests {
		if got := fourx.GroupReviewAngles(tt.parallel, tt.per, tt.total); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: GroupReviewAngles(%d, %d, %d) = %#v, want %#v", tt.name, tt.parallel, tt.per, tt.total, got, tt.want)
		}
	}
}

func TestGenerateFeatureID_AsFourXNamesIt(t *testing.T) {
	tests := []struct {
		num  int
		name string
		want string
	}{
		{1, "My Feature", "F001-my-feature"},
		{25, "Server Write API", "F025-server-write-api"},
		{100, "A very long feature name that exceeds the limit", "F100-a-very-long-feature"},
		{1000, "Four digit feature", "F1000-four-digit-feature"},
		{99999, "Five digit feature", "F99999-five-digit-feature"},
		{1, "single", "F001-single"},
		{40, "Dashboard SPA file split — separate HTML, JS, CSS for maintainability", "F040-dashboard-spa-file"},
		{1, "abcdefghijklmnopqrstuvwxyz", "F001-abcdefghijklmnopqrstuvw"},
	}
	for _, tt := range tests {
		if got := fourx.GenerateFeatureID(tt.num, tt.name); got != tt.want {
			t.Errorf("GenerateFeatureID(%d, %q) = %q, want %q", tt.num, tt.name, got, tt.want)
		}
	}
	slugs := []struct {
		num  int
		slug string
		want string
	}{
		{1, "my-custom-id", "F001-my-custom-id"},
		{5, "A Very Long Custom Slug That Should Not Be Truncated", "F005-a-very-long-custom-slug-that-should-not-be-truncated"},
		{10, "UPPER--CASE", "F010-upper-case"},
		{40, "dashboard-spa-split", "F040-dashboard-spa-split"},
		{43, "F043-dashboard-screenshot-gall", "F043-dashboard-screenshot-gall"},
		{43, "f043-dashboard-screenshot-gall", "F043-dashboard-screenshot-gall"},
	}
	for _, tt := range slugs {
		if got := fourx.GenerateFeatureIDFromSlug(tt.num, tt.slug); got != tt.want {
			t.Errorf("GenerateFeatureIDFromSlug(%d, %q) = %q, want %q", tt.num, tt.slug, got, tt.want)
		}
	}
}

// A Workspace made as 4x makes one (&Workspace{Root: root}, after Init) reads and writes the
// .4x files of root without a handle.
func TestNextFeatureNumber_OnAFourXStyleWorkspace(t *testing.T) {
	root := t.TempDir()
	if err := fourx.Init(root, fourx.Config{Project: fourx.ProjectConfig{Name: "test"}}); err != nil {
		t.Fatal(err)
	}
	ws := &fourx.Workspace{Root: root}
	steps := []struct {
		save string
		want int
	}{{"", 1}, {"F003-test", 4}, {"F1000-four-digit", 1001}}
	for _, s := range steps {
		if s.save != "" {
			if err := ws.SaveFeature(fourx.Feature{ID: s.save, Name: "n", Status: "not-started"}); err != nil {
				t.Fatal(err)
			}
		}
		if n, err := fourx.NextFeatureNumber(ws); err != nil || n != s.want {
			t.Errorf("after %q: NextFeatureNumber = %d, %v, want %d", s.save, n, err, s.want)
		}
	}
}

func TestFourXStyleWorkspace_RunStateOnTheFiles(t *testing.T) {
	root := t.TempDir()
	if err := fourx.Init(root, fourx.Config{Project: fourx.ProjectConfig{Name: "shop"}}); err != nil {
		t.Fatal(err)
	}
	ws, err := fourx.Find(filepath.Join(root))
	if err != nil || ws.Root != root {
		t.Fatalf("Find = %+v, %v", ws, err)
	}
	if _, err := fourx.Find(t.TempDir()); !errors.Is(err, fourx.ErrNotFound) {
		t.Errorf("Find without .4x: %v, want not_found", err)
	}
	if err := ws.InitFeatureDir("F001-login"); err != nil {
		t.Fatal(err)
	}
	if _, err := ws.ReadState("F001-login"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadState before the first write: %v, want an error that is fs.ErrNotExist", err)
	}
	s := fourx.State{FeatureID: "F001-login", Phase: fourx.PhaseCoding, Role: fourx.RoleCoder, Round: 1, MaxRounds: 5, Runner: "claude"}
	if err := ws.WriteState("F001-login", s); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(ws.FeatureDir("F001-login"), fourx.StateFile)); err != nil {
		t.Errorf("state.json is not under the feature directory: %v", err)
	}
	if err := ws.AppendEvent("F001-login", fourx.Event{Phase: fourx.PhaseCoding, Type: "run-end", CostUSD: 0.5}); err != nil {
		t.Fatal(err)
	}
	if total, err := ws.TotalCost("F001-login"); err != nil || total != 0.5 {
		t.Errorf("TotalCost = %v, %v", total, err)
	}
	got, err := ws.UpdateState("F001-login", func(cur *fourx.State) error {
		cur.Round = 2
		return nil
	})
	if err != nil || got.Round != 2 {
		t.Errorf("UpdateState = %+v, %v, want round 2", got, err)
	}
	kept, err := ws.UpdateState("F001-login", func(cur *fourx.State) error {
		cur.Round = 9
		return fourx.ErrSkipStateWrite
	})
	if err != nil || kept.Round != 2 {
		t.Errorf("UpdateState with ErrSkipStateWrite = %+v, %v, want the state as it was", kept, err)
	}
	if cur, _ := ws.ReadState("F001-login"); cur.Round != 2 {
		t.Errorf("ErrSkipStateWrite wrote round %d", cur.Round)
	}
	stop := errors.New("no")
	if _, err := ws.UpdateState("F001-login", func(*fourx.State) error { return stop }); !errors.Is(err, stop) {
		t.Errorf("a mutate error: %v", err)
	}
	if err := ws.Close(); err != nil {
		t.Errorf("Close of a handle-less workspace: %v", err)
	}
	cfg, err := fourx.ReadConfig(ws.DotDir())
	if err != nil || cfg.Project.Name != "shop" {
		t.Errorf("ReadConfig(DotDir) = %+v, %v", cfg.Project, err)
	}
	cfg.Project.Name = "shop2"
	if err := fourx.WriteConfig(ws.DotDir(), cfg); err != nil {
		t.Fatal(err)
	}
	if again, _ := ws.ReadConfig(); again.Project.Name != "shop2" {
		t.Errorf("WriteConfig did not write: %q", again.Project.Name)
	}
	var reader fourx.WorkspaceReader = ws
	if fs, err := reader.ListFeatures(); err != nil || fs != nil {
		t.Errorf("ListFeatures = %v, %v, want nil", fs, err)
	}
}

func TestParseDiscoveredFeatures_AsFourXReadsThem(t *testing.T) {
	report := "# Deep Review Report\n\n## Discovered Issues\n[NEW-FEATURE] Add rate limiting\nThe API has no rate limiting.\nSuggest token bucket per client.\n\n[NEW-FEATURE] Cache feature list\nListFeatures re-reads disk every call.\n\n## Statistics\n- Total: 2\n"
	tests := []struct {
		name   string
		report string
		want   []fourx.DiscoveredFeature
	}{
		{"two blocks", report, []fourx.DiscoveredFeature{
			{Title: "Add rate limiting", Description: "The API has no rate limiting.\nSuggest token bucket per client."},
			{Title: "Cache feature list", Description: "ListFeatures re-reads disk every call."},
		}},
		{"none is nil", "# Report\nNothing here\n## Verdict\nPASS\n", nil},
		{"an empty title is dropped", "[NEW-FEATURE]\nsome description\n", nil},
		{"cut at a heading", "[NEW-FEATURE] Title A\nline 1\nline 2\n## Next Heading\nirrelevant\n", []fourx.DiscoveredFeature{{Title: "Title A", Description: "line 1\nline 2"}}},
		{"cut at a blank line", "[NEW-FEATURE] Title B\nonly line\n\nseparate paragraph\n", []fourx.DiscoveredFeature{{Title: "Title B", Description: "only line"}}},
	}
	for _, tt := range tests {
		if got := fourx.ParseDiscoveredFeatures(tt.report); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: %#v, want %#v", tt.name, got, tt.want)
		}
	}
}

func TestDedupeDiscovered_DropsSimilarToExistingAndKept(t *testing.T) {
	similar := []struct {
		a, b string
		want bool
	}{
		{"Add rate limiting to the API endpoints", "Add rate limiting to API endpoints", true},
		{"Add rate limiting to the API", "Refactor the dashboard color theme system", false},
		{"", "anything", false},
	}
	for _, tt := range similar {
		if got := fourx.IsSimilarFeature(tt.a, tt.b); got != tt.want {
			t.Errorf("IsSimilarFeature(%q, %q) = %v", tt.a, tt.b, got)
		}
	}
	existing := []fourx.Feature{{Name: "F010: Rate limiting", Description: "Add rate limiting to the API endpoints"}}
	cands := []fourx.DiscoveredFeature{
		{Title: "Add rate limiting to API endpoints"},
		{Title: "Cache the feature list on disk", Description: "avoid re-reading"},
		{Title: "Cache feature list on disk", Description: "avoid re-reading every"},
		{Title: "Improve dashboard color theme contrast", Description: "for a11y"},
	}
	got := fourx.DedupeDiscovered(cands, existing)
	if len(got) != 2 || got[0].Title != "Cache the feature list on disk" || got[1].Title != "Improve dashboard color theme contrast" {
		t.Errorf("DedupeDiscovered = %+v", got)
	}
	if got := fourx.DedupeDiscovered(cands[:1], existing); got != nil {
		t.Errorf("nothing kept = %#v, want nil", got)
	}
}

func TestArtifactContract_AndRoleArtifactView(t *testing.T) {
	produces := map[fourx.Role][]string{
		fourx.RoleDesigner:       {fourx.TaskBrief, fourx.Criteria, fourx.TestStratFile},
		fourx.RoleDesignReviewer: {fourx.DesignReviewReport},
		fourx.RoleCoder:          {fourx.CoderReport},
		fourx.RoleReviewer:       {fourx.ReviewReport},
		fourx.RoleTester:         {fourx.TestReport, fourx.FinalReport},
		fourx.RoleDeepReviewer:   {fourx.DeepReviewReport},
		fourx.RoleFixer:          {fourx.FixerReport},
		fourx.RoleAcceptor:       {fourx.FinalReport, fourx.RetroLearningsFile},
	}
	for _, role := range fourx.AllRoles() {
		rc, ok := fourx.ArtifactContract(role)
		want := append([]string(nil), produces[role]...)
		sort.Strings(want)
		if !ok || !reflect.DeepEqual(rc.Produces, want) {
			t.Errorf("ArtifactContract(%s) = %v, %v, want %v", role, rc.Produces, ok, want)
		}
	}
	if _, ok := fourx.ArtifactContract(fourx.RoleMiniCoder); ok {
		t.Error("a sub-role has a contract")
	}
	profile := func(phases ...fourx.Phase) fourx.ProfileConfig {
		var pc fourx.ProfileConfig
		for _, p := range phases {
			pc.Phases = append(pc.Phases, fourx.PhaseSpec{Phase: string(p)})
		}
		return pc
	}
	full, lean := profile(fourx.SelectablePhases()...), profile(fourx.PhaseCoding, fourx.PhaseTesting, fourx.PhaseAccepting)
	view := lean.RoleArtifactView(fourx.RoleAcceptor)
	if !contains(view.AbsentUpstream, fourx.ReviewReport) || !contains(view.AbsentUpstream, fourx.DeepReviewReport) {
		t.Errorf("lean acceptor AbsentUpstream = %v", view.AbsentUpstream)
	}
	if got := full.RoleArtifactView(fourx.RoleAcceptor).AbsentUpstream; got != nil {
		t.Errorf("full acceptor AbsentUpstream = %#v, want nil", got)
	}
	tester := full.RoleArtifactView(fourx.RoleTester)
	if contains(tester.Forbidden, fourx.FinalReport) || !contains(tester.Forbidden, fourx.ReviewReport) {
		t.Errorf("full tester Forbidden = %v", tester.Forbidden)
	}
	if got := full.EnabledPhaseNames(); len(got) != 8 {
		t.Errorf("full EnabledPhaseNames = %v", got)
	}
	if got := lean.EnabledPhaseNames(); !reflect.DeepEqual(got, []string{"coding", "testing", "accepting"}) {
		t.Errorf("lean EnabledPhaseNames = %v", got)
	}
}

func TestResolutionHelpers_AsFourXAnswers(t *testing.T) {
	if !fourx.NotificationsEnabled(fourx.Config{}) || fourx.NotificationsEnabled(fourx.Config{Notifications: fourx.BoolPtr(false)}) {
		t.Error("NotificationsEnabled: unset is on, false is off")
	}
	if fourx.BoolVal(nil) || !fourx.BoolVal(fourx.BoolPtr(true)) {
		t.Error("BoolVal")
	}
	if got := fourx.ResolveRepoPaths(fourx.Config{}, "/ws"); !reflect.DeepEqual(got, map[string]string{".": "/ws"}) {
		t.Errorf("ResolveRepoPaths monorepo = %v", got)
	}
	multi := fourx.Config{HubRepos: []string{"lib"}, Workspace: fourx.WorkspaceConfig{Repos: map[string]fourx.RepoConfig{"web": {Path: "w"}, "lib": {Path: "l", Hub: true}, "api": {Path: "a", Hub: true}}}}
	if got := fourx.ResolveFeatureRepoPaths(fourx.Feature{Repos: []string{"web", "ghost"}}, multi, "/ws"); !reflect.DeepEqual(got, map[string]string{"web": "/ws/w"}) {
		t.Errorf("ResolveFeatureRepoPaths = %v", got)
	}
	if got := fourx.EffectiveHubRepos(multi); !reflect.DeepEqual(got, []string{"lib", "api"}) {
		t.Errorf("EffectiveHubRepos = %v", got)
	}
	if got := fourx.EffectiveHubRepos(fourx.Config{}); got != nil {
		t.Errorf("EffectiveHubRepos without hubs = %#v, want nil", got)
	}
	runners := fourx.SupportedRunners()
	if len(runners) == 0 || runners[0].Name != "claude" || fourx.SupportedRunnerMap()["codex"].Command != "codex" {
		t.Errorf("SupportedRunners = %+v", runners)
	}
	overrides := map[fourx.Phase]fourx.PhaseSpec{"reviewing": {Phase: "reviewing", Runner: "gemini"}, "testing": {Phase: "testing", Model: "opus"}}
	tests := []struct {
		phase             fourx.Phase
		runner, wantModel string
	}{{"coding", "codex", ""}, {"reviewing", "gemini", ""}, {"testing", "codex", "opus"}}
	for _, tt := range tests {
		if r, m := fourx.EffectiveManual(overrides, tt.phase, "codex"); r != tt.runner || m != tt.wantModel {
			t.Errorf("EffectiveManual(%s) = %q, %q", tt.phase, r, m)
		}
	}
	if got := fourx.MergeHooks(nil, nil); got != nil {
		t.Errorf("MergeHooks(nil, nil) = %#v, want nil", got)
	}
	global := map[string][]fourx.HookEntry{"pre": {{Run: "a"}}, "post": {{Run: "b"}}}
	feature := map[string][]fourx.HookEntry{"post": {{Run: "c"}}}
	if got := fourx.MergeHooks(global, feature); !reflect.DeepEqual(got, map[string][]fourx.HookEntry{"pre": {{Run: "a"}}, "post": {{Run: "c"}}}) {
		t.Errorf("MergeHooks = %v", got)
	}
	if got := fourx.SelectablePhases(); len(got) != 8 || got[0] != fourx.PhaseDesigning {
		t.Errorf("SelectablePhases = %v", got)
	}
	if got := fourx.AllNotifyLevels(); !reflect.DeepEqual(got, []string{fourx.NotifySuccess, fourx.NotifyError, fourx.NotifyWarning}) {
		t.Errorf("AllNotifyLevels = %v", got)
	}
}

func TestScreenshotHelpers_AsFourXReadsThem(t *testing.T) {
	files := map[string]bool{"a.png": true, "b.JPG": true, "c.jpeg": true, "d.webp": true, "e.gif": false, "f": false}
	for name, want := range files {
		if got := fourx.IsScreenshotFile(name); got != want {
			t.Errorf("IsScreenshotFile(%q) = %v", name, got)
		}
	}
	paths := map[string]string{" ./.4x/run/x.png ": "run/x.png", ".4x/a.png": "a.png", "./b.png": "b.png"}
	for in, want := range paths {
		if got := fourx.NormalizeScreenshotPath(in); got != want {
			t.Errorf("NormalizeScreenshotPath(%q) = %q, want %q", in, got, want)
		}
	}
	if got := fourx.ScreenshotDir(fourx.Config{}); got != fourx.DefaultScreenshotDir {
		t.Errorf("ScreenshotDir default = %q", got)
	}
	cfg := fourx.Config{Roles: map[string]fourx.RoleConfig{"tester": {ScreenshotDir: "shots/{round}"}}}
	if got := fourx.ScreenshotDir(cfg); got != "shots/{round}" {
		t.Errorf("ScreenshotDir = %q", got)
	}
}

func TestWorkspaceFiles_TestStrategyMirrorCleanCandidates(t *testing.T) {
	root := t.TempDir()
	if err := fourx.Init(root, fourx.Config{Project: fourx.ProjectConfig{Name: "shop"}}); err != nil {
		t.Fatal(err)
	}
	ws := &fourx.Workspace{Root: root}
	if err := ws.SaveFeature(fourx.Feature{ID: "F001-login", Name: "Login", Status: fourx.StatusDone}); err != nil {
		t.Fatal(err)
	}
	if err := ws.InitFeatureDir("F001-login"); err != nil {
		t.Fatal(err)
	}
	if ts, err := ws.ReadTestStrategy("F001-login"); err != nil || !reflect.DeepEqual(ts, fourx.TestStrategy{}) {
		t.Errorf("ReadTestStrategy without the file = %+v, %v, want the zero value", ts, err)
	}
	if err := fourx.AtomicWriteFile(ws.FeatureDir("F001-login"), fourx.TestStratFile, ".ts-*", []byte("web: true\nverify_commands:\n  - go test ./...\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if ts, err := ws.ReadTestStrategy("F001-login"); err != nil || !ts.Web || !reflect.DeepEqual(ts.Verify, []string{"go test ./..."}) {
		t.Errorf("ReadTestStrategy = %+v, %v", ts, err)
	}
	if _, present, err := ws.ReadBacklogMirror(); present || err != nil {
		t.Errorf("ReadBacklogMirror without the file: present %v, %v", present, err)
	}
	if drift, err := ws.CompareBacklogMirror(); drift != nil || err != nil {
		t.Errorf("CompareBacklogMirror without the file = %v, %v", drift, err)
	}
	if err := os.WriteFile(filepath.Join(root, fourx.BacklogFile), []byte(`{"version":1,"features":[{"id":"F001-login","name":"Login","status":"in-progress"},{"id":"F009-x","name":"x","status":"done"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	drift, err := ws.CompareBacklogMirror()
	if err != nil || len(drift) != 2 || drift[0].Kind != fourx.BacklogDriftMismatch || drift[0].Field != "status" || drift[1].Kind != fourx.BacklogDriftExtra {
		t.Errorf("CompareBacklogMirror = %+v, %v", drift, err)
	}
	if err := ws.WriteState("F001-login", fourx.State{FeatureID: "F001-login", Phase: fourx.PhaseDone, Round: 1, MaxRounds: 5, Runner: "claude"}); err != nil {
		t.Fatal(err)
	}
	cands, err := ws.CleanableFeatures()
	if err != nil || len(cands) != 1 || cands[0].FeatureID != "F001-login" || cands[0].Size <= 0 {
		t.Errorf("CleanableFeatures = %+v, %v", cands, err)
	}
	freed, err := ws.CleanFeature("F001-login")
	if err != nil || freed <= 0 {
		t.Errorf("CleanFeature = %d, %v", freed, err)
	}
	if _, err := os.Stat(ws.FeatureDir("F001-login")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the run directory is still there: %v", err)
	}
	if groups, err := ws.DiscoverScreenshots("F001-login", ""); err != nil || groups == nil || len(groups) != 0 {
		t.Errorf("DiscoverScreenshots = %#v, %v, want empty", groups, err)
	}
}

func TestCandidatePool_SavesAndLoadsUnderDotDir(t *testing.T) {
	root := t.TempDir()
	if err := fourx.Init(root, fourx.Config{Project: fourx.ProjectConfig{Name: "shop"}}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(root, fourx.DirName, fourx.CandidatesFile)
	pool, err := fourx.LoadCandidates(path)
	if err != nil || pool.Version != 1 || pool.Candidates != nil {
		t.Errorf("LoadCandidates without the file = %+v, %v, want an empty pool of version 1", pool, err)
	}
	pool.Candidates = []fourx.Candidate{{Title: "t", Description: "d", Source: fourx.SourceStuck, Origin: "F1 blocked"}}
	if err := pool.Save(path); err != nil {
		t.Fatal(err)
	}
	again, err := fourx.LoadCandidates(path)
	if err != nil || len(again.Candidates) != 1 || again.Candidates[0].Source != fourx.SourceStuck {
		t.Errorf("LoadCandidates = %+v, %v", again, err)
	}
	if _, err := fourx.LoadCandidates(filepath.Join(root, "candidates.json")); !errors.Is(err, fourx.ErrInvalidPath) {
		t.Errorf("a pool outside .4x: %v, want invalid_path", err)
	}
	kept := fourx.DedupeCandidates([]fourx.Candidate{{Title: "Login button broken"}, {Title: "Refactor the theme"}}, []fourx.Feature{{Name: "Login button broken"}}, nil)
	if len(kept) != 1 || kept[0].Title != "Refactor the theme" {
		t.Errorf("DedupeCandidates = %+v", kept)
	}
	ws := &fourx.Workspace{Root: root}
	if got := fourx.ScanEscalations(ws); got != nil {
		t.Errorf("ScanEscalations with no feature = %#v, want nil", got)
	}
	if c, l := fourx.ScanFailPatterns(ws, fourx.DefaultFailPatternThreshold); c != nil || l != nil {
		t.Errorf("ScanFailPatterns with no feature = %#v, %#v", c, l)
	}
	if err := ws.SaveFeature(fourx.Feature{ID: "F002-cart", Name: "cart", Status: fourx.StatusBlocked}); err != nil {
		t.Fatal(err)
	}
	if err := ws.InitFeatureDir("F002-cart"); err != nil {
		t.Fatal(err)
	}
	if err := ws.WriteState("F002-cart", fourx.State{FeatureID: "F002-cart", Phase: fourx.PhaseBlocked, Round: 1, MaxRounds: 5, Runner: "claude", StopReason: "tests keep failing"}); err != nil {
		t.Fatal(err)
	}
	stuck := fourx.ScanStuckFeatures(ws)
	if len(stuck) != 1 || stuck[0].Source != fourx.SourceStuck || stuck[0].Origin != "F002-cart blocked" {
		t.Errorf("ScanStuckFeatures = %+v", stuck)
	}
}

func TestProcessAlive_OwnProcessAndNonPositive(t *testing.T) {
	if !fourx.ProcessAlive(os.Getpid()) || fourx.ProcessAlive(0) || fourx.ProcessAlive(-1) {
		t.Error("ProcessAlive: this process is alive, pid <= 0 is not")
	}
}

func TestDesignDoc_ResolvesInSearchOrder(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "docs", "design"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "docs", "design", "login-spec.md"), []byte("spec"), 0o644); err != nil {
		t.Fatal(err)
	}
	f := fourx.Feature{ID: "F001-login"}
	if got := fourx.ResolveDesignDoc(root, f, "spec"); got.Content != "spec" || got.Source != filepath.Join("docs", "design", "login-spec.md") {
		t.Errorf("ResolveDesignDoc = %+v", got)
	}
	if got := fourx.ResolveDesignDoc(root, f, "plan"); got != (fourx.DesignDoc{}) {
		t.Errorf("a missing plan = %+v, want the zero DesignDoc", got)
	}
}

func contains(list []string, want string) bool {
	for _, s := range list {
		if s == want {
			return true
		}
	}
	return false
}

func TestCachedWorkspace_WrapsAWorkspaceAsFourXDoes(t *testing.T) {
	root := t.TempDir()
	if err := fourx.Init(root, fourx.Config{Project: fourx.ProjectConfig{Name: "shop"}}); err != nil {
		t.Fatal(err)
	}
	ws := &fourx.Workspace{Root: root}
	cw := fourx.NewCachedWorkspace(ws)
	defer cw.Close()
	if fs, err := cw.ListFeatures(); err != nil || fs != nil {
		t.Errorf("ListFeatures with none = %#v, %v, want nil", fs, err)
	}
	// Written through the embedded Workspace, read through the cache: a changed file is re-read.
	if err := cw.SaveFeature(fourx.Feature{ID: "F001-login", Name: "login", Status: fourx.StatusNotStarted}); err != nil {
		t.Fatal(err)
	}
	if fs, err := cw.ListFeatures(); err != nil || len(fs) != 1 || fs[0].ID != "F001-login" {
		t.Errorf("ListFeatures = %+v, %v", fs, err)
	}
	if f, err := cw.LoadFeature("F001-login"); err != nil || f.Name != "login" {
		t.Errorf("LoadFeature = %+v, %v", f, err)
	}
	if cfg, err := cw.ReadConfig(); err != nil || cfg.Project.Name != "shop" {
		t.Errorf("ReadConfig = %+v, %v", cfg.Project, err)
	}
	if err := cw.InitFeatureDir("F001-login"); err != nil {
		t.Fatal(err)
	}
	if err := cw.WriteState("F001-login", fourx.State{FeatureID: "F001-login", Phase: fourx.PhaseCoding, Runner: "claude"}); err != nil {
		t.Fatal(err)
	}
	if s, err := cw.ReadState("F001-login"); err != nil || s.Phase != fourx.PhaseCoding {
		t.Errorf("ReadState = %+v, %v", s, err)
	}
	var reader fourx.WorkspaceReader = cw
	if _, err := reader.LoadFeature("F404-none"); !errors.Is(err, fourx.ErrNotFound) {
		t.Errorf("a missing feature: %v, want not_found", err)
	}
	opened, err := fourx.OpenCachedWorkspace(root, "")
	if err != nil {
		t.Fatal(err)
	}
	defer opened.Close()
	if fs, err := opened.ListFeatures(); err != nil || len(fs) != 1 || opened.Root != root {
		t.Errorf("OpenCachedWorkspace ListFeatures = %+v, %v", fs, err)
	}
}

// The program of go/examples/fourx_names is written only with 4x's names: it must vet clean,
// build against the package and run to "ok".
func TestExampleFourXNames_BuildsAndRuns(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	if out, err := exec.Command(goTool, "vet", "./examples/fourx_names").CombinedOutput(); err != nil {
		t.Fatalf("go vet: %v\n%s", err, out)
	}
	out, err := exec.Command(goTool, "run", "./examples/fourx_names").CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "ok" {
		t.Errorf("go run ./examples/fourx_names: %v\n%s", err, out)
	}
}

func TestCompareBacklogMirror_MissingExtraAndMismatchInOrder(t *testing.T) {
	same := []fourx.Feature{{ID: "feat-a", Name: "Feature A", Description: "desc", Status: "not-started"}}
	mirror := fourx.BacklogMirror{Features: []fourx.BacklogFeature{{ID: "feat-a", Name: "Feature A", Description: "desc", Status: "not-started"}}}
	if drift := fourx.CompareBacklogMirror(same, mirror); drift != nil {
		t.Errorf("matching = %+v, want nil", drift)
	}
	features := []fourx.Feature{
		{ID: "feat-b", Name: "Feature B", Description: "desc b", Status: "done"},
		{ID: "feat-a", Name: "Feature A", Description: "desc a", Status: "not-started"},
	}
	mirror = fourx.BacklogMirror{Features: []fourx.BacklogFeature{
		{ID: "feat-a", Name: "Old Feature A", Description: "desc a", Status: "todo"},
		{ID: "feat-c", Name: "Feature C", Status: "todo"},
	}}
	want := []struct {
		kind      fourx.BacklogDriftKind
		id, field string
	}{
		{fourx.BacklogDriftMismatch, "feat-a", "name"},
		{fourx.BacklogDriftMismatch, "feat-a", "status"},
		{fourx.BacklogDriftMissing, "feat-b", ""},
		{fourx.BacklogDriftExtra, "feat-c", ""},
	}
	drift := fourx.CompareBacklogMirror(features, mirror)
	if len(drift) != len(want) {
		t.Fatalf("drift = %+v", drift)
	}
	for i, w := range want {
		if d := drift[i]; d.Kind != w.kind || d.FeatureID != w.id || d.Field != w.field || d.Message == "" {
			t.Errorf("drift[%d] = %+v, want %v", i, d, w)
		}
	}
}

func TestFourXStyleWorkspace_PathsEventsAndScreenshots(t *testing.T) {
	// The run directory of the 4x fourx follows: .4x/run/<id> (RunDir).
	if got := (&fourx.Workspace{Root: "/fake"}).RoundDir("feat-1", 3); got != "/fake/.4x/run/feat-1/rounds/round-3" {
		t.Errorf("RoundDir = %q", got)
	}
	root := t.TempDir()
	if err := fourx.Init(root, fourx.Config{Project: fourx.ProjectConfig{Name: "test-project"}, Default: "claude"}); err != nil {
		t.Fatal(err)
	}
	ws, err := fourx.Find(root)
	if err != nil {
		t.Fatal(err)
	}
	const id = "feat-shot"
	if err := ws.InitFeatureDir(id); err != nil {
		t.Fatal(err)
	}
	for _, e := range []fourx.Event{{Type: "phase-start", Phase: fourx.PhaseDesigning, Round: 1}, {Type: "step", Detail: "analyzing codebase", Round: 1}} {
		if err := ws.AppendEvent(id, e); err != nil {
			t.Errorf("AppendEvent(%s): %v", e.Type, err)
		}
	}
	if check, err := ws.CheckEvents(id); err != nil || check.Events != 2 {
		t.Errorf("CheckEvents = %+v, %v", check, err)
	}
	round2 := ws.RoundDir(id, 2)
	if err := os.MkdirAll(round2, 0o755); err != nil {
		t.Fatal(err)
	}
	verify := fourx.VerifyEvidence{Passed: true, Round: 2, Role: fourx.RoleTester, Screenshots: []fourx.Screenshot{
		{Path: ".4x/e2e/feat-shot/screenshot/02-round-two.png", Step: "02", Description: "round two"},
	}}
	data, _ := json.Marshal(verify)
	if err := os.WriteFile(filepath.Join(round2, fourx.VerifyFile), data, 0o644); err != nil {
		t.Fatal(err)
	}
	shots := filepath.Join(ws.DotDir(), "e2e", id, "screenshot")
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"01-round-one.png", "02-round-two.png", "03-third-shot.webp"} {
		if err := os.WriteFile(filepath.Join(shots, name), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A template without {round} files the directory's shots under the latest round; the one
	// verify.json names is not counted twice; the description comes from the file name.
	groups, err := ws.DiscoverScreenshots(id, ".4x/e2e/{feature-id}/screenshot/")
	if err != nil || len(groups) != 1 || groups[0].Round != 2 || len(groups[0].Screenshots) != 3 {
		t.Fatalf("DiscoverScreenshots = %+v, %v, want the 3 shots under round 2", groups, err)
	}
	if got := groups[0].Screenshots[2]; got.Step != "03" || got.Description != "third shot" {
		t.Errorf("the third shot = %+v", got)
	}
	if groups, err := ws.DiscoverScreenshots(id, ".4x/e2e/{feature-id}/missing/"); err != nil || len(groups) != 1 {
		t.Errorf("a missing directory adds nothing: %+v, %v", groups, err)
	}
}

// Every name go/PARITY.md lists as covered or added, referred to once: a rename or a changed
// shape of one of them breaks this file's build. The function values carry 4x's signatures.
func TestFourXNames_Exist(t *testing.T) {
	funcs := []any{
		// internal/state
		(func(fourx.Phase, fourx.Phase) bool)(fourx.CanTransition),
		(func(fourx.State, fourx.Phase, fourx.Role) (fourx.State, error))(fourx.Transition),
		(func(fourx.Phase) fourx.Role)(fourx.PhaseToRole),
		(func(fourx.State) (bool, string))(fourx.ShouldStop),
		(func(fourx.State, fourx.Phase, fourx.Role) (fourx.State, error))(fourx.RecoverTo),
		(func(*fourx.Workspace, string, fourx.State) (fourx.State, error))(fourx.FinalizeDone),
		// vocabulary
		(func() []fourx.Phase)(fourx.AllPhases), (func() []fourx.Role)(fourx.AllRoles),
		(func() []fourx.SubPhase)(fourx.AllSubPhases), (func() []string)(fourx.AllEventTypes),
		(func() []string)(fourx.AllNotifyLevels), (func() []fourx.Phase)(fourx.SelectablePhases),
		(func(fourx.Phase) fourx.Status)(fourx.PhaseToStatus), (func(fourx.Phase) fourx.Role)(fourx.PhaseRole),
		(func(fourx.Phase) bool)(fourx.IsSelectablePhase),
		// config and resolution
		(func(fourx.UserConfig, fourx.Config) fourx.Config)(fourx.MergeConfig),
		(func(fourx.Config) error)(fourx.ValidateConfig), (func(fourx.State) error)(fourx.ValidateState),
		(func() map[string]fourx.ProfileConfig)(fourx.DefaultProfiles),
		(func(fourx.Config, fourx.Feature, string) (string, fourx.ProfileConfig, error))(fourx.ResolveProfile),
		(func(fourx.Config, fourx.Feature, fourx.ProfileConfig, fourx.Phase, string) (string, error))(fourx.ResolvePhaseRunner),
		(func(fourx.Config, fourx.Feature, fourx.ProfileConfig, fourx.Phase, fourx.Role, string, string) (string, error))(fourx.ResolvePhaseModel),
		(func(fourx.Config, fourx.Feature, string, string, map[fourx.Phase]fourx.PhaseSpec) ([]fourx.ResolvedPhase, error))(fourx.ResolvePipeline),
		(func(fourx.ProfileConfig, fourx.Role) bool)(fourx.ProfileConfig.EnablesRole),
		(func(fourx.ProfileConfig, fourx.Phase) bool)(fourx.ProfileConfig.EnablesPhase),
		(func(fourx.ProfileConfig, fourx.Phase) bool)(fourx.ProfileConfig.HasPhase),
		(func(fourx.ProfileConfig, fourx.Role) fourx.RoleArtifactView)(fourx.ProfileConfig.RoleArtifactView),
		(func(fourx.ProfileConfig) []string)(fourx.ProfileConfig.EnabledPhaseNames),
		(func(fourx.HookEntry) string)(fourx.HookEntry.EffectiveOnFail),
		(func(fourx.Role) (fourx.RoleContract, bool))(fourx.ArtifactContract),
		(func(fourx.Config, string, fourx.Role) (string, error))(fourx.ResolveModel),
		(func(fourx.Config, string, string) (string, error))(fourx.ResolveTierModel),
		(func(fourx.Config, string, fourx.Role) (string, error))(fourx.ResolveDeepModel),
		(func(fourx.Config, fourx.Role) int)(fourx.ResolveMaxFixRounds),
		(func(fourx.Config, fourx.Role) int)(fourx.ResolveParallelReviewers),
		(func(fourx.Config, fourx.Role) int)(fourx.ResolveAnglesPerReviewer),
		(func(fourx.Config) int)(fourx.ResolveMaxDiscoveredFeatures),
		(func(int, int, int) [][]int)(fourx.GroupReviewAngles),
		(func(int, int, []int) [][]int)(fourx.GroupSelectedAngles),
		(func(map[string][]int, []fourx.ChangedFile) ([]int, []fourx.AngleMatch))(fourx.SelectDeepReviewAngles),
		(func() []int)(fourx.AllAngles), (func() map[string][]int)(fourx.DefaultAngleMapping),
		(func(fourx.Config) map[string][]int)(fourx.ResolveAngleMapping),
		(func(map[fourx.Phase]fourx.PhaseSpec, fourx.Phase, string) (string, string))(fourx.EffectiveManual),
		(func(map[string][]fourx.HookEntry, map[string][]fourx.HookEntry) map[string][]fourx.HookEntry)(fourx.MergeHooks),
		(func(fourx.Config) bool)(fourx.NotificationsEnabled), (func(bool) *bool)(fourx.BoolPtr), (func(*bool) bool)(fourx.BoolVal),
		(func(fourx.Config, string) map[string]string)(fourx.ResolveRepoPaths),
		(func(fourx.Feature, fourx.Config, string) map[string]string)(fourx.ResolveFeatureRepoPaths),
		(func(fourx.Config) []string)(fourx.EffectiveHubRepos),
		(func() []fourx.RunnerPreset)(fourx.SupportedRunners), (func() map[string]fourx.RunnerConfig)(fourx.SupportedRunnerMap),
		// workspace
		(func(string, any) (*fourx.Workspace, error))(fourx.NewWorkspace),
		(func(string, string) (fourx.ResumeFiles, error))(fourx.ResumeListing), (func() string)(fourx.NewNonce),
		(func(string) (*fourx.Workspace, error))(fourx.Find), (func(string, fourx.Config) error)(fourx.Init),
		(func(string) (fourx.Config, error))(fourx.ReadConfig), (func(string, fourx.Config) error)(fourx.WriteConfig),
		(func() (string, error))(fourx.UserConfigPath), (func() (fourx.UserConfig, error))(fourx.ReadUserConfig),
		(func(fourx.UserConfig) error)(fourx.WriteUserConfig),
		(func([]fourx.Feature, fourx.BacklogMirror) []fourx.BacklogDrift)(fourx.CompareBacklogMirror),
		(func(int) bool)(fourx.ProcessAlive), (func(string, string, string, []byte, os.FileMode) error)(fourx.AtomicWriteFile),
		(func(*fourx.Workspace) *fourx.CachedWorkspace)(fourx.NewCachedWorkspace),
		(func(*fourx.Workspace) string)((*fourx.Workspace).DotDir),
		(func(*fourx.Workspace, string) string)((*fourx.Workspace).FeatureDir),
		(func(*fourx.Workspace, string, int) string)((*fourx.Workspace).RoundDir),
		(func(*fourx.Workspace, string) error)((*fourx.Workspace).InitFeatureDir),
		(func(*fourx.Workspace) (fourx.Config, error))((*fourx.Workspace).ReadConfig),
		(func(*fourx.Workspace) (fourx.Config, error))((*fourx.Workspace).LoadMergedConfig),
		(func(*fourx.Workspace, string) (fourx.Feature, error))((*fourx.Workspace).LoadFeature),
		(func(*fourx.Workspace) ([]fourx.Feature, error))((*fourx.Workspace).ListFeatures),
		(func(*fourx.Workspace, fourx.Feature) error)((*fourx.Workspace).SaveFeature),
		(func(*fourx.Workspace, string) (string, error))((*fourx.Workspace).ResolveFeatureID),
		(func(*fourx.Workspace, string, fourx.Phase) error)((*fourx.Workspace).SyncFeatureStatus),
		(func(*fourx.Workspace, string) (fourx.State, error))((*fourx.Workspace).ReadState),
		(func(*fourx.Workspace, string, fourx.State) error)((*fourx.Workspace).WriteState),
		(func(*fourx.Workspace, string, func(*fourx.State) error) (fourx.State, error))((*fourx.Workspace).UpdateState),
		(func(*fourx.Workspace, string, fourx.Event) error)((*fourx.Workspace).AppendEvent),
		(func(*fourx.Workspace, string, *fourx.State) error)((*fourx.Workspace).ReconcileActive),
		(func(*fourx.Workspace, string) error)((*fourx.Workspace).RequestStop),
		(func(*fourx.Workspace, string) bool)((*fourx.Workspace).StopRequested),
		(func(*fourx.Workspace, string) error)((*fourx.Workspace).ClearStopSignal),
		(func(*fourx.Workspace, string) string)((*fourx.Workspace).WorktreePath),
		(func(*fourx.Workspace, string) (fourx.TestStrategy, error))((*fourx.Workspace).ReadTestStrategy),
		(func(*fourx.Workspace) (fourx.BacklogMirror, bool, error))((*fourx.Workspace).ReadBacklogMirror),
		(func(*fourx.Workspace) ([]fourx.BacklogDrift, error))((*fourx.Workspace).CompareBacklogMirror),
		(func(*fourx.Workspace) ([]fourx.CleanCandidate, error))((*fourx.Workspace).CleanableFeatures),
		(func(*fourx.Workspace, string) (int64, error))((*fourx.Workspace).CleanFeature),
		(func(*fourx.Workspace, string, string) ([]fourx.ScreenshotGroup, error))((*fourx.Workspace).DiscoverScreenshots),
		// features, discovery, miner, evidence
		(func(*fourx.Workspace) (int, error))(fourx.NextFeatureNumber),
		(func(int, string) string)(fourx.GenerateFeatureID), (func(int, string) string)(fourx.GenerateFeatureIDFromSlug),
		(func(string, fourx.Feature, string, ...string) fourx.DesignDoc)(fourx.ResolveDesignDoc),
		(func(string) []fourx.DiscoveredFeature)(fourx.ParseDiscoveredFeatures),
		(func(string, string) bool)(fourx.IsSimilarFeature),
		(func([]fourx.DiscoveredFeature, []fourx.Feature) []fourx.DiscoveredFeature)(fourx.DedupeDiscovered),
		(func(*fourx.Workspace) []fourx.Candidate)(fourx.ScanEscalations),
		(func(*fourx.Workspace) []fourx.Candidate)(fourx.ScanStuckFeatures),
		(func(*fourx.Workspace, int) ([]fourx.Candidate, []fourx.CandidateLearning))(fourx.ScanFailPatterns),
		(func([]fourx.Candidate, []fourx.Feature, []fourx.Candidate) []fourx.Candidate)(fourx.DedupeCandidates),
		(func(string) (fourx.CandidatePool, error))(fourx.LoadCandidates),
		(func(fourx.CandidatePool, string) error)(fourx.CandidatePool.Save),
		(func(string) (bool, []string))(fourx.ParseReportIssues),
		(func(string) bool)(fourx.IsScreenshotFile), (func(string) string)(fourx.NormalizeScreenshotPath),
		(func(fourx.Config) string)(fourx.ScreenshotDir),
	}
	for i, f := range funcs {
		if reflect.ValueOf(f).IsNil() {
			t.Errorf("name %d is nil", i)
		}
	}
	// Types, constants and variables of the table.
	_ = []any{
		fourx.ReviewIssue{Severity: fourx.SeverityCritical}, fourx.ReviewResult{}, fourx.Escalation{},
		fourx.AngleSelection{}, fourx.Baseline{Repos: []fourx.BaselineRepo{}}, fourx.ACEvidence{},
		fourx.VerifyEvidence{Commands: []fourx.VerifyCommand{}, ManualCheckResults: []fourx.ManualCheckResult{}},
		fourx.TestStrategy{ManualChecks: []fourx.ManualCheck{}}, fourx.BatchConflict{},
		fourx.BatchReport{Outcome: fourx.BatchOutcomeCompleted, Features: []fourx.BatchFeatureReport{}},
		fourx.DesignDoc{}, fourx.DiscoveredFeature{}, fourx.CandidatePool{Learnings: []fourx.CandidateLearning{}},
		fourx.Candidate{Source: fourx.SourceFailPattern}, fourx.CleanCandidate{}, fourx.RunnerPreset{},
		fourx.BacklogDrift{Kind: fourx.BacklogDriftMissing}, fourx.BacklogFeature{}, fourx.Screenshot{},
		fourx.Workspace{Root: "/r", SkipAutoCommit: true}, fourx.ErrSkipStateWrite, fourx.ErrStateLockTimeout,
		fourx.SeverityWarning, fourx.SeverityLow, fourx.SubPhaseReviewing, fourx.DeepReviewAngleCount,
		fourx.DefaultDeepTier, fourx.DefaultScreenshotDir, fourx.DefaultFailPatternThreshold,
		fourx.NotifySuccess, fourx.BatchOutcomeStopped, fourx.BatchOutcomeInterrupted, fourx.BatchOutcomeCrashed,
	}
	var _ fourx.WorkspaceReader = fourx.NewCachedWorkspace(&fourx.Workspace{Root: t.TempDir()})
}

// state.FinalizeDone on a workspace found as 4x finds one (Find, SkipAutoCommit): done with
// Active false, stop reason "done" and no role; idempotent from an old snapshot; a feature file
// that cannot be synced is not fatal; the transition event is appended.
func TestFinalizeDone_OnAFoundWorkspaceAsFourXsStateTestsSay(t *testing.T) {
	setup := func(t *testing.T, id string, withFeature bool) *fourx.Workspace {
		root := t.TempDir()
		if err := fourx.Init(root, fourx.Config{Project: fourx.ProjectConfig{Name: "test"}, Default: "claude"}); err != nil {
			t.Fatal(err)
		}
		ws, err := fourx.Find(root)
		if err != nil {
			t.Fatal(err)
		}
		ws.SkipAutoCommit = true
		if withFeature {
			if err := ws.SaveFeature(fourx.Feature{ID: id, Name: "Test", Status: fourx.StatusInProgress}); err != nil {
				t.Fatal(err)
			}
		}
		if err := ws.InitFeatureDir(id); err != nil {
			t.Fatal(err)
		}
		s := fourx.State{FeatureID: id, Phase: fourx.PhasePendingReview, Role: fourx.RoleAcceptor, Round: 2, Active: true}
		if err := ws.WriteState(id, s); err != nil {
			t.Fatal(err)
		}
		return ws
	}
	tests := []struct {
		name        string
		withFeature bool
		twice       bool
	}{{"sync failure is not fatal", false, false}, {"the fields of done", true, false}, {"an old snapshot again is idempotent", true, true}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			const id = "feat-ok"
			ws := setup(t, id, tt.withFeature)
			s, err := ws.ReadState(id)
			if err != nil {
				t.Fatal(err)
			}
			got, err := fourx.FinalizeDone(ws, id, s)
			if tt.twice && err == nil {
				got, err = fourx.FinalizeDone(ws, id, s)
			}
			if err != nil {
				t.Fatalf("FinalizeDone: %v", err)
			}
			persisted, err := ws.ReadState(id)
			if err != nil {
				t.Fatal(err)
			}
			for _, st := range []fourx.State{got, persisted} {
				if st.Phase != fourx.PhaseDone || st.Active || st.StopReason != "done" || st.Role != "" {
					t.Errorf("state = {%s %v %q %q}, want {done false done \"\"}", st.Phase, st.Active, st.StopReason, st.Role)
				}
			}
			events, err := os.ReadFile(filepath.Join(ws.FeatureDir(id), fourx.EventsFile))
			if err != nil || !strings.Contains(string(events), `"type":"transition"`) || !strings.Contains(string(events), `"phase":"done"`) {
				t.Errorf("events = %s, %v, want the transition to done", events, err)
			}
			if tt.withFeature {
				if f, err := ws.LoadFeature(id); err != nil || f.Status != fourx.StatusDone {
					t.Errorf("feature status = %q, %v, want done", f.Status, err)
				}
			}
		})
	}
}

// On the .4x files a live run loop (here this process, recorded as the state's pid) does not hold
// the state against UpdateState or FinalizeDone: as in 4x, they write at once.
func TestUpdateState_ALiveRunLoopDoesNotBlockItOnTheFiles(t *testing.T) {
	root := t.TempDir()
	if err := fourx.Init(root, fourx.Config{Project: fourx.ProjectConfig{Name: "shop"}}); err != nil {
		t.Fatal(err)
	}
	ws, err := fourx.NewWorkspace(root, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	if err := ws.InitFeatureDir("F001-login"); err != nil {
		t.Fatal(err)
	}
	running := fourx.State{FeatureID: "F001-login", Phase: fourx.PhasePendingReview, Runner: "claude", Round: 1, Active: true, Pid: os.Getpid()}
	if err := ws.WriteState("F001-login", running); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	done, err := fourx.FinalizeDone(ws, "F001-login", running)
	if err != nil || done.Phase != fourx.PhaseDone || time.Since(start) > 2*time.Second {
		t.Errorf("FinalizeDone = %+v, %v after %v", done.Phase, err, time.Since(start))
	}
}

// 4x's TotalCost: only run-end events count; no events file is 0 and no error; a line that is not
// JSON is skipped; an events path that cannot be read is an error that is not fs.ErrNotExist.
func TestTotalCost_AsFourXSumsIt(t *testing.T) {
	root := t.TempDir()
	if err := fourx.Init(root, fourx.Config{Project: fourx.ProjectConfig{Name: "test-project"}, Default: "claude"}); err != nil {
		t.Fatal(err)
	}
	ws, err := fourx.Find(root)
	if err != nil {
		t.Fatal(err)
	}
	appendAll := func(id string, events ...fourx.Event) {
		for _, e := range events {
			if err := ws.AppendEvent(id, e); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := ws.InitFeatureDir("feat-cost"); err != nil {
		t.Fatal(err)
	}
	appendAll("feat-cost", fourx.Event{Type: "phase-start", CostUSD: 999}, fourx.Event{Type: "run-end", CostUSD: 1.5},
		fourx.Event{Type: "transition", CostUSD: 999}, fourx.Event{Type: "run-end", CostUSD: 2.25})
	if got, err := ws.TotalCost("feat-cost"); err != nil || got != 3.75 {
		t.Errorf("run-end only: %v, %v, want 3.75", got, err)
	}
	if got, err := ws.TotalCost("feat-missing"); err != nil || got != 0 {
		t.Errorf("no events file: %v, %v, want 0 and no error", got, err)
	}
	if err := ws.InitFeatureDir("feat-malformed"); err != nil {
		t.Fatal(err)
	}
	appendAll("feat-malformed", fourx.Event{Type: "run-end", CostUSD: 1})
	f, err := os.OpenFile(filepath.Join(ws.FeatureDir("feat-malformed"), fourx.EventsFile), os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = f.WriteString("{not valid json\n")
	f.Close()
	appendAll("feat-malformed", fourx.Event{Type: "run-end", CostUSD: 2})
	if got, err := ws.TotalCost("feat-malformed"); err != nil || got != 3 {
		t.Errorf("a malformed line: %v, %v, want 3", got, err)
	}
	if err := ws.InitFeatureDir("feat-direrr"); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(ws.FeatureDir("feat-direrr"), fourx.EventsFile), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := ws.TotalCost("feat-direrr"); err == nil || errors.Is(err, fs.ErrNotExist) {
		t.Errorf("an unreadable events path: %v, want an error that is not fs.ErrNotExist", err)
	}
}

func TestHookEntry_DecodesAndMergesAsFourX(t *testing.T) {
	var h fourx.HookEntry
	if err := json.Unmarshal([]byte(`{"run": "docker compose up -d", "on_fail": "warn"}`), &h); err != nil || h.Run != "docker compose up -d" || h.OnFail != "warn" {
		t.Errorf("decode = %+v, %v", h, err)
	}
	var d fourx.HookEntry
	if err := json.Unmarshal([]byte(`{"run": "echo hello"}`), &d); err != nil || d.EffectiveOnFail() != "block" {
		t.Errorf("default on_fail = %q, %v", d.EffectiveOnFail(), err)
	}
	feature := map[string][]fourx.HookEntry{"pre_coding": {{Run: "setup"}}}
	if got := fourx.MergeHooks(nil, feature); len(got["pre_coding"]) != 1 || got["pre_coding"][0].Run != "setup" {
		t.Errorf("MergeHooks(nil, feature) = %+v", got)
	}
}

// 4x's CachedWorkspace facts (NewCachedWorkspace over &Workspace{Root}, settings written by
// encoding/json, feature files by hand): hits return the same data, a changed, added or removed
// file is seen on the next read, and a caller's change to a result does not reach the cache.
func TestCachedWorkspace_SeesChangedFilesAsFourXs(t *testing.T) {
	tmp := t.TempDir()
	dot := filepath.Join(tmp, fourx.DirName)
	if err := os.MkdirAll(filepath.Join(dot, fourx.FeaturesDir), 0o755); err != nil {
		t.Fatal(err)
	}
	writeConfig := func(cfg fourx.Config) {
		data, _ := json.MarshalIndent(cfg, "", "  ")
		if err := os.WriteFile(filepath.Join(dot, fourx.ConfigFile), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writeFeature := func(id, name string) string {
		path := filepath.Join(dot, fourx.FeaturesDir, id+".yaml")
		if err := os.WriteFile(path, []byte("id: "+id+"\nname: "+name+"\nstatus: not-started\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	writeConfig(fourx.Config{Project: fourx.ProjectConfig{Name: "test"}, Default: "claude"})
	cws := fourx.NewCachedWorkspace(&fourx.Workspace{Root: tmp})
	defer cws.Close()

	if list, err := cws.ListFeatures(); err != nil || len(list) != 0 {
		t.Errorf("empty features dir = %v, %v", list, err)
	}
	for i := 0; i < 2; i++ {
		if cfg, err := cws.ReadConfig(); err != nil || cfg.Project.Name != "test" || cfg.Default != "claude" {
			t.Errorf("ReadConfig #%d = %+v, %v", i, cfg.Project, err)
		}
	}
	time.Sleep(10 * time.Millisecond)
	writeConfig(fourx.Config{Project: fourx.ProjectConfig{Name: "updated"}, Default: "codex"})
	if cfg, err := cws.ReadConfig(); err != nil || cfg.Project.Name != "updated" {
		t.Errorf("ReadConfig after a change = %q, %v, want updated", cfg.Project.Name, err)
	}

	writeFeature("F001-a", "A")
	list, err := cws.ListFeatures()
	if err != nil || len(list) != 1 {
		t.Fatalf("ListFeatures = %v, %v", list, err)
	}
	list[0].Name = "mutated"
	if again, _ := cws.ListFeatures(); again[0].Name != "A" {
		t.Errorf("a caller's change reached the cache: %q", again[0].Name)
	}
	b := writeFeature("F002-b", "B")
	if list, _ := cws.ListFeatures(); len(list) != 2 {
		t.Errorf("a new file: %d features, want 2", len(list))
	}
	if err := os.Remove(b); err != nil {
		t.Fatal(err)
	}
	if list, _ := cws.ListFeatures(); len(list) != 1 {
		t.Errorf("a removed file: %d features, want 1", len(list))
	}
	if f, err := cws.LoadFeature("F001-a"); err != nil || f.Name != "A" {
		t.Errorf("LoadFeature = %+v, %v", f, err)
	}
	time.Sleep(10 * time.Millisecond)
	writeFeature("F001-a", "Modified")
	if list, _ := cws.ListFeatures(); len(list) != 1 || list[0].Name != "Modified" {
		t.Errorf("a modified file in ListFeatures = %+v", list)
	}
	if f, err := cws.LoadFeature("F001-a"); err != nil || f.Name != "Modified" {
		t.Errorf("a modified file in LoadFeature = %q, %v", f.Name, err)
	}
	if _, err := cws.LoadFeature("nonexistent"); err == nil {
		t.Error("a missing feature loaded")
	}
}
