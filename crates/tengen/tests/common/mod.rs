//! Runs the `tengen` binary as a subprocess for the CLI tests.

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

/// Starts `tengen ARGS` with its standard input, output and error piped.
pub fn spawn_tengen(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tengen starts")
}

/// Runs `tengen ARGS` with `stdin` as its input and returns what it printed.
pub fn tengen(args: &[&str], stdin: &str) -> Output {
    let mut child = spawn_tengen(args);
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}
