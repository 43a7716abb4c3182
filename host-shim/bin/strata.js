#!/usr/bin/env node
// Admin command line of the Strata reference wiki: serve, user, botpassword, import, dump-rdf.
import { parseArgs } from 'node:util';
import { CoreNotBuiltError, loadCore } from '../src/loader.js';
import { AccountError, addUserToGroup, createBotPassword, createUser } from '../platform/auth.js';
import { ConfigError, loadConfig } from '../platform/config.js';
import { openDatabase } from '../platform/db.js';
import { bulkImportPages, readFolder, saveSchemas } from '../platform/bulk-import.js';
import { generatePages, GENERATED_SCHEMAS } from '../platform/generate.js';
import { importFolder, ImportError } from '../platform/import.js';
import { writeGeneratedWiki } from '../platform/generate-files.js';
import { validateFolder } from '../platform/validate-folder.js';
import { DumpError, dumpRdf } from '../platform/rdf/dump.js';
import { makeProgress } from '../platform/rdf/progress.js';
import { makeLogger } from '../platform/log.js';
import { startServer } from '../platform/server.js';
import { progressBar } from '../stores/progress.js';
import { LIFECYCLE, queueRun, storeState } from '../stores/runs.js';
import { openStores } from '../platform/site-stores.js';

const USAGE = `usage: strata <command> [--config FILE]
  serve                                   run the wiki server
  user create NAME --password PASSWORD    create a user
  user add-group NAME GROUP               add a user to a group (sysop, bot, ...)
  botpassword create USER BOTNAME [--grants right,right]
                                          create a bot password; prints User@BotName and the password
  import DIR                              import Schema/, Layout/, Mapping/ and Subject/ JSON files
  rebuild STORE [--unless-in-sync]        rebuild a configured graph or SPARQL store (progress on stderr);
                                          --unless-in-sync: only when it is stale or never built,
                                          after checking what the store holds (run it before serve)
  bulk-import DIR [--batch N]             import Schema/ and Subject/ files of a new wiki fast: pages
                                          are prepared by the core in batches, one transaction each
  generate --pages N (--out DIR | --into-db) [--seed S]
                                          make a wiki of N pages, 10 Subjects each, as files or
                                          straight into the database through the bulk path
  validate DIR                            validate every Subject of a folder like import's and print a
                                          report; exits 1 when a page cannot be normalized
  dump-rdf [--projection=NAME]            write every page's RDF to stdout as TriG (native, or a
                                          Mapping target); progress on stderr
The configuration file is --config, else $STRATA_CONFIG, else ./strata.config.json when present.`;

class UsageError extends Error {}

const HOST_EXPORTS = ['handleRoute', 'handlePageAction'];

async function loadOptionalCore(log) {
  let core;
  try {
    core = await loadCore();
  } catch (error) {
    if (!(error instanceof CoreNotBuiltError)) throw error;
    log('warning', `${error.message} Running without it.`);
    core = null;
  }
  const missing = HOST_EXPORTS.filter((name) => typeof core?.[name] !== 'function');
  if (missing.length) {
    log('warning', `the core lacks ${missing.join(' and ')}: `
      + `${missing.includes('handleRoute') ? '/rest.php answers 501; ' : ''}`
      + `${missing.includes('handlePageAction') ? 'no page can be edited or deleted; ' : ''}pages can still be read.`);
  }
  return core;
}

async function serve(config, log) {
  const db = openDatabase(config.dataDir);
  const core = await loadOptionalCore(log);
  const stores = openStores({ db, config, core, log });
  const { server, url } = await startServer({ db, config, core, log, stores });
  log('info', `Strata listening on ${url} (data in ${config.dataDir})`);
  const names = stores.registry.entries().map((e) => `${e.name} (${e.type}, ${e.projection})`);
  log('info', names.length ? `stores: ${names.join(', ')}` : 'no stores configured');
  const stop = (signal) => {
    log('info', `${signal}: shutting down`);
    server.close(async () => {
      await stores.close();
      db.close();
      process.exit(0);
    });
    server.closeAllConnections();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function runImport(config, log, dir) {
  const db = openDatabase(config.dataDir);
  try {
    const core = await loadOptionalCore(log);
    const stores = openStores({ db, config, core, log, background: false });
    const counts = await importFolder({ db, config, core, log, stores }, dir, ({ title, outcome, info }) => {
      console.log(`${outcome.padEnd(9)} ${title}${info ? `: ${info}` : ''}`);
    }).finally(() => stores.close());
    console.log(`${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.failed} failed`);
    return counts.failed === 0 ? 0 : 1;
  } finally {
    db.close();
  }
}

/** Rebuilds one store in this process, with a progress bar on stderr; exits 1 when the run fails. */
async function runRebuild(config, log, name, { unlessInSync = false } = {}) {
  const db = openDatabase(config.dataDir);
  try {
    const core = await loadOptionalCore(log);
    const stores = openStores({ db, config, core, log, background: false });
    try {
      if (!stores.registry.entry(name)) throw new UsageError(`no store "${name}" is configured`);
      if (unlessInSync) await stores.check();
      const { state } = storeState(db, name);
      if (unlessInSync && !LIFECYCLE.needsRebuild.includes(state)) {
        console.log(`${name} is ${state}: not rebuilt`);
        return 0;
      }
      const { outcome, run } = queueRun(db, name, 'Maintenance script');
      if (outcome === 'active') {
        console.error(`strata: run ${run.id} of ${name} is already ${run.state}`);
        return 1;
      }
      const bar = progressBar(process.stderr, `rebuild ${name}`);
      const done = await stores.rebuilds.process(run, { onProgress: bar.update });
      bar.end();
      console.log(`run ${done.id} ${done.state}: ${done.processed} pages processed, ${done.failed} failed${done.error ? `: ${done.error}` : ''}`);
      return done.state === 'succeeded' ? 0 : 1;
    } finally {
      await stores.close();
    }
  } finally {
    db.close();
  }
}

function positiveInt(text, option) {
  if (!/^[1-9][0-9]*$/.test(text ?? '')) throw new UsageError(`${option} needs a positive integer`);
  return Number(text);
}

async function runBulkImport(config, log, { schemas, pages, batch }) {
  const core = await loadOptionalCore(log);
  return withDatabase(config, async (db) => {
    const started = Date.now();
    await saveSchemas({ db, config, core, log }, schemas);
    const totals = await bulkImportPages({ db, config, core }, {
      pages, batch, onBatch: ({ pages: done }) => process.stderr.write(`\r${done} pages`),
    });
    const seconds = (Date.now() - started) / 1000;
    process.stderr.write('\n');
    for (const { title, error } of totals.failed) console.log(`failed    ${title}: ${error}`);
    if (totals.preparedAgain > 0) console.log(`${totals.preparedAgain} batches prepared again: a Schema changed while importing`);
    console.log(`${totals.pages} pages, ${totals.subjects} Subjects in ${seconds.toFixed(1)} s `
      + `(${Math.round(totals.subjects / seconds)} Subjects/s), ${totals.failed.length} failed`);
    return totals.failed.length === 0 ? 0 : 1;
  });
}

async function runDump(config, log, projection) {
  const core = await loadOptionalCore(log);
  // A reader that stops early (`| head`) closes the pipe: that ends the dump, quietly.
  const closed = new Promise((resolve) => process.stdout.once('error', (error) => resolve(error)));
  return withDatabase(config, async (db) => {
    const dump = dumpRdf({ db, config, core }, { projection, out: process.stdout, progress: (total) => makeProgress(process.stderr, total) });
    const first = await Promise.race([dump.then(() => null), closed]);
    if (first && first.code !== 'EPIPE') throw first;
    return 0;
  });
}

async function withDatabase(config, action) {
  const db = openDatabase(config.dataDir);
  try {
    return await action(db);
  } finally {
    db.close();
  }
}

async function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      config: { type: 'string' },
      password: { type: 'string' },
      grants: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      pages: { type: 'string' },
      out: { type: 'string' },
      'into-db': { type: 'boolean' },
      seed: { type: 'string' },
      projection: { type: 'string' },
      batch: { type: 'string' },
      'unless-in-sync': { type: 'boolean' },
    },
  });
  if (values.help || positionals.length === 0) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig({ path: values.config });
  const log = makeLogger();
  const command = positionals.join(' ');
  const [, , first, second] = positionals;

  if (command === 'serve') {
    await serve(config, log);
    return null;
  }
  if (positionals[0] === 'import' && positionals.length === 2) return runImport(config, log, positionals[1]);
  if (positionals[0] === 'rebuild' && positionals.length === 2) return runRebuild(config, log, positionals[1], { unlessInSync: values['unless-in-sync'] });
  if (positionals[0] === 'bulk-import' && positionals.length === 2) {
    const { schemas, pages } = readFolder(positionals[1]);
    return runBulkImport(config, log, { schemas, pages, batch: positiveInt(values.batch ?? '500', '--batch') });
  }
  if (command === 'generate') {
    const total = positiveInt(values.pages, '--pages');
    const seed = positiveInt(values.seed ?? '1', '--seed');
    if (values['into-db']) {
      return runBulkImport(config, log, { schemas: GENERATED_SCHEMAS, pages: generatePages({ total, seed }), batch: 500 });
    }
    if (!values.out) throw new UsageError('generate needs --out DIR or --into-db');
    writeGeneratedWiki(values.out, { total, seed });
    console.log(`wrote ${total} pages of generated Subjects to ${values.out}`);
    return 0;
  }
  if (positionals[0] === 'validate' && positionals.length === 2) {
    const core = await loadCore();
    return validateFolder(core, readFolder(positionals[1]), process.stdout).refused === 0 ? 0 : 1;
  }
  if (command === 'dump-rdf') return runDump(config, log, values.projection ?? 'native');
  if (command.startsWith('user create ') && positionals.length === 3) {
    if (!values.password) throw new UsageError('user create needs --password');
    const user = await withDatabase(config, (db) => createUser(db, positionals[2], values.password));
    console.log(`created user ${user.name} (id ${user.id})`);
    return 0;
  }
  if (command.startsWith('user add-group ') && positionals.length === 4) {
    const { name, groups } = await withDatabase(config, (db) => addUserToGroup(db, first, second));
    console.log(`${name} is in: ${groups.join(', ')}`);
    return 0;
  }
  if (command.startsWith('botpassword create ') && positionals.length === 4) {
    const grants = values.grants ? values.grants.split(',').map((right) => right.trim()).filter(Boolean) : null;
    const { loginName, password } = await withDatabase(config, (db) => createBotPassword(db, first, second, grants));
    console.log(loginName);
    console.log(password);
    return 0;
  }
  throw new UsageError(`unknown command: ${command}`);
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== null) process.exitCode = code;
  },
  (error) => {
    const expected = [UsageError, ConfigError, AccountError, ImportError, DumpError].some((type) => error instanceof type)
      || error?.code?.startsWith?.('ERR_PARSE_ARGS');
    console.error(`strata: ${expected ? error.message : error.stack}`);
    if (error instanceof UsageError) console.error(USAGE);
    process.exitCode = expected ? 2 : 1;
  },
);
