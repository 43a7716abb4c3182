/** `formatversion=2` (or `latest`) answers booleans as booleans; version 1 writes true as "" and drops false. */
export function formatVersion(params) {
  return params.formatversion === '2' || params.formatversion === 'latest' ? 2 : 1;
}

export function toFormatVersion(value, version) {
  if (version === 2) return value;
  if (Array.isArray(value)) return value.map((item) => toFormatVersion(item, 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value)
      .filter(([, item]) => item !== false)
      .map(([key, item]) => [key, item === true ? '' : toFormatVersion(item, 1)]));
  }
  return value;
}
