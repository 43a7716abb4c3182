// Serves FakeSources for tests of other hosts (the PHP bridge): prints its URL, stops when stdin closes.
import { FakeSources } from './fake-sources.js';

const fake = await new FakeSources().start();
process.stdout.write(`${fake.url}\n`);
process.stdin.resume();
process.stdin.on('end', () => fake.stop());
