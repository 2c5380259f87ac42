//! The one YAML module of fourx (CONVENTIONS.md): a node tree built from the event parser
//! serde-saphyr is built on (`granit-parser`), with explicit budgets for bytes, depth, nodes and
//! alias expansions, and resolvers on top of it ([`core_schema`]: YAML 1.2 core schema, used by the
//! router). The tree keeps what a resolver or an emitter needs — style, tag, anchor, raw text and
//! position of every node — and decides nothing about meaning; resolving is the resolvers' job,
//! and mapping a [`YamlError`] to an area's error kind is the caller's. Nothing else parses YAML.

pub mod core_schema;
pub mod v3;
pub mod v3_emit;
pub mod v3_scan;
pub mod v3_text;

use std::collections::HashMap;
use std::fmt;

use granit_parser::{Event, Options, Parser, ScalarStyle as GScalarStyle, StructureStyle};

use crate::error::{Error, ErrorKind};

/// Resource budgets for one parse. Every budget is checked while the tree is built (or, for
/// aliases, while a resolver expands them), so hostile input fails fast instead of exhausting
/// memory or the stack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Largest accepted source, in bytes (checked before parsing).
    pub max_bytes: usize,
    /// Deepest nesting of collections (a top-level scalar is depth 0, `[a]` is depth 1);
    /// resolvers apply it to the expanded value too. Values above [`Limits::DEPTH_CAP`] act as
    /// the cap, so that resolving stays within a thread's stack.
    pub max_depth: usize,
    /// Most nodes (scalars, collections and aliases) in one stream.
    pub max_nodes: usize,
    /// Most nodes a resolver may produce by expanding aliases, summed over the whole document.
    pub max_alias_expansions: usize,
}

impl Limits {
    /// Budgets for untrusted agent output (router contract blocks): 4 MiB, depth 64, a million
    /// nodes, 100,000 alias-expanded nodes.
    pub const UNTRUSTED: Limits = Limits {
        max_bytes: 4 * 1024 * 1024,
        max_depth: 64,
        max_nodes: 1 << 20,
        max_alias_expansions: 100_000,
    };
}

impl Limits {
    /// The largest depth honoured, whatever `max_depth` says.
    pub const DEPTH_CAP: usize = 1_000;

    /// The effective depth budget: `max_depth`, at most [`Limits::DEPTH_CAP`].
    pub fn depth(&self) -> usize {
        self.max_depth.min(Self::DEPTH_CAP)
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits::UNTRUSTED
    }
}

/// A place in the source: byte offset, 1-based line, 0-based column (in characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Position {
    /// Byte offset from the start of the source.
    pub byte: usize,
    /// Line number, starting at 1.
    pub line: usize,
    /// Column, starting at 0, counted in characters.
    pub column: usize,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {} column {}", self.line, self.column + 1)
    }
}

/// The source range of a node: `start` inclusive, `end` exclusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Span {
    /// Where the node starts.
    pub start: Position,
    /// Where the node ends.
    pub end: Position,
}

/// Why a YAML text was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum YamlErrorKind {
    /// The source is larger than [`Limits::max_bytes`].
    TooLarge,
    /// The text is not YAML (scanner or parser error).
    Syntax,
    /// Collections nest deeper than [`Limits::max_depth`].
    TooDeep,
    /// More nodes than [`Limits::max_nodes`].
    TooManyNodes,
    /// Alias expansion exceeded [`Limits::max_alias_expansions`].
    AliasBudget,
    /// An alias refers to a node that contains it.
    RecursiveAlias,
    /// The stream holds more than one document where one was expected.
    MultipleDocuments,
    /// A resolver refused a tag it does not know or a value that does not match its tag.
    BadTag,
    /// A mapping key that the resolver does not accept (not a string).
    BadKey,
    /// The same key twice in one mapping.
    DuplicateKey,
    /// A value the resolver cannot represent (e.g. `.nan` as JSON).
    Unrepresentable,
}

/// A YAML failure: its kind, a message naming the problem and, where known, its position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YamlError {
    /// What went wrong.
    pub kind: YamlErrorKind,
    /// A human message.
    pub message: String,
    /// Where, when known.
    pub position: Option<Position>,
}

impl YamlError {
    fn new(kind: YamlErrorKind, message: impl Into<String>, position: Option<Position>) -> Self {
        YamlError {
            kind,
            message: message.into(),
            position,
        }
    }

    /// This failure as a crate error of the caller's `kind`, the message prefixed by `context`.
    pub fn to_error(&self, kind: ErrorKind, context: &str) -> Error {
        Error::new(kind, format!("{context}: {self}"))
    }
}

impl fmt::Display for YamlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some(p) => write!(f, "{} at {p}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for YamlError {}

/// How a scalar was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScalarStyle {
    /// Unquoted.
    Plain,
    /// `'…'`.
    SingleQuoted,
    /// `"…"`.
    DoubleQuoted,
    /// `|` block.
    Literal,
    /// `>` block.
    Folded,
}

/// How a collection was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CollectionStyle {
    /// Indentation (`- a`, `k: v`).
    Block,
    /// Brackets (`[a]`, `{k: v}`).
    Flow,
}

/// A node's tag, resolved against the document's `%TAG` directives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    /// The resolved handle or prefix (`tag:yaml.org,2002:` for `!!`, `!` for local tags).
    pub handle: String,
    /// What follows the handle.
    pub suffix: String,
}

impl Tag {
    /// The YAML core-schema prefix `!!` resolves to.
    pub const CORE_PREFIX: &'static str = "tag:yaml.org,2002:";

    /// The suffix when this is a `tag:yaml.org,2002:` tag (`str`, `int`, …).
    pub fn core_suffix(&self) -> Option<&str> {
        (self.handle == Self::CORE_PREFIX).then_some(self.suffix.as_str())
    }

    /// The non-specific tag `!` (the parser reports it as an empty handle with suffix `!`).
    pub fn is_non_specific(&self) -> bool {
        (self.handle.is_empty() && self.suffix == "!")
            || (self.handle == "!" && self.suffix.is_empty())
    }
}

impl fmt::Display for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.core_suffix() {
            Some(s) => write!(f, "!!{s}"),
            None => write!(f, "{}{}", self.handle, self.suffix),
        }
    }
}

/// Index of a node in its [`Document`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NodeId(usize);

/// What a node is.
#[derive(Debug, Clone, PartialEq)]
pub enum NodeKind {
    /// A scalar: its value after escape processing and folding, and its style.
    Scalar {
        /// The scalar's text.
        value: String,
        /// How it was written.
        style: ScalarStyle,
    },
    /// A sequence of nodes.
    Sequence {
        /// The items, in order.
        items: Vec<NodeId>,
        /// How it was written.
        style: CollectionStyle,
    },
    /// A mapping: key/value node pairs in source order (duplicates are the resolver's concern).
    Mapping {
        /// The entries, in order.
        entries: Vec<(NodeId, NodeId)>,
        /// How it was written.
        style: CollectionStyle,
    },
    /// `*name`: a reference to an earlier anchored node (not copied).
    Alias {
        /// The anchored node.
        target: NodeId,
    },
}

/// One node of the tree.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// What the node is.
    pub kind: NodeKind,
    /// Its explicit tag, if any.
    pub tag: Option<Tag>,
    /// Its anchor name (`&name`), if any.
    pub anchor: Option<String>,
    /// Where it is in the source.
    pub span: Span,
}

/// One YAML document as a node tree over its source.
#[derive(Debug, Clone)]
pub struct Document<'src> {
    src: &'src str,
    nodes: Vec<Node>,
    root: Option<NodeId>,
    explicit_start: bool,
}

impl<'src> Document<'src> {
    /// The root node; `None` for an empty document (which resolvers read as null).
    pub fn root(&self) -> Option<NodeId> {
        self.root
    }

    /// The node with this id; `None` only for an id from another document.
    pub fn get(&self, id: NodeId) -> Option<&Node> {
        self.nodes.get(id.0)
    }

    /// Every node, in the order the parser reported them (parents before children).
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// Whether the document started with an explicit `---`.
    pub fn explicit_start(&self) -> bool {
        self.explicit_start
    }

    /// The source text the node was read from (empty for a foreign id or an empty span).
    pub fn raw(&self, id: NodeId) -> &'src str {
        self.get(id)
            .and_then(|n| self.src.get(n.span.start.byte..n.span.end.byte))
            .unwrap_or("")
    }

    /// The whole source.
    pub fn source(&self) -> &'src str {
        self.src
    }
}

/// Parses every document of `src` into node trees, within `limits`.
pub fn parse_stream<'src>(
    src: &'src str,
    limits: &Limits,
) -> Result<Vec<Document<'src>>, YamlError> {
    if src.len() > limits.max_bytes {
        return Err(YamlError::new(
            YamlErrorKind::TooLarge,
            format!(
                "YAML text is {} bytes; the limit is {} bytes",
                src.len(),
                limits.max_bytes
            ),
            None,
        ));
    }
    Builder::new(src, limits).run()
}

/// Parses `src`, which must hold at most one document. An empty stream gives an empty document.
pub fn parse_document<'src>(src: &'src str, limits: &Limits) -> Result<Document<'src>, YamlError> {
    let mut docs = parse_stream(src, limits)?;
    if docs.len() > 1 {
        let pos = docs
            .get(1)
            .and_then(|d| d.root)
            .and_then(|r| docs[1].get(r))
            .map(|n| n.span.start);
        return Err(YamlError::new(
            YamlErrorKind::MultipleDocuments,
            "expected one YAML document, found several",
            pos,
        ));
    }
    Ok(docs.pop().unwrap_or(Document {
        src,
        nodes: Vec::new(),
        root: None,
        explicit_start: false,
    }))
}

fn position(m: &granit_parser::Marker) -> Position {
    Position {
        byte: m.byte_offset().unwrap_or(0),
        line: m.line(),
        column: m.col(),
    }
}

/// An open collection while its children are read.
struct Open {
    id: NodeId,
    /// The pending key of a mapping (a value completes the pair).
    pending_key: Option<NodeId>,
}

struct Builder<'src, 'l> {
    src: &'src str,
    limits: &'l Limits,
    total_nodes: usize,
}

impl<'src, 'l> Builder<'src, 'l> {
    fn new(src: &'src str, limits: &'l Limits) -> Self {
        Builder {
            src,
            limits,
            total_nodes: 0,
        }
    }

    fn run(mut self) -> Result<Vec<Document<'src>>, YamlError> {
        let mut options = Options::default();
        options.emit_anchor_events = true;
        // The parser's own nesting guard, one above ours so that ours names the problem.
        let nesting = self.limits.depth() + 1;
        options.flow_nesting_limit = nesting;
        options.block_nesting_limit = nesting;
        let mut parser = Parser::new_from_str_with_options(self.src, options);

        let mut docs = Vec::new();
        let mut doc: Option<Document<'src>> = None;
        let mut stack: Vec<Open> = Vec::new();
        // anchor id → node, and whether that node is complete (an alias to an open node recurses).
        let mut anchors: HashMap<usize, NodeId> = HashMap::new();
        let mut complete: Vec<bool> = Vec::new();

        while let Some(next) = parser.next_event() {
            let (event, span) = next.map_err(|e| {
                YamlError::new(
                    YamlErrorKind::Syntax,
                    format!("invalid YAML: {}", e.info()),
                    Some(position(e.marker())),
                )
            })?;
            let span = Span {
                start: position(&span.start),
                end: position(&span.end),
            };
            match event {
                Event::StreamStart | Event::StreamEnd => {}
                Event::DocumentStart(explicit, _) => {
                    anchors.clear();
                    complete.clear();
                    doc = Some(Document {
                        src: self.src,
                        nodes: Vec::new(),
                        root: None,
                        explicit_start: explicit,
                    });
                }
                Event::DocumentEnd => {
                    if let Some(d) = doc.take() {
                        docs.push(d);
                    }
                }
                Event::Anchor(id, name) => {
                    if let Some(d) = doc.as_mut() {
                        if let Some(&node) = anchors.get(&id) {
                            if let Some(n) = d.nodes.get_mut(node.0) {
                                n.anchor = Some(name.into_owned());
                            }
                        }
                    }
                }
                Event::UnresolvedAlias(name) => {
                    return Err(YamlError::new(
                        YamlErrorKind::Syntax,
                        format!("alias *{name} has no anchor"),
                        Some(span.start),
                    ));
                }
                Event::Alias(anchor) => {
                    let d = doc.as_mut().ok_or_else(|| outside(span))?;
                    let target = *anchors.get(&anchor).ok_or_else(|| {
                        YamlError::new(
                            YamlErrorKind::Syntax,
                            "alias to an unknown anchor",
                            Some(span.start),
                        )
                    })?;
                    if !complete.get(target.0).copied().unwrap_or(false) {
                        return Err(YamlError::new(
                            YamlErrorKind::RecursiveAlias,
                            "alias refers to a node that contains it",
                            Some(span.start),
                        ));
                    }
                    let id = self.push(
                        d,
                        &mut complete,
                        Node {
                            kind: NodeKind::Alias { target },
                            tag: None,
                            anchor: None,
                            span,
                        },
                    )?;
                    complete[id.0] = true;
                    attach(d, &mut stack, id);
                }
                Event::Scalar(value, style, anchor, tag) => {
                    let d = doc.as_mut().ok_or_else(|| outside(span))?;
                    let id = self.push(
                        d,
                        &mut complete,
                        Node {
                            kind: NodeKind::Scalar {
                                value: value.into_owned(),
                                style: scalar_style(style),
                            },
                            tag: tag.map(|t| convert_tag(&t)),
                            anchor: None,
                            span,
                        },
                    )?;
                    complete[id.0] = true;
                    if anchor != 0 {
                        anchors.insert(anchor, id);
                    }
                    attach(d, &mut stack, id);
                }
                Event::SequenceStart(style, anchor, tag) => {
                    let d = doc.as_mut().ok_or_else(|| outside(span))?;
                    let kind = NodeKind::Sequence {
                        items: Vec::new(),
                        style: collection_style(style),
                    };
                    let tag = tag.map(|t| convert_tag(&t));
                    self.open(
                        d,
                        &mut stack,
                        &mut complete,
                        &mut anchors,
                        kind,
                        tag,
                        anchor,
                        span,
                    )?;
                }
                Event::MappingStart(style, anchor, tag) => {
                    let d = doc.as_mut().ok_or_else(|| outside(span))?;
                    let kind = NodeKind::Mapping {
                        entries: Vec::new(),
                        style: collection_style(style),
                    };
                    let tag = tag.map(|t| convert_tag(&t));
                    self.open(
                        d,
                        &mut stack,
                        &mut complete,
                        &mut anchors,
                        kind,
                        tag,
                        anchor,
                        span,
                    )?;
                }
                Event::SequenceEnd | Event::MappingEnd => {
                    let d = doc.as_mut().ok_or_else(|| outside(span))?;
                    if let Some(open) = stack.pop() {
                        if let Some(n) = d.nodes.get_mut(open.id.0) {
                            n.span.end = span.end;
                        }
                        if let Some(c) = complete.get_mut(open.id.0) {
                            *c = true;
                        }
                        attach(d, &mut stack, open.id);
                    }
                }
                // Comments and other presentation events carry no data for the tree.
                _ => {}
            }
        }
        if let Some(d) = doc.take() {
            docs.push(d);
        }
        Ok(docs)
    }

    fn push(
        &mut self,
        doc: &mut Document<'src>,
        complete: &mut Vec<bool>,
        node: Node,
    ) -> Result<NodeId, YamlError> {
        self.total_nodes += 1;
        if self.total_nodes > self.limits.max_nodes {
            return Err(YamlError::new(
                YamlErrorKind::TooManyNodes,
                format!("YAML has more than {} nodes", self.limits.max_nodes),
                Some(node.span.start),
            ));
        }
        let id = NodeId(doc.nodes.len());
        doc.nodes.push(node);
        complete.push(false);
        Ok(id)
    }

    #[allow(clippy::too_many_arguments)]
    fn open(
        &mut self,
        doc: &mut Document<'src>,
        stack: &mut Vec<Open>,
        complete: &mut Vec<bool>,
        anchors: &mut HashMap<usize, NodeId>,
        kind: NodeKind,
        tag: Option<Tag>,
        anchor: usize,
        span: Span,
    ) -> Result<(), YamlError> {
        if stack.len() >= self.limits.depth() {
            return Err(YamlError::new(
                YamlErrorKind::TooDeep,
                format!("YAML nests deeper than {} levels", self.limits.depth()),
                Some(span.start),
            ));
        }
        let id = self.push(
            doc,
            complete,
            Node {
                kind,
                tag,
                anchor: None,
                span,
            },
        )?;
        if anchor != 0 {
            anchors.insert(anchor, id);
        }
        stack.push(Open {
            id,
            pending_key: None,
        });
        Ok(())
    }
}

/// Adds a finished node to the open collection on top of `stack`, or makes it the root.
fn attach(doc: &mut Document<'_>, stack: &mut [Open], id: NodeId) {
    let Some(top) = stack.last_mut() else {
        doc.root = Some(id);
        return;
    };
    let Some(parent) = doc.nodes.get_mut(top.id.0) else {
        return;
    };
    match &mut parent.kind {
        NodeKind::Sequence { items, .. } => items.push(id),
        NodeKind::Mapping { entries, .. } => match top.pending_key.take() {
            None => top.pending_key = Some(id),
            Some(key) => entries.push((key, id)),
        },
        NodeKind::Scalar { .. } | NodeKind::Alias { .. } => {}
    }
}

fn outside(span: Span) -> YamlError {
    YamlError::new(
        YamlErrorKind::Syntax,
        "node outside a document",
        Some(span.start),
    )
}

fn scalar_style(style: GScalarStyle) -> ScalarStyle {
    match style {
        GScalarStyle::Plain => ScalarStyle::Plain,
        GScalarStyle::SingleQuoted => ScalarStyle::SingleQuoted,
        GScalarStyle::DoubleQuoted => ScalarStyle::DoubleQuoted,
        GScalarStyle::Literal => ScalarStyle::Literal,
        GScalarStyle::Folded => ScalarStyle::Folded,
    }
}

fn collection_style(style: StructureStyle) -> CollectionStyle {
    match style {
        StructureStyle::Block => CollectionStyle::Block,
        StructureStyle::Flow => CollectionStyle::Flow,
    }
}

fn convert_tag(tag: &granit_parser::Tag) -> Tag {
    let (handle, suffix) = tag.parts();
    Tag {
        handle: handle.to_string(),
        suffix: suffix.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(src: &str) -> Result<Document<'_>, YamlError> {
        parse_document(src, &Limits::UNTRUSTED)
    }

    /// Runs one hostile input. What bounds the work is the limits (depth, aliases, size), pinned
    /// by each test's expected error; speed is measured by the benches, never by a clock here.
    fn quick<T>(f: impl FnOnce() -> T) -> T {
        f()
    }

    #[test]
    fn tree_keeps_style_tag_anchor_raw_text_and_position() {
        let src = "a: &x 'q'\nb: !!str 1\nc: [1, *x]\nd: |\n  lit\n";
        let doc = parse(src).unwrap();
        let root = doc.get(doc.root().unwrap()).unwrap();
        let NodeKind::Mapping { entries, style } = &root.kind else {
            panic!("root is not a mapping")
        };
        assert_eq!(*style, CollectionStyle::Block);
        assert_eq!(entries.len(), 4);
        let a = doc.get(entries[0].1).unwrap();
        assert_eq!(a.anchor.as_deref(), Some("x"));
        assert!(
            matches!(&a.kind, NodeKind::Scalar { value, style: ScalarStyle::SingleQuoted } if value == "q")
        );
        assert_eq!(doc.raw(entries[0].1), "'q'");
        assert_eq!(a.span.start.line, 1);
        let b = doc.get(entries[1].1).unwrap();
        assert_eq!(b.tag.as_ref().and_then(Tag::core_suffix), Some("str"));
        let c = doc.get(entries[2].1).unwrap();
        let NodeKind::Sequence { items, style } = &c.kind else {
            panic!("c is not a sequence")
        };
        assert_eq!(*style, CollectionStyle::Flow);
        assert_eq!(doc.raw(entries[2].1), "[1, *x]");
        assert!(
            matches!(doc.get(items[1]).unwrap().kind, NodeKind::Alias { target } if target == entries[0].1)
        );
        let d = doc.get(entries[3].1).unwrap();
        assert!(
            matches!(&d.kind, NodeKind::Scalar { value, style: ScalarStyle::Literal } if value == "lit\n")
        );
        assert_eq!((c.span.start.line, c.span.start.column), (3, 3));
    }

    #[test]
    fn empty_stream_is_an_empty_document() {
        assert_eq!(parse("").unwrap().root(), None);
        assert_eq!(parse("# only a comment\n").unwrap().root(), None);
    }

    #[test]
    fn several_documents_are_refused_where_one_is_expected() {
        let e = parse("a: 1\n---\nb: 2\n").unwrap_err();
        assert_eq!(e.kind, YamlErrorKind::MultipleDocuments);
        assert_eq!(
            parse_stream("a: 1\n---\nb: 2\n", &Limits::UNTRUSTED)
                .unwrap()
                .len(),
            2
        );
    }

    #[test]
    fn oversize_source_is_refused_before_parsing() {
        let limits = Limits {
            max_bytes: 10,
            ..Limits::UNTRUSTED
        };
        let e = parse_document("a: [unterminated", &limits).unwrap_err();
        assert_eq!(e.kind, YamlErrorKind::TooLarge);
    }

    #[test]
    fn hundred_thousand_nested_flow_brackets_fail_fast() {
        for open in ["[", "{", "[{"] {
            let src = open.repeat(100_000);
            let e = quick(|| parse(&src)).unwrap_err();
            assert!(
                matches!(e.kind, YamlErrorKind::TooDeep | YamlErrorKind::Syntax),
                "{e:?}"
            );
        }
    }

    #[test]
    fn deep_block_nesting_is_too_deep() {
        let mut src = String::new();
        for i in 0..200 {
            src.push_str(&" ".repeat(i));
            src.push_str("k:\n");
        }
        let e = quick(|| parse(&src)).unwrap_err();
        assert!(
            matches!(e.kind, YamlErrorKind::TooDeep | YamlErrorKind::Syntax),
            "{e:?}"
        );
        let mut seq = String::new();
        for i in 0..200 {
            seq.push_str(&" ".repeat(i * 2));
            seq.push_str("-\n");
        }
        assert!(quick(|| parse(&seq)).is_err());
    }

    #[test]
    fn depth_within_budget_is_accepted() {
        let src = format!("{}1{}", "[".repeat(64), "]".repeat(64));
        assert!(parse(&src).is_ok());
        let src = format!("{}1{}", "[".repeat(65), "]".repeat(65));
        assert_eq!(parse(&src).unwrap_err().kind, YamlErrorKind::TooDeep);
    }

    #[test]
    fn depth_budget_is_capped_whatever_the_caller_asks() {
        let limits = Limits {
            max_depth: usize::MAX,
            ..Limits::UNTRUSTED
        };
        let src = format!("{}1{}", "[".repeat(5_000), "]".repeat(5_000));
        let e = quick(|| parse_document(&src, &limits)).unwrap_err();
        // The event parser's own nesting guard may fire first (as a syntax error).
        assert!(
            matches!(e.kind, YamlErrorKind::TooDeep | YamlErrorKind::Syntax),
            "{e:?}"
        );
        assert_eq!(limits.depth(), Limits::DEPTH_CAP);
    }

    #[test]
    fn node_budget_is_enforced() {
        let limits = Limits {
            max_nodes: 100,
            ..Limits::UNTRUSTED
        };
        let src = format!("[{}]", vec!["1"; 200].join(","));
        let e = parse_document(&src, &limits).unwrap_err();
        assert_eq!(e.kind, YamlErrorKind::TooManyNodes);
    }

    #[test]
    fn recursive_alias_is_refused() {
        let e = parse("&a [ *a ]").unwrap_err();
        assert_eq!(e.kind, YamlErrorKind::RecursiveAlias);
    }

    #[test]
    fn undefined_alias_is_a_syntax_error() {
        assert_eq!(parse("a: *nope").unwrap_err().kind, YamlErrorKind::Syntax);
    }

    #[test]
    fn four_mib_of_garbage_and_nul_bytes_never_panic() {
        let mut garbage = String::with_capacity(4 << 20);
        let pieces = [
            "{[", "]}", ": ", "- ", "&a ", "*a ", "\"", "'", "\n", "\0", "#", "|", "?", "!",
        ];
        let mut x: u32 = 12345;
        while garbage.len() < (4 << 20) - 8 {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            garbage.push_str(pieces[(x >> 16) as usize % pieces.len()]);
        }
        let _ = quick(|| parse(&garbage));
        let _ = quick(|| parse("a: \"x\0y\"\nb: c\0d\n"));
        let nuls = "\0".repeat(1 << 20);
        let _ = quick(|| parse(&nuls));
    }
}
