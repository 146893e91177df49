//! Runs the `tengen` binary as a subprocess for the CLI tests.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `tengen ARGS` with `stdin` as its input and returns what it printed.
pub fn tengen(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tengen starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}
