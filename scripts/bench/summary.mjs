// The table of issues 15 and 31 (performance; MediaWiki beside its own requests), read back from the lines `make bench` printed: one row per
// measure with Strata's figure, the peer's figure where there is a peer, the goal and whether this
// run met it. Each benchmark keeps printing its own lines; this only picks them out of the log that
// scripts/bench.sh keeps. Usage: node scripts/bench/summary.mjs bench-out/bench.log
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const number = (text) => Number(String(text).replaceAll(',', ''));
const fmt = (n) => Math.round(n).toLocaleString('en-US');

/** Every match of `pattern` (global) in `log`, as arrays of groups. */
const all = (log, pattern) => [...log.matchAll(pattern)];
const last = (log, pattern) => all(log, pattern).at(-1);

/** `http` lines of the run with both stores (http.mjs prints which stores it used first). */
function httpLine(log, request, concurrency) {
  const run = log.split(/^http: /m).find((part) => part.includes('FalkorDB and embedded Oxigraph'));
  if (!run) return null;
  const pattern = new RegExp(`^http ${request.replace(/[{}/]/g, '\\$&')}\\s+c=${concurrency}\\s+([\\d.]+) req/s\\s+p50\\s+([\\d.]+) ms\\s+p99\\s+([\\d.]+) ms`, 'm');
  const match = `http: ${run}`.match(pattern);
  return match && { rps: number(match[1]), p50: number(match[2]), p99: number(match[3]) };
}

/** MediaWiki's rate beside the reference host's for a request (hosts.mjs), as text. */
function mediawikiPeer(log, request, concurrency) {
  const lines = all(log, new RegExp(`^hosts ${request.replace(/[{}/]/g, '\\$&')}\\s+c=${concurrency} (MediaWiki[^\\n]*?)\\s+(\\d+) req/s\\s+p99\\s+([\\d.]+) ms`, 'gm'));
  return lines.map((m) => `${m[1].trim()} ${m[2]} req/s, p99 ${m[3]} ms`).join('; ') || null;
}

function validation(log, label) {
  const m = last(log, new RegExp(`^validate vs ajv \\(${label}\\):.*?one batch median (\\d+) Subjects/s, ajv median (\\d+) Subjects/s`, 'gm'));
  return m && { strata: number(m[1]), ajv: number(m[2]) };
}

function rebuild(log, store) {
  const tenths = all(log, new RegExp(`^rebuild ${store}\\s+\\d+%\\s+\\d+ Subjects: (\\d+) Subjects/s`, 'gm')).map((m) => number(m[1]));
  const overall = last(log, new RegExp(`^rebuild ${store}\\s+succeeded: (\\d+) Subjects in [\\d.]+ s, (\\d+) Subjects/s overall`, 'gm'));
  return overall && { subjects: number(overall[1]), rate: number(overall[2]), min: Math.min(...tenths), max: Math.max(...tenths) };
}

/** The slowest list endpoint by p99 at the largest size the run imported. */
function lists(log) {
  const rows = all(log, /^lists (\d+): (.+?)\s+p50\s+([\d.]+) ms\s+p99\s+([\d.]+) ms/gm)
    .map((m) => ({ size: number(m[1]), name: m[2].trim(), p99: number(m[4]) }));
  if (!rows.length) return null;
  const size = Math.max(...rows.map((r) => r.size));
  const atSize = rows.filter((r) => r.size === size);
  const worst = atSize.reduce((a, b) => (b.p99 > a.p99 ? b : a));
  const import_ = last(log, new RegExp(`^lists ${size}: import (\\d+) Subjects in [\\d.]+ s = (\\d+) Subjects/s`, 'gm'));
  return { size, worst, over: atSize.filter((r) => r.p99 > 50).map((r) => r.name), importRate: import_ && number(import_[2]) };
}

/**
 * Strata's request beside MediaWiki's own (mediawiki-peers.mjs) on every wiki of the run: the rate
 * and p99 ratios of each, and whether all met `goal` (the rate ratio) with a p99 at most 1.5x.
 */
function mediawikiPeers(log, request, peer, concurrency, goal) {
  const escape = (text) => text.replace(/[{}/.=]/g, '\\$&');
  const pattern = new RegExp(`^mediawiki-peers (MediaWiki[^:]*): ${escape(request)} c=${concurrency} .*\\| ${escape(peer)} .*rate ([\\d.]+)×, p99 ([\\d.]+)×`, 'gm');
  const found = all(log, pattern).map((m) => ({ wiki: m[1], rate: number(m[2]), p99: number(m[3]) }));
  return found.length ? { text: found.map((f) => `${f.wiki} ${f.rate}×, p99 ${f.p99}×`).join('; '), met: found.every((f) => f.rate >= goal && f.p99 <= 1.5) } : null;
}

/** The rows: [measure, Strata, peer, goal, met]. A row whose benchmark did not run says so. */
export function rows(log) {
  const out = [];
  const missing = (measure, goal) => out.push([measure, 'not measured in this run', '', goal, '']);
  for (const [c, goal, met] of [[1, 'p99 <= 10 ms', (r) => r.p99 <= 10], [8, '>= 500 saves/s', (r) => r.rps >= 500]]) {
    const measure = `PUT /subject/{id}, both stores, c=${c}`;
    const r = httpLine(log, 'PUT /subject/{id}', c);
    if (!r) missing(measure, goal);
    else out.push([measure, `${fmt(r.rps)} saves/s, p50 ${r.p50} ms, p99 ${r.p99} ms`, mediawikiPeer(log, 'PUT /subject/{id}', c) ?? '', goal, met(r) ? 'yes' : 'no']);
  }
  for (const [label, measure, goal, met] of [
    ['JSON text in', 'validation through wasm, JSON text', '>= ajv', (v) => v.strata >= v.ajv],
    ['JS objects in', 'validation through wasm, JS objects', '>= 200,000/s', (v) => v.strata >= 200000],
  ]) {
    const v = validation(log, label);
    if (!v) missing(measure, goal);
    else out.push([measure, `${fmt(v.strata)} Subjects/s (one batch)`, `ajv ${fmt(v.ajv)}/s, Strata/ajv ${(v.strata / v.ajv).toFixed(2)}x`, goal, met(v) ? 'yes' : 'no']);
  }
  const slim = last(log, /^\[build\] pkg\/web-slim[^:]*: (\d+) bytes of wasm, (\d+) gzipped/gm);
  const full = last(log, /^\[build\] pkg\/node and pkg\/web: (\d+) bytes of wasm, (\d+) gzipped/gm);
  if (!slim) missing('browser module (pkg/web-slim)', '<= 300 KB gzipped');
  else out.push(['browser module (pkg/web-slim)', `${fmt(number(slim[2]) / 1024)} KB gzipped`, full ? `full module ${fmt(number(full[2]) / 1024)} KB gzipped` : '', '<= 300 KB gzipped', number(slim[2]) <= 300 * 1024 ? 'yes' : 'no']);
  const l = lists(log);
  if (!l?.importRate) missing('bulk import', '>= 5,000/s at 1,000,000');
  else out.push([`bulk import at ${fmt(l.size)}`, `${fmt(l.importRate)} Subjects/s`, '', '>= 5,000/s at 1,000,000', l.size >= 1e6 && l.importRate >= 5000 ? 'yes' : 'no']);
  const graph = rebuild(log, 'graph');
  const peers = ['embedded', 'server'].map((s) => [s, rebuild(log, s)]).filter(([, r]) => r).map(([s, r]) => `Oxigraph ${s} ${fmt(r.rate)}/s`).join(', ');
  if (!graph) missing('rebuild into FalkorDB', '>= 20,000/s, flat');
  else out.push([`rebuild into FalkorDB (${fmt(graph.subjects)} Subjects)`, `${fmt(graph.rate)} Subjects/s (tenths ${fmt(graph.min)} to ${fmt(graph.max)})`, peers, '>= 20,000/s, flat', graph.rate >= 20000 ? 'yes' : 'no']);
  if (!l) missing('lists', 'every p99 <= 50 ms at 1,000,000');
  else out.push([`lists at ${fmt(l.size)}`, `slowest p99 ${l.worst.p99} ms (${l.worst.name})${l.over.length ? `; over 50 ms: ${l.over.join(', ')}` : ''}`, '', 'every p99 <= 50 ms at 1,000,000', l.size >= 1e6 && !l.over.length ? 'yes' : 'no']);
  for (const [request, peer, goal] of [['GET /subject/{id}', 'core GET /v1/page/{title}', 0.95], ['PUT /subject/{id}', 'api.php action=edit', 0.9], ['GET /subjects', 'api.php list=allpages', 0.9]]) {
    for (const c of [1, 8]) {
      const measure = `MediaWiki: ${request} over ${peer}, c=${c}`;
      const goalText = `rate >= ${goal}x, p99 <= 1.5x`;
      const r = mediawikiPeers(log, request, peer, c, goal);
      if (!r) missing(measure, goalText);
      else out.push([measure, r.text, peer, goalText, r.met ? 'yes' : 'no']);
    }
  }
  out.push(['10,000,000 Subjects', 'make bench-scale (about an hour); last run in docs/benchmarks.md', '', 'measured once and recorded', '']);
  return out;
}

function print(table) {
  const head = ['measure', 'Strata', 'peer', 'goal', 'met'];
  const widths = head.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
  const line = (r) => r.map((cell, i) => cell.padEnd(widths[i])).join(' | ').trimEnd();
  console.log('== performance goals (issues 15 and 31), from the figures above ==');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const r of table) console.log(line(r));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) print(rows(readFileSync(process.argv[2], 'utf8')));
