// A page's Data tab (`action=subjects`): the core renders it (its Subjects with IRIs, Copy buttons and
// Export menus, `src/render/data_tab.rs`) through the page action `subjects`, for the reader; the host
// puts it into its page frame.
import { dataTabThroughCore } from '../pages/page-actions.js';
import { layout, tabs } from './layout.js';

/** The Data tab of a readable page: `{status, html}`. */
export async function dataTab(host, page, heading) {
  const top = tabs(heading, 'subjects');
  if (typeof host.core?.handlePageAction !== 'function') {
    return { status: 503, html: layout(heading, `${top}\n<p>The Strata core is not loaded: the Data tab is unavailable.</p>`, { user: host.user }) };
  }
  const answer = await dataTabThroughCore(host, { namespace: page.namespace, title: page.title });
  if (!answer.ok) throw new Error(`the page's Data tab could not be made: ${answer.error.info}`);
  return { status: 200, html: layout(heading, `${top}\n${answer.result.html}`, { user: host.user }) };
}
