//! Classic life-and-death shapes (`corpus/shapes/*.txt`), each with the ruling of a public
//! source (Sensei's Library, the Japanese 1989 rules and their commentary) worked into a small
//! board whose walls are pass-alive. The referee may leave a stone unsettled, but it must never
//! contradict a ruling: for a stone marked `A`, `D` or `S` a settled status must be that one; a
//! stone marked `K` (a ko decides) must stay `Unknown`, one marked `?` (the source leaves it
//! open) must not be called alive or dead. The test prints how many stones of each file the
//! referee settles; it does not require any file to be settled.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use jipingdian::engine::{Board, Color};
use jipingdian::settlement::referee::{judge, Status};

/// One shape file, parsed.
struct Shape {
    file: String,
    board_text: String,
    /// Expected status per point, row-major, `.` for an empty point.
    expected: Vec<Vec<char>>,
}

fn shapes_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/shapes")
}

fn shape_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(shapes_dir())
        .expect("corpus/shapes must exist")
        .map(|e| e.expect("readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
}

/// Parses one file; the error names the file and the line.
fn parse(path: &Path) -> Result<Shape, String> {
    let file = path.file_name().unwrap().to_string_lossy().into_owned();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{file}: unreadable: {e}"))?;
    let err = |line: usize, msg: &str| format!("{file}:{line}: {msg}");
    let mut keys: Vec<String> = Vec::new();
    let mut board: Vec<(usize, Vec<char>)> = Vec::new();
    let mut status: Vec<(usize, Vec<char>)> = Vec::new();
    // 0: header, 1: board grid, 2: status grid.
    let mut section = 0;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let l = raw.trim_end();
        if l.trim().is_empty() {
            continue;
        }
        match l {
            "board:" => {
                if section != 0 {
                    return Err(err(line, "`board:` out of place"));
                }
                section = 1;
                continue;
            }
            "status:" => {
                if section != 1 {
                    return Err(err(line, "`status:` before `board:`"));
                }
                section = 2;
                continue;
            }
            _ => {}
        }
        if section == 0 {
            let Some((k, v)) = l.split_once(':') else {
                return Err(err(line, "expected `key: value`"));
            };
            let k = k.trim();
            if !matches!(k, "name" | "source" | "ruling" | "rules") {
                return Err(err(line, &format!("unknown key `{k}`")));
            }
            if v.trim().is_empty() {
                return Err(err(line, &format!("empty `{k}`")));
            }
            if keys.iter().any(|x| x == k) {
                return Err(err(line, &format!("duplicate `{k}`")));
            }
            if k == "rules" && v.trim() != "j89" {
                return Err(err(line, "`rules` must be `j89`"));
            }
            if k == "name" && format!("{}.txt", v.trim()) != file {
                return Err(err(line, "`name` does not match the file name"));
            }
            keys.push(k.to_string());
            continue;
        }
        let mut row = Vec::new();
        for tok in l.split_whitespace() {
            let mut cs = tok.chars();
            let (Some(c), None) = (cs.next(), cs.next()) else {
                return Err(err(line, &format!("`{tok}` is not one character")));
            };
            let ok = if section == 1 {
                matches!(c, 'X' | 'O' | '.')
            } else {
                matches!(c, 'A' | 'D' | 'S' | 'K' | '?' | '.')
            };
            if !ok {
                return Err(err(line, &format!("unexpected `{c}`")));
            }
            row.push(c);
        }
        if section == 1 {
            board.push((line, row));
        } else {
            status.push((line, row));
        }
    }
    for k in ["name", "source", "ruling"] {
        if !keys.iter().any(|x| x == k) {
            return Err(format!("{file}: missing `{k}:`"));
        }
    }
    let n = board.len();
    if !(5..=9).contains(&n) {
        return Err(format!("{file}: the board has {n} rows (5 to 9 expected)"));
    }
    for (line, row) in &board {
        if row.len() != n {
            return Err(err(
                *line,
                &format!("{} points in a row of a {n}x{n} board", row.len()),
            ));
        }
    }
    if status.len() != n {
        return Err(format!(
            "{file}: {} status rows for a {n}x{n} board",
            status.len()
        ));
    }
    for ((_, b), (line, s)) in board.iter().zip(&status) {
        if s.len() != n {
            return Err(err(*line, &format!("{} points in a status row", s.len())));
        }
        for (x, (&bc, &sc)) in b.iter().zip(s).enumerate() {
            if (bc == '.') != (sc == '.') {
                return Err(err(
                    *line,
                    &format!("column {}: status `{sc}` on board point `{bc}`", x + 1),
                ));
            }
        }
    }
    let board_text = board
        .iter()
        .map(|(_, r)| {
            r.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n");
    Ok(Shape {
        file,
        board_text,
        expected: status.into_iter().map(|(_, r)| r).collect(),
    })
}

#[test]
fn shapes_corpus_is_well_formed_and_the_referee_never_contradicts_it() {
    let files = shape_files();
    assert!(
        !files.is_empty(),
        "no shape file in {}",
        shapes_dir().display()
    );
    let mut failures = Vec::new();
    let mut table = String::new();
    let (mut all_stones, mut all_settled, mut all_files_settled) = (0usize, 0usize, 0usize);
    writeln!(
        table,
        "{:<28} {:>6} {:>8}  verdicts (A/D/S/U)",
        "shape", "stones", "settled"
    )
    .unwrap();
    for path in &files {
        let shape = match parse(path) {
            Ok(s) => s,
            Err(e) => {
                failures.push(e);
                continue;
            }
        };
        let board = match Board::from_ascii(&shape.board_text) {
            Ok(b) => b,
            Err(e) => {
                failures.push(format!("{}: the board does not load: {e}", shape.file));
                continue;
            }
        };
        let n = board.size() as usize;
        assert_eq!(n, shape.expected.len(), "{}: board size", shape.file);
        let mut legal = true;
        for p in board.points() {
            if board.stone(p).is_some() && board.liberties(p) == 0 {
                let c = board.coord(p);
                failures.push(format!(
                    "{}: the stone at {} has no liberty",
                    shape.file,
                    c.to_human(n as u8)
                ));
                legal = false;
            }
        }
        if !legal {
            continue;
        }
        let j = judge(&board);
        let (mut stones, mut settled) = (0usize, 0usize);
        let mut counts = [0usize; 4];
        for p in board.points() {
            let Some(color) = board.stone(p) else {
                continue;
            };
            let c = board.coord(p);
            let want = shape.expected[c.y as usize][c.x as usize];
            let got = j.status(p);
            stones += 1;
            counts[match got {
                Status::Alive => 0,
                Status::Dead => 1,
                Status::Seki => 2,
                Status::Unknown => 3,
            }] += 1;
            if got != Status::Unknown {
                settled += 1;
            }
            let ok = match want {
                'A' => matches!(got, Status::Alive | Status::Unknown),
                'D' => matches!(got, Status::Dead | Status::Unknown),
                'S' => matches!(got, Status::Seki | Status::Unknown),
                'K' => got == Status::Unknown,
                '?' => matches!(got, Status::Seki | Status::Unknown),
                _ => false,
            };
            if !ok {
                let who = if color == Color::Black {
                    "Black"
                } else {
                    "White"
                };
                failures.push(format!(
                    "{}: {who} stone at {}: expected {want}, the referee says {got:?}",
                    shape.file,
                    c.to_human(n as u8)
                ));
            }
        }
        all_stones += stones;
        all_settled += settled;
        if settled == stones {
            all_files_settled += 1;
        }
        writeln!(
            table,
            "{:<28} {:>6} {:>8}  {}/{}/{}/{}",
            shape.file.trim_end_matches(".txt"),
            stones,
            settled,
            counts[0],
            counts[1],
            counts[2],
            counts[3]
        )
        .unwrap();
    }
    writeln!(
        table,
        "{:<28} {:>6} {:>8}  ({} of {} files fully settled)",
        "total",
        all_stones,
        all_settled,
        all_files_settled,
        files.len()
    )
    .unwrap();
    eprintln!("{table}");
    assert!(
        failures.is_empty(),
        "{} contradiction(s) or malformed file(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn a_malformed_shape_file_is_reported_with_its_line() {
    let dir = std::env::temp_dir().join(format!("jpd-shapes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.txt");
    std::fs::write(
        &path,
        "name: bad\nsource: none\nruling: none\nboard:\nX O . . .\nX O . . .\nX O . . .\nX O . . .\nX O . Z .\nstatus:\n",
    )
    .unwrap();
    let e = parse(&path).err().expect("a bad character must be refused");
    assert!(e.starts_with("bad.txt:9:"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}
