package fourx_test

import (
	"strings"
	"testing"

	fourx "example.invalid/fourx"
)

func review(status string, blocking bool, critical int) string {
	b := "false"
	if blocking {
		b = "true"
	}
	heading := "Changes Requested"
	if status == "APPROVE" {
		heading = "Approve"
	}
	crit := strings.Repeat("- src/a.rs:1 leaks the token\n", critical)
	findings := strings.Repeat("- src/api/user.ts:12 parses dates twice; extract a helper\n", 4)
	return "CONTRACT {\"s\":\"" + status + "\",\"b\":" + b + ",\"cr\":" + string(rune('0'+critical)) + "}\n" +
		"## Review: " + heading + "\n\n### Critical Issues\n" + crit + "\n### Findings\n" + findings
}

// MayAdvance is the core's rule: an approving review advances, a valid one asking for changes
// blocks.
func TestParseOutput_MayAdvanceFollowsTheCore(t *testing.T) {
	ok, err := fourx.ParseOutput("code-reviewer", review("APPROVE", false, 0), nil)
	if err != nil || !ok.MayAdvance || ok.Kind != "readonly" {
		t.Fatalf("approve: %+v, %v", ok, err)
	}
	blocked, err := fourx.ParseOutput("code-reviewer", review("CHANGES_REQUESTED", true, 1), nil)
	if err != nil || blocked.MayAdvance {
		t.Fatalf("changes requested: %+v, %v", blocked, err)
	}
}
