//! Fuzzes the SGF reader: any input gives a record or a typed error, never a panic; every record
//! read survives a write → read round trip unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tengen_rules::sgf::{from_sgf, to_sgf};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(record) = from_sgf(&text) {
        let written = to_sgf(&record);
        match from_sgf(&written) {
            Ok(again) => assert_eq!(again, record, "round trip changed the record:\n{written}"),
            Err(e) => panic!("written SGF does not read back: {e}\n{written}"),
        }
    }
});
