// Writes a JavaScript value into the encoded form of a JSON document that `src/json/encoded/` reads
// (the format is described there and in docs/validation.md, "JS objects into wasm": tags, LEB128
// lengths, each key written once and then named by its index), so that `BatchValidator.validate`
// passes its objects into wasm without JSON text.
// wasm-bindgen ships this file inside every module built from `src/wasm` (`src/wasm/objects_in.rs`).
//
// It encodes values only, exactly as `JSON.stringify` would write them: own enumerable string keys in
// `Object.keys` order, each property read once; members whose value is undefined, a function or a
// symbol left out, such elements of an array (and holes) written as null; NaN and the infinities as
// null. Whatever it cannot write exactly makes `encodeJson` answer undefined, and the caller then takes
// the whole value through `JSON.stringify` as before: a `toJSON` anywhere, an object whose prototype is
// neither `Object.prototype` nor null (Date, Map, class instances, boxed primitives, typed arrays,
// objects of another realm), an array whose prototype is not `Array.prototype`, raw JSON
// (`JSON.rawJSON`), a BigInt, a string or key with a lone surrogate, nesting as deep as the JSON
// reader refuses (and so a cycle), more than MAX_BYTES, and anything that throws while read.

const NULL = 0;
const FALSE = 1;
const TRUE = 2;
const INT32 = 3;
const SAFE_INTEGER = 4;
const NUMBER_TEXT = 5;
const STRING = 6;
const ARRAY = 7;
const OBJECT = 8;

/** The JSON text reader refuses the 128th open container; a document that deep is not encoded. */
const MAX_DEPTH = 128;
/** Beyond this the value goes through `JSON.stringify`, which sets its own limits. */
const MAX_BYTES = 1 << 29;
/** A buffer grown past this by one large value is not kept for the next. */
const KEPT_UP_TO = 8 << 20;
const FIRST_SIZE = 1 << 16;
/** A key table grown past this by one large value is not kept for the next. */
const KEYS_KEPT_UP_TO = 1 << 14;

/** Thrown to give up on a value; any other throw gives up too. */
const UNSUPPORTED = new Error('not encoded');

const encoder = new TextEncoder();
const lone = /\p{Cs}/u;
const wellFormed = typeof String.prototype.isWellFormed === 'function' ? (s) => s.isWellFormed() : (s) => !lone.test(s);
const isRawJSON = typeof JSON.isRawJSON === 'function' ? JSON.isRawJSON : () => false;

/** The structure, after four bytes for its length. */
let bytes = new Uint8Array(FIRST_SIZE);
let view = new DataView(bytes.buffer);
let at = 0;
/** The strings' bytes, moved after the structure at the end. */
let chars = new Uint8Array(FIRST_SIZE);
let charsAt = 0;
/**
 * Every key met, with a number of its own kept from one value to the next (so that the Map does not
 * grow again for every batch), up to KEYS_KEPT_UP_TO keys.
 */
const ids = new Map();
/** For each key's number: the value that last used it (`written`), and its index in that value's table. */
let usedBy = new Int32Array(1024);
let indexOf = new Int32Array(1024);
/** Values written so far; the current one's number. */
let written = 0;
/** The key table of the value being written: the keys by index. */
const names = [];
/**
 * Guesses that spare most lookups in `ids`: the index of the key that followed each key the last
 * time, and of the first key of the last object at each depth. A guess is only taken when the key
 * at that index is the key being written.
 */
let after = new Int32Array(1024);
const firstAt = new Int32Array(MAX_DEPTH + 1);

/**
 * The encoded form of `value` (an object or an array), as a view of a buffer reused by the next call,
 * or undefined when `JSON.stringify` must write it instead.
 */
export function encodeJson(value) {
  if (typeof value !== 'object' || value === null || inheritsEnumerable()) return undefined;
  at = 4;
  charsAt = 0;
  if (++written === 0x40000000) {
    // Numbers of values stay small integers; the keys' marks start over.
    written = 1;
    usedBy.fill(0);
  }
  names.length = 0;
  try {
    container(value, 1);
    room(charsAt);
  } catch {
    return undefined;
  }
  // A getter may have added an enumerable property to Object.prototype, which `for...in` would list.
  if (inheritsEnumerable()) return undefined;
  view.setUint32(0, at - 4, true);
  bytes.set(chars.subarray(0, charsAt), at);
  const encoded = bytes.subarray(0, at + charsAt);
  if (bytes.length > KEPT_UP_TO || chars.length > KEPT_UP_TO) {
    bytes = new Uint8Array(FIRST_SIZE);
    view = new DataView(bytes.buffer);
    chars = new Uint8Array(FIRST_SIZE);
  }
  if (ids.size > KEYS_KEPT_UP_TO) {
    ids.clear();
    usedBy = new Int32Array(1024);
    indexOf = new Int32Array(1024);
    after = new Int32Array(1024);
    names.length = 0;
  }
  return encoded;
}

/**
 * Whether a plain object inherits an enumerable property. Members are listed by `for...in`, which V8
 * runs faster than `Object.keys`; it lists the same keys in the same order (own ones, then inherited
 * enumerable ones) as long as Object.prototype has none.
 */
function inheritsEnumerable() {
  for (const _ in Object.prototype) return true;
  return false;
}

/** Makes room for `n` more bytes of structure. */
function room(n) {
  if (at + n > bytes.length) {
    bytes = larger(bytes, at, at + n);
    view = new DataView(bytes.buffer);
  }
}

/** A copy of the first `used` bytes of `buffer` in a buffer of at least `needed`, grown by doubling. */
function larger(buffer, used, needed) {
  if (needed > MAX_BYTES) throw UNSUPPORTED;
  let size = buffer.length * 2;
  while (size < needed) size *= 2;
  const grown = new Uint8Array(size);
  grown.set(buffer.subarray(0, used));
  return grown;
}

/** Writes `v` and answers true, or answers false for a value `JSON.stringify` leaves out. */
function value(v, depth) {
  switch (typeof v) {
    case 'string':
      room(1);
      bytes[at++] = STRING;
      text(v);
      return true;
    case 'number':
      number(v);
      return true;
    case 'boolean':
      room(1);
      bytes[at++] = v ? TRUE : FALSE;
      return true;
    case 'object':
      if (v === null) {
        room(1);
        bytes[at++] = NULL;
      } else {
        container(v, depth + 1);
      }
      return true;
    case 'bigint':
      throw UNSUPPORTED;
    default:
      // undefined, a function or a symbol.
      return false;
  }
}

/** An array or an object, the `depth`th open container. */
function container(v, depth) {
  if (depth >= MAX_DEPTH || v.toJSON !== undefined) throw UNSUPPORTED;
  const prototype = Object.getPrototypeOf(v);
  if (Array.isArray(v)) {
    if (prototype !== Array.prototype) throw UNSUPPORTED;
    array(v, depth);
  } else {
    if (prototype !== Object.prototype && (prototype !== null || isRawJSON(v))) throw UNSUPPORTED;
    object(v, depth);
  }
}

function array(a, depth) {
  const n = a.length;
  room(1);
  bytes[at++] = ARRAY;
  varint(n);
  for (let i = 0; i < n; i++) {
    if (!value(a[i], depth)) {
      room(1);
      bytes[at++] = NULL;
    }
  }
}

function object(o, depth) {
  room(2);
  bytes[at] = OBJECT;
  // One byte for the count, widened at the end for 128 members or more.
  const countAt = at + 1;
  at += 2;
  let count = 0;
  let previous = -1;
  for (const k in o) {
    // The key first (its index in the key table, or its definition); taken back when the value is
    // left out.
    const mark = at;
    const charsMark = charsAt;
    const guess = previous < 0 ? firstAt[depth] : after[previous];
    let index = guess;
    // The key's number when this member defines it, else -1.
    let defined = -1;
    if (guess >= names.length || names[guess] !== k) {
      const id = ids.get(k) ?? keyNumber(k);
      if (usedBy[id] === written) {
        index = indexOf[id];
      } else {
        index = define(k, id);
        defined = id;
      }
    }
    if (defined < 0) varint(index);
    if (value(o[k], depth)) {
      count++;
      if (previous < 0) firstAt[depth] = index;
      else after[previous] = index;
      previous = index;
    } else {
      at = mark;
      charsAt = charsMark;
      if (defined >= 0) {
        usedBy[defined] = 0;
        names.pop();
      }
    }
  }
  if (count < 0x80) bytes[countAt] = count;
  else widenCount(countAt, count);
}

/** Writes a count of 128 or more where one byte was kept for it, moving what follows. */
function widenCount(countAt, count) {
  let width = 1;
  while (count >>> (7 * width) !== 0) width++;
  room(width - 1);
  bytes.copyWithin(countAt + width, countAt + 1, at);
  at += width - 1;
  const end = at;
  at = countAt;
  varint(count);
  at = end;
}

/** Gives `k` the next key number. */
function keyNumber(k) {
  const id = ids.size;
  ids.set(k, id);
  if (id >= usedBy.length) {
    usedBy = grown(usedBy);
    indexOf = grown(indexOf);
  }
  return id;
}

/** Adds `k` (key number `id`) to the key table and writes its definition: its index, then its text. */
function define(k, id) {
  const index = names.length;
  names.push(k);
  usedBy[id] = written;
  indexOf[id] = index;
  if (index >= after.length) after = grown(after);
  varint(index);
  text(k);
  return index;
}

/** `numbers` in an array twice as long. */
function grown(numbers) {
  const larger = new Int32Array(numbers.length * 2);
  larger.set(numbers);
  return larger;
}

function number(x) {
  room(9);
  if ((x | 0) === x) {
    // -0 too, written as 0 as `JSON.stringify` writes it.
    bytes[at] = INT32;
    view.setInt32(at + 1, x, true);
    at += 5;
  } else if (Number.isSafeInteger(x)) {
    bytes[at] = SAFE_INTEGER;
    view.setFloat64(at + 1, x, true);
    at += 9;
  } else if (Number.isFinite(x)) {
    // `JSON.stringify` writes a finite number as `String(x)`; the reader reads this text as it reads
    // JSON text, so the value is the one the text path gives.
    bytes[at++] = NUMBER_TEXT;
    text(String(x));
  } else {
    bytes[at++] = NULL;
  }
}

/**
 * A string: its length in bytes in the structure, its UTF-8 in the strings, ASCII by a loop and the
 * rest by `encodeInto`.
 */
function text(s) {
  const n = s.length;
  if (charsAt + n * 3 > chars.length) chars = larger(chars, charsAt, charsAt + n * 3);
  const c = chars;
  const start = charsAt;
  let i = 0;
  for (; i < n; i++) {
    const code = s.charCodeAt(i);
    if (code > 0x7f) break;
    c[start + i] = code;
  }
  const length = i < n ? i + wider(s, i, start + i) : n;
  charsAt = start + length;
  varint(length);
}

/** The UTF-8 of `s` from its `i`th code unit on, written at `to`: its length in bytes. */
function wider(s, i, to) {
  // `encodeInto` would write a lone surrogate as U+FFFD, where `JSON.stringify` escapes it.
  if (!wellFormed(s)) throw UNSUPPORTED;
  return encoder.encodeInto(i === 0 ? s : s.slice(i), chars.subarray(to)).written;
}

/** An unsigned LEB128 number: seven bits a byte, low bits first. */
function varint(n) {
  if (n < 0x80 && at < bytes.length) {
    bytes[at++] = n;
    return;
  }
  room(5);
  const b = bytes;
  while (n > 0x7f) {
    b[at++] = (n & 0x7f) | 0x80;
    n >>>= 7;
  }
  b[at++] = n;
}
