//! `tengen`: the one binary. `serve` runs the web app, `gtp` speaks GTP, `replay` evaluates a
//! record.

use anyhow::Result;
use clap::{Parser, Subcommand};

/// Tengen: play Go and TimeGo.
#[derive(Debug, Parser)]
#[command(name = "tengen", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run the web app (the default).
    Serve {
        /// Address to listen on.
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: std::net::SocketAddr,
        /// Database URL (SQLite by default).
        #[arg(long)]
        database: Option<String>,
    },
}

fn main() -> Result<()> {
    let cli = Cli::parse();
    let command = cli.command.unwrap_or(Command::Serve {
        addr: "127.0.0.1:8080".parse()?,
        database: None,
    });
    match command {
        Command::Serve { addr, database } => {
            tracing_subscriber::fmt()
                .with_env_filter(
                    tracing_subscriber::EnvFilter::try_from_default_env()
                        .unwrap_or_else(|_| "info".into()),
                )
                .init();
            let runtime = tokio::runtime::Runtime::new()?;
            runtime.block_on(tengen_server::serve(addr, database))?;
        }
    }
    Ok(())
}
