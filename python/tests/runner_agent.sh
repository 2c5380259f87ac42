#!/bin/sh
# A scripted agent for the runner's tests: writes what each role writes, from FOURX_* only.
set -e
F="$FOURX_FEATURE_DIR"; R="$FOURX_ROUND_DIR"
PASS='# Report

## Verdict
PASS
'
case "$FOURX_ROLE" in
  designer) printf '# Task brief\n' > "$F/task-brief.md"; printf '# AC\n- AC-1\n' > "$F/acceptance-criteria.md" ;;
  design-reviewer) printf '%s' "$PASS" > "$F/design-review-report.md" ;;
  coder|mini-coder)
    printf 'def render():\n    return 1\n' > src/profile.py
    printf '# Coder\n\n## Verification\n- ok\n' > "$R/coder-report.md"
    printf '{"passed": true}' > "$R/build-gate.json" ;;
  reviewer|re-verifier) printf '%s' "$PASS" > "$R/review-report.md" ;;
  tester)
    printf '%s' "$PASS" > "$R/test-report.md"
    printf '# Final report\n\n## Status\nready-for-review\n' > "$F/final-report.md"
    printf '{"passed": true, "round": %s, "role": "tester", "commands": [{"cmd": "t", "exit_code": 0}], "ac_results": [{"id": "AC-1", "passed": true, "evidence": ["$ pytest -q: 1 passed in 0.01s"]}]}' "$FOURX_ROUND" > "$R/verify.json" ;;
  deep-reviewer|synthesizer)
    if [ -n "$FOURX_PARTIAL" ]; then printf '# Partial\n\n## Statistics\n- findings: 0\n' > "$R/$FOURX_PARTIAL"
    else printf '%s' "$PASS" > "$R/deep-review-report.md"; fi ;;
  fixer) printf '# Fixer\n\n## Verification\n- ok\n' > "$R/fixer-report.md" ;;
  acceptor) printf '# Final report\n\n## Status\nready-for-review\n' > "$F/final-report.md" ;;
  round-summarizer) printf '# Rounds\n' > "$F/rounds-summary.md" ;;
  *) echo "no script for $FOURX_ROLE" >&2; exit 2 ;;
esac
