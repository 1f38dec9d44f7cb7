//! The Python module `jipingdian._native`: `score` and `rules`, the JSON of `jpd score --format
//! json` and `jpd rules --format json` built by the same library functions as the CLI, handed
//! to Python through its `json` module (so the values are exactly the CLI's).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use jipingdian::checks::CheckOptions;
use jipingdian::counting::Balancing;
use jipingdian::report::rulesets;
use jipingdian::report::score::{
    score_bytes, write_json_entries, DeadChoice, KomiChoice, ScoreEntry, ScoreOptions,
};
use jipingdian::rules::RuleId;

/// The options of `jpd score` from the keyword arguments, or the CLI's message.
fn options(
    rules: &str,
    dead: &str,
    komi: &str,
    balancing: &str,
    assume_pause: bool,
    implied_passes: bool,
) -> Result<ScoreOptions, String> {
    let dead = match dead {
        "default" => DeadChoice::Default,
        d => d.parse::<DeadChoice>()?,
    };
    Ok(ScoreOptions {
        rules: RuleId::parse_list(rules)?,
        balancing: balancing.parse::<Balancing>().map_err(|e| e.to_string())?,
        komi: komi.parse::<KomiChoice>().map_err(|e| e.to_string())?,
        checks: CheckOptions::default(),
        assume_pause,
        implied_passes,
        dead,
    })
}

/// Text for `json.loads`, or the message of a `ValueError`.
fn json_of(write: impl FnOnce(&mut Vec<u8>) -> std::io::Result<()>) -> Result<String, String> {
    let mut out = Vec::new();
    write(&mut out).map_err(|e| e.to_string())?;
    String::from_utf8(out).map_err(|e| e.to_string())
}

fn loads(py: Python<'_>, text: &str) -> PyResult<PyObject> {
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}

/// The record's bytes: a `str` as UTF-8, `bytes` as they are (the record's `CA` decodes them).
fn record_bytes(sgf: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(b) = sgf.downcast::<PyBytes>() {
        return Ok(b.as_bytes().to_vec());
    }
    match sgf.extract::<String>() {
        Ok(s) => Ok(s.into_bytes()),
        Err(_) => Err(PyValueError::new_err(
            "the record must be SGF text (str) or its bytes (bytes)",
        )),
    }
}

/// Scores one finished SGF record under the rule sets asked for, as `jpd score --format json`
/// does, and returns what that prints: a list with one dict (the keys `file`, `verdict`,
/// `results`, `dead_points`, ...). Raises `ValueError` with the message `jpd score` gives for a
/// record it cannot read or score, or for a bad option.
///
/// `sgf`: the record, as text or bytes. `rules`: comma-separated rule-set ids or `all`
/// (`jpd score --rules`). `dead`: `proven`, `estimate`, `record`, `default` or `gnugo`
/// (`--dead`). `komi`: `record`, `rules` or a number of points (`--komi`). `name`: the
/// report's `file` (`-`, as for a record read from standard input).
#[pyfunction]
#[pyo3(signature = (sgf, rules="all", dead="proven", komi=None, *, balancing="art14", assume_pause=false, implied_passes=false, name="-"))]
#[allow(clippy::too_many_arguments)]
fn score(
    py: Python<'_>,
    sgf: &Bound<'_, PyAny>,
    rules: &str,
    dead: &str,
    komi: Option<&Bound<'_, PyAny>>,
    balancing: &str,
    assume_pause: bool,
    implied_passes: bool,
    name: &str,
) -> PyResult<PyObject> {
    let komi = match komi {
        None => "record".to_string(),
        Some(k) => k.str()?.to_string(),
    };
    let bytes = record_bytes(sgf)?;
    let opts = options(rules, dead, &komi, balancing, assume_pause, implied_passes)
        .map_err(PyValueError::new_err)?;
    let name = name.to_string();
    let text = py
        .allow_threads(move || {
            let report = score_bytes(&name, &bytes, &opts).map_err(|e| e.to_string())?;
            let entries = [ScoreEntry::Report(Box::new(report))];
            json_of(|out| write_json_entries(out, &entries, false))
        })
        .map_err(PyValueError::new_err)?;
    loads(py, &text)
}

/// Every rule set, as `jpd rules --format json` lists them: a list of dicts (id, komi, counting
/// method, ko and suicide rules, source).
#[pyfunction]
fn rules(py: Python<'_>) -> PyResult<PyObject> {
    let sets = rulesets::rule_sets();
    let text = json_of(|out| rulesets::write_json(out, &sets)).map_err(PyValueError::new_err)?;
    loads(py, &text)
}

/// The compiled part of the `jipingdian` package.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(score, m)?)?;
    m.add_function(wrap_pyfunction!(rules, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
