//! Pondering between commands (`tengen gtp --ponder true`): after the engine's move, the
//! engine searches the opponent's turn in a thread of its own until the next command
//! arrives; [`Engine::ponder`] keeps what it found for the search after the reply.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use tengen_engine::{Engine, Pondered, SearchControl};
use tengen_rules::Game;

/// A running turn of pondering: it owns the engine until [`Ponder::stop`].
#[derive(Debug)]
pub struct Ponder {
    cancel: Arc<AtomicBool>,
    thread: Option<JoinHandle<(Engine, Option<Pondered>)>>,
}

impl Ponder {
    /// Starts pondering `game` (the position after the engine's move) with `engine`.
    pub fn start(mut engine: Engine, game: Game) -> Ponder {
        let cancel = Arc::new(AtomicBool::new(false));
        let control = SearchControl {
            cancel: Some(cancel.clone()),
            progress: None,
        };
        let thread = std::thread::spawn(move || {
            let pondered = engine.ponder(&game, &control);
            (engine, pondered)
        });
        Ponder {
            cancel,
            thread: Some(thread),
        }
    }

    /// Stops the search and gives the engine back with what pondering did (`None` when the
    /// position was not one to ponder); `None` altogether only if the thread panicked, which
    /// loses the engine's kept tree.
    pub fn stop(mut self) -> Option<(Engine, Option<Pondered>)> {
        self.cancel.store(true, Ordering::Relaxed);
        self.thread.take()?.join().ok()
    }
}

impl Drop for Ponder {
    /// A turn of pondering dropped without [`Ponder::stop`] (an error ended the GTP loop)
    /// still stops its thread before the process goes on.
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
