// The playground page: a CodeMirror editor whose text the mdscheck module
// (in a Web Worker) checks as it changes, with completion, hover docs, a
// list of problems, examples, permalinks (with secret values replaced) and,
// on request, a previous version that the text is compared with.

import { EditorView, basicSetup } from 'codemirror';
import { ChangeSet, EditorState } from '@codemirror/state';
import { hoverTooltip } from '@codemirror/view';
import { yaml } from '@codemirror/lang-yaml';
import { linter, setDiagnostics, lintGutter } from '@codemirror/lint';
import { autocompletion, snippet, pickedCompletion } from '@codemirror/autocomplete';
import examples from 'virtual:examples';
import { pageChecker } from './checker.js';
import { renderMarkdown, escapeHTML } from './markdown.js';
import { toCodeMirror } from './snippet.js';
import { toOffset, toPosition } from './positions.js';
import * as permalink from './permalink.js';

const $ = (id) => document.getElementById(id);
const statusEl = $('status');
const timingEl = $('timing');
const summaryEl = $('summary');
const problemsEl = $('problems');
const pickerEl = $('examples');
const shareEl = $('share');
const noticeEl = $('notice');
const keepLinkEl = $('keep-link');
const linkNoteEl = $('link-note');
const compareEl = $('compare');
const previousEl = $('previous');

performance.mark('mdscheck:main');

// boot.js, the page's first script, has started the worker and asked for
// the check of the text the editor opens with (src/boot.js says why);
// without it, the worker starts here, and boot.js, should it come later,
// leaves it at that.
const boot = (globalThis.mdscheckBoot ??= { checker: pageChecker(), first: null });
const { checker } = boot;
// boot.js's check, until the first check takes it or finds it is not of
// its text.
let bootCheck = boot.first;

// What tests and the benchmark read: one entry per check shown.
const timings = [];
// The last check shown: the text it was for (a CodeMirror Text, which never
// changes, so the same object means the same text), the previous version
// it was compared with (or null) and its result.
let lastChecked = null;
let readyInfo = null;

let noticeTimer = null;
// notice shows a message under the header, for hideAfter ms (0: until the
// next one). With link, the link follows in a field, selected, for a
// person to copy where the clipboard refused it.
function notice(text, { isError = false, link = null, hideAfter = 0 } = {}) {
  clearTimeout(noticeTimer);
  noticeEl.textContent = text;
  if (link) {
    const field = document.createElement('input');
    field.readOnly = true;
    field.value = link;
    field.setAttribute('aria-label', 'Permalink');
    noticeEl.append(field);
    // Focused and selected: Ctrl-C copies it.
    field.focus();
    field.select();
  }
  noticeEl.classList.toggle('error', isError);
  noticeEl.hidden = !text;
  if (hideAfter) noticeTimer = setTimeout(() => notice(''), hideAfter);
}

// ---- live checking -------------------------------------------------------
//
// At most one check is in flight. Changes made meanwhile are composed into
// `changedSince`, so that the answer can be mapped onto the text as it is
// now, and one more check follows at once. Nothing waits on a timer: the
// checks are fast enough to run on every keystroke.

let inflight = false;
let dirty = false;
let changedSince = null;
let typedAt = null; // when the oldest change not yet checked was typed
let keyAt = null; // the last key or input event, in performance.now() time

const severities = { error: 'error', warning: 'warning', information: 'info', hint: 'hint' };

function scheduleCheck() {
  const now = performance.now();
  // A key that changed nothing (an arrow) leaves keyAt behind: too old to count.
  typedAt ??= keyAt !== null && now - keyAt < 1000 ? keyAt : now;
  keyAt = null;
  if (inflight) {
    dirty = true;
    return;
  }
  runCheck();
}

async function runCheck() {
  inflight = true;
  if (!readyInfo) {
    // The first check waits for the module, then takes the text as it is.
    try {
      await checker.ready;
    } catch {
      inflight = false;
      return;
    }
  }
  dirty = false;
  const doc = view.state.doc;
  const startedAt = typedAt ?? performance.now();
  typedAt = null;
  changedSince = ChangeSet.empty(doc.length);
  const prevDoc = comparing() ? prevView.state.doc : null;
  const sentAt = performance.now();
  let answer;
  try {
    const text = doc.toString();
    answer = (!prevDoc && (await takeBootCheck(text))) ||
      (prevDoc ? await checker.request('validateChange', text, undefined, prevDoc.toString())
        : await checker.request('validate', text));
  } catch (e) {
    inflight = false;
    changedSince = null;
    timingEl.textContent = 'check failed: ' + e.message;
    timingEl.classList.add('error');
    // The problems shown are of no text any more, or there are none yet.
    summaryEl.textContent = 'Not checked';
    summaryEl.className = 'has-errors';
    if (dirty) runCheck();
    return;
  }
  const changes = changedSince;
  changedSince = null;
  const received = performance.now();
  if (timings.length === 0) performance.mark('mdscheck:first-answer');
  show(answer.result, doc, changes, prevDoc);
  const shown = performance.now();
  const entry = {
    lines: doc.lines,
    typeToSent: sentAt - startedAt,
    module: answer.ms,
    roundTrip: answer.roundTrip,
    typeToShown: shown - startedAt,
    typeToPainted: null,
  };
  // The first diagnostics on screen, in time since the navigation began:
  // the first-load benchmark reads the mark, as do the browser's tools.
  if (timings.length === 0) performance.mark('mdscheck:first-diagnostics');
  timings.push(entry);
  if (timings.length > 1000) timings.shift();
  // The frame after the next animation frame has painted the diagnostics.
  requestAnimationFrame(() => setTimeout(() => (entry.typeToPainted = performance.now() - startedAt), 0));
  timingEl.textContent = `checked in ${answer.roundTrip.toFixed(1)} ms`;
  timingEl.classList.remove('error');
  timingEl.title = `module ${answer.ms.toFixed(1)} ms, round trip to the worker ${answer.roundTrip.toFixed(1)} ms, ` +
    `from the change to the diagnostics on screen ${(shown - startedAt).toFixed(1)} ms (${(received - startedAt).toFixed(1)} ms to the answer)`;
  inflight = false;
  if (dirty) runCheck();
}

// takeBootCheck resolves to the answer of boot.js's check when it was of
// exactly text, else to null; only the first check asks. The answer is
// the module's for this very text, sent before the editor existed.
async function takeBootCheck(text) {
  const first = await bootCheck;
  bootCheck = null;
  if (first?.text !== text) return null;
  try {
    return await first.answer;
  } catch {
    return null; // asked again, the worker says what went wrong
  }
}

// show puts a result for `doc` (compared with prevDoc, or not) on the
// editor, mapped through the changes made since `doc` was sent.
function show(result, doc, changes, prevDoc) {
  lastChecked = { doc, prevDoc, result };
  const problems = [];
  for (const d of result.diagnostics) {
    let from = toOffset(doc, d.range.start);
    let to = toOffset(doc, d.range.end);
    if (!changes.empty) {
      from = changes.mapPos(from, 1);
      to = Math.max(from, changes.mapPos(to, -1));
    }
    const fixes = (d.fixes ?? []).map((f) => ({
      title: f.title,
      changes: f.edits.map((e) => {
        const a = toOffset(doc, e.range.start);
        const b = toOffset(doc, e.range.end);
        return changes.empty ? { from: a, to: b, insert: e.newText }
          : { from: changes.mapPos(a, 1), to: Math.max(changes.mapPos(a, 1), changes.mapPos(b, -1)), insert: e.newText };
      }),
    }));
    problems.push({ d, from, to, fixes });
  }
  const current = view.state.doc;
  const diagnostics = problems.map(({ d, from, to, fixes }) => ({
    from,
    to,
    severity: severities[d.severity] ?? 'info',
    source: d.rule,
    message: d.message,
    markClass: d.deprecated ? 'md-deprecated' : undefined,
    actions: fixes.map((f) => ({
      name: f.title,
      apply(v) {
        // A fix applies to the text it was computed for; a newer check
        // brings fresh fixes within milliseconds.
        if (v.state.doc === current) v.dispatch({ changes: f.changes, userEvent: 'input.fix' });
      },
    })),
  }));
  view.dispatch(setDiagnostics(view.state, diagnostics));
  renderProblems(problems, result);
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function renderProblems(problems, result) {
  const count = (sev) => problems.filter((p) => p.d.severity === sev).length;
  const errors = count('error');
  const warnings = count('warning');
  const others = problems.length - errors - warnings;
  const checked = result.documents.filter((d) => d.checked).length;
  const parts = [plural(errors, 'error'), plural(warnings, 'warning')];
  if (others) parts.push(`${others} other`);
  summaryEl.innerHTML = `<span>${problems.length === 0 ? 'No problems' : parts.join(', ')}</span> ` +
    `<span class="docs">in ${plural(checked, 'checked document')}</span>`;
  summaryEl.className = errors ? 'has-errors' : warnings ? 'has-warnings' : 'clean';
  const docs = new Map(result.documents.map((d) => [d.index, d]));
  problemsEl.replaceChildren(...problems.map((p) => {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'problem ' + p.d.severity;
    const pos = p.d.range.start;
    const doc = docs.get(p.d.document);
    const where = doc?.kind ? `${doc.kind}${doc.name ? ' ' + doc.name : ''}` : '';
    button.innerHTML =
      `<span class="sev" aria-label="${escapeHTML(p.d.severity)}"></span>` +
      `<span class="msg">${escapeHTML(p.d.message)}</span>` +
      `<span class="meta"><span class="rule">${escapeHTML(p.d.rule)}</span>` +
      // A narrow list breaks a long path after a dot, between members,
      // rather than inside a name.
      `<span class="path">${escapeHTML(p.d.path || where).replaceAll('.', '.<wbr>')}</span>` +
      `<span class="loc">Ln ${pos.line + 1}, Col ${pos.character + 1}</span></span>`;
    button.title = where ? `${where}: ${p.d.path}` : p.d.path;
    button.addEventListener('click', () => {
      const docLen = view.state.doc.length;
      const from = Math.min(p.from, docLen);
      const to = Math.min(p.to, docLen);
      view.dispatch({ selection: { anchor: from, head: to }, effects: EditorView.scrollIntoView(from, { y: 'center' }) });
      view.focus();
    });
    li.append(button);
    return li;
  }));
}

// ---- completion and hover --------------------------------------------------

const completionTypes = { 9: 'namespace', 10: 'property', 12: 'constant', 13: 'enum', 14: 'keyword', 15: 'text', 22: 'class' };

function toCompletion(item) {
  const text = item.textEdit?.newText ?? item.insertText ?? item.label;
  return {
    // CodeMirror matches what is typed against label; the checker's
    // filterText is that text where the shown label differs.
    label: item.filterText ?? item.label,
    displayLabel: item.filterText && item.filterText !== item.label ? item.label : undefined,
    detail: item.detail,
    sortText: item.sortText,
    type: completionTypes[item.kind] ?? 'text',
    deprecated: item.tags?.includes(1) ?? false,
    info: item.documentation?.value ? () => {
      const dom = document.createElement('div');
      dom.className = 'md-doc';
      dom.innerHTML = renderMarkdown(item.documentation.value);
      return dom;
    } : undefined,
    apply(view, completion, from, to) {
      if (item.insertTextFormat === 2) {
        const indent = /^[ \t]*/.exec(view.state.doc.lineAt(from).text)[0];
        snippet(toCodeMirror(text, indent))(view, completion, from, to);
      } else {
        view.dispatch({
          changes: { from, to, insert: text },
          selection: { anchor: from + text.length },
          annotations: pickedCompletion.of(completion),
          userEvent: 'input.complete',
        });
      }
    },
  };
}

async function completionSource(ctx) {
  const word = ctx.matchBefore(/[\w.\-/]+$/);
  const before = ctx.state.doc.lineAt(ctx.pos);
  const lineBefore = before.text.slice(0, ctx.pos - before.from);
  // Unasked, offer only where something is being typed or a value starts.
  if (!ctx.explicit && !word && !/(:|^\s*-) $/.test(lineBefore)) return null;
  const doc = ctx.state.doc;
  let answer;
  try {
    answer = await checker.request('complete', doc.toString(), toPosition(doc, ctx.pos));
  } catch {
    return null;
  }
  const items = answer.result;
  if (ctx.aborted || !items?.length) return null;
  const range = items.find((i) => i.textEdit)?.textEdit.range;
  // The edit covers the whole word at the cursor, also the part after it:
  // completing inside wed|nesday gives wednesday, not wednesdaynesday.
  const to = range ? toOffset(doc, range.end) : ctx.pos;
  return {
    from: range ? toOffset(doc, range.start) : (word?.from ?? ctx.pos),
    ...(to > ctx.pos ? { to } : {}),
    options: items.map(toCompletion),
    validFor: /^[\w.\-/]*$/,
  };
}

const hover = hoverTooltip(async (view, pos) => {
  const doc = view.state.doc;
  let answer;
  try {
    answer = await checker.request('hover', doc.toString(), toPosition(doc, pos));
  } catch {
    return null;
  }
  const h = answer.result;
  if (!h || view.state.doc !== doc) return null;
  const from = h.range ? toOffset(doc, h.range.start) : pos;
  const to = h.range ? toOffset(doc, h.range.end) : pos;
  return {
    pos: Math.min(from, pos),
    end: Math.max(to, pos),
    above: true,
    create() {
      const dom = document.createElement('div');
      dom.className = 'md-doc md-hover';
      dom.innerHTML = renderMarkdown(h.contents.value);
      return { dom };
    },
  };
}, { hoverTime: 250 });

// ---- the editor ----------------------------------------------------------

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '13.5px' },
  '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: '1.5' },
  '.cm-tooltip.cm-tooltip-hover, .cm-tooltip-autocomplete > .cm-completionInfo': { maxWidth: '520px' },
});

const view = new EditorView({
  parent: $('editor'),
  state: EditorState.create({
    doc: '',
    extensions: [
      basicSetup,
      yaml(),
      // The lint state from the start (a linter without a source: the
      // worker's checks bring the diagnostics). Otherwise the first
      // setDiagnostics adds it, and reconfiguring the editor then, with
      // the lint theme's styles to add and every style to recompute, cost
      // 30-60 ms between the first answer and the first diagnostics.
      linter(null),
      lintGutter(),
      autocompletion({
        override: [completionSource],
        activateOnTyping: true,
        icons: true,
        optionClass: (c) => (c.deprecated ? 'md-deprecated' : ''),
      }),
      hover,
      theme,
      EditorView.updateListener.of((u) => {
        if (!u.docChanged) return;
        if (changedSince) changedSince = changedSince.compose(u.changes);
        scheduleCheck();
        // The text is no longer the example: picking it again reloads it.
        if (!u.transactions.some((tr) => tr.isUserEvent('set.load'))) pickerEl.value = '';
        // Opened from a link, the address is that link already.
        if (keepLinkEl.checked || !u.transactions.some((tr) => tr.isUserEvent('set.load.link'))) addressFollows();
      }),
      EditorView.domEventHandlers({
        keydown(e) {
          keyAt = e.timeStamp;
        },
        beforeinput(e) {
          keyAt ??= e.timeStamp;
        },
      }),
    ],
  }),
});

performance.mark('mdscheck:editor');

// ---- the previous version ------------------------------------------------
//
// Off by default. Ticked, a second editor holds the previous version (at
// first a copy of the text), and every check compares the text with it:
// validateChange, whose lifecycle findings (an immutable member changed, a
// restart, a smaller disk, a deletion) join the others.

let prevView = null; // made the first time it is asked for

function comparing() {
  return compareEl.checked && prevView !== null;
}

// setPrevious shows or hides the previous version; text, when given,
// replaces it (userEvent says where it comes from, as for setText).
function setPrevious(on, text, userEvent = 'set.load') {
  compareEl.checked = on;
  previousEl.hidden = !on;
  if (on && !prevView) {
    prevView = new EditorView({
      parent: $('previous-editor'),
      state: EditorState.create({
        doc: text ?? view.state.doc.toString(),
        extensions: [basicSetup, yaml(), theme, EditorView.updateListener.of((u) => {
          if (!u.docChanged) return;
          scheduleCheck();
          if (keepLinkEl.checked || !u.transactions.some((tr) => tr.isUserEvent('set.load.link'))) addressFollows();
        })],
      }),
    });
  } else if (on && text !== undefined) {
    prevView.dispatch({ changes: { from: 0, to: prevView.state.doc.length, insert: text }, userEvent });
  }
  scheduleCheck();
}

compareEl.addEventListener('change', () => {
  setPrevious(compareEl.checked);
  addressFollows();
});

// setText replaces the whole text. Loading an example ('set.load.example')
// or a link ('set.load.link') is not an edit of the user's.
function setText(text, userEvent) {
  view.dispatch({
    changes: { from: 0, to: view.state.doc.length, insert: text },
    selection: { anchor: 0 },
    scrollIntoView: true,
    userEvent,
  });
}

// ---- examples and permalinks ---------------------------------------------
//
// A link holds the text, and links travel: the clipboard, chats, issues,
// the browser's history and its sync. So the address is rewritten with the
// text only when the user asks for it (the "Keep the link in the address
// bar" box, off by default), and no link ever carries a secret value:
// each is replaced by permalink.SECRET, at the ranges the checker found in
// exactly the text linked, and the user is told how many were.

// secretsOf resolves to the secret ranges of doc and of prevDoc (null when
// not compared), {current, previous}, as one check of exactly these two
// texts found them: a value that is a secret in one version is masked in
// the other too, so ranges from a check of doc alone, or of doc with
// another previous version, would miss it. The last check serves when it
// was of these very texts; otherwise the worker checks them now. Mapping
// older ranges through the edits since would miss a secret typed in the
// meantime.
async function secretsOf(doc, prevDoc) {
  let result = lastChecked?.doc === doc && (lastChecked.prevDoc ?? null) === prevDoc ? lastChecked.result : null;
  if (!result) {
    ({ result } = prevDoc
      ? await checker.request('validateChange', doc.toString(), undefined, prevDoc.toString())
      : await checker.request('validate', doc.toString()));
  }
  const current = [...(result.secrets ?? [])];
  const previous = [...(result.previousSecrets ?? [])];
  // Past what one call checks, nobody knows where the secrets are: the
  // link holds nothing of the text from there on (of a previous version,
  // nothing at all, as its limit finding has no place in it).
  for (const d of result.diagnostics ?? []) {
    if (d.rule !== 'limit' || d.document !== -1) continue;
    if (d.message.includes('previous version')) previous.push(wholeOf(prevDoc));
    else current.push({ start: d.range.start, end: endOf(doc) });
  }
  return { current, previous };
}

// endOf is the position of the end of doc; wholeOf the range of all of it.
function endOf(doc) {
  const last = doc.line(doc.lines);
  return { line: doc.lines - 1, character: last.length };
}
function wholeOf(doc) {
  return { start: { line: 0, character: 0 }, end: endOf(doc) };
}

// permalinkOf resolves to the link of doc and prevDoc (null when not
// compared): {hash, replaced, text, previous}, the hash, how many secret
// values were replaced in both and the texts it carries. It fails when the
// checker cannot tell where the secrets are: no link then.
async function permalinkOf(doc, prevDoc = comparing() ? prevView.state.doc : null) {
  const secrets = await secretsOf(doc, prevDoc);
  const { text, replaced } = permalink.redact(doc, secrets.current);
  const prev = prevDoc ? permalink.redact(prevDoc, secrets.previous) : null;
  return {
    hash: await permalink.encode(text, prev?.text ?? null),
    replaced: replaced + (prev?.replaced ?? 0),
    text,
    previous: prev?.text ?? null,
  };
}

function secretsReplaced(n) {
  return `${plural(n, 'secret value')} ${n === 1 ? 'was' : 'were'} replaced by ${permalink.SECRET}`;
}

// The choice outlives the page, as a setting does (only the choice: the
// text is never stored). Storage may be switched off.
const KEEP_LINK = 'mdscheck-playground.keep-link';
try {
  keepLinkEl.checked = localStorage.getItem(KEEP_LINK) === 'on';
} catch {
  // off, the default
}

// addressFollows keeps the address true to the text after a change: with
// the box ticked, the new link replaces the old one 300 ms after the last
// change (replaceState: history does not fill up with keystrokes);
// without, a link the page was opened with goes, as it no longer opens
// this text.
let hashTimer = null;
function addressFollows() {
  clearTimeout(hashTimer);
  if (keepLinkEl.checked) hashTimer = setTimeout(writeHash, 300);
  else dropHash();
}

function dropHash() {
  if (location.hash.startsWith(permalink.PREFIX)) history.replaceState(null, '', location.pathname + location.search);
  linkNoteEl.hidden = true;
}

async function writeHash() {
  clearTimeout(hashTimer);
  const doc = view.state.doc;
  const prevDoc = comparing() ? prevView.state.doc : null;
  let link;
  try {
    link = await permalinkOf(doc, prevDoc);
  } catch (e) {
    dropHash();
    linkNoteEl.textContent = `No link in the address: ${e.message}`;
    linkNoteEl.hidden = false;
    return;
  }
  // A change or an unticked box meanwhile has its own turn.
  if (!keepLinkEl.checked || view.state.doc !== doc || (comparing() ? prevView.state.doc : null) !== prevDoc) return;
  history.replaceState(null, '', link.hash);
  // A reload opens the link, so it says what it lacks.
  linkNoteEl.textContent = link.replaced ? `In the link: ${secretsReplaced(link.replaced)}` : '';
  linkNoteEl.hidden = !link.replaced;
}

keepLinkEl.addEventListener('change', () => {
  try {
    localStorage.setItem(KEEP_LINK, keepLinkEl.checked ? 'on' : 'off');
  } catch {
    // the choice lasts as long as the page
  }
  if (keepLinkEl.checked) writeHash();
  else {
    clearTimeout(hashTimer);
    dropHash();
  }
});

for (const ex of examples) {
  const option = document.createElement('option');
  option.value = ex.name;
  option.textContent = ex.title;
  pickerEl.append(option);
}
pickerEl.addEventListener('change', () => {
  const ex = examples.find((e) => e.name === pickerEl.value);
  if (!ex) return;
  setText(ex.text, 'set.load.example');
  view.focus();
});

shareEl.addEventListener('click', async () => {
  let link;
  try {
    link = await permalinkOf(view.state.doc);
  } catch (e) {
    notice(`No link was made: the checker could not tell where the secret values are (${e.message}).`, { isError: true });
    return;
  }
  const url = new URL(link.hash, location.href).href;
  try {
    await navigator.clipboard.writeText(url);
    notice(link.replaced ? `Link copied; ${secretsReplaced(link.replaced)}.` : 'Link copied to the clipboard.',
      { hideAfter: 8000 });
  } catch {
    notice(link.replaced ? `Copy this link (${secretsReplaced(link.replaced)}):` : 'Copy this link:', { link: url });
  }
});

async function textFromHash(decode = permalink.decode) {
  try {
    return await decode(location.hash);
  } catch (e) {
    notice('This link could not be read: ' + e.message, { isError: true });
    return null;
  }
}

// openPrevious shows the previous version a link carries, or none.
async function openPrevious() {
  const previous = await textFromHash(permalink.decodePrevious);
  if (previous !== null) setPrevious(true, previous, 'set.load.link');
  else if (compareEl.checked) setPrevious(false);
}

window.addEventListener('hashchange', async () => {
  const text = await textFromHash();
  if (text !== null && text !== view.state.doc.toString()) {
    pickerEl.value = '';
    setText(text, 'set.load.link');
  }
  if (text !== null) await openPrevious();
});

// ---- start ---------------------------------------------------------------

statusEl.textContent = 'Loading the checker…';
const linked = location.hash.startsWith(permalink.PREFIX);
const initial = (await textFromHash()) ?? (examples.find((e) => e.name === 'broken') ?? examples[0])?.text ?? '';
pickerEl.value = linked ? '' : 'broken';
// A damaged link stays in the address too, for the person to look at.
setText(initial, linked ? 'set.load.link' : 'set.load.example');
if (linked) await openPrevious();

checker.ready.then(
  (ready) => {
    statusEl.textContent = `Checker ready in ${ready.ms.toFixed(0)} ms`;
    statusEl.title = `module fetched, compiled and started in ${ready.loadMs.toFixed(0)} ms`;
    readyInfo = ready;
  },
  (e) => {
    statusEl.textContent = 'The checker could not be loaded: ' + e.message;
    statusEl.classList.add('error');
    summaryEl.textContent = 'Not checked';
    summaryEl.className = 'has-errors';
  },
);

// For the browser tests and the benchmark.
window.mdscheckPlayground = {
  view,
  timings,
  get lastResult() {
    return lastChecked?.result ?? null;
  },
  get ready() {
    return readyInfo;
  },
  get checking() {
    return inflight || dirty;
  },
  setText: (text) => setText(text, 'input.paste'),
  // The previous version's editor, while it is shown.
  get previousView() {
    return comparing() ? prevView : null;
  },
  // The link the copy button makes for text and previous (default: the
  // editors', the previous version's only while it is shown).
  permalink: (text, previous) => permalinkOf(text === undefined ? view.state.doc : view.state.toText(text),
    previous === undefined ? (comparing() ? prevView.state.doc : null) : view.state.toText(previous)),
};
