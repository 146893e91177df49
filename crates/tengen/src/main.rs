//! `tengen`: the one binary. `serve` runs the web app, `gtp` speaks GTP, `replay` evaluates a
//! record.

mod gtp;
mod replay;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use std::io::Read;
use std::path::PathBuf;

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
    /// Speak GTP v2 on stdin/stdout (for Sabaki, GoGui, Lizzie, GNU Go matches).
    Gtp(gtp::GtpArgs),
    /// Replay a record (JSON, or SGF by `.sgf` extension or a leading `(;`) and print the game
    /// view as JSON. An illegal action is reported on stderr with its index; the exit status
    /// is then 1.
    Replay {
        /// The record file; standard input when absent or `-`.
        file: Option<PathBuf>,
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
        Command::Gtp(args) => {
            if args.ponder && args.variant == gtp::VariantArg::Timego {
                anyhow::bail!("TimeGo sessions do not ponder: --ponder true needs --variant go");
            }
            let stdin = std::io::stdin().lock();
            let stdout = std::io::stdout().lock();
            match args.variant {
                gtp::VariantArg::Go => tengen_gtp::run(stdin, stdout, args.options())?,
                gtp::VariantArg::Timego => {
                    tengen_gtp::timego::run(stdin, stdout, args.timego_options())?
                }
            }
        }
        Command::Replay { file } => {
            let file = file.filter(|f| f.as_os_str() != "-");
            let bytes = match &file {
                Some(path) => std::fs::read(path)
                    .with_context(|| format!("cannot read {}", path.display()))?,
                None => {
                    let mut bytes = Vec::new();
                    std::io::stdin()
                        .read_to_end(&mut bytes)
                        .context("cannot read standard input")?;
                    bytes
                }
            };
            let format = replay::detect(file.as_deref(), &String::from_utf8_lossy(&bytes));
            match replay::replay(&bytes, format) {
                Ok(view) => println!("{}", serde_json::to_string_pretty(&view)?),
                Err(failure) => {
                    eprintln!("error: {failure}");
                    std::process::exit(1);
                }
            }
        }
    }
    Ok(())
}
