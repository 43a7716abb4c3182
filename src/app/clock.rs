//! The host's clock in milliseconds, asked by writes (minting) and by the Subject sources' cache
//! (expiry); a module of its own so that neither of them names the other.

use super::error::{ApiError, ErrorKind};
use crate::app::Scope;
use crate::domain::temporal::parse_date_time;
use crate::host::Host;

/// The host's clock, in milliseconds since the Unix epoch.
pub async fn clock_ms<H: Host>(ctx: &Scope<'_, H>) -> Result<u64, ApiError> {
    let now = ctx.host.now().await?.timestamp;
    let instant = parse_date_time(&now)
        .ok_or_else(|| ApiError::new(ErrorKind::Internal, format!("the host clock answered \"{now}\"")))?;
    Ok(u64::try_from(instant.seconds).unwrap_or(0) * 1000 + u64::from(instant.nanos / 1_000_000))
}
