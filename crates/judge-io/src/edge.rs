//! What every binary shares at its edge: read a file argument or stdin, write the whole answer,
//! or one `error: ...` line and exit status 1; and the declaration of a problem's command line.

use std::fmt;
use std::io::{self, BufRead, IsTerminal as _, Read, Write};
use std::path::Path;
use std::process::ExitCode;

use crate::input::InputError;

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
/// cannot be written), one line `error: ...` on stderr and exit status 1. A reader that closed
/// the pipe early (`| head -1`) had all it wanted: the run ends quietly, with success.
pub fn write_answer<E: fmt::Display>(output: Result<Vec<u8>, E>) -> ExitCode {
    let result = output
        .map_err(|err| err.to_string())
        .and_then(|output| delivered(write_output(&output, io::stdout().lock())));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Whether a run should answer line by line: when asked (`--stream`), or when it reads a
/// terminal (no file, or `-`, and stdin is one), where a person types a line and waits for its
/// answer. Piped input and files keep the whole-input answer judges need.
pub fn streams(path: Option<&Path>, asked: bool) -> bool {
    asked || path.is_none_or(|path| path == Path::new("-")) && io::stdin().is_terminal()
}

/// Answers the input line by line, each as soon as it is read: for a person at a terminal
/// (after `hint`, on stderr, when stdin is one) or a program feeding lines one at a time. A bad
/// line gets its `error: line L, column C: ...` on stderr and the next line is read; the exit
/// status is 1 when any line was bad.
pub fn answer_each_line(
    path: Option<&Path>,
    hint: &str,
    solve: impl FnMut(&[u8]) -> Result<Vec<u8>, InputError>,
) -> ExitCode {
    let reader: Box<dyn BufRead> = match path {
        Some(path) if path != Path::new("-") => match std::fs::File::open(path) {
            Ok(file) => Box::new(io::BufReader::new(file)),
            Err(err) => {
                eprintln!("error: cannot read '{}': {err}", path.display());
                return ExitCode::FAILURE;
            }
        },
        _ => {
            if io::stdin().is_terminal() {
                eprintln!("{hint}");
            }
            Box::new(io::stdin().lock())
        }
    };
    // stderr is not locked for the whole stream: a line's answer may draw a progress bar on it
    // from the threads that count, which would then wait for the lock for good. Each error line
    // still takes the lock once, whole.
    match stream_lines(reader, io::stdout().lock(), io::stderr(), solve) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// [`answer_each_line`] on any reader and writers: whether every line was good. A closed
/// output ends the run as a good one.
pub(crate) fn stream_lines(
    mut reader: impl BufRead,
    mut stdout: impl Write,
    mut stderr: impl Write,
    mut solve: impl FnMut(&[u8]) -> Result<Vec<u8>, InputError>,
) -> Result<bool, String> {
    let mut all_good = true;
    let mut line = Vec::new();
    for number in 1.. {
        line.clear();
        let read = reader
            .read_until(b'\n', &mut line)
            .map_err(|err| format!("cannot read the input: {err}"))?;
        if read == 0 {
            break;
        }
        let text = if number == 1 {
            line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&line)
        } else {
            &line
        };
        if text.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let written = match solve(text) {
            Ok(output) => write_output(&output, &mut stdout),
            Err(err) => {
                all_good = false;
                let column = err.position().column;
                writeln!(
                    stderr,
                    "error: line {number}, column {column}: {}",
                    err.message()
                )
            }
        };
        if written.is_err() {
            delivered(written)?;
            return Ok(all_good);
        }
    }
    Ok(all_good)
}

/// Declares a problem's `Options`, how to answer, once for the library and the binary: a plain
/// struct of public fields (`Clone`, `Copy`, `Debug`, `Default`, `PartialEq`, `Eq`) which, with
/// the calling crate's `cli` feature, derives `clap::Args`, each field a `--long` flag. Clap's
/// further arguments for a field follow its type in brackets:
///
/// ```
/// judge_io::problem_options! {
///     /// After each answer, show how it was found.
///     explain: bool,
///     /// How much to say, from 0.
///     level: u8 [value_name = "LEVEL"],
/// }
///
/// let options = Options { level: 2, ..Options::default() };
/// assert!(!options.explain);
/// ```
#[macro_export]
macro_rules! problem_options {
    ($($(#[doc = $doc:expr])* $field:ident: $kind:ty $([$($arg:tt)*])?),* $(,)?) => {
        /// How to answer: the binary's options, declared once (with the `cli` feature they are
        /// also its command-line flags).
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        #[cfg_attr(feature = "cli", derive(clap::Args))]
        pub struct Options {
            $(
                $(#[doc = $doc])*
                #[cfg_attr(feature = "cli", arg(long $(, $($arg)*)?))]
                pub $field: $kind,
            )*
        }
    };
}

/// Declares a problem binary's whole command line, `Cli`, in the calling crate's `cli` module:
/// the crate's `Options` (which derive `clap::Args`) flattened, and the input file. `$about` is
/// the one-line description, `$long_about` the input grammar and output for `--help`, `$page`
/// the problem page's file name; `$run` answers the input bytes. The caller depends on clap;
/// judge-io does not.
///
/// A binary that does more than answer the judge's input names its subcommands' type with
/// `commands:`: a `clap::Subcommand` that implements [`Subcommands`].
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
            /// This run's command line; on a misuse clap's message and exit status 2.
            pub fn from_args() -> Cli {
                Cli::read(std::env::args_os()).unwrap_or_else(|err| err.exit())
            }

            /// The command line `args` (the program's name first), or clap's error, with two
            /// slips clap words obscurely said plainly: a second input file, and a command
            /// written after the input file.
            pub fn read<I, T>(args: I) -> Result<Cli, clap::Error>
            where
                I: IntoIterator<Item = T>,
                T: Into<std::ffi::OsString> + Clone,
            {
                use clap::error::{ContextKind, ContextValue, ErrorKind};
                use clap::{CommandFactory as _, Parser as _};
                let err = match Cli::try_parse_from(args) {
                    Ok(cli) => return Ok(cli),
                    Err(err) => err,
                };
                let named = |kind| match err.get(kind) {
                    Some(ContextValue::String(text)) => Some(text.clone()),
                    _ => None,
                };
                let mut command = Cli::command();
                let plain = match err.kind() {
                    ErrorKind::ArgumentConflict => named(ContextKind::InvalidSubcommand).map(|name| {
                        if command.find_subcommand(&name).is_some() {
                            format!(
                                "'{name}' is a command: write it first ('{} {name} --help' says \
                                 what it takes)",
                                command.get_name()
                            )
                        } else {
                            format!("one input file at a time: '{name}' would be a second")
                        }
                    }),
                    ErrorKind::UnknownArgument => named(ContextKind::InvalidArg)
                        .filter(|arg| !arg.starts_with('-'))
                        .map(|arg| format!("one input file at a time: '{arg}' would be a second")),
                    _ => None,
                };
                Err(match plain {
                    Some(message) => command.error(ErrorKind::TooManyValues, message),
                    None => err,
                })
            }

            /// Answers the input: the whole answer on stdout, or one `error: ...` line on stderr
            /// and exit status 1.
            pub fn answer(&self) -> std::process::ExitCode {
                $(
                    if let Some(command) = &self.command {
                        return <$commands as $crate::Subcommands>::answer(command);
                    }
                )?
                $crate::answer(self.file.as_deref(), |input| $run(input, &self.options))
            }

            /// The output for `input` (the error's message when it is rejected), without reading
            /// or writing anything: what the golden tests check.
            pub fn respond(&self, input: &[u8]) -> Result<Vec<u8>, String> {
                $(
                    if let Some(command) = &self.command {
                        return <$commands as $crate::Subcommands>::respond(command, input);
                    }
                )?
                $run(input, &self.options).map_err(|err| err.to_string())
            }
        }
    };
}

/// The tasks of a binary besides answering the judge's input (its subcommands), as
/// [`problem_cli!`]'s `Cli` runs them.
pub trait Subcommands {
    /// The whole run: the answer on stdout, or one `error: ...` line on stderr and exit status 1.
    fn answer(&self) -> ExitCode;

    /// The output for `input`, without reading or writing anything (the error's message when
    /// the input is rejected): what the golden tests check.
    fn respond(&self, input: &[u8]) -> Result<Vec<u8>, String>;
}

/// Reads the whole input: the file at `path`, or `stdin` when there is none or it is `-`.
pub(crate) fn read_input(path: Option<&Path>, mut stdin: impl Read) -> Result<Vec<u8>, String> {
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
pub(crate) fn write_output(output: &[u8], mut stdout: impl Write) -> io::Result<()> {
    stdout.write_all(output)?;
    stdout.flush()
}

/// Whether an answer reached its reader, as far as the run is concerned: a closed pipe counts as
/// delivered (the reader stopped reading, as `head` does); any other failure is an error.
pub(crate) fn delivered(written: io::Result<()>) -> Result<(), String> {
    match written {
        Err(err) if err.kind() != io::ErrorKind::BrokenPipe => Err(err.to_string()),
        _ => Ok(()),
    }
}
