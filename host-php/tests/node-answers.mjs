// Answers equivalence cases with the wasm-bindgen module, as Node callers call it, for
// EquivalenceTest.php: reads [{export, args, setup?}] (args and setup are JSON texts or null) from the
// file named on the command line and prints [{ok: text} | {error: {code, message}}], where text is
// the export's string answer or the JSON.stringify of its object answer.
import { readFileSync } from 'node:fs';
import { loadCore } from '../../host-shim/src/loader.js';

const core = await loadCore();
const parse = (text) => (text === null ? undefined : JSON.parse(text));
const text = (answer) => (typeof answer === 'string' ? answer : JSON.stringify(answer));

const calls = {
  validate: ([request, options]) => core.validate(parse(request), parse(options)),
  normalizeContent: ([content, schemas, options]) => core.normalizeContent(parse(content), parse(schemas), parse(options)),
  projectRdf: ([request, options]) => core.projectRdf(parse(request), parse(options)),
  preparePages: ([pages, schemas, options]) => core.preparePages(pages, schemas, parse(options)),
  projectForStore: ([request]) => core.projectForStore(request),
  graphIndexes: () => core.graphIndexes(),
  validatorValidate: ([subject, context], [name, schema, options]) =>
    new core.Validator(parse(name), parse(schema), parse(options)).validateJson(subject, context ?? undefined),
  batchValidatorValidate: ([items], [schemas, options]) => new core.BatchValidator(parse(schemas), parse(options)).validateJson(items),
  rdfProjectorProjectPage: ([page, content, prefixes], [setup, options]) =>
    new core.RdfProjector(parse(setup), parse(options)).projectPage(parse(page), content ?? undefined, prefixes === 'true'),
};

const cases = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const answers = cases.map(({ export: name, args, setup }) => {
  try {
    return { ok: text(calls[name](args, setup ?? [])) };
  } catch (e) {
    return { error: { code: e.code ?? e.name, message: e.message } };
  }
});
process.stdout.write(JSON.stringify(answers));
