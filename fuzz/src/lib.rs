//! Fuzz targets for every input Tengen takes from strangers, each a function of arbitrary bytes
//! that panics when an invariant breaks (a panic is a crash to report):
//!
//! - [`Target::SgfRead`]: SGF text → record, and the write → read round trip.
//! - [`Target::GtpLines`]: GTP lines through the parser and a session; framing of answers.
//! - [`Target::RecordJson`]: JSON records of either variant → replay, view, JSON round trip.
//! - [`Target::Actions`]: a game of either variant driven action by action (JSON lines or a
//!   compact byte code): incremental play agrees with replaying the record; refused actions
//!   change nothing.
//! - [`Target::ApiBody`]: request bodies (with content types) sent to the stateless HTTP API
//!   through the real router: never a 5xx, every error a JSON `{"error"}`, answers bounded.
//!
//! The targets run under two drivers: [`smoke`], a seeded mutation runner on the stable
//! toolchain (CI runs it on each corpus for a few seconds, `bench/fuzz` for as long as asked),
//! and `fuzz/afl`, the same targets under AFL++'s coverage-guided fuzzer (`cargo afl`, stable).

pub mod api;
pub mod game;
pub mod mutate;
pub mod smoke;
pub mod text;

/// One fuzz target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// SGF reading.
    SgfRead,
    /// GTP command lines.
    GtpLines,
    /// JSON records (Go and TimeGo).
    RecordJson,
    /// Actions applied one by one (Go and TimeGo).
    Actions,
    /// HTTP API request bodies.
    ApiBody,
}

impl Target {
    /// Every target.
    pub const ALL: [Target; 5] = [
        Target::SgfRead,
        Target::GtpLines,
        Target::RecordJson,
        Target::Actions,
        Target::ApiBody,
    ];

    /// The target's name (also its corpus folder under `fuzz/corpus`).
    pub fn name(self) -> &'static str {
        match self {
            Target::SgfRead => "sgf_read",
            Target::GtpLines => "gtp_lines",
            Target::RecordJson => "record_json",
            Target::Actions => "actions",
            Target::ApiBody => "api_body",
        }
    }

    /// The target of this name.
    pub fn from_name(name: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|t| t.name() == name)
    }

    /// Runs the target on one input; panics when an invariant breaks.
    pub fn run(self, data: &[u8]) {
        match self {
            Target::SgfRead => text::sgf_read(data),
            Target::GtpLines => text::gtp_lines(data),
            Target::RecordJson => game::record_json(data),
            Target::Actions => game::actions(data),
            Target::ApiBody => api::api_body(data),
        }
    }

    /// The [dictionary](Target::dictionary) in AFL++'s format: one quoted token per line,
    /// bytes outside printable ASCII (and quotes, backslashes) as `\xNN`.
    pub fn afl_dictionary(self) -> String {
        let mut out = String::new();
        for token in self.dictionary() {
            out.push('"');
            for b in token.bytes() {
                match b {
                    b'"' | b'\\' => out.push_str(&format!("\\x{b:02x}")),
                    0x20..=0x7e => out.push(char::from(b)),
                    _ => out.push_str(&format!("\\x{b:02x}")),
                }
            }
            out.push_str("\"\n");
        }
        out
    }

    /// Tokens the mutation runner splices into inputs (AFL++ gets the same as a dictionary).
    pub fn dictionary(self) -> &'static [&'static str] {
        match self {
            Target::SgfRead => &[
                "(;",
                ")",
                ";B[",
                ";W[",
                "]",
                "[]",
                "SZ[9]",
                "SZ[19]",
                "KM[6.5]",
                "AB[",
                "AW[",
                "AE[",
                "PL[W]",
                "RU[Japanese]",
                "RE[B+R]",
                "C[",
                "\\]",
                "(",
                "tt",
                "aa",
                "FF[4]",
                "GM[1]",
                "HA[2]",
            ],
            Target::GtpLines => &[
                "play b ",
                "play w ",
                "genmove b",
                "is_legal b ",
                "undo\n",
                "komi ",
                "boardsize ",
                "clear_board\n",
                "pass",
                "\n",
                "#",
                "list_stones b\n",
                "captures w\n",
                "showboard\n",
                "known_command ",
                "protocol_version\n",
                "E5",
                "A1",
                "T19",
                "Z25",
                "1 ",
                "time_left b 10 0\n",
                "time_settings 1 1 1\n",
            ],
            Target::RecordJson | Target::Actions | Target::ApiBody => &[
                "{\"place\": \"E5\"}",
                "{\"pass\": {}}",
                "{\"resign\": \"black\"}",
                "{\"time\": {\"stone\": \"E5\", \"to\": 0}}",
                "{\"lock\": {}}",
                "{\"toggle_dead\": \"C3\"}",
                "{\"set_dead\": []}",
                "{\"confirm\": \"white\"}",
                "{\"resume\": {}}",
                "{\"propose\": {\"color\": \"black\"}}",
                "\"timego\"",
                "\"variant\"",
                "\"size\"",
                "\"komi\"",
                "\"ko\": \"simple\"",
                "\"actions\"",
                "\"rules\"",
                "\"setup\"",
                "\"black\"",
                "\"white\"",
                "\"to_move\"",
                "\"comments\"",
                "\"record\"",
                "\"action\"",
                "\"stone\"",
                "\"level\"",
                "25",
                "-1",
                "7.5",
                "1e9",
                "null",
                "[",
                "]",
                "{",
                "}",
                ",",
            ],
        }
    }
}
