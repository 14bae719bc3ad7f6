//! The postflop solver's tests: the trees against Desktop Postflop's, the solver against a plain
//! best response and known values, the spot's fields and errors.

mod exact;
mod golden;
mod hands;
mod interrupt;
mod locks;
mod lp;
mod oracle;
mod saved;
mod solver;
mod spots;
mod symmetry;
mod trees;
