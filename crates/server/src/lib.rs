//! The Tengen server (placeholder until the web app lands).

/// Serves the app on `addr` until Ctrl-C.
pub async fn serve(_addr: std::net::SocketAddr, _database: Option<String>) -> std::io::Result<()> {
    Ok(())
}
