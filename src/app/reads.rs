//! What a request has read through the host, kept until the request ends: page records (by ID and by
//! title) and index entries of Subjects. A use case asks its [`Scope`](super::Scope) and the host is
//! asked once per page or Subject. A write's commit replaces what it changed with what it committed;
//! an edit conflict forgets everything, so a retry plans from fresh reads.

use crate::host::{
    Host, HostError, PageById, PageRecord, PageTitle, PageVersion, SubjectIds, SubjectInfo, SubjectsInfo,
};
use std::cell::RefCell;
use std::collections::HashMap;

#[derive(Debug, Default)]
pub struct Reads {
    /// Page records by page ID; `None`: no such page.
    pages: RefCell<HashMap<u64, Option<PageRecord>>>,
    /// Page IDs by (namespace, title as asked); `None`: no such page.
    titles: RefCell<HashMap<(i32, String), Option<u64>>>,
    /// Index entries by Subject ID; `None`: not in the index.
    subjects: RefCell<HashMap<String, Option<SubjectInfo>>>,
}

impl Reads {
    pub async fn page_by_id<H: Host>(&self, host: &H, page_id: u64) -> Result<Option<PageRecord>, HostError> {
        if let Some(known) = self.pages.borrow().get(&page_id) {
            return Ok(known.clone());
        }
        let record = host.page_by_id(PageById { page_id }).await?;
        self.pages.borrow_mut().insert(page_id, record.clone());
        Ok(record)
    }

    pub async fn page_by_title<H: Host>(
        &self,
        host: &H,
        namespace: i32,
        title: &str,
    ) -> Result<Option<PageRecord>, HostError> {
        let key = (namespace, title.to_owned());
        let known = self.titles.borrow().get(&key).copied();
        match known {
            Some(None) => return Ok(None),
            Some(Some(page_id)) => {
                if let Some(known) = self.pages.borrow().get(&page_id) {
                    return Ok(known.clone());
                }
            }
            None => {}
        }
        let record = host.page_by_title(PageTitle { namespace, title: key.1.clone() }).await?;
        self.titles.borrow_mut().insert(key, record.as_ref().map(|r| r.page_id));
        if let Some(r) = &record {
            self.pages.borrow_mut().insert(r.page_id, Some(r.clone()));
        }
        Ok(record)
    }

    /// The index entries of `ids` that exist; the host is asked only about IDs not seen yet.
    pub async fn subjects_info<H: Host>(&self, host: &H, ids: &[String]) -> Result<SubjectsInfo, HostError> {
        let mut missing: Vec<String> =
            ids.iter().filter(|id| !self.subjects.borrow().contains_key(*id)).cloned().collect();
        missing.sort();
        missing.dedup();
        if !missing.is_empty() {
            let mut found = host.subjects_info(SubjectIds { ids: missing.clone() }).await?;
            let mut subjects = self.subjects.borrow_mut();
            for id in missing {
                let info = found.shift_remove(&id);
                subjects.insert(id, info);
            }
        }
        let subjects = self.subjects.borrow();
        Ok(ids.iter().filter_map(|id| Some((id.clone(), subjects.get(id)?.clone()?))).collect())
    }

    /// Every page this request's answer was read from, by title: those it found at their latest
    /// revision, and the titles it found no page at. `None` when what it read cannot be stated so (a
    /// page ID or Subject the host did not find, a page or index entry the caller may not read),
    /// since such an answer is not the same for every reader.
    pub fn versions(&self) -> Option<Vec<PageVersion>> {
        let pages = self.pages.borrow();
        let mut versions = Vec::new();
        for record in pages.values() {
            versions.push(PageVersion::found(record.as_ref().filter(|r| r.access.read)?));
        }
        for ((namespace, title), page_id) in self.titles.borrow().iter() {
            match page_id {
                None => versions.push(PageVersion::absent(*namespace, title)),
                Some(id) if !pages.contains_key(id) => return None,
                Some(_) => {}
            }
        }
        for info in self.subjects.borrow().values() {
            info.as_ref().filter(|i| i.readable && pages.contains_key(&i.page_id))?;
        }
        Some(in_order(versions))
    }

    /// The pages of `namespace` this request read, as it found them (at a revision, or absent by the
    /// title asked), but for `except` (pages by ID and by (namespace, title) the caller is about to
    /// save): what a write planned from these reads was validated against.
    pub fn versions_in(&self, namespace: i32, except: &[(Option<u64>, i32, &str)]) -> Vec<PageVersion> {
        let saved = |id: Option<u64>, title: &str| {
            except
                .iter()
                .any(|(e_id, e_ns, e_title)| (id.is_some() && *e_id == id) || (*e_ns == namespace && *e_title == title))
        };
        let pages = self.pages.borrow();
        let found = pages.iter().filter_map(|(id, r)| Some((*id, r.as_ref()?)));
        let mut versions: Vec<PageVersion> = found
            .filter(|(id, r)| r.namespace == namespace && !saved(Some(*id), &r.title))
            .map(|(_, r)| PageVersion::found(r))
            .collect();
        let titles = self.titles.borrow();
        let absent = titles.iter().filter(|((ns, title), id)| *ns == namespace && id.is_none() && !saved(None, title));
        versions.extend(absent.map(|((_, title), _)| PageVersion::absent(namespace, title)));
        in_order(versions)
    }

    /// A page as the request last read it, without asking the host.
    pub fn known_page(&self, page_id: u64) -> Option<PageRecord> {
        self.pages.borrow().get(&page_id).cloned().flatten()
    }

    /// After a commit: `committed` pages are now as given (`None`: read them again when needed), and
    /// the index may have changed for any Subject.
    pub fn committed(&self, committed: impl IntoIterator<Item = (u64, i32, String, Option<PageRecord>)>) {
        self.subjects.borrow_mut().clear();
        let mut pages = self.pages.borrow_mut();
        let mut titles = self.titles.borrow_mut();
        for (page_id, namespace, title, record) in committed {
            titles.retain(|key, id| *id != Some(page_id) && *key != (namespace, title.clone()));
            match record {
                Some(r) => {
                    titles.insert((namespace, title), Some(page_id));
                    pages.insert(page_id, Some(r));
                }
                None => {
                    pages.remove(&page_id);
                }
            }
        }
    }

    /// Forgets every read: the next plan of a write starts from fresh reads.
    pub fn forget(&self) {
        self.pages.borrow_mut().clear();
        self.titles.borrow_mut().clear();
        self.subjects.borrow_mut().clear();
    }
}

/// `versions` sorted, each once.
fn in_order(mut versions: Vec<PageVersion>) -> Vec<PageVersion> {
    versions.sort();
    versions.dedup();
    versions
}
