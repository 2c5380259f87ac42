//! The settings files as text (features.md): the project `settings.json` (decoded with Go's
//! rules, legacy profiles normalised, then validated), the per-user settings, their indented
//! byte form, and the merged config with every user-side problem returned as a warning.
//!
//! Pure; where the files live and how they are read and written is [`crate::features::fs::features_fs`]'s.
//! The shapes, the merge and the validation rules are resolution's.

use crate::error::{Error, ErrorKind, Result};
use crate::protocol::codec::pathclean::clean;
use crate::protocol::codec::unknown_keys::collect;
use crate::protocol::config::{render_indented, Config, UserConfig};
use crate::protocol::gotext_decode::decode_text;
use crate::protocol::layout::CONFIG_FILE;
use crate::protocol::warning::{Warning, WarningKind};
use crate::resolve::{merge_config, validate_config};

/// Decodes and validates project settings text. Undecodable → `invalid_json`; invalid →
/// `invalid_config` (`settings.json: invalid settings: …`).
pub fn parse_config(text: &[u8]) -> Result<Config> {
    parse_config_warned(text).map(|(c, _)| c)
}

/// [`parse_config`] with an `unknown_key` warning for every key Go's decoding ignores.
pub fn parse_config_warned(text: &[u8]) -> Result<(Config, Vec<Warning>)> {
    let (c, keys) = collect(|| decode_text::<Config>(text, CONFIG_FILE));
    let c = c.map_err(|e| Error::new(ErrorKind::InvalidJson, e))?;
    let v = validate_config(&c);
    if !v.is_valid() {
        return Err(Error::new(
            ErrorKind::InvalidConfig,
            format!("{CONFIG_FILE}: {}", v.message()),
        ));
    }
    Ok((c, Warning::unknown_keys(CONFIG_FILE, CONFIG_FILE, keys)))
}

/// The bytes `WriteConfig` (and `Init`) write: indented JSON plus `\n`.
pub fn render_config(c: &Config) -> Result<String> {
    render_indented(c)
}

/// The bytes [`render_config`] gives, refused with `invalid_config` when [`parse_config`] — what
/// `config.read` runs — would refuse them: fourx never writes a settings file every read fails.
pub fn render_config_checked(c: &Config) -> Result<String> {
    let text = render_config(c)?;
    parse_config(text.as_bytes())?;
    Ok(text)
}

/// Decodes per-user settings text (no validation). Undecodable → `invalid_json`.
pub fn parse_user_config(text: &[u8]) -> Result<UserConfig> {
    parse_user_config_warned(text).map(|(c, _)| c)
}

/// [`parse_user_config`] with an `unknown_key` warning (file [`USER_CONFIG_LABEL`]) for every
/// key Go's decoding ignores.
pub fn parse_user_config_warned(text: &[u8]) -> Result<(UserConfig, Vec<Warning>)> {
    let (c, keys) = collect(|| decode_text::<UserConfig>(text, CONFIG_FILE));
    let c = c.map_err(|e| Error::new(ErrorKind::InvalidJson, e))?;
    Ok((
        c,
        Warning::unknown_keys(USER_CONFIG_LABEL, CONFIG_FILE, keys),
    ))
}

/// The `file` of a warning about the per-user settings (`~/.4x/settings.json`), which tells it
/// from the project's `settings.json`.
pub const USER_CONFIG_LABEL: &str = "~/.4x/settings.json";

/// The bytes `WriteUserConfig` writes: indented JSON plus `\n`.
pub fn render_user_config(c: &UserConfig) -> Result<String> {
    render_indented(c)
}

/// `<home>/.4x/settings.json`, cleaned lexically; an empty `home` → `invalid_input`.
pub fn user_config_path(home: &str) -> Result<String> {
    if home.is_empty() {
        return Err(Error::invalid_input(
            "home is empty: the per-user settings need a home directory",
        )
        .with_field("home"));
    }
    Ok(clean(&format!("{home}/.4x/{CONFIG_FILE}")))
}

/// What the user side of a merge contributed: its text, or why there is none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UserSide {
    /// The file does not exist (the zero UserConfig is merged).
    Absent,
    /// The file's bytes.
    Text(Vec<u8>),
    /// The file could not be read (a `read_error` warning; the project config is returned
    /// unmerged).
    Unreadable(String),
}

/// LoadMergedConfig: the project config (fatal on any problem) merged with
/// the user side; a user file that cannot be read or decoded is a warning and leaves the
/// project config unmerged.
pub fn load_merged(project_text: &[u8], user: &UserSide) -> Result<(Config, Vec<Warning>)> {
    let (project, mut warnings) = parse_config_warned(project_text)?;
    let (c, user_warnings) = merge_loaded(project, user);
    warnings.extend(user_warnings);
    Ok((c, warnings))
}

/// The second half of [`load_merged`]: an already loaded project config merged with the user
/// side (never fails; user-side problems are warnings).
pub fn merge_loaded(project: Config, user: &UserSide) -> (Config, Vec<Warning>) {
    let user_config = match user {
        UserSide::Absent => UserConfig::default(),
        UserSide::Text(t) => match parse_user_config_warned(t) {
            Ok((u, w)) => return (merge_config(&u, &project), w),
            Err(e) => {
                let w = Warning::new(WarningKind::ParseError, CONFIG_FILE, e.message);
                return (project, vec![w]);
            }
        },
        UserSide::Unreadable(msg) => {
            let w = Warning::new(WarningKind::ReadError, CONFIG_FILE, msg.clone());
            return (project, vec![w]);
        }
    };
    (merge_config(&user_config, &project), Vec::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn render_parse_render_is_stable_for_an_accepted_config() {
        let c = parse_config(br#"{"project":{"name":"p"},"default_runner":"claude","runners":{"claude":{"command":"claude"}},"profiles":{"old":{"roles":["coder"],"coder_model":"opus"}}}"#).unwrap();
        let text = render_config(&c).unwrap();
        let again = render_config(&parse_config(text.as_bytes()).unwrap()).unwrap();
        assert_eq!(again, text);
        assert!(text.ends_with("}\n"));
    }

    #[test]
    fn a_config_every_read_refuses_is_never_written() {
        let c: Config = decode_text(
            br#"{"project":{"name":"p"},"roles":{"deep_reviewer":{}}}"#,
            "t",
        )
        .unwrap();
        assert_eq!(
            render_config_checked(&c).unwrap_err().kind,
            ErrorKind::InvalidConfig
        );
        let ok: Config = decode_text(br#"{"project":{"name":"p"}}"#, "t").unwrap();
        assert_eq!(
            render_config_checked(&ok).unwrap(),
            render_config(&ok).unwrap()
        );
    }

    #[test]
    fn unreadable_user_file_is_a_read_warning_and_no_merge() {
        let (c, w) = load_merged(
            br#"{"project":{"name":"p"}}"#,
            &UserSide::Unreadable("permission denied".into()),
        )
        .unwrap();
        assert_eq!(w[0].kind, WarningKind::ReadError);
        assert_eq!(c.runners, None);
    }
}
