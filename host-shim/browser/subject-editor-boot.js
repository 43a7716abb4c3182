// Starts the Subject editor on the reference host's editor page: the settings are the data attributes
// the server wrote on `#subject-editor`.
import { loadCore } from '../src/loader.js';
import { loadMessages, withCoreMessages } from './editor-messages.js';
import { mountSubjectEditor } from './subject-editor.js';

const root = document.getElementById('subject-editor');
const data = root.dataset;
const pageUrl = (title) => `/wiki/${encodeURIComponent(title.replace(/ /g, '_')).replace(/%3A/g, ':').replace(/%2F/g, '/')}`;
const editorMsg = await loadMessages();
let msg = editorMsg;
try {
  const core = await loadCore();
  msg = withCoreMessages(editorMsg, core);
  await mountSubjectEditor(root, {
    core,
    rest: data.rest,
    csrfToken: data.csrfToken,
    pageId: data.pageId ? Number(data.pageId) : null,
    pageTitle: data.pageTitle || null,
    subjectId: data.subjectId || null,
    schema: data.schema || null,
    coreOptions: { sourceKey: data.sourceKey || 'local', sources: data.sources ? data.sources.split(',') : [] },
    pageUrl,
    msg,
  });
} catch (error) {
  root.replaceChildren(Object.assign(document.createElement('p'), { className: 'error', role: 'alert', textContent: msg('strata-editor-start-failed', error.message) }));
}
