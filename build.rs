//! Records the commit jpd is built from as `JPD_GIT_COMMIT` (read by
//! `harness::record::git_commit` for the manifests, and printed by `jpd --version`):
//! `git rev-parse HEAD` in the crate's folder at build time, or `unknown` outside git (a tarball,
//! or a tarball unpacked inside some other repository, whose commit is not jpd's). Rebuilt when
//! HEAD moves.

use std::process::Command;

/// `git ARGS` in the crate's folder, trimmed; `None` when git is missing or fails.
fn git(args: &[&str]) -> Option<String> {
    let o = Command::new("git").args(args).output().ok()?;
    let s = String::from_utf8(o.stdout).ok()?.trim().to_string();
    (o.status.success() && !s.is_empty()).then_some(s)
}

/// Whether the crate's folder is the top of the git work tree git finds from it.
fn is_own_repository() -> bool {
    let top = git(&["rev-parse", "--show-toplevel"]).map(std::path::PathBuf::from);
    let here = std::env::var_os("CARGO_MANIFEST_DIR").map(std::path::PathBuf::from);
    match (top, here) {
        (Some(top), Some(here)) => {
            let canon = |p: std::path::PathBuf| std::fs::canonicalize(&p).unwrap_or(p);
            canon(top) == canon(here)
        }
        _ => false,
    }
}

fn main() {
    let commit = is_own_repository()
        .then(|| git(&["rev-parse", "HEAD"]))
        .flatten()
        .unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=JPD_GIT_COMMIT={commit}");
    println!("cargo:rerun-if-changed=build.rs");
    // HEAD, the branch it names, and packed-refs (where a branch may live instead), each where
    // git keeps it (a worktree has its own HEAD and shares the refs). A path that does not
    // exist would rerun this script on every build, so only those that exist are named.
    let mut paths = vec!["HEAD".to_string(), "packed-refs".to_string()];
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
        paths.push(branch);
    }
    for p in paths {
        if let Some(path) = git(&["rev-parse", "--git-path", &p]) {
            if std::path::Path::new(&path).exists() {
                println!("cargo:rerun-if-changed={path}");
            }
        }
    }
}
