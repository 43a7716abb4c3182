//! Collecting readable rows from an index query whose rows carry the caller's read access.

use crate::app::error::ApiError;
use std::future::Future;

/// The most rows one request asks the host for while looking for readable ones.
const MAX_ROWS: u32 = 1000;

/// Up to `want` rows that `readable` accepts, in the host's order, and whether more were left out.
/// `fetch(n)` answers the first `n` rows and whether the host left rows beyond them out; when
/// unreadable rows leave the answer short, it is asked again for four times as many.
pub async fn first_readable<T, F, Fut>(
    want: u32,
    readable: impl Fn(&T) -> bool,
    mut fetch: F,
) -> Result<(Vec<T>, bool), ApiError>
where
    F: FnMut(u32) -> Fut,
    Fut: Future<Output = Result<(Vec<T>, bool), ApiError>>,
{
    let mut n = (want + 1).min(MAX_ROWS);
    loop {
        let (rows, more) = fetch(n).await?;
        let mut kept: Vec<T> = rows.into_iter().filter(|r| readable(r)).collect();
        if kept.len() > want as usize || !more || n >= MAX_ROWS {
            let left_out = kept.len() > want as usize || more;
            kept.truncate(want as usize);
            return Ok((kept, left_out));
        }
        n = (n * 4).min(MAX_ROWS);
    }
}
