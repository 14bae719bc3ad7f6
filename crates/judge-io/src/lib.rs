//! A small reader for judge input: whitespace-separated tokens that remember where they were,
//! typed helpers to read them, and errors that say `line L, column C: expected ..., found ...`.
//!
//! Every problem in the workspace reads its input through this crate, so no binary hand-rolls
//! its parsing and every error message has the same shape.
//!
//! ```
//! use judge_io::Input;
//!
//! let mut input = Input::new(b"2\n7 x\n");
//! assert_eq!(input.next_usize("the number of cases").unwrap(), 2);
//! assert_eq!(input.next_usize("a number").unwrap(), 7);
//! let err = input.next_usize("a number").unwrap_err();
//! assert_eq!(err.to_string(), "line 2, column 3: expected a number, found 'x'");
//! ```
//!
//! It also holds what every binary shares at its edge: [`answer`] reads a file argument or
//! stdin, writes the answer, and turns an error into `error: ...` and exit status 1.
//!
//! Positions are 1-based; a column counts characters (a multi-byte UTF-8 character is one
//! column, a byte that is not valid UTF-8 is one column). The input is taken as bytes, so binary
//! garbage is reported like any other bad token rather than failing before parsing starts.

#![forbid(unsafe_code)]

#[cfg(feature = "cards")]
pub mod cards;

use std::fmt::{self, Write as _};
use std::io::{self, Read, Write};
use std::num::NonZeroUsize;
use std::path::Path;
use std::process::ExitCode;
use std::str::FromStr;

/// A cursor over judge input, optionally limited to one line.
#[derive(Clone, Debug)]
pub struct Input<'a> {
    /// The whole input; offsets in tokens and errors are into this slice.
    text: &'a [u8],
    /// The next byte to look at.
    position: usize,
    /// One past the last byte this cursor may read: the end of the text, or of one line.
    end: usize,
    /// Whether this cursor reads one line, which changes how its end is named in errors.
    is_line: bool,
}

/// One whitespace-separated token and where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// The token's bytes, never empty and never containing whitespace.
    pub bytes: &'a [u8],
    /// The byte offset of the token's first byte in the whole input.
    pub offset: usize,
}

/// A position in the input, both numbers counted from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Position {
    /// The line, counted from 1.
    pub line: usize,
    /// The column in characters, counted from 1.
    pub column: usize,
}

/// Bad input: where it is and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    position: Position,
    message: String,
}

impl<'a> Input<'a> {
    /// A cursor over the whole of `text`. A UTF-8 byte-order mark at the start (which some
    /// editors write) is skipped, and positions are counted as if it were not there.
    pub fn new(text: &'a [u8]) -> Self {
        let text = text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text);
        Self {
            text,
            position: 0,
            end: text.len(),
            is_line: false,
        }
    }

    /// The next token, or `None` at the end of the input (or line).
    #[inline]
    pub fn next_token(&mut self) -> Option<Token<'a>> {
        let rest = &self.text[self.position..self.end];
        let Some(skipped) = rest.iter().position(|byte| !byte.is_ascii_whitespace()) else {
            self.position = self.end;
            return None;
        };
        let token = &rest[skipped..];
        let length = token
            .iter()
            .position(u8::is_ascii_whitespace)
            .unwrap_or(token.len());
        let offset = self.position + skipped;
        self.position = offset + length;
        Some(Token {
            bytes: &token[..length],
            offset,
        })
    }

    /// The next token, or an error saying that `expected` was wanted where the input ended.
    #[inline]
    pub fn expect_token(&mut self, expected: &str) -> Result<Token<'a>, InputError> {
        self.next_token().ok_or_else(|| self.ended(expected))
    }

    /// The next token parsed with [`FromStr`]; a token that does not parse is reported as
    /// `expected <expected>, found '<token>' (<parse error>)`.
    pub fn next_parsed<T>(&mut self, expected: &str) -> Result<T, InputError>
    where
        T: FromStr,
        T::Err: fmt::Display,
    {
        let token = self.expect_token(expected)?;
        self.parse_token(token, expected)
    }

    /// The next token parsed from its bytes by `parse`, reported like [`Input::next_parsed`]
    /// when it does not parse.
    #[inline]
    pub fn next_parsed_with<T, E: fmt::Display>(
        &mut self,
        expected: &str,
        parse: impl FnOnce(&[u8]) -> Result<T, E>,
    ) -> Result<T, InputError> {
        let token = self.expect_token(expected)?;
        self.parse_token_with(token, expected, parse)
    }

    /// `token` parsed with [`FromStr`], reported like [`Input::next_parsed`] when it does not
    /// parse. Useful when the token is needed again, say for a later error at its position.
    fn parse_token<T>(&self, token: Token<'_>, expected: &str) -> Result<T, InputError>
    where
        T: FromStr,
        T::Err: fmt::Display,
    {
        match std::str::from_utf8(token.bytes) {
            Ok(text) => self.parse_token_with(token, expected, |_| text.parse::<T>()),
            Err(_) => Err(self.unexpected(token, expected)),
        }
    }

    /// `token` parsed from its bytes by `parse`, reported like [`Input::next_parsed`] when it
    /// does not parse: the fast path for types that read bytes.
    #[inline(always)]
    pub fn parse_token_with<T, E: fmt::Display>(
        &self,
        token: Token<'_>,
        expected: &str,
        parse: impl FnOnce(&[u8]) -> Result<T, E>,
    ) -> Result<T, InputError> {
        parse(token.bytes).map_err(|reason| self.not_parsed(token, expected, reason))
    }

    /// The error for a token that did not parse, kept out of line: bad input is rare.
    #[cold]
    fn not_parsed(
        &self,
        token: Token<'_>,
        expected: &str,
        reason: impl fmt::Display,
    ) -> InputError {
        self.error_at(
            token.offset,
            format!(
                "expected {expected}, found {} ({reason})",
                quote(token.bytes)
            ),
        )
    }

    /// The next token as a non-negative decimal number; a number too large for `usize` is
    /// reported with the limit.
    pub fn next_usize(&mut self, expected: &str) -> Result<usize, InputError> {
        let token = self.expect_token(expected)?;
        match parse_decimal(token.bytes) {
            Ok(value) => Ok(value),
            Err(DecimalError::NotANumber) => Err(self.unexpected(token, expected)),
            Err(err) => Err(self.not_parsed(token, expected, err)),
        }
    }

    /// The next token as a decimal number in `low..=high`; out-of-range numbers are reported
    /// with the range.
    pub fn next_usize_in(
        &mut self,
        expected: &str,
        low: usize,
        high: usize,
    ) -> Result<usize, InputError> {
        let token = self.expect_token(expected)?;
        match parse_decimal(token.bytes) {
            Ok(value) if (low..=high).contains(&value) => Ok(value),
            Ok(_) | Err(DecimalError::TooLarge | DecimalError::Zero) => Err(self.error_at(
                token.offset,
                format!(
                    "expected {expected} in {low}..={high}, found {}",
                    quote(token.bytes)
                ),
            )),
            Err(DecimalError::NotANumber) => Err(self.unexpected(token, expected)),
        }
    }

    /// Succeeds when nothing but whitespace is left; otherwise reports the first leftover token.
    pub fn finish(mut self) -> Result<(), InputError> {
        match self.next_token() {
            None => Ok(()),
            Some(token) => Err(self.unexpected(token, self.end_name())),
        }
    }

    /// Whether nothing but whitespace is left.
    pub fn is_exhausted(&self) -> bool {
        self.text[self.position..self.end]
            .iter()
            .all(u8::is_ascii_whitespace)
    }

    /// The rest of the current line as a cursor of its own, moving this cursor past the line
    /// break; `None` at the end of the input. Offsets and errors stay relative to the whole input.
    pub fn next_line(&mut self) -> Option<Input<'a>> {
        if self.position >= self.end {
            return None;
        }
        let start = self.position;
        let line_end = self.text[start..self.end]
            .iter()
            .position(|&byte| byte == b'\n')
            .map_or(self.end, |length| start + length);
        self.position = (line_end + 1).min(self.end);
        Some(Input {
            text: self.text,
            position: start,
            end: line_end,
            is_line: true,
        })
    }

    /// The input's bytes from offset `start` to offset `end` (offsets as in tokens), spaces and
    /// all: for a value written as several tokens.
    pub fn text_between(&self, start: usize, end: usize) -> &'a [u8] {
        &self.text[start..end]
    }

    /// An error at byte `offset` of the input with `message` (which should not start with a
    /// capital letter nor end with a full stop).
    pub fn error_at(&self, offset: usize, message: impl Into<String>) -> InputError {
        InputError {
            position: position_of(self.text, offset),
            message: message.into(),
        }
    }

    /// The error for a token that is not what was expected: `expected X, found 'Y'`.
    pub fn unexpected(&self, token: Token<'_>, expected: &str) -> InputError {
        self.error_at(
            token.offset,
            format!("expected {expected}, found {}", quote(token.bytes)),
        )
    }

    /// The error for running out of input (or line) where `expected` was wanted.
    pub fn ended(&self, expected: &str) -> InputError {
        self.error_at(
            self.end,
            format!("expected {expected}, found {}", self.end_name()),
        )
    }

    /// The position of byte `offset` of the input.
    pub fn position_of(&self, offset: usize) -> Position {
        position_of(self.text, offset)
    }

    fn end_name(&self) -> &'static str {
        if self.is_line {
            "end of line"
        } else {
            "end of input"
        }
    }
}

impl<'a> Iterator for Input<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        self.next_token()
    }
}

impl InputError {
    /// Where the input went wrong.
    pub fn position(&self) -> Position {
        self.position
    }

    /// What went wrong, without the position.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.position.line, self.position.column, self.message
        )
    }
}

impl std::error::Error for InputError {}

/// The whole of a judge binary once its arguments are parsed: read the input (the file at
/// `path`; stdin when there is none or it is `-`), `solve` it, write the answer; on any failure
/// print one line `error: ...` on stderr, write nothing on stdout, and exit with status 1.
pub fn answer<E: fmt::Display>(
    path: Option<&Path>,
    solve: impl FnOnce(&[u8]) -> Result<Vec<u8>, E>,
) -> ExitCode {
    let result = read_input(path, io::stdin().lock())
        .and_then(|input| solve(&input).map_err(|err| err.to_string()));
    write_answer(result)
}

/// The end of any run of a binary: the whole `output` on stdout, or, when it is an error (or
/// cannot be written), one line `error: ...` on stderr and exit status 1.
pub fn write_answer<E: fmt::Display>(output: Result<Vec<u8>, E>) -> ExitCode {
    let result = output.map_err(|err| err.to_string()).and_then(|output| {
        write_output(&output, io::stdout().lock()).map_err(|err| err.to_string())
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Declares a problem binary's whole command line, `Cli`, in the calling crate's `cli` module:
/// the crate's `Options` (which derive `clap::Args`) flattened, and the input file. `$about` is
/// the one-line description, `$long_about` the input grammar and output for `--help`, `$page`
/// the problem page's file name; `$run` answers the input bytes. The caller depends on clap;
/// judge-io does not.
///
/// A binary that does more than answer the judge's input names its subcommands' type with
/// `commands:`, a `clap::Subcommand` with two methods of the same shape as `Cli`'s own:
/// `answer(&self) -> ExitCode` (the whole run) and `respond(&self, input: &[u8]) ->
/// Result<Vec<u8>, String>` (the output for `input`, without reading or writing anything).
#[macro_export]
macro_rules! problem_cli {
    (
        about: $about:literal,
        long_about: $long_about:literal,
        page: $page:literal,
        options: $options:ty,
        run: $run:path
        $(, commands: $commands:ty)? $(,)?
    ) => {
        /// The command line: how to answer, and the input file.
        #[derive(Clone, Debug, clap::Parser)]
        #[command(
            version,
            about = $about,
            long_about = concat!($about, "\n\n", $long_about),
            after_long_help = concat!(
                "Bad input gets one line `error: line L, column C: ...` on stderr, nothing on \
                 stdout, and exit\nstatus 1. The rules, limits, a worked sample and the pitfalls \
                 are in the repository's\ndocs/problems/",
                $page,
                "."
            ),
            // A subcommand's name is never read as the input file (write `./chart` for that).
            args_conflicts_with_subcommands = true
        )]
        pub struct Cli {
            /// How to answer.
            #[command(flatten)]
            pub options: $options,
            /// The input file; stdin when absent or `-`.
            pub file: Option<std::path::PathBuf>,
            $(
                /// A task other than answering the judge's input.
                #[command(subcommand)]
                pub command: Option<$commands>,
            )?
        }

        impl Cli {
            /// Answers the input: the whole answer on stdout, or one `error: ...` line on stderr
            /// and exit status 1.
            pub fn answer(&self) -> std::process::ExitCode {
                $(
                    if let Some(command) = &self.command {
                        return <$commands>::answer(command);
                    }
                )?
                $crate::answer(self.file.as_deref(), |input| $run(input, &self.options))
            }

            /// The output for `input` (the error's message when it is rejected), without reading
            /// or writing anything: what the golden tests check.
            pub fn respond(&self, input: &[u8]) -> Result<Vec<u8>, String> {
                $(
                    if let Some(command) = &self.command {
                        return <$commands>::respond(command, input);
                    }
                )?
                $run(input, &self.options).map_err(|err| err.to_string())
            }
        }
    };
}

/// Reads the whole input: the file at `path`, or `stdin` when there is none or it is `-`.
fn read_input(path: Option<&Path>, mut stdin: impl Read) -> Result<Vec<u8>, String> {
    match path {
        Some(path) if path != Path::new("-") => {
            std::fs::read(path).map_err(|err| format!("cannot read '{}': {err}", path.display()))
        }
        _ => {
            let mut input = Vec::new();
            stdin
                .read_to_end(&mut input)
                .map_err(|err| format!("cannot read stdin: {err}"))?;
            Ok(input)
        }
    }
}

/// Writes a binary's whole answer to `stdout` at once.
fn write_output(output: &[u8], mut stdout: impl Write) -> io::Result<()> {
    stdout.write_all(output)?;
    stdout.flush()
}

/// How many threads a binary may use, at least one: what its `--threads` option or the
/// `JUDGE_THREADS` environment variable says, else one per core. The edge reads it once and
/// passes it down; no library reads the environment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Threads(NonZeroUsize);

/// A thread count that is not a whole number of at least 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseThreadsError;

impl Threads {
    /// One thread: everything runs on the calling thread.
    pub const ONE: Threads = Threads(NonZeroUsize::MIN);

    /// One thread per core the process may use (one when that cannot be told).
    pub fn available() -> Threads {
        Threads(std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN))
    }

    /// `count` threads, if `count` is at least 1.
    pub fn new(count: usize) -> Option<Threads> {
        NonZeroUsize::new(count).map(Threads)
    }

    /// The number of threads.
    pub fn get(self) -> usize {
        self.0.get()
    }
}

impl Default for Threads {
    /// One thread per core: [`Threads::available`].
    fn default() -> Self {
        Threads::available()
    }
}

impl fmt::Display for Threads {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl FromStr for Threads {
    type Err = ParseThreadsError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        parse_decimal(text.as_bytes())
            .ok()
            .and_then(Threads::new)
            .ok_or(ParseThreadsError)
    }
}

impl fmt::Display for ParseThreadsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a whole number of threads, at least 1")
    }
}

impl std::error::Error for ParseThreadsError {}

/// `item(0)`, `item(1)`, ... `item(count - 1)`, in that order, worked out on up to `threads`
/// threads that each take the next index not yet taken (so items of uneven cost share out
/// evenly). One thread, or one item, runs on the calling thread and spawns nothing.
pub fn map_on_threads<R: Send>(
    count: usize,
    threads: Threads,
    item: impl Fn(usize) -> R + Sync,
) -> Vec<R> {
    let threads = threads.get().min(count);
    if threads <= 1 {
        return (0..count).map(item).collect();
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let work = || {
        let mut done = Vec::new();
        loop {
            let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            if index >= count {
                return done;
            }
            done.push((index, item(index)));
        }
    };
    let mut results: Vec<(usize, R)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads).map(|_| scope.spawn(work)).collect();
        handles
            .into_iter()
            // A panicking item is a bug; let it propagate as the panic it is.
            .flat_map(|handle| {
                handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    });
    results.sort_unstable_by_key(|&(index, _)| index);
    results.into_iter().map(|(_, result)| result).collect()
}

/// Answers independent cases, in input order, on up to `threads` threads.
///
/// Each thread takes a contiguous run of cases with a solver of its own (from `new_solver`) and
/// appends each answer to its own buffer with `answer`; the buffers are joined in order, so the
/// output is exactly what one thread would produce. Small inputs stay on the calling thread.
pub fn answer_in_parallel<Case, Solver>(
    cases: &[Case],
    threads: Threads,
    new_solver: impl Fn() -> Solver + Sync,
    answer: impl Fn(&mut Solver, &Case, &mut Vec<u8>) + Sync,
) -> Vec<u8>
where
    Case: Sync,
{
    /// Below this many cases per thread, starting threads costs more than it saves.
    const MIN_CASES_PER_THREAD: usize = 2_000;
    let threads = threads.get().min(cases.len() / MIN_CASES_PER_THREAD).max(1);
    let answer_run = |run: &[Case]| {
        let mut solver = new_solver();
        let mut output = Vec::new();
        for case in run {
            answer(&mut solver, case, &mut output);
        }
        output
    };
    if threads == 1 {
        return answer_run(cases);
    }
    let run_length = cases.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let handles: Vec<_> = cases
            .chunks(run_length)
            .map(|run| scope.spawn(|| answer_run(run)))
            .collect();
        let mut output = Vec::new();
        for handle in handles {
            // A panicking solver is a bug; let it propagate as the panic it is.
            output.extend(
                handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            );
        }
        output
    })
}

/// A token quoted for an error message: printable characters as they are, others escaped as Rust
/// escapes them (`\u{1}`), bytes that are not UTF-8 as `\xNN`, and long tokens cut short after
/// [`QUOTE_LIMIT`] characters so one bad token cannot flood the terminal.
pub fn quote(bytes: &[u8]) -> String {
    let mut quoted = String::from("'");
    let mut shown = 0;
    for chunk in bytes.utf8_chunks() {
        for character in chunk.valid().chars() {
            if shown == QUOTE_LIMIT {
                quoted.push_str("...'");
                return quoted;
            }
            quoted.extend(character.escape_debug());
            shown += 1;
        }
        for byte in chunk.invalid() {
            if shown == QUOTE_LIMIT {
                quoted.push_str("...'");
                return quoted;
            }
            write!(quoted, "\\x{byte:02x}").expect("writing to a String succeeds");
            shown += 1;
        }
    }
    quoted.push('\'');
    quoted
}

/// How many characters of a token [`quote`] shows.
pub const QUOTE_LIMIT: usize = 24;

/// Why a token is not a `usize` for [`parse_decimal`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecimalError {
    /// Not digits only (or empty).
    NotANumber,
    /// Digits, but more than `usize::MAX`.
    TooLarge,
    /// Zero where a positive number is wanted, by [`parse_positive`].
    Zero,
}

impl fmt::Display for DecimalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecimalError::NotANumber => f.write_str("not a number"),
            DecimalError::TooLarge => write!(f, "larger than {}", usize::MAX),
            DecimalError::Zero => f.write_str("it must be at least 1"),
        }
    }
}

impl std::error::Error for DecimalError {}

/// `bytes` as a non-negative decimal number: digits only (no sign), at most `usize::MAX`. The
/// number reader behind [`Input::next_usize`], for parsers with checks of their own.
pub fn parse_decimal(bytes: &[u8]) -> Result<usize, DecimalError> {
    if bytes.is_empty() || !bytes.iter().all(u8::is_ascii_digit) {
        return Err(DecimalError::NotANumber);
    }
    bytes
        .iter()
        .try_fold(0usize, |value, &byte| {
            value.checked_mul(10)?.checked_add(usize::from(byte - b'0'))
        })
        .ok_or(DecimalError::TooLarge)
}

/// `bytes` as a positive decimal number, like [`parse_decimal`] but refusing 0: for counts of
/// things that cannot be empty.
pub fn parse_positive(bytes: &[u8]) -> Result<usize, DecimalError> {
    match parse_decimal(bytes)? {
        0 => Err(DecimalError::Zero),
        value => Ok(value),
    }
}

/// The UTF-8 byte-order mark, skipped at the start of the input.
const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

fn position_of(text: &[u8], offset: usize) -> Position {
    let before = &text[..offset.min(text.len())];
    let line_start = before
        .iter()
        .rposition(|&byte| byte == b'\n')
        .map_or(0, |newline| newline + 1);
    let line = before.split(|&byte| byte == b'\n').count();
    // Count characters, not bytes: skip UTF-8 continuation bytes.
    let column = 1 + before[line_start..]
        .iter()
        .filter(|&&byte| byte & 0xC0 != 0x80)
        .count();
    Position { line, column }
}

#[cfg(test)]
mod tests;
