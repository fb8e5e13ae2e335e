// validateChange: a manifest checked against its previous version, as a
// user of the package sees it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '@mdscheck/wasm';

const m = await load();

// search is an OpenSearch manifest; spec.project is on line 6.
const search = (name, project, more = '') =>
  `apiVersion: example.io/v1alpha1\nkind: OpenSearch\nmetadata:\n  name: ${name}\nspec:\n  plan: startup-4\n  project: ${project}\n${more}`;

test('validateChange reports an immutable change on the new value and counts the resources', () => {
  const r = m.validateChange(search('logs', 'alpha'), search('logs', 'beta'));
  const imm = r.diagnostics.filter((d) => d.rule === 'immutable');
  assert.equal(imm.length, 1, JSON.stringify(r.diagnostics));
  assert.equal(imm[0].severity, 'error');
  assert.equal(imm[0].path, 'spec.project');
  assert.deepEqual(imm[0].range, { start: { line: 6, character: 11 }, end: { line: 6, character: 15 } });
  assert.match(imm[0].message, /"alpha".*"beta"/);
  assert.deepEqual([r.created, r.changed, r.deleted], [0, 1, 0]);
  assert.deepEqual(r.documents, m.validate(search('logs', 'beta')).documents);
});

test('validateChange keeps the findings of validate and adds none for an unchanged text', () => {
  const text = search('logs', 'not a valid project!');
  const plain = m.validate(text);
  assert.ok(plain.diagnostics.length > 0);
  const same = m.validateChange(text, text);
  assert.deepEqual(same.diagnostics, plain.diagnostics);
  assert.deepEqual([same.created, same.changed, same.deleted], [0, 0, 0]);
  const created = m.validateChange('', text);
  assert.deepEqual(created.diagnostics, plain.diagnostics);
  assert.equal(created.created, 1);
});

test('a resource that is gone is a deletion on the first line; a restart and a smaller disk are warnings', () => {
  const prev = search('logs', 'alpha', '  disk_space: 90GiB\n') + '---\n' + search('old', 'alpha');
  const r = m.validateChange(prev, search('logs', 'alpha', '  disk_space: 80GiB\n'));
  const del = r.diagnostics.find((d) => d.rule === 'deletion');
  assert.ok(del, JSON.stringify(r.diagnostics));
  assert.equal(del.document, -1);
  assert.equal(del.range.start.line, 0);
  assert.match(del.message, /"old"/);
  const disk = r.diagnostics.find((d) => d.rule === 'disk-space');
  assert.equal(disk?.severity, 'warning', JSON.stringify(r.diagnostics));
  assert.equal(r.deleted, 1);
});

test('validateChange gives the secrets of the previous text, and no message shows one', () => {
  const kafka = (token) =>
    `apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata: {name: k}\nspec:\n  plan: business-4\n  project: p\n  userConfig:\n    kafka_connect_secret_providers:\n    - name: v\n      vault: {auth_method: token, address: a, token: ${token}}\n`;
  const prev = kafka('0ld-s3cret');
  const r = m.validateChange(prev, kafka('n3w-s3cret'));
  assert.equal(r.previousSecrets?.length, 1);
  const line = prev.split('\n')[r.previousSecrets[0].start.line];
  assert.equal(line.slice(r.previousSecrets[0].start.character, r.previousSecrets[0].end.character), '0ld-s3cret');
  assert.equal(r.secrets?.length, 1);
  assert.doesNotMatch(JSON.stringify(r.diagnostics), /s3cret/);
});

test('validateChange counts positions in the encoding asked for, and takes bytes', () => {
  const prev = search('logs', '"😀a"');
  const text = search('logs', '"😀b"');
  const at = (enc) => m.validateChange(prev, new TextEncoder().encode(text), { encoding: enc }).diagnostics.find((d) => d.rule === 'immutable').range.end.character;
  assert.deepEqual([at('utf-16'), at('utf-8'), at('utf-32')], [11 + 5, 11 + 7, 11 + 4]);
});

test('validateChange rejects bad arguments', () => {
  assert.throws(() => m.validateChange(undefined, 'x'), { name: 'TypeError', message: /previous must be a string/ });
  assert.throws(() => m.validateChange('x', 42), { name: 'TypeError', message: /text must be a string/ });
  assert.throws(() => m.validateChange('x', 'y', { encoding: 'utf-7' }), TypeError);
});
