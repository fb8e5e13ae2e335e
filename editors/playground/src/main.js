// The playground page: a CodeMirror editor whose text the mdscheck module
// (in a Web Worker) checks as it changes, with completion, hover docs, a
// list of problems, examples and permalinks.

import { EditorView, basicSetup } from 'codemirror';
import { ChangeSet, EditorState } from '@codemirror/state';
import { hoverTooltip } from '@codemirror/view';
import { yaml } from '@codemirror/lang-yaml';
import { setDiagnostics, lintGutter } from '@codemirror/lint';
import { autocompletion, snippet, pickedCompletion } from '@codemirror/autocomplete';
import examples from 'virtual:examples';
import { Checker } from './checker.js';
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

const checker = new Checker(new URL('./worker.js', import.meta.url));

// What tests and the benchmark read: one entry per check shown.
const timings = [];
let lastResult = null;
let readyInfo = null;

function notice(text, isError = false) {
  noticeEl.textContent = text;
  noticeEl.classList.toggle('error', isError);
  noticeEl.hidden = !text;
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
  const sentAt = performance.now();
  let answer;
  try {
    answer = await checker.request('validate', doc.toString());
  } catch (e) {
    inflight = false;
    changedSince = null;
    timingEl.textContent = 'check failed: ' + e.message;
    timingEl.classList.add('error');
    if (dirty) runCheck();
    return;
  }
  const changes = changedSince;
  changedSince = null;
  const received = performance.now();
  show(answer.result, doc, changes);
  const shown = performance.now();
  const entry = {
    lines: doc.lines,
    typeToSent: sentAt - startedAt,
    module: answer.ms,
    roundTrip: answer.roundTrip,
    typeToShown: shown - startedAt,
    typeToPainted: null,
  };
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

// show puts a result for `doc` on the editor, mapped through the changes
// made since `doc` was sent.
function show(result, doc, changes) {
  lastResult = result;
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
      `<span class="path">${escapeHTML(p.d.path || where)}</span>` +
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
  const start = items.find((i) => i.textEdit)?.textEdit.range.start;
  return {
    from: start ? toOffset(doc, start) : (word?.from ?? ctx.pos),
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
        if (!u.transactions.some((tr) => tr.isUserEvent('set.load'))) {
          scheduleHash();
          // The text is no longer the example: picking it again reloads it.
          pickerEl.value = '';
        }
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

// setText replaces the whole text. Loading an example (or a link) is not
// an edit: it leaves the address alone.
function setText(text, userEvent = 'set.load') {
  view.dispatch({
    changes: { from: 0, to: view.state.doc.length, insert: text },
    selection: { anchor: 0 },
    scrollIntoView: true,
    userEvent,
  });
}

// ---- examples and permalinks ---------------------------------------------

// The address always carries the text, so that a reload keeps it and the
// address bar is a permalink; history is not filled with every keystroke.
let hashTimer = null;
function scheduleHash() {
  clearTimeout(hashTimer);
  hashTimer = setTimeout(writeHash, 300);
}
function writeHash() {
  clearTimeout(hashTimer);
  const text = view.state.doc.toString();
  return permalink.encode(text).then((hash) => {
    if (view.state.doc.toString() === text) history.replaceState(null, '', hash);
  });
}

for (const ex of examples) {
  const option = document.createElement('option');
  option.value = ex.name;
  option.textContent = ex.title;
  pickerEl.append(option);
}
pickerEl.addEventListener('change', () => {
  const ex = examples.find((e) => e.name === pickerEl.value);
  if (!ex) return;
  clearTimeout(hashTimer);
  history.replaceState(null, '', location.pathname + location.search);
  setText(ex.text);
  view.focus();
});

shareEl.addEventListener('click', async () => {
  await writeHash();
  const url = location.href;
  try {
    await navigator.clipboard.writeText(url);
    notice('Permalink copied to the clipboard.');
  } catch {
    notice('The permalink is in the address bar.');
  }
  setTimeout(() => notice(''), 4000);
});

async function textFromHash() {
  try {
    return await permalink.decode(location.hash);
  } catch (e) {
    notice('This link could not be read: ' + e.message, true);
    return null;
  }
}

window.addEventListener('hashchange', async () => {
  const text = await textFromHash();
  if (text !== null && text !== view.state.doc.toString()) {
    pickerEl.value = '';
    setText(text);
  }
});

// ---- start ---------------------------------------------------------------

statusEl.textContent = 'Loading the checker…';
const initial = (await textFromHash()) ?? (examples.find((e) => e.name === 'broken') ?? examples[0])?.text ?? '';
pickerEl.value = location.hash.startsWith(permalink.PREFIX) ? '' : 'broken';
setText(initial);

checker.ready.then(
  (ready) => {
    statusEl.textContent = `Checker ready in ${ready.ms.toFixed(0)} ms`;
    statusEl.title = `module fetched and compiled in ${ready.loadMs.toFixed(0)} ms, first calls ${ready.warmMs.toFixed(0)} ms`;
    readyInfo = ready;
  },
  (e) => {
    statusEl.textContent = 'The checker could not be loaded: ' + e.message;
    statusEl.classList.add('error');
  },
);

// For the browser tests and the benchmark.
window.mdscheckPlayground = {
  view,
  timings,
  get lastResult() {
    return lastResult;
  },
  get ready() {
    return readyInfo;
  },
  get checking() {
    return inflight || dirty;
  },
  setText: (text) => setText(text, 'input.paste'),
  writeHash: () => writeHash(),
};
