//! The engine on games whose equilibria are known (Kuhn poker and Leduc hold'em), and node
//! locking checked against best responses found by trying every pure strategy.

mod cards;
mod kuhn;
mod leduc;
mod locks;
