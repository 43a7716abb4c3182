// A readable validation report for a wiki folder (Schema/ and Subject/ JSON files), through the core:
// every Subject normalized as a save would and validated with its Schema compiled once.

/** Validates every page of `readFolder(dir)`; writes the report to `out`; returns the totals. */
export function validateFolder(core, { schemas, pages }, out) {
  const validators = new Map();
  const validatorFor = (name) => {
    if (!validators.has(name)) {
      validators.set(name, name in schemas ? new core.Validator(name, schemas[name]) : null);
    }
    return validators.get(name);
  };
  const pageList = [...pages];
  const known = {};
  for (const { content } of pageList) {
    for (const [id, subject] of Object.entries(content.subjects ?? {})) known[id] = subject.schema;
  }
  const totals = { pages: 0, subjects: 0, errors: 0, warnings: 0, refused: 0 };
  for (const { title, content } of pageList) {
    totals.pages += 1;
    const lines = [];
    for (const [id, subject] of Object.entries(content.subjects ?? {})) {
      totals.subjects += 1;
      const validator = typeof subject.schema === 'string' ? validatorFor(subject.schema) : null;
      try {
        const context = { subjectId: id, isMain: content.mainSubject === id, knownSubjects: known };
        const { violations } = validator
          ? validator.validate(subject, context)
          : core.validate({ ...context, subject, schema: null });
        for (const v of violations) {
          totals[v.severity === 'error' ? 'errors' : 'warnings'] += 1;
          const where = v.propertyName === null ? '' : ` "${v.propertyName}"${v.valuePartIndex === undefined ? '' : `[${v.valuePartIndex}]`}`;
          const args = v.args.length ? ` (${v.args.map((a) => JSON.stringify(a)).join(', ')})` : '';
          lines.push(`  ${v.severity.padEnd(7)} ${id}${where}: ${v.code}${args}`);
        }
      } catch (error) {
        totals.refused += 1;
        lines.push(`  refused ${id}: ${error.code ?? 'error'}: ${error.message}`);
      }
    }
    out.write(`${lines.length ? '✗' : '✓'} ${title}\n${lines.map((l) => `${l}\n`).join('')}`);
  }
  out.write(`${totals.pages} pages, ${totals.subjects} Subjects: ${totals.errors} errors, ${totals.warnings} warnings, `
    + `${totals.refused} refused\n`);
  return totals;
}
