//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod corpus;
pub mod demo;
pub mod falkordb;
pub mod hostile;
