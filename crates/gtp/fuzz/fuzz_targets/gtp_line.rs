//! Fuzzes the GTP parser and session: each input line is parsed and (except for commands that
//! touch files or run the engine's search or estimator, which are slow) executed; nothing panics and every response is framed
//! as one `=`/`?` block ending in exactly one blank line.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tengen_gtp::{format_response, parse_line, Command, GtpOptions, Session};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut session = Session::new(GtpOptions::default());
    for line in text.split('\n').take(64) {
        let Some(request) = parse_line(line) else {
            continue;
        };
        let result = match &request.command {
            Ok(
                Command::LoadSgf { .. }
                | Command::PrintSgf(Some(_))
                | Command::GenMove(_)
                | Command::GenMoveCleanup(_)
                | Command::FinalScore
                | Command::FinalStatusList(_),
            ) => continue,
            Ok(command) => session.execute(command),
            Err(e) => Err(e.to_string()),
        };
        let response = format_response(request.id, &result);
        assert!(response.starts_with('=') || response.starts_with('?'));
        assert!(response.ends_with("\n\n"));
        assert!(
            !response[..response.len() - 2].contains("\n\n"),
            "blank line inside a response: {response:?}"
        );
    }
});
