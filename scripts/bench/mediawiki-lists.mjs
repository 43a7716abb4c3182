// Every list endpoint of list-endpoints.mjs timed over HTTP on a MediaWiki that holds a generated wiki
// of SUBJECTS Subjects (scripts/bench/mediawiki-million.sh imports one): anonymous GETs, one at a
// time, as lists.mjs times them in-process on the reference host; last, MediaWiki's own list of 50
// pages (api.php list=allpages) the same way, the floor under any list on that wiki and machine.
// LISTS_ONLY=<regex> times only the endpoints whose names match.
// Usage: node scripts/bench/mediawiki-lists.mjs URL SUBJECTS
import { listEndpoints, timeEndpoints } from './list-endpoints.mjs';

const [url, subjects] = [process.argv[2], Number(process.argv[3])];
if (!url || !(subjects > 0)) {
  console.error('usage: node scripts/bench/mediawiki-lists.mjs URL SUBJECTS');
  process.exit(2);
}
const get = (path, query) => fetch(`${url}/rest.php/strata/v0${path}?${new URLSearchParams(query)}`);
/** True for a 200, false for a 503 searchTimeout; anything else stops the run. */
const send = async (path, query) => {
  const response = await get(path, query);
  const body = await response.text();
  if (response.status === 200) return true;
  if (response.status === 503 && JSON.parse(body).errorType === 'searchTimeout') return false;
  throw new Error(`${path} ${JSON.stringify(query)}: ${response.status} ${body.slice(0, 300)}`);
};
const call = async (path, query) => {
  const response = await get(path, query);
  if (response.status !== 200) throw new Error(`${path} ${JSON.stringify(query)}: ${response.status} ${await response.text()}`);
  return response.json();
};
const pages = await (await fetch(`${url}/api.php?action=query&list=allpages&apnamespace=0&aplimit=100&format=json&formatversion=2`)).json();
const endpoints = await listEndpoints({ call, subjects, pageIds: pages.query.allpages.map((page) => page.pageid) });
const only = process.env.LISTS_ONLY ? new RegExp(process.env.LISTS_ONLY) : null;
await timeEndpoints(endpoints, { send, label: `mediawiki lists ${subjects}`, only });
const allpages = async () => {
  const response = await fetch(`${url}/api.php?action=query&list=allpages&aplimit=50&format=json&formatversion=2`);
  await response.text();
  if (!response.ok) throw new Error(`api.php list=allpages: ${response.status}`);
  return true;
};
await timeEndpoints([['floor: api.php list=allpages', () => []]], { send: allpages, label: `mediawiki lists ${subjects}`, only });
