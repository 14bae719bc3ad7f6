//! The lookup tables `Hand::evaluate` reads, made by [`generate`](super::generate) from the
//! reference evaluator: at build time by `build.rs`, as statics (`flush` 16 KiB, `rank` about
//! 164 KiB, `row_offsets` 16 KiB), or with the `tables-at-startup` feature on first use, for the
//! judge bundles of `cargo xtask bundle`, which have no build script.

use super::key_layout::ROW_BITS;

/// The tables, borrowed for the life of the program; their layout is `generate`'s.
pub(crate) struct Tables {
    /// The value of each 13-bit rank pattern of one suit.
    pub(crate) flush: &'static [u16; 1 << 13],
    /// The values of non-flush hands, by row offset plus column.
    pub(crate) rank: &'static [u16],
    /// Each row's offset into `rank`, halved.
    pub(crate) row_offsets: &'static [u16; 1 << ROW_BITS],
}

#[cfg(not(feature = "tables-at-startup"))]
mod built {
    include!(concat!(env!("OUT_DIR"), "/holdem_tables.rs"));
}

/// The tables that `build.rs` wrote.
#[cfg(not(feature = "tables-at-startup"))]
#[inline(always)]
pub(crate) fn tables() -> &'static Tables {
    static TABLES: Tables = Tables {
        flush: &built::FLUSH_LOOKUP,
        rank: &built::RANK_LOOKUP,
        row_offsets: &built::ROW_OFFSETS,
    };
    &TABLES
}

/// The tables, generated on the first call.
#[cfg(feature = "tables-at-startup")]
#[inline]
pub(crate) fn tables() -> &'static Tables {
    static TABLES: std::sync::OnceLock<Tables> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| {
        let generated = super::generate::generate();
        Tables {
            flush: Box::leak(
                generated
                    .flush
                    .into_boxed_slice()
                    .try_into()
                    .expect("8,192 rank patterns"),
            ),
            rank: Box::leak(generated.rank.into_boxed_slice()),
            row_offsets: Box::leak(
                generated
                    .row_offsets
                    .into_boxed_slice()
                    .try_into()
                    .expect("one offset a row"),
            ),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::tables;

    #[test]
    fn the_tables_take_less_than_300_kb() {
        let tables = tables();
        let bytes =
            size_of_val(tables.flush) + size_of_val(tables.rank) + size_of_val(tables.row_offsets);
        assert!(bytes < 300_000, "{bytes} bytes");
        assert_eq!(
            size_of_val(tables.row_offsets) + size_of_val(tables.flush),
            32 * 1024
        );
    }

    #[test]
    fn generating_at_run_time_makes_the_tables_build_rs_wrote() {
        let generated = super::super::generate::generate();
        let tables = tables();
        assert_eq!(generated.flush, tables.flush);
        assert_eq!(generated.rank, tables.rank);
        assert_eq!(generated.row_offsets, tables.row_offsets);
    }
}
