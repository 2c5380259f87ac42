//! What yaml.v3 3.0.1's scanner reads after the first document. `yaml.Unmarshal` decodes only
//! the first document, but its parser ends that document only once it sees the next marker
//! (`---` or `...`), and its scanner keeps two tokens of lookahead past that marker: those two
//! tokens are scanned, and a scanner error in them (an unclosed quote, a tab that cannot start a
//! token, a bad anchor, tag, escape or directive, an indicator where none may start) fails the
//! whole parse, while anything further on is never read. Which text is the first document, and
//! everything inside it, is the caller's.

use super::{YamlError, YamlErrorKind};

/// The scanner state that decides the errors of the two lookahead tokens.
struct Scan {
    c: Vec<char>,
    i: usize,
    col: usize,
    /// A simple key (a scalar that a `:` may still turn into a key) may start here.
    key_allowed: bool,
    flow: usize,
    /// The block indentation stack's top (−1 outside any block collection).
    indents: Vec<isize>,
    /// The pending simple key: its index, column and line, and whether it is required.
    key: Option<(usize, usize, usize, bool)>,
    line: usize,
    /// Tokens produced after the marker.
    tokens: usize,
}

fn syntax(message: &str) -> YamlError {
    YamlError {
        kind: YamlErrorKind::Syntax,
        message: message.into(),
        position: None,
    }
}

fn is_break(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

fn is_alpha(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

impl Scan {
    fn at(&self, k: usize) -> Option<char> {
        self.c.get(self.i + k).copied()
    }
    fn blankz(&self, k: usize) -> bool {
        self.at(k)
            .is_none_or(|c| c == ' ' || c == '\t' || is_break(c))
    }
    fn skip(&mut self) {
        self.i += 1;
        self.col += 1;
    }
    fn skip_line(&mut self) {
        if self.at(0) == Some('\r') && self.at(1) == Some('\n') {
            self.i += 1;
        }
        self.i += 1;
        self.col = 0;
        self.line += 1;
    }
    fn indent(&self) -> isize {
        self.indents.last().copied().unwrap_or(-1)
    }
    fn unroll(&mut self, col: isize) {
        if self.flow > 0 {
            return;
        }
        while self.indent() > col {
            self.indents.pop();
            self.tokens += 1;
        }
    }
    fn roll(&mut self, col: usize) {
        if self.flow == 0 && self.indent() < col as isize {
            self.indents.push(col as isize);
            self.tokens += 1;
        }
    }
    fn save_key(&mut self) {
        if self.key_allowed {
            let required = self.flow == 0 && self.indent() == self.col as isize;
            self.key = Some((self.i, self.col, self.line, required));
        }
    }
    fn remove_key(&mut self) -> Result<(), YamlError> {
        if let Some((.., true)) = self.key.take() {
            return Err(syntax(
                "while scanning a simple key: could not find expected ':'",
            ));
        }
        Ok(())
    }
    fn stale_keys(&mut self) -> Result<(), YamlError> {
        if let Some((at, _, line, _)) = self.key {
            if line != self.line || at + 1024 < self.i {
                self.remove_key()?;
            }
        }
        Ok(())
    }

    /// Skips blanks, breaks and comments up to the next token (yaml.v3's scan_to_next_token):
    /// a tab is skipped only in flow context or where no simple key may start, and a comment
    /// reached here swallows every following comment line (its blanks, tabs included).
    fn skip_to_next_token(&mut self) {
        loop {
            if self.col == 0 && self.at(0) == Some('\u{feff}') {
                self.skip();
            }
            while self.at(0) == Some(' ')
                || ((self.flow > 0 || !self.key_allowed) && self.at(0) == Some('\t'))
            {
                self.skip();
            }
            if self.at(0) == Some('#') {
                self.comment_block();
            }
            match self.at(0) {
                Some(c) if is_break(c) => {
                    self.skip_line();
                    if self.flow == 0 {
                        self.key_allowed = true;
                    }
                }
                _ => return,
            }
        }
    }

    /// Consumes the comment at the cursor and the comment lines after it, up to the break that
    /// ends the last one (yaml.v3's scan_comments peeks at most 512 bytes between comments).
    fn comment_block(&mut self) {
        loop {
            while self.at(0).is_some_and(|c| !is_break(c)) {
                self.skip();
            }
            // Peek past blank lines for another comment.
            let mut peek = 0usize;
            let mut bytes = 0usize;
            let found = loop {
                match self.at(peek) {
                    None => break None,
                    Some('#') if bytes < 512 => break Some(peek),
                    Some(c) if (c == ' ' || c == '\t' || is_break(c)) && bytes < 512 => {
                        bytes += c.len_utf8();
                        peek += 1;
                    }
                    _ => break None,
                }
            };
            let Some(hash) = found else { return };
            let target = self.i + hash;
            while self.i < target {
                if self.at(0).is_some_and(is_break) {
                    self.skip_line();
                } else {
                    self.skip();
                }
            }
        }
    }

    /// A comment on the line of the token just scanned (yaml.v3's scan_line_comment).
    fn line_comment(&mut self) {
        let mut k = 0;
        while matches!(self.at(k), Some(' ' | '\t')) {
            k += 1;
        }
        if self.at(k) == Some('#') {
            while self.at(0).is_some_and(|c| !is_break(c)) {
                self.skip();
            }
        }
    }

    /// Scans one token (yaml.v3's fetch_next_token) and counts what it produced.
    fn fetch(&mut self) -> Result<bool, YamlError> {
        self.skip_to_next_token();
        self.stale_keys()?;
        self.unroll(self.col as isize);
        let Some(c) = self.at(0) else {
            // The end of the stream.
            self.unroll(-1);
            self.remove_key()?;
            self.tokens += 1;
            return Ok(false);
        };
        if self.col == 0 && c == '%' {
            self.unroll(-1);
            self.remove_key()?;
            self.key_allowed = false;
            self.directive()?;
            self.tokens += 1;
            return Ok(true);
        }
        let marker = |s: &Scan, m: char| {
            s.col == 0 && s.at(0) == Some(m) && s.at(1) == Some(m) && s.at(2) == Some(m)
        };
        if (marker(self, '-') || marker(self, '.')) && self.blankz(3) {
            self.unroll(-1);
            self.remove_key()?;
            self.key_allowed = false;
            for _ in 0..3 {
                self.skip();
            }
            self.tokens += 1;
            return Ok(true);
        }
        let next_blankz = self.blankz(1);
        let mut comment = true;
        match c {
            '[' | '{' => {
                self.save_key();
                self.flow += 1;
                self.key_allowed = true;
                self.skip();
                self.tokens += 1;
            }
            ']' | '}' => {
                self.remove_key()?;
                self.flow = self.flow.saturating_sub(1);
                self.key_allowed = false;
                self.skip();
                self.tokens += 1;
            }
            ',' => {
                self.remove_key()?;
                self.key_allowed = true;
                self.skip();
                self.tokens += 1;
            }
            '-' if next_blankz => {
                if self.flow == 0 {
                    if !self.key_allowed {
                        return Err(syntax(
                            "block sequence entries are not allowed in this context",
                        ));
                    }
                    self.roll(self.col);
                }
                self.remove_key()?;
                self.key_allowed = true;
                self.skip();
                self.tokens += 1;
                comment = false;
            }
            '?' if self.flow > 0 || next_blankz => {
                if self.flow == 0 {
                    if !self.key_allowed {
                        return Err(syntax("mapping keys are not allowed in this context"));
                    }
                    self.roll(self.col);
                }
                self.remove_key()?;
                self.key_allowed = self.flow == 0;
                self.skip();
                self.tokens += 1;
            }
            ':' if self.flow > 0 || next_blankz => {
                if let Some((_, col, ..)) = self.key.take() {
                    self.tokens += 1;
                    self.roll(col);
                    self.key_allowed = false;
                } else if self.flow == 0 {
                    if !self.key_allowed {
                        return Err(syntax("mapping values are not allowed in this context"));
                    }
                    self.roll(self.col);
                }
                self.key_allowed = self.flow == 0;
                self.skip();
                self.tokens += 1;
            }
            '*' | '&' => {
                self.save_key();
                self.key_allowed = false;
                self.anchor()?;
                self.tokens += 1;
            }
            '!' => {
                self.save_key();
                self.key_allowed = false;
                self.tag()?;
                self.tokens += 1;
            }
            '|' | '>' if self.flow == 0 => {
                self.remove_key()?;
                self.key_allowed = true;
                self.block_scalar()?;
                self.tokens += 1;
                comment = false;
            }
            '\'' | '"' => {
                self.save_key();
                self.key_allowed = false;
                self.quoted(c == '\'')?;
                self.tokens += 1;
            }
            _ => {
                let starts_plain = !(self.blankz(0) || "-?:,[]{}#&*!|>'\"%@`".contains(c))
                    || (c == '-' && !matches!(self.at(1), Some(' ' | '\t')))
                    || (self.flow == 0 && (c == '?' || c == ':') && !next_blankz);
                if !starts_plain {
                    return Err(syntax("found character that cannot start any token"));
                }
                self.save_key();
                self.key_allowed = false;
                if self.plain()? {
                    // A scalar that ended after a line break: a simple key may follow, and a
                    // comment there is not a line comment of the scalar.
                    self.key_allowed = true;
                    comment = false;
                }
                self.tokens += 1;
            }
        }
        if comment {
            self.line_comment();
        }
        Ok(true)
    }

    fn directive(&mut self) -> Result<(), YamlError> {
        self.skip();
        let mut name = String::new();
        while let Some(c) = self.at(0).filter(|&c| is_alpha(c)) {
            name.push(c);
            self.skip();
        }
        if name.is_empty() {
            return Err(syntax("could not find expected directive name"));
        }
        if !self.blankz(0) {
            return Err(syntax("found unexpected non-alphabetical character"));
        }
        let blanks = |s: &mut Scan| {
            while matches!(s.at(0), Some(' ' | '\t')) {
                s.skip();
            }
        };
        match name.as_str() {
            "YAML" => {
                blanks(self);
                for part in 0..2 {
                    let mut n = 0;
                    while self.at(0).is_some_and(|c| c.is_ascii_digit()) {
                        n += 1;
                        if n > 9 {
                            return Err(syntax("found extremely long version number"));
                        }
                        self.skip();
                    }
                    if n == 0 {
                        return Err(syntax("did not find expected version number"));
                    }
                    if part == 0 {
                        if self.at(0) != Some('.') {
                            return Err(syntax("did not find expected digit or '.' character"));
                        }
                        self.skip();
                    }
                }
            }
            "TAG" => {
                blanks(self);
                self.tag_handle(true)?;
                if !matches!(self.at(0), Some(' ' | '\t')) {
                    return Err(syntax("did not find expected whitespace"));
                }
                blanks(self);
                self.tag_uri(true, false)?;
                if !self.blankz(0) {
                    return Err(syntax("did not find expected whitespace or line break"));
                }
            }
            _ => return Err(syntax("found unknown directive name")),
        }
        blanks(self);
        if self.at(0) == Some('#') {
            while self.at(0).is_some_and(|c| !is_break(c)) {
                self.skip();
            }
        }
        match self.at(0) {
            // The directive eats its line break: the next line starts where no simple key may.
            Some(c) if is_break(c) => self.skip_line(),
            Some(_) => return Err(syntax("did not find expected comment or line break")),
            None => {}
        }
        Ok(())
    }

    fn anchor(&mut self) -> Result<(), YamlError> {
        self.skip();
        let mut n = 0;
        while self.at(0).is_some_and(is_alpha) {
            n += 1;
            self.skip();
        }
        let ends = self.blankz(0)
            || matches!(
                self.at(0),
                Some('?' | ':' | ',' | ']' | '}' | '%' | '@' | '`')
            );
        if n == 0 || !ends {
            return Err(syntax(
                "did not find expected alphabetic or numeric character",
            ));
        }
        Ok(())
    }

    fn tag_handle(&mut self, directive: bool) -> Result<String, YamlError> {
        if self.at(0) != Some('!') {
            return Err(syntax("did not find expected '!'"));
        }
        let mut s = String::from("!");
        self.skip();
        while let Some(c) = self.at(0).filter(|&c| is_alpha(c)) {
            s.push(c);
            self.skip();
        }
        if self.at(0) == Some('!') {
            s.push('!');
            self.skip();
        } else if directive && s != "!" {
            return Err(syntax("did not find expected '!'"));
        }
        Ok(s)
    }

    /// A tag URI; `has_head` says a handle's text already counts as the tag.
    fn tag_uri(&mut self, _directive: bool, has_head: bool) -> Result<(), YamlError> {
        let mut has = has_head;
        while let Some(c) = self.at(0) {
            if c == '%' {
                self.uri_escapes()?;
            } else if is_alpha(c) || ";/?:@&=+$,.!~*'()[]".contains(c) {
                self.skip();
            } else {
                break;
            }
            has = true;
        }
        if !has {
            return Err(syntax("did not find expected tag URI"));
        }
        Ok(())
    }

    /// `%XX` escapes of one UTF-8 character.
    fn uri_escapes(&mut self) -> Result<(), YamlError> {
        let mut width = 0usize;
        loop {
            let hex = |k| self.at(k).and_then(|c: char| c.to_digit(16));
            let (Some('%'), Some(h), Some(l)) = (self.at(0), hex(1), hex(2)) else {
                return Err(syntax("did not find URI escaped octet"));
            };
            let octet = h * 16 + l;
            if width == 0 {
                width = match octet {
                    0x00..=0x7f => 1,
                    o if o & 0xe0 == 0xc0 => 2,
                    o if o & 0xf0 == 0xe0 => 3,
                    o if o & 0xf8 == 0xf0 => 4,
                    _ => return Err(syntax("found an incorrect leading UTF-8 octet")),
                };
            } else if octet & 0xc0 != 0x80 {
                return Err(syntax("found an incorrect trailing UTF-8 octet"));
            }
            for _ in 0..3 {
                self.skip();
            }
            width -= 1;
            if width == 0 {
                return Ok(());
            }
        }
    }

    fn tag(&mut self) -> Result<(), YamlError> {
        if self.at(1) == Some('<') {
            self.skip();
            self.skip();
            self.tag_uri(false, false)?;
            if self.at(0) != Some('>') {
                return Err(syntax("did not find the expected '>'"));
            }
            self.skip();
        } else {
            let handle = self.tag_handle(false)?;
            let is_handle = handle.len() > 1 && handle.ends_with('!');
            self.tag_uri(false, !is_handle)?;
        }
        if !self.blankz(0) {
            return Err(syntax("did not find expected whitespace or line break"));
        }
        Ok(())
    }

    fn block_scalar(&mut self) -> Result<(), YamlError> {
        self.skip();
        let mut increment = 0usize;
        let digit = |s: &mut Scan, inc: &mut usize| -> Result<(), YamlError> {
            if let Some(d) = s.at(0).and_then(|c| c.to_digit(10)) {
                if d == 0 {
                    return Err(syntax("found an indentation indicator equal to 0"));
                }
                *inc = d as usize;
                s.skip();
            }
            Ok(())
        };
        if matches!(self.at(0), Some('+' | '-')) {
            self.skip();
            digit(self, &mut increment)?;
        } else if self.at(0).is_some_and(|c| c.is_ascii_digit()) {
            digit(self, &mut increment)?;
            if matches!(self.at(0), Some('+' | '-')) {
                self.skip();
            }
        }
        while matches!(self.at(0), Some(' ' | '\t')) {
            self.skip();
        }
        if self.at(0) == Some('#') {
            while self.at(0).is_some_and(|c| !is_break(c)) {
                self.skip();
            }
        }
        match self.at(0) {
            None => {}
            Some(c) if is_break(c) => self.skip_line(),
            Some(_) => return Err(syntax("did not find expected comment or line break")),
        }
        let parent = self.indent();
        let mut indent = if increment > 0 {
            if parent >= 0 {
                parent as usize + increment
            } else {
                increment
            }
        } else {
            0
        };
        self.block_breaks(&mut indent, parent)?;
        while self.col == indent && self.at(0).is_some() {
            while self.at(0).is_some_and(|c| !is_break(c)) {
                self.skip();
            }
            if self.at(0).is_none() {
                break;
            }
            self.skip_line();
            self.block_breaks(&mut indent, parent)?;
        }
        Ok(())
    }

    /// The indentation and empty lines of a block scalar: a tab where an indentation space is
    /// expected fails; a zero `indent` is found from the first non-empty line.
    fn block_breaks(&mut self, indent: &mut usize, parent: isize) -> Result<(), YamlError> {
        let mut max = 0usize;
        loop {
            while (*indent == 0 || self.col < *indent) && self.at(0) == Some(' ') {
                self.skip();
            }
            max = max.max(self.col);
            if (*indent == 0 || self.col < *indent) && self.at(0) == Some('\t') {
                return Err(syntax(
                    "found a tab character where an indentation space is expected",
                ));
            }
            match self.at(0) {
                Some(c) if is_break(c) => self.skip_line(),
                _ => break,
            }
        }
        if *indent == 0 {
            *indent = max.max((parent + 1).max(1) as usize);
        }
        Ok(())
    }

    fn quoted(&mut self, single: bool) -> Result<(), YamlError> {
        self.skip();
        loop {
            let marker = |s: &Scan, m: char| {
                s.col == 0 && s.at(0) == Some(m) && s.at(1) == Some(m) && s.at(2) == Some(m)
            };
            if (marker(self, '-') || marker(self, '.')) && self.blankz(3) {
                return Err(syntax("found unexpected document indicator"));
            }
            let Some(c) = self.at(0) else {
                return Err(syntax("found unexpected end of stream"));
            };
            match c {
                '\'' if single && self.at(1) == Some('\'') => {
                    self.skip();
                    self.skip();
                }
                '\'' if single => break,
                '"' if !single => break,
                '\\' if !single && self.at(1).is_some_and(is_break) => {
                    self.skip();
                    self.skip_line();
                }
                '\\' if !single => {
                    let code = match self.at(1) {
                        Some('x') => 2,
                        Some('u') => 4,
                        Some('U') => 8,
                        Some(
                            '0' | 'a' | 'b' | 't' | '\t' | 'n' | 'v' | 'f' | 'r' | 'e' | ' ' | '"'
                            | '\'' | '\\' | 'N' | '_' | 'L' | 'P',
                        ) => 0,
                        _ => return Err(syntax("found unknown escape character")),
                    };
                    self.skip();
                    self.skip();
                    if code > 0 {
                        let mut value = 0u32;
                        for _ in 0..code {
                            let Some(d) = self.at(0).and_then(|c| c.to_digit(16)) else {
                                return Err(syntax("did not find expected hexdecimal number"));
                            };
                            value = value * 16 + d;
                            self.skip();
                        }
                        if (0xd800..=0xdfff).contains(&value) || value > 0x10ffff {
                            return Err(syntax("found invalid Unicode character escape code"));
                        }
                    }
                }
                c if is_break(c) => self.skip_line(),
                _ => self.skip(),
            }
        }
        self.skip();
        Ok(())
    }

    /// A plain scalar; true when it ended after a line break (a simple key may follow). A tab
    /// in the blanks that start a continuation line, left of the block indentation + 1, fails.
    fn plain(&mut self) -> Result<bool, YamlError> {
        let indent = self.indent() + 1;
        let mut leading = false;
        loop {
            let marker = |s: &Scan, m: char| {
                s.col == 0 && s.at(0) == Some(m) && s.at(1) == Some(m) && s.at(2) == Some(m)
            };
            if (marker(self, '-') || marker(self, '.')) && self.blankz(3) {
                break;
            }
            if self.at(0) == Some('#') {
                break;
            }
            while !self.blankz(0) {
                let c = self.at(0).unwrap_or(' ');
                if (c == ':' && self.blankz(1))
                    || (self.flow > 0 && matches!(c, ',' | '?' | '[' | ']' | '{' | '}'))
                {
                    return Ok(leading);
                }
                leading = false;
                self.skip();
            }
            if !self
                .at(0)
                .is_some_and(|c| c == ' ' || c == '\t' || is_break(c))
            {
                break;
            }
            while let Some(c) = self.at(0).filter(|&c| c == ' ' || c == '\t' || is_break(c)) {
                if is_break(c) {
                    leading = true;
                    self.skip_line();
                } else {
                    if leading && c == '\t' && (self.col as isize) < indent {
                        return Err(syntax("found a tab character that violates indentation"));
                    }
                    self.skip();
                }
            }
            if self.flow == 0 && (self.col as isize) < indent {
                break;
            }
        }
        Ok(leading)
    }
}

/// Checks what yaml.v3's scanner reads past the first document's root node: `at` is the byte
/// offset where the root ends (the start of a marker line `---`/`...`, of a less indented line,
/// or right after a flow root's closing bracket), `key_allowed` whether a simple key may start
/// there. The parser ends the document at the token after the root and keeps two more tokens of
/// lookahead: those three tokens (a marker counts as one) are scanned with yaml.v3's rules, and
/// their errors are the parse's errors.
pub fn check_after_first_document(
    text: &str,
    at: usize,
    key_allowed: bool,
) -> Result<(), YamlError> {
    let line_start = text
        .get(..at)
        .and_then(|t| t.rfind('\n'))
        .map_or(0, |n| n + 1);
    let mut s = Scan {
        c: text.get(at..).unwrap_or("").chars().collect(),
        i: 0,
        col: text.get(line_start..at).map_or(0, |t| t.chars().count()),
        key_allowed,
        flow: 0,
        indents: Vec::new(),
        key: None,
        line: 0,
        tokens: 0,
    };
    while s.tokens < 3 {
        if !s.fetch()? {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    fn after(text: &str, at: usize) -> Result<(), super::YamlError> {
        super::check_after_first_document(text, at, true)
    }

    #[test]
    fn the_two_tokens_after_the_marker_are_scanned_and_nothing_further() {
        assert!(after("---\nid: 'F2\n", 0).is_ok());
        assert!(after("---\n\"F2\n", 0).is_err());
        assert!(after("---\n\t- a\n", 0).is_err());
        assert!(after("--- \t# c\n", 0).is_ok());
        assert!(after("---\n# c\n\t# d\nx\n", 0).is_ok());
        assert!(after("---\n\t# c\n", 0).is_err());
        assert!(after("--- a\n  b: c\n", 0).is_err());
        assert!(after("...\n%x\n", 0).is_err());
        assert!(after("...\n%YAML 1.2\n", 0).is_ok());
        assert!(after("---\n!<x\n", 0).is_err());
        assert!(after("---\n&\n", 0).is_err());
        assert!(after("---\n[\n", 0).is_ok());
    }

    fn lines(text: &str) -> Result<(), super::YamlError> {
        let mut t = super::TabLines::new();
        for l in text.split('\n') {
            let t2 = l.trim_start_matches([' ', '\t']);
            if t2.is_empty() || t2.starts_with('#') {
                t.empty_line(l, l.len() + 1)?;
            } else {
                t.content_line(l)?;
                t.mode = super::TabMode::Normal;
            }
        }
        t.finish()
    }

    #[test]
    fn a_tab_cannot_start_a_line_between_tokens() {
        assert!(lines("x\n\t# c").is_err());
        assert!(lines("x\n  \t").is_err());
        assert!(lines("x\n  \n").is_ok());
    }

    #[test]
    fn comment_lines_after_a_comment_are_swallowed_with_their_tabs() {
        assert!(lines("x\n# c\n\t# d\n \t\n# e").is_ok());
        // A tab on a blank line after the last comment is read as a token.
        assert!(lines("x\n# c\n\t").is_err());
        // More than 512 bytes between two comments end the swallowing.
        let far = format!("x\n# c\n\t{}\n# d", " ".repeat(600));
        assert!(lines(&far).is_err());
    }

    #[test]
    fn after_a_plain_scalar_only_a_tab_left_of_the_indentation_fails() {
        let mut t = super::TabLines::new();
        t.mode = super::TabMode::Plain(3);
        assert!(t.empty_line("  \t# c", 8).is_err());
        t.mode = super::TabMode::Plain(3);
        assert!(t.empty_line("   \t# c", 9).is_ok());
        t.mode = super::TabMode::Plain(1);
        assert_eq!(t.content_line(" \tmore").ok(), Some(true));
    }
}

/// What the scanner does with the leading blanks of the next line, decided by the line before.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TabMode {
    /// The previous line ended in a plain scalar: its scanner reads the next lines' leading
    /// blanks and refuses a tab left of this column ("violates indentation").
    Plain(usize),
    /// Between tokens at the start of a line, where a simple key may start: spaces are
    /// skipped and a tab cannot start any token.
    Normal,
    /// After a directive, which eats its own line break: the next line's tabs are skipped.
    NoKey,
    /// A comment reached between tokens swallows the comment lines after it, blanks and tabs
    /// included (at most 512 bytes apart). `gap` is the byte distance from the break that
    /// ended the last comment to the current line; `pending` says a blank line since held a
    /// tab (swallowed only if another comment follows).
    Comments {
        /// Bytes from the last comment's break to this line.
        gap: usize,
        /// A tab on a blank line since the last comment.
        pending: bool,
    },
}

/// yaml.v3's rules for tabs in the leading blanks of block-context lines, fed line by line.
#[derive(Debug)]
pub struct TabLines {
    /// The mode for the next line.
    pub mode: TabMode,
}

impl TabLines {
    /// At the start of a stream.
    pub fn new() -> TabLines {
        TabLines {
            mode: TabMode::Normal,
        }
    }

    /// A line holding no token (blank, or only a comment); `raw_len` counts its break too.
    pub fn empty_line(&mut self, line: &str, raw_len: usize) -> Result<(), YamlError> {
        let lead_len = line.len() - line.trim_start_matches([' ', '\t']).len();
        let lead = &line[..lead_len];
        let comment = line[lead_len..].starts_with('#');
        let has_tab = lead.contains('\t');
        let after_comment = TabMode::Comments {
            gap: raw_len - line.len(),
            pending: false,
        };
        self.mode = match self.mode {
            TabMode::Plain(ind) => {
                if lead.char_indices().any(|(col, c)| c == '\t' && col < ind) {
                    return Err(syntax("found a tab character that violates indentation"));
                }
                if comment {
                    after_comment
                } else {
                    self.mode
                }
            }
            TabMode::Normal => {
                if has_tab {
                    return Err(syntax("found character that cannot start any token"));
                }
                if comment {
                    after_comment
                } else {
                    TabMode::Normal
                }
            }
            TabMode::NoKey => {
                if comment {
                    after_comment
                } else {
                    TabMode::Normal
                }
            }
            TabMode::Comments { gap, pending } => {
                if comment {
                    if gap + lead_len >= 512 && (pending || has_tab) {
                        return Err(syntax("found character that cannot start any token"));
                    }
                    after_comment
                } else {
                    TabMode::Comments {
                        gap: gap + raw_len,
                        pending: pending || has_tab,
                    }
                }
            }
        };
        Ok(())
    }

    /// A line that holds a token: checks the blanks before it. True when a tab among them is
    /// allowed (skipped by the scanner that reads them).
    pub fn content_line(&mut self, line: &str) -> Result<bool, YamlError> {
        let lead_len = line.len() - line.trim_start_matches([' ', '\t']).len();
        let lead = &line[..lead_len];
        match self.mode {
            TabMode::Plain(ind) => {
                if lead.char_indices().any(|(col, c)| c == '\t' && col < ind) {
                    return Err(syntax("found a tab character that violates indentation"));
                }
                Ok(true)
            }
            TabMode::Comments { pending: true, .. } => {
                Err(syntax("found character that cannot start any token"))
            }
            TabMode::NoKey => Ok(true),
            _ => Ok(false),
        }
    }

    /// At the end of the text: a tab on a blank line after the last swallowed comment.
    pub fn finish(&self) -> Result<(), YamlError> {
        match self.mode {
            TabMode::Comments { pending: true, .. } => {
                Err(syntax("found character that cannot start any token"))
            }
            _ => Ok(()),
        }
    }
}

impl Default for TabLines {
    fn default() -> Self {
        TabLines::new()
    }
}
