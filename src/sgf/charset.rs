//! The charset of an SGF file: the label its `CA` property declares (with the spellings found in
//! the wild), and the bytes decoded to text (UTF-8 by default, Latin-1 for bytes that are not
//! UTF-8 and no `CA`).

use std::borrow::Cow;

use encoding_rs::{DecoderResult, Encoding, UTF_8};

use super::scan::node_in_text;
use super::{SgfError, MAX_NODES};

/// The charset declared by the first `CA[...]` property in the raw bytes.
fn declared_charset(bytes: &[u8]) -> Option<String> {
    let mut i = 0;
    while i + 3 <= bytes.len() {
        if &bytes[i..i + 3] == b"CA[" && (i == 0 || !bytes[i - 1].is_ascii_alphabetic()) {
            let start = i + 3;
            let end = bytes[start..].iter().position(|&b| b == b']')?;
            return Some(
                String::from_utf8_lossy(&bytes[start..start + end])
                    .trim()
                    .to_string(),
            );
        }
        i += 1;
    }
    None
}

/// The encoding named by a `CA` label. Labels are matched as the WHATWG Encoding Standard
/// names them (`UTF-8`, `ISO-8859-1`, `GB2312`, `Shift_JIS`...), then, failing that, with case,
/// spaces and punctuation ignored, so that the spellings found in the wild (`ISO8859_1`,
/// `Latin-1`, `UTF8`, `Shift-JIS`, `SJIS`, `cp1252`, `EUC_KR`) are understood too.
fn charset_for_label(label: &str) -> Option<&'static Encoding> {
    if let Some(e) = Encoding::for_label(label.as_bytes()) {
        return Some(e);
    }
    let key: String = label
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let name: &[u8] = match key.as_str() {
        "utf8" => b"utf-8",
        "iso88591" | "iso885915" | "latin1" | "l1" | "latin" | "ansi" | "windows1252"
        | "cp1252" | "win1252" | "ascii" | "usascii" => b"windows-1252",
        "gb2312" | "gbk" | "cp936" | "gb" | "euccn" => b"gbk",
        "gb18030" => b"gb18030",
        "big5" | "big5hkscs" | "cp950" => b"big5",
        "shiftjis" | "sjis" | "cp932" | "ms932" | "windows31j" | "mskanji" => b"shift_jis",
        "eucjp" => b"euc-jp",
        "euckr" | "cp949" | "uhc" | "ksc56011987" => b"euc-kr",
        "koi8r" => b"koi8-r",
        _ => {
            // `iso88592`, `windows1251`...: put the hyphen back where WHATWG wants it.
            let spaced = if let Some(rest) = key.strip_prefix("iso8859") {
                format!("iso-8859-{rest}")
            } else if let Some(rest) = key.strip_prefix("windows") {
                format!("windows-{rest}")
            } else if let Some(rest) = key.strip_prefix("cp") {
                format!("windows-{rest}")
            } else {
                key.clone()
            };
            return Encoding::for_label(spaced.as_bytes());
        }
    };
    Encoding::for_label(name)
}

/// Decodes the file: in the charset its `CA` declares, else UTF-8, else (bytes that are not
/// UTF-8 and no `CA`) Latin-1, the FF\[4\] default charset, with a note.
pub(super) fn decode(bytes: &[u8]) -> Result<(Cow<'_, str>, Option<String>), SgfError> {
    let label = declared_charset(bytes);
    let (enc, how) = match &label {
        Some(l) => match charset_for_label(l) {
            Some(e) => (e, format!(" (declared by CA[{l}])")),
            None => return Err(SgfError::UnknownCharset { charset: l.clone() }),
        },
        None => (
            UTF_8,
            " (the default: the file has no CA property)".to_string(),
        ),
    };
    let bad = |offset: usize, prefix: &str| SgfError::InvalidEncoding {
        node: node_in_text(prefix),
        offset,
        charset: enc.name().to_string(),
        how: how.clone(),
    };
    if enc == UTF_8 {
        let (src, skip) = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
            Some(rest) => (rest, 3),
            None => (bytes, 0),
        };
        return match std::str::from_utf8(src) {
            Ok(s) => Ok((Cow::Borrowed(s), None)),
            Err(e) if label.is_none() => {
                // No CA: SGF's default charset is ISO-8859-1 (read as windows-1252, its
                // superset, as browsers do); every byte decodes.
                let (text, _, _) = encoding_rs::WINDOWS_1252.decode(bytes);
                Ok((
                    Cow::Owned(text.into_owned()),
                    Some(format!(
                        "no CA and the bytes are not UTF-8 (from offset {}): read as Latin-1 (ISO-8859-1, the SGF default charset)",
                        skip + e.valid_up_to()
                    )),
                ))
            }
            Err(e) => {
                let ok = e.valid_up_to();
                let prefix = std::str::from_utf8(&src[..ok]).unwrap_or("");
                Err(bad(skip + ok, prefix))
            }
        };
    }
    let mut decoder = enc.new_decoder_without_bom_handling();
    let cap = decoder
        .max_utf8_buffer_length_without_replacement(bytes.len())
        .ok_or(SgfError::TooLarge {
            nodes: 0,
            limit: MAX_NODES,
        })?;
    let mut out = String::with_capacity(cap);
    let (res, read) = decoder.decode_to_string_without_replacement(bytes, &mut out, true);
    match res {
        DecoderResult::InputEmpty => Ok((Cow::Owned(out), None)),
        DecoderResult::Malformed(len, after) => {
            let offset = read.saturating_sub(len as usize + after as usize);
            Err(bad(offset, &out))
        }
        DecoderResult::OutputFull => Err(bad(read, &out)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn charset_label_found_in_raw_bytes() {
        assert_eq!(
            declared_charset(b"(;GM[1]CA[ gb2312 ]SZ[9])").as_deref(),
            Some("gb2312")
        );
        assert_eq!(declared_charset(b"(;GM[1]DCA[x])"), None);
        assert_eq!(declared_charset(b"(;CA[utf-8"), None);
    }
}
