// Timestamps as the wiki stores them, shared by the platform and the stores.
/** ISO 8601 UTC to the second, MediaWiki's timestamp precision: `2026-11-22T10:00:00Z`. */
export function timestamp(date = new Date()) {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
