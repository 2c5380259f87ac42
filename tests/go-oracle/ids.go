package main

// Feature-id minting as 4x's internal/feature/id.go does it, written against the same standard
// library calls (regexp, strings.ToLower, strconv.Atoi, fmt's %0*d), so that fourx's
// features::ids is compared with Go's regexp, Unicode lower-casing and fmt width rules.
//
// Op:
//   id.mint {prefix, digits, ids, name, slug}  → {number, id, slug_id, name}
//     number = 1 + the largest number among ids; id from name, slug_id from slug.

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

type idInput struct {
	Prefix string   `json:"prefix"`
	Digits int      `json:"digits"`
	IDs    []string `json:"ids"`
	Name   string   `json:"name"`
	Slug   string   `json:"slug"`
}

var idNonAlphaNum = regexp.MustCompile(`[^a-z0-9]+`)

const idMaxSlug = 23

func idMint(raw json.RawMessage) (interface{}, error) {
	var in idInput
	if err := json.Unmarshal(raw, &in); err != nil {
		return nil, fmt.Errorf("bad input: %v", err)
	}
	prefix, digits := in.Prefix, in.Digits
	if prefix == "" {
		prefix = "F"
	}
	if digits <= 0 {
		digits = 3
	}
	numRe := regexp.MustCompile(`^` + regexp.QuoteMeta(prefix) + `(\d+)(?:-|$)`)
	max := 0
	for _, id := range in.IDs {
		m := numRe.FindStringSubmatch(id)
		if m == nil {
			continue
		}
		if n, err := strconv.Atoi(m[1]); err == nil && n > max {
			max = n
		}
	}
	next := max + 1
	slugify := func(s string) string {
		s = strings.ToLower(s)
		s = idNonAlphaNum.ReplaceAllString(s, "-")
		return strings.Trim(s, "-")
	}
	slug := slugify(in.Name)
	if len(slug) > idMaxSlug {
		t := slug[:idMaxSlug]
		if i := strings.LastIndex(t, "-"); i > 0 {
			slug = t[:i]
		} else {
			slug = strings.TrimRight(t, "-")
		}
	}
	custom := in.Slug
	prefixRe := regexp.MustCompile(`(?i)^` + regexp.QuoteMeta(prefix) + `\d+-`)
	if m := prefixRe.FindStringIndex(custom); m != nil {
		custom = custom[m[1]:]
	}
	return map[string]interface{}{
		"number":  next,
		"id":      fmt.Sprintf("%s%0*d-%s", prefix, digits, next, slug),
		"slug_id": fmt.Sprintf("%s%0*d-%s", prefix, digits, next, slugify(custom)),
		"name":    fmt.Sprintf("%s%0*d: %s", prefix, digits, next, in.Name),
	}, nil
}
