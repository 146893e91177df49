//! SGF FF[4] reading and writing (placeholder until the SGF work lands).
