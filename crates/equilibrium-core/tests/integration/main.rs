//! The engine on games whose equilibria are known: Kuhn poker and Leduc hold'em.

mod cards;
mod kuhn;
mod leduc;
