//! `Config`, `UserConfig` and the profile, runner and repo shapes of `.4x/settings.json`, with the
//! seed's JSON tags and Go's zero-value rules (resolution.md §2).
