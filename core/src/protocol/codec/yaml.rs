//! The one YAML module of fourx (CONVENTIONS.md §Codecs): a node tree built from the event parser
//! with budgets (bytes, depth, nodes, alias expansions), a YAML 1.2 core-schema resolver (router)
//! and a yaml.v3-compatible resolver and emitter (features). Nothing else parses YAML.
