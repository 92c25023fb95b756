//! The one integration-test binary of `nim`: each module is a topic.

/// The exact dynamic program of spec §8, written here independently of the crate.
mod oracle;

/// The gamecore conformance kit on several starts of both versions.
mod conformance;
/// Depth-limited search: legal moves, agreement with the full search.
mod depth_limited;
/// The search against the dynamic program on every position up to 60 × 60.
mod exhaustive;
/// Property tests and agent games.
mod properties;
/// Every rule and example of the spec, built from notation.
mod spec_examples;
