//! A small, fast hasher for the value-keyed maps of the join (no dependency, no state
//! beyond one map).  Keys are exact rationals, so no DoS concern: inputs are positions.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Multiply-rotate hashing of machine words (the "Fx" scheme).
#[derive(Default, Clone, Copy)]
pub struct WordHasher {
    hash: u64,
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl WordHasher {
    #[inline]
    fn mix(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.mix(u64::from_le_bytes(word));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.mix(u64::from(i));
    }

    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.mix(u64::from(i));
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.mix(u64::from(i));
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.mix(i as u64);
    }

    #[inline]
    fn write_i64(&mut self, i: i64) {
        self.mix(i as u64);
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.mix(i);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.hash
    }
}

/// A map keyed by exact values.
pub type ValueMap<T> = HashMap<crate::rational::Value, T, BuildHasherDefault<WordHasher>>;

/// A set of exact values.
pub type ValueSet = std::collections::HashSet<crate::rational::Value, BuildHasherDefault<WordHasher>>;
