//! Text formats: SGF reading and GTP lines.

use tengen_gtp::{format_response, parse_line, Command, GtpOptions, Session};
use tengen_rules::sgf::{from_sgf, to_sgf};

/// Any input gives a record or a typed error; a record read replays, and survives a
/// write → read round trip unchanged.
pub fn sgf_read(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(record) = from_sgf(&text) else {
        return;
    };
    if let Err(e) = record.evaluate() {
        panic!("a record read from SGF does not replay: {e}");
    }
    let written = to_sgf(&record);
    match from_sgf(&written) {
        Ok(again) => assert_eq!(again, record, "round trip changed the record:\n{written}"),
        Err(e) => panic!("written SGF does not read back: {e}\n{written}"),
    }
}

/// Each line is parsed and (except commands that touch files or run the engine's search or
/// estimator, which are slow) executed; every response is one `=`/`?` block ending in exactly
/// one blank line, and the session's record always replays to its game.
pub fn gtp_lines(data: &[u8]) {
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
                | Command::RegGenMove(_)
                | Command::FinalScore
                | Command::FinalStatusList(_),
            ) => continue,
            Ok(command) => session.execute(command),
            Err(e) => Err(e.to_string()),
        };
        let _ = session.take_detail();
        let response = format_response(request.id, &result);
        assert!(response.starts_with('=') || response.starts_with('?'));
        assert!(response.ends_with("\n\n"));
        assert!(
            !response[..response.len() - 2].contains("\n\n"),
            "blank line inside a response: {response:?}"
        );
    }
    let replayed = session
        .record()
        .replay_go_playing_on()
        .unwrap_or_else(|e| panic!("the session's record does not replay: {e}"));
    assert_eq!(replayed.board(), session.game().board());
}
