// The Data tab's Copy buttons (`button.copy[data-copy]`, drawn by the core): copies the Subject's IRI
// and says so on the button. Outside a secure context there is no clipboard, and the IRI is selected
// for the reader to copy. A plain script, loaded by the reference host and by MediaWiki's
// ResourceLoader module ext.strata.dataTab.
document.addEventListener('click', (event) => {
  const button = event.target.closest && event.target.closest('button.copy');
  if (!button) return;
  const done = (text) => { button.textContent = text; };
  if (navigator.clipboard) navigator.clipboard.writeText(button.dataset.copy).then(() => done('Copied'), () => done('Copy failed'));
  else getSelection().selectAllChildren(button.previousElementSibling);
});
