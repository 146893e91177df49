//! Open SGF… in real headless Chromium: a file chosen through the (visually hidden) file input
//! becomes the Same device round after the usual question, a finished game opens finished, play
//! continues from an opened game, the Vs computer round is left alone, and bad files (illegal
//! move, not SGF, not Go, too large) are explained without changing anything.

use crate::common;

use serde_json::json;
use std::path::PathBuf;

/// A file under the temp directory, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, contents: &[u8]) -> TempFile {
        let dir = std::env::temp_dir().join(format!("tengen-sgf-open-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join(name);
        std::fs::write(&path, contents).expect("temp file");
        TempFile(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("a UTF-8 temp path")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Chooses `file` in the Open SGF… file input, as the browser's file picker would.
async fn choose(s: &common::Session, file: &TempFile) {
    s.find("#sgf-file")
        .await
        .send_keys(file.path())
        .await
        .expect("the file input takes the file");
}

/// The raw text saved under a localStorage key (null when absent).
async fn saved(s: &common::Session, key: &str) -> serde_json::Value {
    s.js(&format!("return localStorage.getItem({});", json!(key)))
        .await
}

/// Waits until the message area contains `text`.
async fn wait_message(s: &common::Session, text: &str) {
    s.wait_for(&format!(
        "document.getElementById('message').textContent.includes({})",
        json!(text)
    ))
    .await;
}

const DIALOG_OPEN: &str = "document.getElementById('confirm-dialog').open";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn opening_an_sgf_asks_before_replacing_a_round_in_progress_and_play_continues() {
    let Some(s) = common::start().await else {
        return;
    };
    s.open("#/local").await;
    s.ready().await;
    // A Vs computer round (White to move, the human's turn) that must stay as it is.
    s.js(
        "localStorage.setItem('tengen.round.computer', JSON.stringify({v: 1, \
          savedAt: '2026-11-29T00:00:00Z', record: {rules: {variant: 'go', size: 9, komi: 7.5, \
          ko: 'superko', scoring: 'area', review: 'shared'}, actions: [{place: 'E5'}]}, \
          computer: {color: 'white', level: 1}}));",
    )
    .await;
    let computer_before = saved(&s, "tengen.round.computer").await;
    s.play("E5").await;

    let game = TempFile::new(
        "in-progress.sgf",
        b"(;GM[1]FF[4]SZ[9]KM[6.5]PB[Alice]PW[Bob]\n;B[ee];W[cc];B[gc])\n",
    );
    // Cancel keeps the round in progress; the focus goes back to the button that chose the file.
    s.js("document.getElementById('open-sgf').focus();").await;
    choose(&s, &game).await;
    s.wait_for(DIALOG_OPEN).await;
    assert_eq!(s.text("#confirm-title").await, "Open “in-progress.sgf”?");
    assert!(s
        .text("#confirm-message")
        .await
        .contains("replaces the unfinished round (9 × 9, 1 move played)"));
    s.click("#confirm-cancel").await;
    wait_message(&s, "was not opened").await;
    assert_eq!(s.actions().await, 1);
    assert_eq!(s.stone("C7").await, "");
    assert_eq!(
        s.js("return document.activeElement.id;").await,
        json!("open-sgf"),
        "the focus is back on Open SGF…, not on the invisible input"
    );

    // Confirmed: the file's stones, move number, names and komi; play goes on from there.
    choose(&s, &game).await;
    s.wait_for(DIALOG_OPEN).await;
    s.click("#confirm-ok").await;
    s.wait_for("window.__tengen.view().move_number === 3 && window.__tengen.ready()")
        .await;
    assert_eq!(s.stone("E5").await, "black");
    assert_eq!(s.stone("C7").await, "white");
    assert_eq!(s.stone("G7").await, "black");
    assert_eq!(s.text("#name-black").await, "Black · Alice");
    assert_eq!(s.text("#komi-white").await, "6.5");
    assert_eq!(s.text("#status").await, "Black played G7. White to play.");
    assert_eq!(
        s.text("#message").await,
        "Opened “in-progress.sgf”: 9 × 9, 3 moves. White to play; continue the game from here."
    );
    s.play("D4").await;
    assert_eq!(s.stone("D4").await, "white");
    let local = saved(&s, "tengen.round.local").await;
    assert!(local.as_str().unwrap().contains("Alice"), "{local}");

    // A finished game on an unusual size opens finished, with its size in the menu.
    let finished = TempFile::new("finished.sgf", b"(;GM[1]SZ[7]RE[W+R];B[dd];W[ee])");
    choose(&s, &finished).await;
    s.wait_for(DIALOG_OPEN).await;
    s.click("#confirm-ok").await;
    s.wait_for("window.__tengen.phase() === 'finished' && window.__tengen.ready()")
        .await;
    assert_eq!(s.text("#result").await, "White wins by resignation.");
    assert_eq!(s.stone("D4").await, "black");
    assert_eq!(s.stone("E3").await, "white");
    assert_eq!(
        s.js("return document.getElementById('size-select').value;")
            .await,
        json!("7")
    );

    // A file dropped on the board opens too; a finished round is replaced without a question.
    s.js("const dt = new DataTransfer(); \
          dt.items.add(new File(['(;GM[1]SZ[9];B[ee];W[ec])'], 'dropped.sgf')); \
          const wrap = document.querySelector('#play .board-wrap'); \
          for (const type of ['dragenter', 'dragover', 'drop']) { \
            wrap.dispatchEvent(new DragEvent(type, {dataTransfer: dt, bubbles: true, cancelable: true})); \
          }")
        .await;
    s.wait_for("window.__tengen.view().move_number === 2 && window.__tengen.ready()")
        .await;
    assert_eq!(s.stone("E7").await, "white");
    assert!(s
        .text("#message")
        .await
        .starts_with("Opened “dropped.sgf”: 9 × 9, 2 moves."));

    // Vs computer: its round is the one it had, and it has no Open SGF… button.
    assert_eq!(saved(&s, "tengen.round.computer").await, computer_before);
    s.open("#/computer").await;
    s.ready().await;
    assert_eq!(s.actions().await, 1);
    assert_eq!(
        s.js("return document.getElementById('open-sgf').hidden;")
            .await,
        json!(true)
    );
    // (Opening a round saves it again, with a new time; the round itself is the same.)
    let computer_after = s
        .js(
            "const d = JSON.parse(localStorage.getItem('tengen.round.computer')); \
             return [d.record, d.computer];",
        )
        .await;
    assert_eq!(
        computer_after,
        json!([{"rules": {"variant": "go", "size": 9, "komi": 7.5, "ko": "superko",
                          "scoring": "area", "review": "shared"},
                "actions": [{"place": "E5"}]},
               {"color": "white", "level": 1}])
    );
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_sgf_file_is_explained_and_leaves_the_round_unchanged() {
    let Some(s) = common::start().await else {
        return;
    };
    s.open("#/local").await;
    s.ready().await;
    s.play("E5").await;
    s.play("D4").await;
    let before = saved(&s, "tengen.round.local").await;

    let cases: [(&str, Vec<u8>, &str); 4] = [
        (
            "illegal.sgf",
            b"(;GM[1]SZ[9]\n;B[ee]\n;W[ee])".to_vec(),
            "“illegal.sgf” could not be opened: move 2 (White E5) is illegal: E5 is occupied (line 3, column",
        ),
        (
            "notes.sgf",
            b"These are my notes, not a game.".to_vec(),
            "“notes.sgf” could not be opened: it is not an SGF file",
        ),
        (
            "chess.sgf",
            b"(;GM[3]FF[4])".to_vec(),
            "“chess.sgf” could not be opened: GM[3] is not a game of Go",
        ),
        (
            "huge.sgf",
            [b"(;GM[1]SZ[19]C[".as_slice(), &[b'x'; 300 * 1024], b"])"].concat(),
            "“huge.sgf” could not be opened: it is too large (300 KB; the limit is 256 KB)",
        ),
    ];
    for (name, contents, expected) in cases {
        let file = TempFile::new(name, &contents);
        choose(&s, &file).await;
        wait_message(&s, expected).await;
        assert!(
            s.text("#message")
                .await
                .ends_with("Your round is unchanged."),
            "{name}"
        );
        assert_eq!(
            s.js(&format!("return {DIALOG_OPEN};")).await,
            json!(false),
            "{name}: nothing to confirm"
        );
        assert_eq!(s.actions().await, 2, "{name}");
        assert_eq!(s.stone("E5").await, "black", "{name}");
        assert_eq!(s.stone("D4").await, "white", "{name}");
        assert_eq!(saved(&s, "tengen.round.local").await, before, "{name}");
    }
    // The round still plays.
    s.play("C3").await;
    assert_eq!(s.stone("C3").await, "black");
    s.close().await;
}
