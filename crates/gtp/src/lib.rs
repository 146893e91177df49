//! Go Text Protocol v2 (placeholder until the GTP work lands).

use std::io::{BufRead, Write};

/// Options of `tengen gtp`.
#[derive(Debug, Clone, Default)]
pub struct GtpOptions {
    /// Rules for new games.
    pub rules: tengen_rules::Rules,
    /// The engine configuration.
    pub engine: tengen_engine::EngineConfig,
}

/// Runs the GTP loop until `quit` or end of input.
pub fn run(_input: impl BufRead, _output: impl Write, _options: GtpOptions) -> std::io::Result<()> {
    Ok(())
}
