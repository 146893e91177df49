//! The SGF syntax: collections, game trees, nodes and properties, with byte positions.
//!
//! Only the main line of the first game tree is kept (the first variation at every branch);
//! the rest is still checked for syntax. The parser is iterative, so deeply nested variations
//! cannot overflow the stack.

use super::error::{SgfError, SgfErrorKind};

/// A raw property value: the text between `[` and `]` with escapes still in place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawValue<'a> {
    /// The text between the brackets.
    pub text: &'a str,
    /// Byte offset of the opening `[`.
    pub offset: usize,
}

/// One property of a node: identifier and values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Property<'a> {
    /// The identifier in upper case, FF\[3\] lower-case letters dropped (`AddBlack` → `AB`).
    pub ident: String,
    /// The values, in order (at least one).
    pub values: Vec<RawValue<'a>>,
    /// Byte offset of the identifier.
    pub offset: usize,
}

/// A node: its properties in file order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Node<'a> {
    /// The properties.
    pub properties: Vec<Property<'a>>,
    /// Byte offset of the `;`.
    pub offset: usize,
}

impl<'a> Node<'a> {
    /// The property with this identifier, if present.
    pub fn get(&self, ident: &str) -> Option<&Property<'a>> {
        self.properties.iter().find(|p| p.ident == ident)
    }
}

/// Parses `text` and returns the main line of its first game tree.
pub fn main_line(text: &str) -> Result<Vec<Node<'_>>, SgfError> {
    Parser::new(text).run()
}

/// One open game tree.
struct Frame {
    /// Whether this tree lies on the main line.
    main: bool,
    /// Sub-trees opened so far in this tree.
    children: usize,
    /// Nodes read so far in this tree's own sequence.
    nodes: usize,
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Parser<'a> {
        Parser {
            text,
            bytes: text.as_bytes(),
            pos: 0,
        }
    }

    fn error(&self, offset: usize, kind: SgfErrorKind) -> SgfError {
        SgfError::at(self.text, offset, kind)
    }

    fn skip_whitespace(&mut self) {
        while self.pos < self.bytes.len() && self.bytes[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn run(mut self) -> Result<Vec<Node<'a>>, SgfError> {
        if self.text.starts_with('\u{feff}') {
            self.pos = '\u{feff}'.len_utf8();
        }
        self.skip_whitespace();
        match self.bytes.get(self.pos) {
            Some(b'(') => {}
            Some(_) => {
                return Err(self.error(self.pos, SgfErrorKind::Expected("'(' to open a game")))
            }
            None => return Err(self.error(self.pos, SgfErrorKind::NoGame)),
        }
        let mut line = Vec::new();
        let mut stack: Vec<Frame> = Vec::new();
        loop {
            self.skip_whitespace();
            let Some(&b) = self.bytes.get(self.pos) else {
                return Err(self.error(self.pos, SgfErrorKind::UnexpectedEnd));
            };
            match b {
                b'(' => {
                    let main = match stack.last_mut() {
                        None => true,
                        Some(top) => {
                            if top.nodes == 0 {
                                return Err(self.error(self.pos, SgfErrorKind::EmptyTree));
                            }
                            top.children += 1;
                            top.main && top.children == 1
                        }
                    };
                    stack.push(Frame {
                        main,
                        children: 0,
                        nodes: 0,
                    });
                    self.pos += 1;
                }
                b')' => {
                    let top = stack
                        .pop()
                        .expect("the stack is never empty inside the loop");
                    if top.nodes == 0 {
                        return Err(self.error(self.pos, SgfErrorKind::EmptyTree));
                    }
                    self.pos += 1;
                    if stack.is_empty() {
                        // The first game tree is complete; later trees are ignored.
                        return Ok(line);
                    }
                }
                b';' => {
                    let top = stack
                        .last_mut()
                        .expect("the stack is never empty inside the loop");
                    if top.children > 0 {
                        return Err(self.error(self.pos, SgfErrorKind::NodeAfterVariation));
                    }
                    top.nodes += 1;
                    let main = top.main;
                    let node = self.node()?;
                    if main {
                        line.push(node);
                    }
                }
                _ => return Err(self.error(self.pos, SgfErrorKind::Expected("';', '(' or ')'"))),
            }
        }
    }

    /// Reads a node; `pos` is at its `;`.
    fn node(&mut self) -> Result<Node<'a>, SgfError> {
        let mut node = Node {
            properties: Vec::new(),
            offset: self.pos,
        };
        self.pos += 1;
        loop {
            self.skip_whitespace();
            match self.bytes.get(self.pos) {
                Some(b) if b.is_ascii_alphabetic() => {
                    let property = self.property()?;
                    // Repeated identifiers in one node are merged rather than refused.
                    match node
                        .properties
                        .iter_mut()
                        .find(|p| p.ident == property.ident)
                    {
                        Some(existing) => existing.values.extend(property.values),
                        None => node.properties.push(property),
                    }
                }
                _ => return Ok(node),
            }
        }
    }

    /// Reads a property identifier and its values; `pos` is at the first letter.
    fn property(&mut self) -> Result<Property<'a>, SgfError> {
        let offset = self.pos;
        let mut ident = String::new();
        while let Some(&b) = self.bytes.get(self.pos) {
            if !b.is_ascii_alphabetic() {
                break;
            }
            if b.is_ascii_uppercase() {
                ident.push(b as char);
            }
            self.pos += 1;
        }
        if ident.is_empty() {
            return Err(self.error(offset, SgfErrorKind::LowercaseIdent));
        }
        let mut values = Vec::new();
        loop {
            self.skip_whitespace();
            if self.bytes.get(self.pos) != Some(&b'[') {
                break;
            }
            values.push(self.value()?);
        }
        if values.is_empty() {
            return Err(self.error(self.pos, SgfErrorKind::MissingValue(ident)));
        }
        Ok(Property {
            ident,
            values,
            offset,
        })
    }

    /// Reads `[...]`; `pos` is at the `[`.
    fn value(&mut self) -> Result<RawValue<'a>, SgfError> {
        let offset = self.pos;
        let start = self.pos + 1;
        let mut i = start;
        while i < self.bytes.len() {
            match self.bytes[i] {
                b'\\' => i += 2,
                b']' => {
                    self.pos = i + 1;
                    return Ok(RawValue {
                        text: &self.text[start..i],
                        offset,
                    });
                }
                _ => i += 1,
            }
        }
        Err(self.error(offset, SgfErrorKind::UnterminatedValue))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn idents(nodes: &[Node<'_>]) -> Vec<String> {
        nodes
            .iter()
            .map(|n| {
                n.properties
                    .iter()
                    .map(|p| {
                        let vals: Vec<&str> = p.values.iter().map(|v| v.text).collect();
                        format!("{}{:?}", p.ident, vals)
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    #[test]
    fn main_line_follows_first_variations() {
        let nodes = main_line("(;SZ[9];B[aa](;W[bb];B[cc](;W[dd])(;W[ee]))(;W[ff]))").unwrap();
        assert_eq!(
            idents(&nodes),
            [
                "SZ[\"9\"]",
                "B[\"aa\"]",
                "W[\"bb\"]",
                "B[\"cc\"]",
                "W[\"dd\"]"
            ]
        );
    }

    #[test]
    fn escaped_brackets_stay_inside_values() {
        let nodes = main_line(r"(;C[a \] b \\]GN[x])").unwrap();
        assert_eq!(nodes[0].get("C").unwrap().values[0].text, r"a \] b \\");
        assert_eq!(nodes[0].get("GN").unwrap().values[0].text, "x");
    }

    #[test]
    fn ff3_lowercase_letters_are_dropped_from_identifiers() {
        let nodes = main_line("(;AddBlack[aa][bb]Comment[hi])").unwrap();
        assert_eq!(idents(&nodes), ["AB[\"aa\", \"bb\"] C[\"hi\"]"]);
    }

    #[test]
    fn deep_nesting_does_not_overflow() {
        let depth = 100_000;
        let text = format!("{}{}", "(;".repeat(depth), ")".repeat(depth));
        assert_eq!(main_line(&text).unwrap().len(), depth);
    }

    #[test]
    fn syntax_errors_report_line_and_column() {
        let err = main_line("(;SZ[9]\n;B[aa\n").unwrap_err();
        assert_eq!((err.line, err.column), (2, 3));
        assert_eq!(err.kind, SgfErrorKind::UnterminatedValue);
        let err = main_line("(;B[aa]x)").unwrap_err();
        assert_eq!((err.line, err.column), (1, 8));
        assert!(matches!(
            main_line("").unwrap_err().kind,
            SgfErrorKind::NoGame
        ));
        assert!(matches!(
            main_line("(;B[aa]").unwrap_err().kind,
            SgfErrorKind::UnexpectedEnd
        ));
        assert!(matches!(
            main_line("(;B[aa](;W[bb]);B[cc])").unwrap_err().kind,
            SgfErrorKind::NodeAfterVariation
        ));
        assert!(matches!(
            main_line("(;B)").unwrap_err().kind,
            SgfErrorKind::MissingValue(_)
        ));
        assert!(matches!(
            main_line("()").unwrap_err().kind,
            SgfErrorKind::EmptyTree
        ));
    }
}
