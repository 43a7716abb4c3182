import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ApiClient } from '../test-support/api-client.js';
import { startSite } from '../test-support/site.js';

let site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site.stop();
  site.remove();
});

test('meta=siteinfo answers what client libraries read when they connect', async () => {
  const cases = [['1', '*', ''], ['2', 'name', true]];
  for (const [formatversion, nameKey, flag] of cases) {
    const answer = await new ApiClient(site.url, { formatversion }).get({ action: 'query', meta: 'siteinfo|userinfo', siprop: 'general|namespaces|rightsinfo' });
    assert.match(answer.query.general.generator, /^MediaWiki 1\.\d+\.\d+ /, formatversion);
    assert.equal(answer.query.general.writeapi, flag);
    assert.deepEqual(answer.query.namespaces[7474], { id: 7474, case: 'first-letter', [nameKey]: 'Schema', canonical: 'Schema', ...(flag === true ? { content: false } : {}) });
    assert.equal(answer.query.namespaces[0][nameKey], '');
    assert.equal(answer.query.userinfo.anon, flag);
    assert.match(answer.warnings.siteinfo[formatversion === '2' ? 'warnings' : '*'], /"siprop": rightsinfo/);
  }
});
