//! Router ops through the C boundary with hostile bytes: invalid UTF-8 inside agent output,
//! escaped NULs, an alias bomb and an oversize payload. Every call returns a status and an error
//! document; nothing panics or aborts.

use std::ffi::CString;

use fourx::{fourx_buf, fourx_buf_free, fourx_call, fourx_status};
use serde_json::Value;

fn call(op: &str, input: &[u8]) -> (fourx_status, Value) {
    let op = CString::new(op).unwrap();
    let mut out = fourx_buf {
        ptr: std::ptr::null_mut(),
        len: 0,
    };
    // SAFETY: `op` is NUL-terminated, `input` is valid for its length, `out` is writable.
    let status = unsafe { fourx_call(op.as_ptr(), input.as_ptr(), input.len(), &mut out) };
    // SAFETY: `out` was filled by fourx_call.
    let bytes = unsafe { std::slice::from_raw_parts(out.ptr, out.len) }.to_vec();
    // SAFETY: `out` was filled by libfourx and not modified.
    unsafe { fourx_buf_free(&mut out) };
    (status, serde_json::from_slice(&bytes).unwrap())
}

#[test]
fn invalid_utf8_in_agent_output_is_invalid_utf8() {
    let mut input = br#"{"agent":"code-reviewer","output":"CONTRACT "#.to_vec();
    input.extend_from_slice(&[0xff, 0xfe, b'"', b'}']);
    let (status, doc) = call("router.parse_readonly_output", &input);
    assert_eq!(status, fourx_status::InvalidUtf8);
    assert_eq!(doc["error"]["kind"], "invalid_utf8");
}

#[test]
fn escaped_nul_bytes_are_text() {
    let input = br#"{"request":"fix\u0000the\u0000crash"}"#;
    let (status, doc) = call("router.route", input);
    assert_eq!(status, fourx_status::Ok);
    assert_eq!(doc["workflow"], "DEBUG");
}

#[test]
fn alias_bomb_is_malformed_contract_through_c() {
    let mut y = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x]\\n");
    for i in 1..10 {
        let refs = vec![format!("*a{}", i - 1); 9].join(", ");
        y.push_str(&format!("a{i}: &a{i} [{refs}]\\n"));
    }
    let output = format!("### Router Contract (MACHINE-READABLE)\\n```yaml\\n{y}```\\n");
    let input = format!(r#"{{"agent":"doc-syncer","output":"{output}"}}"#);
    let (status, doc) = call("router.parse_write_contract", input.as_bytes());
    assert_eq!(status, fourx_status::Error);
    assert_eq!(doc["error"]["kind"], "malformed_contract");
}

#[test]
fn oversize_agent_output_is_input_too_large() {
    let input = format!(
        r#"{{"agent":"planner","output":"{}"}}"#,
        "x".repeat(4 * 1024 * 1024 + 1)
    );
    let (status, doc) = call("router.parse_output", input.as_bytes());
    assert_eq!(status, fourx_status::Error);
    assert_eq!(doc["error"]["kind"], "input_too_large");
}
