// Generates a wiki of realistic Subjects for load tests and benchmarks: N pages of 10 Subjects each,
// 12 Statements per Subject, 3 of them relations to Subjects anywhere in the wiki. The same seed
// gives the same wiki.

const FIRST = ['Anna', 'Ben', 'Clara', 'David', 'Elena', 'Felix', 'Greta', 'Hugo', 'Ines', 'Jonas', 'Katrin', 'Lukas',
  'Marta', 'Niklas', 'Olga', 'Paul', 'Rosa', 'Simon', 'Tilda', 'Umberto', 'Vera', 'Walter', 'Xenia', 'Yusuf', 'Zoë',
  'Amélie', 'Björn', 'Chiara', 'Dmitri', 'Eitan', 'Fatima', 'Gustav', 'Hana', 'Ivo', 'Jana', 'Kofi', 'Lena', 'Mateo'];
const LAST = ['Berger', 'Schmidt', 'Novak', 'García', 'Rossi', 'Dubois', 'Jansen', 'Kowalski', 'Lindqvist', 'Müller',
  'Nakamura', 'Okafor', 'Petrov', 'Quinn', 'Ramírez', 'Silva', 'Tanaka', 'Ulrich', 'Varga', 'Weber', 'Yilmaz',
  'Zhang', 'Andersen', 'Bianchi', 'Costa', 'Dimitrov', 'Eriksen', 'Fischer', 'Horvat', 'Ivanova', 'Kaya', 'Larsen'];
const ORG_WORDS = ['Northwind', 'Blue Harbor', 'Silverline', 'Keystone', 'Red Maple', 'Ironwood', 'Brightwater',
  'Summit', 'Old Mill', 'Granite', 'Lighthouse', 'Evergreen', 'Copperfield', 'Riverside', 'Starling', 'Foxglove'];
const ORG_KINDS = ['Analytics', 'Archives', 'Foundation', 'Institute', 'Labs', 'Library', 'Museum', 'Press',
  'Society', 'Studio', 'Trust', 'Works'];
const PLACES = ['Amsterdam', 'Antwerp', 'Bilbao', 'Bologna', 'Brno', 'Coimbra', 'Dresden', 'Eisenach', 'Erfurt',
  'Gdańsk', 'Ghent', 'Graz', 'Kraków', 'Leipzig', 'Lyon', 'Madrid', 'Malmö', 'Porto', 'Salzburg', 'Tartu', 'Turku',
  'Utrecht', 'Vienna', 'Weimar', 'Zagreb'];
const TOPICS = ['Linked Data', 'Provenance', 'Digitization', 'Metadata', 'Named Entities', 'Archives', 'Bibliography',
  'Cataloguing', 'Preservation', 'Text Encoding', 'Knowledge Graphs', 'Reconciliation'];
const STATUS = ['active', 'planned', 'closed'];

/** The Schemas of a generated wiki: four kinds, each with 9 value properties and 3 relations. */
export const GENERATED_SCHEMAS = Object.fromEntries(['Person', 'Organization', 'Place', 'Project'].map((name) => [name, {
  title: name,
  propertyDefinitions: {
    Summary: { type: 'text' },
    Keywords: { type: 'text', multiple: true },
    Code: { type: 'text' },
    Score: { type: 'number' },
    Since: { type: 'date' },
    Website: { type: 'url' },
    Verified: { type: 'boolean' },
    Status: { type: 'select', options: STATUS.map((id) => ({ id, label: id[0].toUpperCase() + id.slice(1) })) },
    Note: { type: 'text' },
    'Related to': { type: 'relation', targetSchemas: ['Person', 'Organization', 'Place', 'Project'], multiple: true },
    'Located in': { type: 'relation', targetSchemas: ['Place'] },
    'Works with': { type: 'relation', targetSchemas: ['Person', 'Organization'], multiple: true },
  },
}]));
const KINDS = Object.keys(GENERATED_SCHEMAS);

export const SUBJECTS_PER_PAGE = 10;

// Mulberry32: a small, fast seeded generator; quality is ample for test data.
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
function base62(n, width) {
  let out = '';
  for (let i = 0; i < width; i += 1) {
    out = DIGITS[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

/** The ID of the k-th generated Subject: IDs sort in generation order. */
export const subjectId = (k) => `s0gen${base62(k, 10)}`;
const relationId = (k) => `r0gen${base62(k, 10)}`;

function name(kind, pick) {
  switch (kind) {
    case 'Person': return `${pick(FIRST)} ${pick(LAST)}`;
    case 'Organization': return `${pick(ORG_WORDS)} ${pick(ORG_KINDS)}`;
    case 'Place': return `${pick(PLACES)} ${pick(['Old Town', 'Harbour', 'North', 'Centre', 'West End', 'Station'])}`;
    default: return `${pick(TOPICS)} ${pick(['Survey', 'Pilot', 'Toolkit', 'Initiative', 'Study', 'Platform'])}`;
  }
}

/**
 * Yields `{title, content}` for pages `from` to `to - 1` of a wiki of `total` pages; content is the
 * page's Subject slot. One Subject in ten has no label, so its display name is generated.
 */
export function* generatePages({ total, from = 0, to = total, seed = 1 }) {
  const used = new Map();
  const subjects = total * SUBJECTS_PER_PAGE;
  for (let page = from; page < to; page += 1) {
    const rand = random(seed * 1000003 + page);
    const pick = (list) => list[Math.floor(rand() * list.length)];
    const target = () => ({ target: subjectId(Math.floor(rand() * subjects)) });
    const content = { mainSubject: subjectId(page * SUBJECTS_PER_PAGE), subjects: {} };
    let title = null;
    for (let slot = 0; slot < SUBJECTS_PER_PAGE; slot += 1) {
      const k = page * SUBJECTS_PER_PAGE + slot;
      const kind = KINDS[(page + slot) % KINDS.length];
      const label = slot > 0 && slot % 10 === 9 ? null : name(kind, pick);
      if (slot === 0) title = label;
      const relations = (n) => Array.from({ length: n }, (_, i) => ({ id: relationId(k * 4 + i), ...target() }));
      content.subjects[subjectId(k)] = {
        ...(label ? { label } : {}),
        schema: kind,
        statements: {
          Summary: { propertyType: 'text', value: [`${label ?? kind} works on ${pick(TOPICS).toLowerCase()} in ${pick(PLACES)}.`] },
          Keywords: { propertyType: 'text', value: [pick(TOPICS), pick(TOPICS)] },
          Code: { propertyType: 'text', value: [`${kind.slice(0, 3).toUpperCase()}-${k}`] },
          Score: { propertyType: 'number', value: Math.round(rand() * 1000) / 10 },
          Since: { propertyType: 'date', value: [`${1950 + Math.floor(rand() * 75)}-0${1 + Math.floor(rand() * 9)}-1${Math.floor(rand() * 9)}`] },
          Website: { propertyType: 'url', value: [`https://example.org/${kind.toLowerCase()}/${k}`] },
          Verified: { propertyType: 'boolean', value: rand() < 0.5 },
          Status: { propertyType: 'select', value: [pick(STATUS)] },
          Note: { propertyType: 'text', value: [`Imported record ${k}.`] },
          'Related to': { propertyType: 'relation', value: relations(1) },
          'Located in': { propertyType: 'relation', value: [{ id: relationId(k * 4 + 2), ...target() }] },
          'Works with': { propertyType: 'relation', value: [{ id: relationId(k * 4 + 3), ...target() }] },
        },
      };
    }
    const seen = used.get(title) ?? 0;
    used.set(title, seen + 1);
    yield { title: seen === 0 ? title : `${title} (${page})`, content };
  }
}
