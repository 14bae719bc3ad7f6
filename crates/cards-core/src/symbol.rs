//! Fieldless enums written as one character (`Rank`, `Suit`, `Gem`), generated the same way.

use std::fmt;

/// A character or string that names no symbol of the expected kind, e.g. `invalid suit 'X'`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseSymbolError {
    /// What was expected: `rank`, `suit`, `gem color`.
    pub kind: &'static str,
    /// The text that was found instead.
    pub found: String,
}

impl fmt::Display for ParseSymbolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid {} '{}'", self.kind, self.found.escape_debug())
    }
}

impl std::error::Error for ParseSymbolError {}

/// Declares a `#[repr(u8)]` enum whose variants are written as single characters, with `ALL`,
/// `index`, `from_index`, `to_char`, `TryFrom<char>` (case-insensitive), `FromStr` and `Display`.
macro_rules! symbol_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident ($kind:literal) {
            $( $(#[$variant_meta:meta])* $variant:ident = $character:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        pub enum $name {
            $( $(#[$variant_meta])* $variant, )+
        }

        impl $name {
            /// Every value, in increasing order.
            pub const ALL: [$name; [$($character),+].len()] = [$($name::$variant),+];

            /// The position of this value in [`Self::ALL`].
            pub const fn index(self) -> usize {
                self as usize
            }

            /// The value at `index` in [`Self::ALL`], if there is one.
            pub const fn from_index(index: usize) -> Option<Self> {
                if index < Self::ALL.len() {
                    Some(Self::ALL[index])
                } else {
                    None
                }
            }

            /// The value written by the ASCII byte `byte`, either case.
            ///
            /// A lookup in a static table rather than a `match`: random input would mispredict
            /// the jump table a `match` compiles to (and a `const` table may be copied).
            #[inline]
            pub fn from_ascii_byte(byte: u8) -> Option<Self> {
                static BY_BYTE: [Option<$name>; 256] = {
                    let mut table = [None; 256];
                    $(
                        table[$character as usize] = Some($name::$variant);
                        table[$character.to_ascii_lowercase() as usize] = Some($name::$variant);
                    )+
                    table
                };
                BY_BYTE[byte as usize]
            }

            /// The uppercase character that writes this value.
            pub const fn to_char(self) -> char {
                match self {
                    $( $name::$variant => $character, )+
                }
            }
        }

        impl TryFrom<char> for $name {
            type Error = $crate::symbol::ParseSymbolError;

            fn try_from(character: char) -> Result<Self, Self::Error> {
                u8::try_from(character)
                    .ok()
                    .and_then(Self::from_ascii_byte)
                    .ok_or_else(|| $crate::symbol::ParseSymbolError {
                        kind: $kind,
                        found: character.to_string(),
                    })
            }
        }

        impl std::str::FromStr for $name {
            type Err = $crate::symbol::ParseSymbolError;

            fn from_str(text: &str) -> Result<Self, Self::Err> {
                let mut characters = text.chars();
                match (characters.next(), characters.next()) {
                    (Some(character), None) => Self::try_from(character),
                    _ => Err($crate::symbol::ParseSymbolError {
                        kind: $kind,
                        found: text.to_string(),
                    }),
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                use std::fmt::Write as _;
                f.write_char(self.to_char())
            }
        }
    };
}

pub(crate) use symbol_enum;
