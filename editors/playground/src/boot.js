// The first script file of the page, small and run before anything else:
// it takes the worker that index.html's one inline script started as the
// page was parsed (with it the download, compilation and start of the
// module; 30 ms sooner than this script could, a round trip sooner on a
// network), or starts it should that script have been refused, and asks
// at once for the check of the text the editor will open with. main.js
// (the editor, 450 KB of CodeMirror) takes ~150-250 ms to arrive, be
// parsed and build the editor; started from there, the worker would begin
// its ~300 ms of work only then. Started here, both run side by side, and
// main.js shows the answer as soon as the editor exists, if the text is
// still the one checked (takeBootCheck in main.js).
//
// index.html loads it as an async module before the stylesheet: it runs
// as soon as it arrives, without waiting for style.css (deferred scripts
// such as main.js do) or for the rest of the page.

import examples from 'virtual:examples';
import { pageChecker } from './checker.js';
import { decode, PREFIX, PREVIOUS } from './permalink.js';

// The text main.js will open with: the link's, else the broken example.
// A link with a previous version is checked against it (validateChange),
// which main.js asks for itself; so is a link that cannot be read (main.js
// says why). Either way nothing is asked here, and the worker's first
// call is main.js's.
async function firstCheck(checker) {
  const hash = location.hash;
  let text;
  if (hash.startsWith(PREFIX)) {
    if (hash.includes(PREVIOUS)) return null;
    text = await decode(hash);
  } else {
    text = (examples.find((e) => e.name === 'broken') ?? examples[0])?.text ?? '';
  }
  const answer = checker.request('validate', text);
  // main.js may not take it (the text changed first): no unhandled rejection.
  answer.catch(() => {});
  return { text, answer };
}

// What main.js picks up (a global: the two scripts are separate bundles).
// Should main.js have run first all the same (it never has: this script
// is smaller and comes first), it has started the worker itself and set
// the global, and one worker is enough.
if (!globalThis.mdscheckBoot) {
  performance.mark('mdscheck:boot');
  const checker = pageChecker();
  globalThis.mdscheckBoot = { checker, first: firstCheck(checker).catch(() => null) };
}
