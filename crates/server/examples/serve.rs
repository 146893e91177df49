//! Runs the server alone (what `tengen serve` runs), for benchmarks and quick checks:
//! `cargo run --release -p tengen-server --example serve -- 127.0.0.1:8080`.

#[tokio::main]
async fn main() -> std::io::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .init();
    let addr = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:8080".into())
        .parse()
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
    tengen_server::serve(addr, None)
        .await
        .map_err(std::io::Error::other)
}
