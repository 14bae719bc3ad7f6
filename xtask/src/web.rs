//! `cargo xtask web`: the calculator page. Builds `equity-web` for WebAssembly, binds it with
//! wasm-bindgen and writes the site (the page in `web/`, the module and push-fold's three-way
//! table) to `target/web/`; `--serve` then serves it on 127.0.0.1. The wasm32 target and a
//! wasm-bindgen-cli of the version in Cargo.lock (the two must match) are installed on first
//! use.

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail};

use crate::cargo_tool::succeeds;

const TARGET: &str = "wasm32-unknown-unknown";

/// push-fold's three-way table, served in the site's `data/` (40 MB, fetched only when a
/// three-handed spot is solved).
const THREE_WAY_TABLE: &str = "three-way-v1.bin";

/// The postflop report committed as data (docs/data/postflop-report/), served in the site's
/// `data/` for the postflop view's example button.
const EXAMPLE_REPORT: &str = "docs/data/postflop-report/all-flops.csv";

/// Builds the site into `target/web/`, and serves it when `serve` is given a port (0: any free
/// one).
pub fn run(serve: Option<u16>) -> anyhow::Result<()> {
    let root = workspace_root();
    let site = root.join("target/web");
    build(&root, &site)?;
    if let Some(port) = serve {
        serve_site(&site, port)?;
    }
    Ok(())
}

/// The workspace's root: the parent of xtask's manifest folder.
pub(crate) fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask sits in the workspace")
        .to_path_buf()
}

fn build(root: &Path, site: &Path) -> anyhow::Result<()> {
    ensure_target()?;
    let bindgen = ensure_bindgen(root)?;
    let status = Command::new("cargo")
        .current_dir(root)
        .args(["build", "--release", "--locked", "--target", TARGET])
        .args(["-p", "equity-web"])
        .status()
        .context("running cargo build")?;
    if !status.success() {
        bail!("building equity-web for {TARGET} failed");
    }
    if site.exists() {
        fs::remove_dir_all(site).with_context(|| format!("emptying {}", site.display()))?;
    }
    let module = root.join(format!("target/{TARGET}/release/equity_web.wasm"));
    let status = Command::new(&bindgen)
        .args(["--target", "web", "--no-typescript", "--out-dir"])
        .arg(site.join("pkg"))
        .arg(&module)
        .status()
        .context("running wasm-bindgen")?;
    if !status.success() {
        bail!("wasm-bindgen failed");
    }
    copy_page(&root.join("web"), site)?;
    // The three-way table, which the worker fetches for three-handed push/fold spots.
    let table = root.join("crates/push-fold/data").join(THREE_WAY_TABLE);
    fs::create_dir_all(site.join("data"))?;
    fs::copy(&table, site.join("data").join(THREE_WAY_TABLE))
        .with_context(|| format!("copying {}", table.display()))?;
    fs::copy(
        root.join(EXAMPLE_REPORT),
        site.join("data/postflop-report-all-flops.csv"),
    )
    .with_context(|| format!("copying {EXAMPLE_REPORT}"))?;
    let bound = site.join("pkg/equity_web_bg.wasm");
    let size = fs::metadata(&bound)
        .with_context(|| format!("reading {}", bound.display()))?
        .len();
    println!(
        "web: the site is in {} (the WebAssembly module is {} bytes, {:.0} KiB)",
        site.display(),
        size,
        size as f64 / 1024.0
    );
    Ok(())
}

/// Adds the wasm32 target with rustup when the toolchain lacks it.
fn ensure_target() -> anyhow::Result<()> {
    let installed = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output();
    match installed {
        Ok(output) if String::from_utf8_lossy(&output.stdout).contains(TARGET) => Ok(()),
        Ok(_) => {
            println!("web: adding the {TARGET} target with rustup (once)");
            let status = Command::new("rustup")
                .args(["target", "add", TARGET])
                .status()
                .context("running rustup")?;
            if !status.success() {
                bail!("rustup target add {TARGET} failed");
            }
            Ok(())
        }
        // Without rustup the toolchain may still have the target (a distribution's Rust).
        Err(_) => Ok(()),
    }
}

/// The wasm-bindgen command of the version Cargo.lock pins, installed with cargo when the one on
/// the path is missing or another version.
fn ensure_bindgen(root: &Path) -> anyhow::Result<PathBuf> {
    let version = locked_version(root, "wasm-bindgen")?;
    let command = PathBuf::from("wasm-bindgen");
    let found = Command::new(&command).arg("--version").output();
    if found.is_ok_and(|output| {
        String::from_utf8_lossy(&output.stdout).trim() == format!("wasm-bindgen {version}")
    }) {
        return Ok(command);
    }
    println!("web: installing wasm-bindgen-cli {version} from crates.io (once, a few minutes)");
    let install = |locked: bool| {
        let mut command = Command::new("cargo");
        command.args([
            "install",
            "wasm-bindgen-cli",
            "--force",
            "--version",
            &version,
        ]);
        if locked {
            command.arg("--locked");
        }
        command.status().is_ok_and(|status| status.success())
    };
    // Its own lock first; a registry mirror that lacks one of those exact versions gets the
    // newest compatible ones instead.
    if !install(true) && !install(false) {
        bail!("cargo install wasm-bindgen-cli --version {version} failed");
    }
    if !succeeds(Command::new(&command).arg("--version")) {
        bail!("wasm-bindgen was installed but is not on the path (is ~/.cargo/bin on it?)");
    }
    Ok(command)
}

/// The version of `package` in Cargo.lock.
fn locked_version(root: &Path, package: &str) -> anyhow::Result<String> {
    let lock = fs::read_to_string(root.join("Cargo.lock")).context("reading Cargo.lock")?;
    let wanted = format!("name = \"{package}\"");
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line == wanted
            && let Some(version) = lines
                .next()
                .and_then(|line| line.strip_prefix("version = \""))
                .and_then(|rest| rest.strip_suffix('"'))
        {
            return Ok(version.to_string());
        }
    }
    bail!("Cargo.lock has no {package}")
}

/// Copies the page's files (not its tests) into the site.
fn copy_page(page: &Path, site: &Path) -> anyhow::Result<()> {
    for entry in fs::read_dir(page).with_context(|| format!("reading {}", page.display()))? {
        let entry = entry?;
        let name = entry.file_name();
        if entry.file_type()?.is_dir() {
            if name != "tests" {
                fs::create_dir_all(site.join(&name))?;
                copy_page(&entry.path(), &site.join(&name))?;
            }
        } else {
            fs::copy(entry.path(), site.join(&name))
                .with_context(|| format!("copying {}", entry.path().display()))?;
        }
    }
    Ok(())
}

/// Serves `site` on 127.0.0.1 until stopped, one thread per connection.
fn serve_site(site: &Path, port: u16) -> anyhow::Result<()> {
    let listener = TcpListener::bind(("127.0.0.1", port))
        .with_context(|| format!("listening on 127.0.0.1:{port}"))?;
    let address = listener.local_addr()?;
    println!(
        "web: serving {} at http://{address}/ (Ctrl-C stops)",
        site.display()
    );
    std::io::stdout().flush()?;
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        let site = site.to_path_buf();
        std::thread::spawn(move || {
            // A client that goes away mid-answer is no concern of the server's.
            let _ = answer(&site, stream);
        });
    }
    Ok(())
}

/// Answers one HTTP request: a file of the site for GET (or HEAD), 404 when there is none.
fn answer(site: &Path, mut stream: TcpStream) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request = String::new();
    reader.read_line(&mut request)?;
    // The headers are read and ignored.
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header)? == 0 || header.trim().is_empty() {
            break;
        }
    }
    let mut parts = request.split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or("/"));
    let path = target.split(['?', '#']).next().unwrap_or("/");
    let file = file_for(site, path);
    let (status, body, kind) = match (method, file.as_deref().map(fs::read)) {
        ("GET" | "HEAD", Some(Ok(body))) => ("200 OK", body, content_type(file.as_deref())),
        ("GET" | "HEAD", _) => ("404 Not Found", b"not found\n".to_vec(), "text/plain"),
        _ => (
            "405 Method Not Allowed",
            b"only GET\n".to_vec(),
            "text/plain",
        ),
    };
    write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\
         Cache-Control: no-store\r\nConnection: close\r\n\r\n",
        body.len()
    )?;
    if method != "HEAD" {
        stream.write_all(&body)?;
    }
    stream.flush()
}

/// The site's file for a request path; `None` for a path that leaves the site.
fn file_for(site: &Path, path: &str) -> Option<PathBuf> {
    let relative = Path::new(path.trim_start_matches('/'));
    if relative
        .components()
        .any(|component| !matches!(component, Component::Normal(_)))
    {
        return None;
    }
    let file = site.join(relative);
    Some(if file.is_dir() {
        file.join("index.html")
    } else {
        file
    })
}

fn content_type(file: Option<&Path>) -> &'static str {
    match file.and_then(Path::extension).and_then(|ext| ext.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        // instantiateStreaming insists on this type.
        Some("wasm") => "application/wasm",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_stay_in_the_site() {
        let site = Path::new("/site");
        assert_eq!(
            file_for(site, "/app.js"),
            Some(PathBuf::from("/site/app.js"))
        );
        assert_eq!(file_for(site, "/../etc/passwd"), None);
        assert_eq!(file_for(site, "/pkg/../../x"), None);
        assert_eq!(
            file_for(site, "//etc/passwd"),
            Some(PathBuf::from("/site/etc/passwd"))
        );
    }

    #[test]
    fn the_module_is_served_as_webassembly() {
        assert_eq!(
            content_type(Some(Path::new("pkg/equity_web_bg.wasm"))),
            "application/wasm"
        );
        assert_eq!(content_type(None), "application/octet-stream");
    }

    #[test]
    fn the_lock_names_the_bindgen_version() {
        let version = locked_version(&workspace_root(), "wasm-bindgen").unwrap();
        assert!(version.starts_with("0.2."), "{version}");
    }
}
