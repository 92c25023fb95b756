//! `tokens export-js`: one self-contained contest submission, a constructor
//! in the contest's form whose planner is the `tokens_wasm` module inlined
//! as base64 (the JavaScript around it is `submission.js`).

use std::path::{Path, PathBuf};
use std::time::Duration;

/// The submission's JavaScript, with `__WASM_BASE64__`, `__BUDGET_MS__`
/// and `__CAP_MS__` to fill in.
const TEMPLATE: &str = include_str!("submission.js");

/// Where `.ci/wasm` (`cargo build -p tokens_wasm --target
/// wasm32-unknown-unknown --profile wasm`) leaves the module in this
/// workspace.
pub fn default_wasm() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../target/wasm32-unknown-unknown/wasm/tokens_wasm.wasm")
}

/// The submission for the module `wasm`, thinking `budget` per decision and
/// stopping at `cap`.
///
/// # Errors
/// When `wasm` is not a WebAssembly module.
pub fn submission(wasm: &[u8], budget: Duration, cap: Duration) -> Result<String, String> {
    if !wasm.starts_with(b"\0asm") {
        return Err("the module file is not WebAssembly (no \\0asm header)".into());
    }
    Ok(TEMPLATE
        .replace("__WASM_BASE64__", &base64(wasm))
        .replace("__BUDGET_MS__", &budget.as_millis().to_string())
        .replace("__CAP_MS__", &cap.as_millis().to_string()))
}

/// Reads the module at `wasm`, writes the submission to `out` and returns a
/// one-line summary.
///
/// # Errors
/// When the module cannot be read or the submission cannot be written.
pub fn write(wasm: &Path, out: &Path, budget: Duration, cap: Duration) -> Result<String, String> {
    let module = std::fs::read(wasm).map_err(|e| {
        format!(
            "cannot read the planner module {} ({e}); build it with .ci/wasm, or pass --wasm",
            wasm.display()
        )
    })?;
    let text = submission(&module, budget, cap)?;
    std::fs::write(out, &text).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    Ok(format!(
        "wrote {}: {} bytes (module {} bytes), {} ms per decision, stopped at {} ms",
        out.display(),
        text.len(),
        module.len(),
        budget.as_millis(),
        cap.as_millis()
    ))
}

/// Standard base64 with padding.
fn base64(data: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * k) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_the_standard_vectors() {
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), coded);
        }
    }

    #[test]
    fn the_submission_is_one_constructor_with_everything_filled_in() {
        let js = submission(
            b"\0asm\x01\0\0\0",
            Duration::from_millis(100),
            Duration::from_millis(250),
        )
        .unwrap();
        assert!(js.starts_with("function (player1) {"));
        assert!(js.trim_end().ends_with('}'));
        assert!(!js.contains("__"), "a placeholder is left");
        assert!(js.contains("BUDGET_MS = 100, CAP_MS = 250"));
        assert!(js.contains("\"AGFzbQEAAAA=\""));
    }

    #[test]
    fn the_javascript_action_order_is_the_engines() {
        let names: Vec<String> = tokens::Action::ALL
            .iter()
            .map(|a| format!("\"{}\"", a.as_str()))
            .collect();
        assert!(TEMPLATE.contains(&format!("var ACTIONS = [{}];", names.join(", "))));
    }

    #[test]
    fn a_file_that_is_not_webassembly_is_refused() {
        assert!(submission(b"hello", Duration::ZERO, Duration::ZERO).is_err());
    }
}
