// Where this host serves pages, its script and its REST API. The core draws every link and answers
// every redirect from these (its settings' `urls`, src/host/messages.rs `UrlLayout`), so they are
// declared here once.
export const URL_LAYOUT = Object.freeze({ page: '/wiki/$1', script: '/index.php', rest: '/rest.php' });
