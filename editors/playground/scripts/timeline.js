// Where the time of a first visit went, read from the page once its first
// diagnostics are on screen: ms since the start of the navigation, the
// worker's steps put on the page's clock. The startup test logs it and
// the first-load benchmark (scripts/first-load.js) takes its medians.
//
// The steps, in the order they happen on a visit (two paths side by side:
// the worker's, which index.html starts, and the editor's, main.js):

import { readFileSync } from 'node:fs';

export const STEPS = [
  ['html', 'index.html arrived'],
  ['start', 'index.html started the worker'],
  ['boot', 'boot.js asked for the first check'],
  ['workerScript', 'worker.js runs'],
  ['wasmResponse', 'the module\'s response begins'],
  ['compiled', 'module compiled'],
  ['started', 'module instantiated, Go runtime started'],
  ['firstAnswer', 'first check answered, on the page'],
  ['mainJs', 'main.js arrived'],
  ['main', 'main.js runs (CodeMirror parsed and set up)'],
  ['editor', 'editor built'],
  ['domContentLoaded', 'DOMContentLoaded'],
  ['firstDiagnostics', 'first diagnostics on screen'],
];

/**
 * The steps of the visit on page (a playwright Page), by STEPS' names;
 * a step the page did not take (an older build, a page without main.js)
 * is undefined.
 */
export function readTimeline(page) {
  return page.evaluate(async () => {
    const mark = (name) => performance.getEntriesByName(name, 'mark')[0]?.startTime;
    const nav = performance.getEntriesByType('navigation')[0];
    const arrived = (file) => performance.getEntriesByType('resource').find((r) => r.name.endsWith(`/${file}`))?.responseEnd;
    // The worker's ready message carries its steps in its own clock.
    const ready = await globalThis.mdscheckBoot?.checker.ready.catch(() => null);
    const w = ready?.timeline;
    const worker = (step) => (w?.[step] === undefined ? undefined : w[step] + w.origin - performance.timeOrigin);
    return {
      html: nav.responseEnd,
      start: mark('mdscheck:start'),
      boot: mark('mdscheck:boot'),
      workerScript: worker('script'),
      wasmResponse: worker('response'),
      compiled: worker('compiled'),
      started: worker('started'),
      firstAnswer: mark('mdscheck:first-answer'),
      mainJs: arrived('main.js'),
      main: mark('mdscheck:main'),
      editor: mark('mdscheck:editor'),
      domContentLoaded: nav.domContentLoadedEventEnd,
      firstDiagnostics: mark('mdscheck:first-diagnostics'),
    };
  });
}

/** Waits until the first diagnostics are on screen, or the page says the checker failed. */
export function firstDiagnostics(page, timeout = 60_000) {
  return page.waitForFunction(() => performance.getEntriesByName('mdscheck:first-diagnostics').length > 0 ||
    document.querySelector('#status.error'), undefined, { timeout });
}

// index.html's first script, which starts the worker as the page is parsed.
const starter = readFileSync(new URL('../index.html', import.meta.url), 'utf8').match(/<script>[^<]*<\/script>/)[0];

/**
 * The module alone, for comparison: a page of the same folder with
 * index.html's first script and boot.js and nothing of the editor, which
 * puts the number of diagnostics of the first check on screen (boot.js
 * runs first here: both scripts wait for the end of the page, which is
 * short). Its first diagnostics are the floor of the playground's, what
 * the worker's path costs without main.js beside it. Written into dir (a built folder) as module-only.html; never shipped.
 */
export const MODULE_ONLY = {
  'module-only.html': `<!doctype html>
<meta charset="utf-8"><title>mdscheck module only</title>
${starter}
<script type="module" src="boot.js"></script>
<script type="module" src="module-only.js"></script>
<p id="summary">Checking…</p>
`,
  'module-only.js': `const first = await globalThis.mdscheckBoot.first;
const { result } = await first.answer;
performance.mark('mdscheck:first-answer');
document.getElementById('summary').textContent = result.diagnostics.length + ' problems';
performance.mark('mdscheck:first-diagnostics');
`,
};
