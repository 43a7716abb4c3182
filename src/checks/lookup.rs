//! How relation targets resolve during validation: found (with their Schema), not found, or of a
//! source that is not registered.

use crate::domain::ids::{SourceKey, SubjectId, SubjectRef};
use crate::domain::maps::FastHashMap;
use crate::domain::schema::SchemaRef;
use std::collections::HashMap;
use std::hash::BuildHasher;

/// What a relation target resolves to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TargetLookup {
    /// The target exists and the caller may read it.
    Found { schema: SchemaRef },
    /// No readable Subject has this ID.
    NotFound,
    /// The target's source key names no registered source.
    UnknownSource,
    /// The target's source is registered but did not answer usably: nothing is known of the target.
    Unavailable,
}

/// Resolves relation targets; the REST layer answers it from the Host.
pub trait SubjectLookup {
    fn target(&self, target: &SubjectRef) -> TargetLookup;
}

impl<S: BuildHasher> SubjectLookup for HashMap<SubjectRef, SchemaRef, S> {
    fn target(&self, target: &SubjectRef) -> TargetLookup {
        self.get(target).map_or(TargetLookup::NotFound, |schema| TargetLookup::Found { schema: schema.clone() })
    }
}

/// The targets a library caller knows (`knownSubjects`) and the sources it registered: a target of
/// any other source has an unknown source, as in a wiki, whose index holds only registered sources.
pub struct KnownTargets<'a> {
    pub known: &'a FastHashMap<SubjectRef, SchemaRef>,
    pub sources: &'a [SourceKey],
}

impl SubjectLookup for KnownTargets<'_> {
    fn target(&self, target: &SubjectRef) -> TargetLookup {
        match target {
            SubjectRef::Foreign { source, .. } if !self.sources.contains(source) => TargetLookup::UnknownSource,
            _ => self.known.target(target),
        }
    }
}

/// A lookup that also knows the Subjects of the current request, which are not stored yet.
pub struct WithRequestSubjects<'a> {
    pub stored: &'a dyn SubjectLookup,
    pub request: &'a HashMap<SubjectId, SchemaRef>,
}

impl SubjectLookup for WithRequestSubjects<'_> {
    fn target(&self, target: &SubjectRef) -> TargetLookup {
        match target.local().and_then(|id| self.request.get(id)) {
            Some(schema) => TargetLookup::Found { schema: schema.clone() },
            None => self.stored.target(target),
        }
    }
}
