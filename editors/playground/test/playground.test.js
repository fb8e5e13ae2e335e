// The playground in real headless Chromium: what a person sees and does.
// `npm test` builds dist/ first (pretest), then these tests serve it on
// localhost and drive the page with playwright-core.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { serve } from '../scripts/serve.js';
import { readExamples } from '../scripts/build.js';
import { launch } from '../scripts/chromium.js';
import { encode, decode, decodePrevious, PREFIX } from '../src/permalink.js';
import { load } from '@mdscheck/wasm';
import { leakCases, leaked } from '../../../wasm/js/scripts/leakcases.js';

let server;
let base;
let browser;
const external = [];
const pageErrors = [];

before(async () => {
  ({ server, url: base } = await serve());
  browser = await launch();
});

after(async () => {
  await browser?.close();
  server?.close();
});

const kafkaHead = 'apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: events\n';

// The module the page runs, for checks made in Node.
const wasm = new URL('../dist/mdscheck.wasm', import.meta.url);
// A page that may use the clipboard (each page has a context of its own).
const clipboard = { permissions: ['clipboard-read', 'clipboard-write'] };

// open loads the page and waits for the first check on screen.
async function open(hash = '', options = {}) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, ...options });
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('request', (r) => {
    if (!r.url().startsWith(base) && !r.url().startsWith('data:')) external.push(r.url());
  });
  await page.goto(base + hash);
  await page.waitForFunction(() => window.mdscheckPlayground?.timings.length > 0 && !window.mdscheckPlayground.checking);
  return page;
}

// settled waits until every change made so far has been checked and shown.
async function settled(page, checksBefore) {
  await page.waitForFunction((n) => {
    const pg = window.mdscheckPlayground;
    return pg.timings.length > n && !pg.checking;
  }, checksBefore);
}

const checks = (page) => page.evaluate(() => window.mdscheckPlayground.timings.length);
const text = (page) => page.evaluate(() => window.mdscheckPlayground.view.state.doc.toString());
const problems = (page) => page.$$eval('#problems .problem', (els) => els.map((e) => e.textContent));

// replaceText selects everything in the editor and pastes text over it, as
// a person pasting a manifest would.
async function replaceText(page, value) {
  await page.click('#editor .cm-content');
  await page.keyboard.press('Control+A');
  const n = await checks(page);
  await page.keyboard.insertText(value);
  await settled(page, n);
}

test('diagnostics appear and go away as a broken manifest is typed', async () => {
  const page = await open();
  await replaceText(page, kafkaHead + 'spec:\n  project: streaming\n  plan: business-4\n  maintenanceWindowDow: ');
  assert.equal(await page.textContent('#summary'), 'No problems in 1 checked document');

  let n = await checks(page);
  await page.keyboard.type('sun');
  await settled(page, n);
  assert.equal(await page.textContent('#summary'), '1 error, 0 warnings in 1 checked document');
  const [p] = await problems(page);
  assert.match(p, /"sun" is not allowed; must be one of monday, .*sunday/);
  assert.match(p, /enum/);
  assert.match(p, /spec\.maintenanceWindowDow/);
  assert.match(p, /Ln 8, Col 25/);
  // The value is underlined in the editor, with the marker in the gutter.
  assert.equal(await page.textContent('.cm-lintRange-error'), 'sun');
  assert.equal(await page.locator('.cm-lint-marker-error').count(), 1);
  assert.match(await page.textContent('#timing'), /^checked in \d+\.\d ms$/);

  n = await checks(page);
  await page.keyboard.type('day');
  await settled(page, n);
  assert.equal(await page.textContent('#summary'), 'No problems in 1 checked document');
  assert.equal(await page.locator('.cm-lintRange-error').count(), 0);
  await page.close();
});

test('a problem in the list moves the cursor to it', async () => {
  const page = await open();
  const list = await problems(page);
  assert.ok(list.length > 10, `the broken example has many problems: ${list.length}`);
  await page.click('#problems .problem:has-text("terminationProtectoin")');
  const where = await page.evaluate(() => {
    const { state } = window.mdscheckPlayground.view;
    const sel = state.selection.main;
    return { line: state.doc.lineAt(sel.head).number, selected: state.sliceDoc(sel.from, sel.to) };
  });
  assert.deepEqual(where, { line: 20, selected: 'terminationProtectoin' });
  assert.ok(await page.evaluate(() => document.activeElement.closest('.cm-editor') !== null), 'the editor has the focus');
  // A problem further down scrolls the editor to it.
  await page.click('#problems .problem:has-text("log_local_retention_bytes")');
  assert.ok(await page.locator('.cm-line:has-text("log_local_retention_bytes")').isVisible());
  await page.close();
});

test('completion offers the members missing at the cursor and inserts them', async () => {
  const page = await open();
  await replaceText(page, kafkaHead + 'spec:\n  cloudName: google-europe-west1\n  ');
  await page.keyboard.press('Control+Space');
  await page.waitForSelector('.cm-tooltip-autocomplete');
  const labels = await page.$$eval('.cm-tooltip-autocomplete .cm-completionLabel', (els) => els.map((e) => e.textContent));
  assert.deepEqual(labels.slice(0, 2), ['plan', 'project'], 'required members first');
  assert.ok(labels.includes('maintenanceWindowDow') && labels.includes('userConfig'), labels.join(' '));
  assert.ok(!labels.includes('cloudName'), 'a member already written is not offered');
  // The documentation of the selected member is shown beside the list.
  assert.match(await page.textContent('.cm-completionInfo'), /spec\.plan|plan/);

  // Typing filters; Enter inserts the member with its first allowed value.
  await page.keyboard.type('maintenanceWindowD');
  await page.waitForFunction(() => document.querySelectorAll('.cm-tooltip-autocomplete .cm-completionLabel').length === 1);
  // CodeMirror ignores Enter for 75 ms after the list changes (its
  // interactionDelay), so that a fast typist does not pick by accident.
  await page.waitForTimeout(150);
  let n = await checks(page);
  await page.keyboard.press('Enter');
  await settled(page, n);
  assert.match(await text(page), /\n {2}maintenanceWindowDow: monday$/);

  // A list of objects comes with the required members of its first item,
  // indented below it, and Tab moves between the fields to fill in.
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('serviceInt');
  await page.waitForFunction(() => [...document.querySelectorAll('.cm-tooltip-autocomplete .cm-completionLabel')]
    .some((e) => e.textContent === 'serviceIntegrations'));
  n = await checks(page);
  await page.click('.cm-tooltip-autocomplete li[aria-selected]');
  await settled(page, n);
  assert.match(await text(page),
    /\n {2}maintenanceWindowDow: monday\n {2}serviceIntegrations:\n {4}- integrationType: read_replica\n {6}sourceServiceName: sourceServiceName$/);
  assert.equal(await page.evaluate(() => {
    const { state } = window.mdscheckPlayground.view;
    return state.sliceDoc(state.selection.main.from, state.selection.main.to);
  }), 'read_replica', 'the first field is selected');
  await page.keyboard.press('Tab');
  await page.keyboard.type('events-source');
  assert.match(await text(page), /\n {6}sourceServiceName: events-source$/);
  await page.close();
});

test('completion offers the allowed values of a member', async () => {
  const page = await open();
  await replaceText(page, kafkaHead + 'spec:\n  plan: business-4\n  maintenanceWindowDow: ');
  await page.keyboard.press('Control+Space');
  await page.waitForSelector('.cm-tooltip-autocomplete');
  const labels = await page.$$eval('.cm-tooltip-autocomplete .cm-completionLabel', (els) => els.map((e) => e.textContent));
  assert.deepEqual(labels, ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
  await page.close();
});

test('completing inside a word replaces the whole word', async () => {
  const page = await open();
  await replaceText(page, kafkaHead + 'spec:\n  plan: business-4\n  maintenanceWindowDow: wednesday');
  for (let i = 0; i < 'nesday'.length; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Control+Space');
  await page.waitForFunction(() => [...document.querySelectorAll('.cm-tooltip-autocomplete .cm-completionLabel')]
    .some((e) => e.textContent === 'wednesday'));
  await page.waitForTimeout(150); // CodeMirror's interactionDelay
  const n = await checks(page);
  await page.keyboard.press('Enter');
  await settled(page, n);
  assert.match(await text(page), /\n {2}maintenanceWindowDow: wednesday$/);
  await page.close();
});

test('hovering a key shows its documentation', async () => {
  const page = await open();
  // "  project: Search Team" is line 15 of the broken example.
  const at = await page.evaluate(() => {
    const { view } = window.mdscheckPlayground;
    const line = view.state.doc.line(15);
    const c = view.coordsAtPos(line.from + 4);
    return { x: c.left + 2, y: (c.top + c.bottom) / 2 };
  });
  await page.mouse.move(at.x, at.y);
  await page.waitForSelector('.cm-tooltip-hover .md-doc');
  const hover = await page.textContent('.cm-tooltip-hover');
  assert.match(hover, /^spec\.project: string, required/);
  assert.match(hover, /The project the service belongs to\./);
  assert.match(hover, /immutable/);
  assert.equal(await page.textContent('.cm-tooltip-hover strong'), 'spec.project');
  await page.close();
});

test('a quick fix in the tooltip of a finding repairs the text', async () => {
  const page = await open();
  // "  maintenanceWindowDow: Sunday" is line 18; hover the value.
  const at = await page.evaluate(() => {
    const { view } = window.mdscheckPlayground;
    const c = view.coordsAtPos(view.state.doc.line(18).from + 25);
    return { x: c.left + 2, y: (c.top + c.bottom) / 2 };
  });
  await page.mouse.move(at.x, at.y);
  await page.waitForSelector('.cm-tooltip-hover .cm-diagnostic');
  assert.match(await page.textContent('.cm-tooltip-hover .cm-diagnostic'), /"Sunday" is not allowed/);
  const before = (await problems(page)).length;
  const n = await checks(page);
  await page.click('.cm-tooltip-hover .cm-diagnosticAction:has-text("sunday")');
  await settled(page, n);
  assert.match(await text(page), /\n {2}maintenanceWindowDow: sunday\n/);
  const after = await problems(page);
  assert.equal(after.length, before - 1);
  assert.ok(!after.some((p) => p.includes('"Sunday"')));
  await page.close();
});

// A Grafana manifest with two secret values; the emoji before the first,
// on its line, would shift a range counted in anything but UTF-16 units.
const secrets = ['hunter2-Qx81v', 'gh-9Zr4kT'];
const withSecrets = 'apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: dash\nspec:\n  plan: startup-4\n' +
  '  project: p\n  userConfig:\n' +
  `    smtp_server: {host: "🙂.example.com", port: 25, from_address: a@example.com, password: ${secrets[0]}}\n` +
  `    auth_github:\n      client_id: id\n      client_secret: "${secrets[1]}"\n`;
const redacted = withSecrets.replace(secrets[0], '<secret>').replace(`"${secrets[1]}"`, '<secret>');

const linkText = async (url) => decode(new URL(url).hash);
const hasLink = (page) => new URL(page.url()).hash.startsWith(PREFIX);

// copyLink clicks "Copy permalink" and returns the notice and the link on the clipboard.
async function copyLink(page) {
  // The notice of an earlier copy may still show: hidden, the next shows it again.
  await page.evaluate(() => (document.getElementById('notice').hidden = true));
  await page.click('#share');
  await page.waitForSelector('#notice:not([hidden])');
  return { said: await page.textContent('#notice'), url: await page.evaluate(() => navigator.clipboard.readText()) };
}

test('a copied link carries the text to a new page, with secret values replaced, and says so', async () => {
  const page = await open('', clipboard);
  const value = '# ünïcödé 🙂 and a <tag> & "quotes"\n' + kafkaHead + 'spec:\n  plan: business-4\n  project: x\n';
  await replaceText(page, value);
  let { said, url } = await copyLink(page);
  assert.equal(said, 'Link copied to the clipboard.');
  assert.ok(url.startsWith(base + PREFIX) && url.length < 400, `a compressed link: ${url}`);
  assert.equal(await linkText(url), value);
  const other = await open(url.slice(base.length));
  assert.equal(await text(other), value);
  assert.equal(await other.inputValue('#examples'), '');
  await other.close();

  await replaceText(page, withSecrets);
  ({ said, url } = await copyLink(page));
  assert.equal(said, 'Link copied; 2 secret values were replaced by <secret>.');
  assert.equal(await linkText(url), redacted, 'exactly the secret values are replaced');
  assert.ok(!hasLink(page), 'copying leaves the address alone');
  // The link opens a manifest that still parses, with <secret> for each value.
  const opened = await open(url.slice(base.length));
  assert.equal(await text(opened), redacted);
  assert.ok(!(await problems(opened)).some((p) => p.includes('yaml-syntax')), (await problems(opened)).join('\n'));
  await opened.close();

  // Where the browser refuses the clipboard, the link is shown to copy by hand.
  await page.evaluate(() => (navigator.clipboard.writeText = () => Promise.reject(new Error('denied'))));
  await page.click('#share');
  await page.waitForSelector('#notice input');
  assert.equal(await page.textContent('#notice'), 'Copy this link (2 secret values were replaced by <secret>):');
  assert.equal(await linkText(await page.inputValue('#notice input')), redacted);
  assert.ok(await page.evaluate(() => document.activeElement === document.querySelector('#notice input')));

  // A link asked for before the text's check is shown comes from a check
  // of that text: the ranges of the last one would miss the longer value.
  const longer = withSecrets.replace(secrets[1], secrets[1] + '-and-longer');
  const linked = await page.evaluate(async (t) => {
    const pg = window.mdscheckPlayground;
    pg.setText(t);
    return (await pg.permalink()).text;
  }, longer);
  assert.equal(linked, redacted);
  await page.close();
});

// search is an OpenSearch manifest whose spec.project (immutable) is project.
const search = (project) =>
  `apiVersion: example.io/v1alpha1\nkind: OpenSearch\nmetadata:\n  name: logs\nspec:\n  plan: startup-4\n  project: ${project}\n`;
const previousText = (page) => page.evaluate(() => window.mdscheckPlayground.previousView?.state.doc.toString() ?? null);

test('the previous version is off by default; ticked, the text is compared with it', async () => {
  const page = await open();
  assert.equal(await page.isChecked('#compare'), false, 'off by default');
  assert.ok(await page.isHidden('#previous'));
  await replaceText(page, search('alpha'));
  let n = await checks(page);
  await page.check('#compare');
  await settled(page, n);
  assert.ok(await page.isVisible('#previous'));
  assert.equal(await previousText(page), search('alpha'), 'the previous version starts as a copy of the text');
  assert.equal(await page.textContent('#summary'), 'No problems in 1 checked document');

  // An immutable member changed: an error on the new value.
  await replaceText(page, search('beta'));
  let list = await problems(page);
  assert.ok(list.some((p) => p.includes('`spec.project` cannot change after creation: it was "alpha", now "beta"') && p.includes('immutable')),
    list.join('\n'));
  assert.equal(await page.textContent('#editor .cm-lintRange-error'), 'beta');

  // Typed into the previous version: a resource the text no longer has is
  // a deletion, on the first line.
  await page.click('#previous .cm-content');
  await page.keyboard.press('Control+End');
  n = await checks(page);
  await page.keyboard.insertText('---\n' + kafkaHead + 'spec:\n  plan: business-4\n  project: p\n');
  await settled(page, n);
  list = await problems(page);
  assert.ok(list.some((p) => p.includes('Kafka "events" is gone') && p.includes('deletion') && p.includes('Ln 1, Col 1')), list.join('\n'));

  // Unticked: the text alone again.
  n = await checks(page);
  await page.uncheck('#compare');
  await settled(page, n);
  assert.ok(await page.isHidden('#previous'));
  assert.equal(await page.textContent('#summary'), 'No problems in 1 checked document');
  await page.close();
});

test('a link carries the previous version, its secret values replaced as the text\'s are', async () => {
  const page = await open('', clipboard);
  await replaceText(page, withSecrets);
  const n = await checks(page);
  await page.check('#compare');
  await settled(page, n);
  const changed = withSecrets.replace('project: p', 'project: q');
  await replaceText(page, changed);
  const { said, url } = await copyLink(page);
  assert.equal(said, 'Link copied; 4 secret values were replaced by <secret>.');
  const hash = new URL(url).hash;
  assert.equal(await decode(hash), redacted.replace('project: p', 'project: q'));
  assert.equal(await decodePrevious(hash), redacted, 'exactly the secret values of the previous version are replaced');

  const opened = await open(url.slice(base.length));
  assert.equal(await opened.isChecked('#compare'), true);
  assert.equal(await previousText(opened), redacted);
  const list = await problems(opened);
  assert.ok(list.some((p) => p.includes('it was "p", now "q"')), list.join('\n'));
  // A link without a previous version turns the comparison off.
  await opened.evaluate(async (h) => (location.hash = h), await encode(changed));
  await opened.waitForFunction(() => !document.getElementById('compare').checked);
  assert.ok(await opened.isHidden('#previous'));
  await opened.close();
  await page.close();
});

test('the address holds a link only while "Keep the link in the address bar" is ticked', async () => {
  const page = await open();
  assert.equal(await page.isChecked('#keep-link'), false, 'off by default');
  await page.click('.cm-content');
  await page.keyboard.press('Control+End');
  let n = await checks(page);
  await page.keyboard.type('# edited\n');
  await settled(page, n);
  await page.waitForTimeout(500); // longer than the address waits after a change
  assert.equal(new URL(page.url()).hash, '', 'edits leave the address alone');

  // A page opened from a link drops it at the first edit: it no longer opens this text.
  const linked = await open(await encode(kafkaHead));
  assert.ok(hasLink(linked));
  await linked.click('.cm-content');
  await linked.keyboard.press('Control+End');
  await linked.keyboard.type('spec: {}\n');
  await linked.waitForFunction(() => location.hash === '', undefined, { timeout: 5000 });
  await linked.close();

  // Ticked, the address follows the text, secret values replaced, and says so.
  await replaceText(page, withSecrets);
  const entries = await page.evaluate(() => history.length);
  await page.check('#keep-link');
  await page.waitForFunction((p) => location.hash.startsWith(p), PREFIX);
  assert.equal(await linkText(page.url()), redacted);
  assert.equal(await page.textContent('#link-note'), 'In the link: 2 secret values were replaced by <secret>');
  n = await checks(page);
  await page.click('.cm-content');
  await page.keyboard.press('Control+End');
  await page.keyboard.type('# more\n');
  const before = new URL(page.url()).hash;
  await settled(page, n);
  await page.waitForFunction((h) => location.hash !== h, before);
  assert.equal(await linkText(page.url()), redacted + '# more\n');
  assert.equal(await page.evaluate(() => history.length), entries, 'the link replaces the address: no history entry per edit');

  // The choice lasts through a reload, which opens the link: the text without its secrets.
  await page.reload();
  await page.waitForFunction(() => window.mdscheckPlayground?.timings.length > 0);
  assert.equal(await page.isChecked('#keep-link'), true);
  assert.equal(await text(page), redacted + '# more\n');

  // Unticked, the link leaves the address at once.
  await page.uncheck('#keep-link');
  assert.equal(new URL(page.url()).hash, '');
  assert.equal(await page.isVisible('#link-note'), false);
  n = await checks(page);
  await page.click('.cm-content');
  await page.keyboard.type('# again\n');
  await settled(page, n);
  await page.waitForTimeout(500);
  assert.equal(new URL(page.url()).hash, '');
  await page.close();
});

test('no link the page makes holds a secret, for every generated leak case', async () => {
  const [cases, page, m] = await Promise.all([leakCases(), open(), load(wasm)]);
  // All at once in the page, through its worker, as the copy button makes them.
  const links = await page.evaluate((texts) => Promise.all(texts.map(async (t) => {
    const { hash, replaced } = await window.mdscheckPlayground.permalink(t);
    return { hash, replaced };
  })), cases.map((c) => c.text));
  const failures = [];
  const syntax = (t) => m.validate(t).diagnostics.filter((d) => d.rule === 'yaml-syntax').length;
  for (const [i, c] of cases.entries()) {
    const carried = await decode(links[i].hash);
    const s = leaked(c, carried);
    if (s) failures.push(`${c.name}: the link holds ${JSON.stringify(s)}: ${JSON.stringify(carried)}`);
    else if (links[i].replaced < 1 || !carried.includes('<secret>')) failures.push(`${c.name}: nothing said replaced`);
    // The link's manifest reads as YAML wherever the original did.
    else if (syntax(carried) > syntax(c.text)) failures.push(`${c.name}: the link does not parse: ${JSON.stringify(carried)}`);
  }
  assert.deepEqual(failures.slice(0, 10), [], `${failures.length} of ${cases.length} cases`);
  await page.close();
});

test('a link of a text past what one check covers holds nothing from there on', async () => {
  const page = await open();
  // 100,001 empty documents (one call checks 100,000), then a manifest
  // whose secret no check reached.
  const secret = 'Zq81-unchecked-pw';
  const head = 'apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: k\n';
  const t = head + '---\n'.repeat(100_001) + grafanaWith(secret);
  const link = await page.evaluate(async (t) => {
    const { hash, replaced } = await window.mdscheckPlayground.permalink(t);
    return { hash, replaced };
  }, t);
  const carried = await decode(link.hash);
  assert.ok(!carried.includes(secret), 'the unchecked part holds no secret in the link');
  assert.ok(carried.startsWith(head), 'what was checked is kept');
  assert.ok(link.replaced >= 1);
  await page.close();
});

test('a link with a previous version masks in each text what is a secret in the other, checked or not', async () => {
  const page = await open();
  // The previous version's password is the name of the current one's
  // connection Secret, and the other way round: neither text alone says
  // it is a secret. Neither pair was checked by the page before.
  const [a, b] = ['Zq55-was-a-password', 'Zq55-now-a-password'];
  const target = (name) => 'apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: g\nspec:\n  plan: startup-1\n  project: p\n' +
    `  connInfoSecretTarget: {name: ${name}}\n`;
  for (const [prev, cur] of [[grafanaWith(a), target(a)], [target(b), grafanaWith(b)]]) {
    const link = await page.evaluate(async ([t, p]) => {
      const { hash, replaced } = await window.mdscheckPlayground.permalink(t, p);
      return { hash, replaced };
    }, [cur, prev]);
    const [carried, carriedPrev] = [await decode(link.hash), await decodePrevious(link.hash)];
    for (const [what, t] of [['text', carried], ['previous version', carriedPrev]]) {
      assert.ok(!t.includes(a) && !t.includes(b), `the link's ${what} holds a secret: ${t}`);
    }
    assert.equal(link.replaced, 2, 'the secret is replaced in both texts');
  }
  await page.close();
});

// grafanaWith is a Grafana manifest whose SMTP password is secret.
const grafanaWith = (secret) => 'apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: g\nspec:\n  plan: startup-1\n  project: p\n' +
  `  userConfig:\n    smtp_server: {host: h, port: 25, from_address: a@example.com, password: ${secret}}\n`;

test('a damaged link says so and shows an example', async () => {
  const page = await open('#code=not*base64');
  assert.match(await page.textContent('#notice'), /This link could not be read: the link is damaged/);
  assert.match(await text(page), /^# Realistic mistakes/);
  await page.close();
});

test('the example picker loads every example of the repository', async () => {
  const page = await open();
  const examples = readExamples();
  const options = await page.$$eval('#examples option:not([disabled])', (els) => els.map((e) => e.value));
  assert.deepEqual(options, examples.map((e) => e.name));
  for (const ex of examples) {
    const n = await checks(page);
    await page.selectOption('#examples', ex.name);
    await settled(page, n);
    assert.equal(await text(page), ex.text, ex.name);
    const summary = await page.textContent('#summary');
    if (ex.name === 'broken') assert.match(summary, /^\d+ errors, \d+ warnings? in 4 checked documents$/);
    else assert.equal(summary, 'No problems in 1 checked document', ex.name);
  }
  // The broken example is the repository's file, unchanged.
  const broken = await readFile(new URL('../../../examples/broken.yaml', import.meta.url), 'utf8');
  assert.equal(examples.find((e) => e.name === 'broken').text, broken);
  await page.close();
});

test('the checker runs in a Web Worker and everything comes from the local server', async () => {
  const page = await open();
  const workers = page.workers().map((w) => new URL(w.url()).pathname);
  assert.deepEqual(workers, ['/worker.js']);
  assert.match(await page.textContent('#status'), /^Checker ready in \d+ ms$/);
  await page.close();
  assert.deepEqual(external, [], 'no request left localhost');
  assert.deepEqual(pageErrors, [], 'no uncaught error on any page');
});

// WCAG's contrast ratio of two CSS colours (rgb() or rgba(), alpha ignored).
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/[\d.]+/g).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test('at a phone\'s width (375 px) the page fits, every control is on screen and works, and paths break at dots', async () => {
  const page = await open('', { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  // For a look (dist/ of the repository is not tracked).
  await page.screenshot({ path: new URL('../../../dist/playground-375.png', import.meta.url).pathname });
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 375, 'no sideways scrolling');
  // Each control lies inside the viewport and is what a tap there hits.
  for (const sel of ['#examples', '#share', '#keep-link', '#compare', '#status', '#timing']) {
    const r = await page.$eval(sel, (el) => {
      const b = el.getBoundingClientRect();
      el.scrollIntoView({ block: 'nearest' });
      const c = el.getBoundingClientRect();
      const hit = document.elementFromPoint(c.left + c.width / 2, c.top + c.height / 2);
      return { left: b.left, right: b.right, width: b.width, hit: hit === el || el.contains(hit) || hit?.closest('label')?.contains(el) };
    });
    assert.ok(r.left >= 0 && r.right <= 375 && r.width > 0, `${sel} spans ${r.left}..${r.right}`);
    assert.ok(r.hit, `${sel} is covered: not what a tap on it hits`);
  }
  // The list of problems is on screen too, under the editor.
  const first = await page.$eval('#problems .problem', (el) => {
    const c = el.getBoundingClientRect();
    return c.bottom <= innerHeight && el.contains(document.elementFromPoint(c.left + c.width / 2, c.top + c.height / 2));
  });
  assert.ok(first, 'the first problem is off screen or covered');
  // The status line is whole: nothing of it is cut off.
  assert.ok(await page.$eval('footer', (f) => f.scrollWidth <= f.clientWidth), 'the status line is cut');
  await page.tap('#compare');
  assert.ok(await page.isVisible('#previous'), 'the compare box works by touch');
  await page.tap('#compare');

  // Long paths wrap after a dot, never inside a member's name. The paths are
  // this text's own, 53 and 66 characters: wider than a phone's line in any
  // monospace font, each name narrower.
  await replaceText(page, kafkaHead + 'spec:\n  project: streaming\n  plan: business-4\n  userConfig:\n' +
    '    kafka_connect_config:\n      consumer_max_poll_interval_ms: 0\n    kafka:\n      log_cleaner_min_cleanable_ratio: 7\n');
  assert.equal(await page.$$eval('#problems .path', (els) => els.length), 2);
  const breaks = await page.$$eval('#problems .path', (els) => els.flatMap((el) => {
    const text = el.textContent;
    const found = [];
    let top;
    const range = document.createRange();
    let i = 0;
    for (const node of [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE)) {
      for (let k = 0; k < node.length; k++, i++) {
        range.setStart(node, k);
        range.setEnd(node, k + 1);
        const t = range.getBoundingClientRect().top;
        if (top !== undefined && t > top + 2) found.push({ text, before: text[i - 1] });
        top = t;
      }
    }
    return found;
  }));
  assert.ok(breaks.length > 0, 'no path wraps at this width');
  for (const b of breaks) assert.equal(b.before, '.', `${b.text} breaks inside a name`);

  // The selected completion's detail is legible on its highlight.
  await replaceText(page, kafkaHead + 'spec:\n  ');
  await page.keyboard.press('Control+Space');
  await page.waitForSelector('.cm-tooltip-autocomplete li[aria-selected] .cm-completionDetail');
  const colors = await page.$eval('.cm-tooltip-autocomplete li[aria-selected]', (li) => ({
    detail: getComputedStyle(li.querySelector('.cm-completionDetail')).color,
    background: getComputedStyle(li).backgroundColor,
    right: li.closest('.cm-tooltip').getBoundingClientRect().right,
  }));
  assert.ok(contrast(colors.detail, colors.background) >= 4.5, `detail ${colors.detail} on ${colors.background}`);
  assert.ok(colors.right <= 375, `the completion list ends at ${colors.right}`);
  await page.close();
});
