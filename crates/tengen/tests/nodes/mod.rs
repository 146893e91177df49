//! `tengen serve` processes on loopback ports for multi-process tests; each is killed (SIGKILL)
//! when dropped, so no test leaves a server behind.

#![allow(dead_code)]

use super::tables_support::http;
use std::net::{SocketAddr, TcpListener};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A `tengen serve` process on a loopback port; killed when dropped.
pub struct Node {
    child: Child,
    pub addr: SocketAddr,
}

impl Node {
    /// Starts the `tengen` binary built with the tests (or `TENGEN_BINARY`, for the benches).
    pub async fn start(database: &str) -> Node {
        let binary = std::env::var("TENGEN_BINARY")
            .ok()
            .or_else(|| option_env!("CARGO_BIN_EXE_tengen").map(String::from))
            .unwrap_or_else(|| "target/release/tengen".into());
        Node::start_binary(&binary, database).await
    }

    /// Starts `binary serve` on a free loopback port with `database`.
    pub async fn start_binary(binary: &str, database: &str) -> Node {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        let child = Command::new(binary)
            .args(["serve", "--addr", &addr.to_string(), "--database", database])
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("tengen serve starts");
        let node = Node { child, addr };
        let started = Instant::now();
        loop {
            if tokio::net::TcpStream::connect(addr).await.is_ok()
                && http(addr, "GET", "/healthz", None).await.0 == 200
            {
                return node;
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "node did not start"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// SIGKILL: no chance to flush or say goodbye.
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
