//! The endgame database on disk: built once, then loaded.
//!
//! One file per board size, rule variant and bean limit, named for them
//! (`kalah-endgame-v1-6-holes-standard-18-beans.bin`). The file is a 40-byte
//! header, then the database's bytes (one per position, as in memory):
//!
//! | bytes | field |
//! |---|---|
//! | 0..8 | magic `KALAHEGD` |
//! | 8..12 | format version, little-endian `u32` ([`ENDGAME_FORMAT_VERSION`]) |
//! | 12..16 | holes per side |
//! | 16..20 | rule variant (0 `cs32`, 1 `standard`, 2 `empty-capture`) |
//! | 20..24 | bean limit |
//! | 24..32 | number of positions (the bytes after the header) |
//! | 32..40 | checksum of those bytes ([`checksum`]) |
//!
//! A file is trusted only if every field matches what is asked for, its
//! length is exact and the checksum agrees; anything else (a truncated or
//! corrupted file, another version, another board) is rebuilt and written
//! again. A file is written under a temporary name and renamed into place,
//! so a reader never sees half of one.

use crate::endgame::{EndgameDb, EndgameTable};
use crate::ring::Geometry;
use crate::rules::Rules;
use std::fmt;
use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The version of the file format; a file of another version is rebuilt.
pub const ENDGAME_FORMAT_VERSION: u32 = 1;

const MAGIC: &[u8; 8] = b"KALAHEGD";
const HEADER_BYTES: usize = 40;

/// Where endgame databases are kept between runs: a directory, created on
/// the first save.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EndgameStore {
    dir: PathBuf,
}

/// Where a database came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EndgameSource {
    /// Read from its file.
    Loaded {
        /// The file.
        path: PathBuf,
        /// Time to read and check it.
        elapsed: Duration,
    },
    /// Built, because no usable file was there (`reason` says why), then
    /// written to `path` unless `save_error` says why not.
    Built {
        /// The file.
        path: PathBuf,
        /// Why the file could not be used: missing, truncated, corrupted...
        reason: String,
        /// Time to build the database.
        elapsed: Duration,
        /// Why the database could not be written, if it could not.
        save_error: Option<String>,
    },
}

/// Why a database file cannot be used.
#[derive(Debug)]
pub enum StoreError {
    /// The file cannot be read (it may not exist).
    Io(io::Error),
    /// The file is not the database asked for, or is damaged.
    Invalid(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Io(error) if error.kind() == io::ErrorKind::NotFound => {
                f.write_str("no file yet")
            }
            StoreError::Io(error) => write!(f, "cannot read it: {error}"),
            StoreError::Invalid(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for StoreError {}

impl EndgameStore {
    /// A store in `dir`.
    pub fn new(dir: impl Into<PathBuf>) -> EndgameStore {
        EndgameStore { dir: dir.into() }
    }

    /// The directory of the store.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file of the database for `holes` holes, `rules` and at most
    /// `beans` beans.
    pub fn path(&self, holes: usize, rules: Rules, beans: u32) -> PathBuf {
        self.dir.join(format!(
            "kalah-endgame-v{ENDGAME_FORMAT_VERSION}-{holes}-holes-{rules}-{beans}-beans.bin"
        ))
    }

    /// The largest bean limit, at most `max_beans`, whose database file for
    /// `holes` holes and `rules` exists in the store (not yet checked: see
    /// [`EndgameStore::load`]).
    pub fn largest_stored(&self, holes: usize, rules: Rules, max_beans: u32) -> Option<u32> {
        (1..=max_beans)
            .rev()
            .find(|&beans| self.path(holes, rules, beans).exists())
    }

    /// Reads the table for `holes` holes, `rules` and at most `beans` beans
    /// from its file, checking everything the header promises.
    ///
    /// # Errors
    /// [`StoreError`] when the file is missing, unreadable, truncated,
    /// longer than it should be, of another version or board, or fails its
    /// checksum.
    pub fn load(&self, holes: usize, rules: Rules, beans: u32) -> Result<EndgameTable, StoreError> {
        let geometry = Geometry::new(holes, rules);
        load_db(&self.path(holes, rules, beans), &geometry, beans)
            .map(|db| EndgameTable { geometry, db })
    }

    /// Writes `table` to its file (see [`EndgameStore::path`]).
    ///
    /// # Errors
    /// Any error creating the directory or writing the file.
    pub fn save(&self, table: &EndgameTable) -> io::Result<PathBuf> {
        let path = self.path(table.geometry.n, table.geometry.rules, table.db.k);
        save_db(&self.dir, &path, &table.geometry, &table.db)?;
        Ok(path)
    }

    /// The table for `holes` holes, `rules` and at most `beans` beans: read
    /// from its file if it is sound, else built and saved. `None` when no
    /// such table can exist (see [`EndgameTable::build`]).
    pub fn load_or_build(
        &self,
        holes: usize,
        rules: Rules,
        beans: u32,
    ) -> Option<(EndgameTable, EndgameSource)> {
        EndgameTable::build_check(holes, beans)?;
        let geometry = Geometry::new(holes, rules);
        let (db, source) = self.load_or_build_db(&geometry, beans);
        Some((EndgameTable { geometry, db }, source))
    }

    /// The database for `geometry` with at most `beans` beans, from its file
    /// or built and saved.
    pub(crate) fn load_or_build_db(
        &self,
        geometry: &Geometry,
        beans: u32,
    ) -> (EndgameDb, EndgameSource) {
        let path = self.path(geometry.n, geometry.rules, beans);
        let started = Instant::now();
        match load_db(&path, geometry, beans) {
            Ok(db) => {
                let elapsed = started.elapsed();
                (db, EndgameSource::Loaded { path, elapsed })
            }
            Err(why) => {
                let started = Instant::now();
                let db = EndgameDb::build(geometry, beans);
                let elapsed = started.elapsed();
                let save_error = save_db(&self.dir, &path, geometry, &db)
                    .err()
                    .map(|error| error.to_string());
                let source = EndgameSource::Built {
                    path,
                    reason: why.to_string(),
                    elapsed,
                    save_error,
                };
                (db, source)
            }
        }
    }
}

/// The checksum of a database's bytes: each 8-byte word (the last one
/// padded with zeros) folded in with [`gamecore::mix64`], then the length.
pub(crate) fn checksum(bytes: &[u8]) -> u64 {
    let mut hash = 0x6b61_6c61_685f_6567u64;
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        hash = gamecore::mix64(hash ^ word);
    }
    let mut last = [0u8; 8];
    last[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    hash = gamecore::mix64(hash ^ u64::from_le_bytes(last));
    gamecore::mix64(hash ^ bytes.len() as u64)
}

/// The number a file stores for a rule variant.
pub(crate) fn rules_code(rules: Rules) -> u32 {
    match rules {
        Rules::Cs32 => 0,
        Rules::Standard => 1,
        Rules::EmptyCapture => 2,
    }
}

/// The rule variant a file's number stands for, if any.
pub(crate) fn rules_of_code(code: u32) -> Option<Rules> {
    [Rules::Cs32, Rules::Standard, Rules::EmptyCapture]
        .into_iter()
        .find(|&rules| rules_code(rules) == code)
}

/// The header a file of this database must carry.
fn header(geometry: &Geometry, beans: u32, entries: u64, sum: u64) -> [u8; HEADER_BYTES] {
    let mut header = [0u8; HEADER_BYTES];
    header[0..8].copy_from_slice(MAGIC);
    header[8..12].copy_from_slice(&ENDGAME_FORMAT_VERSION.to_le_bytes());
    header[12..16].copy_from_slice(&(geometry.n as u32).to_le_bytes());
    header[16..20].copy_from_slice(&rules_code(geometry.rules).to_le_bytes());
    header[20..24].copy_from_slice(&beans.to_le_bytes());
    header[24..32].copy_from_slice(&entries.to_le_bytes());
    header[32..40].copy_from_slice(&sum.to_le_bytes());
    header
}

fn load_db(path: &Path, geometry: &Geometry, beans: u32) -> Result<EndgameDb, StoreError> {
    let mut file = File::open(path).map_err(StoreError::Io)?;
    let entries = EndgameDb::count(geometry.n, beans);
    let expected_len = HEADER_BYTES as u64 + entries;
    let len = file.metadata().map_err(StoreError::Io)?.len();
    if len != expected_len {
        return Err(StoreError::Invalid(format!(
            "{len} bytes where the database has {expected_len} (truncated or not this database)"
        )));
    }
    let mut found = [0u8; HEADER_BYTES];
    file.read_exact(&mut found).map_err(StoreError::Io)?;
    let sum = u64::from_le_bytes(found[32..40].try_into().expect("8 bytes"));
    if found[..32] != header(geometry, beans, entries, sum)[..32] {
        return Err(StoreError::Invalid(
            "the header is not this database's (another version, board or rules)".into(),
        ));
    }
    let db = EndgameDb::from_bytes(geometry.n, beans, |bytes| file.read_exact(bytes))
        .map_err(StoreError::Io)?;
    if checksum(db.bytes()) != sum {
        return Err(StoreError::Invalid(
            "the checksum does not match (a damaged file)".into(),
        ));
    }
    Ok(db)
}

fn save_db(dir: &Path, path: &Path, geometry: &Geometry, db: &EndgameDb) -> io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let bytes = db.bytes();
    let temporary = path.with_extension(format!("tmp{}", std::process::id()));
    let written = (|| {
        let mut out = BufWriter::new(File::create(&temporary)?);
        out.write_all(&header(geometry, db.k, bytes.len() as u64, checksum(bytes)))?;
        out.write_all(bytes)?;
        out.into_inner()
            .map_err(|error| error.into_error())?
            .sync_all()
    })();
    match written {
        Ok(()) => std::fs::rename(&temporary, path),
        Err(error) => {
            let _ = std::fs::remove_file(&temporary);
            Err(error)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    fn temp_store(name: &str) -> EndgameStore {
        let dir = std::env::temp_dir().join(format!("kalah-store-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        EndgameStore::new(dir)
    }

    fn same_values(a: &EndgameTable, b: &EndgameTable) {
        assert_eq!(a.db.bytes(), b.db.bytes());
    }

    #[test]
    fn the_largest_stored_limit_is_found_up_to_the_bound() {
        let store = temp_store("largest");
        assert_eq!(store.largest_stored(3, Rules::Standard, 8), None);
        for beans in [4, 6] {
            store.load_or_build(3, Rules::Standard, beans).unwrap();
        }
        assert_eq!(store.largest_stored(3, Rules::Standard, 8), Some(6));
        assert_eq!(store.largest_stored(3, Rules::Standard, 5), Some(4));
        assert_eq!(store.largest_stored(3, Rules::Standard, 3), None);
        assert_eq!(store.largest_stored(3, Rules::Cs32, 8), None);
        assert_eq!(store.largest_stored(4, Rules::Standard, 8), None);
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_saved_table_loads_back_equal() {
        let store = temp_store("roundtrip");
        let (built, source) = store.load_or_build(3, Rules::Standard, 6).unwrap();
        assert!(
            matches!(
                source,
                EndgameSource::Built {
                    save_error: None,
                    ..
                }
            ),
            "{source:?}"
        );
        let (loaded, source) = store.load_or_build(3, Rules::Standard, 6).unwrap();
        assert!(matches!(source, EndgameSource::Loaded { .. }), "{source:?}");
        same_values(&built, &loaded);
        let start = Position::start(3, 1, Rules::Standard);
        assert_eq!(loaded.value(&start), built.value(&start));
        let _ = std::fs::remove_dir_all(store.dir());
    }

    /// A truncated, corrupted, longer or foreign file is rebuilt, and the
    /// rebuilt file loads.
    #[test]
    fn a_damaged_file_is_rebuilt_never_trusted() {
        let store = temp_store("damaged");
        let (good, _) = store.load_or_build(3, Rules::Cs32, 6).unwrap();
        let path = store.path(3, Rules::Cs32, 6);
        let original = std::fs::read(&path).unwrap();
        let mut corrupted = original.clone();
        let last = corrupted.len() - 1;
        corrupted[last] ^= 1;
        let mut foreign = original.clone();
        foreign[16] = 1; // standard rules' code in a cs32 file
        let mut longer = original.clone();
        longer.push(0);
        let damages: [(&str, Vec<u8>); 5] = [
            ("truncated", original[..original.len() / 2].to_vec()),
            ("header only", original[..HEADER_BYTES].to_vec()),
            ("corrupted", corrupted),
            ("foreign", foreign),
            ("longer", longer),
        ];
        for (what, bytes) in damages {
            std::fs::write(&path, &bytes).unwrap();
            assert!(store.load(3, Rules::Cs32, 6).is_err(), "{what} was trusted");
            let (table, source) = store.load_or_build(3, Rules::Cs32, 6).unwrap();
            assert!(
                matches!(source, EndgameSource::Built { .. }),
                "{what}: {source:?}"
            );
            same_values(&table, &good);
            assert_eq!(
                std::fs::read(&path).unwrap(),
                original,
                "{what}: not rewritten"
            );
        }
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn the_checksum_sees_every_byte_and_the_length() {
        let bytes: Vec<u8> = (0..100u8).collect();
        let sum = checksum(&bytes);
        for at in [0, 7, 8, 63, 99] {
            let mut changed = bytes.clone();
            changed[at] ^= 0x10;
            assert_ne!(checksum(&changed), sum, "byte {at}");
        }
        assert_ne!(checksum(&bytes[..99]), sum);
        let mut padded = bytes[..99].to_vec();
        padded.push(0);
        assert_ne!(checksum(&padded), checksum(&bytes[..99]));
    }
}
