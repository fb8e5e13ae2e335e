// validateSet: files checked together, as a user of the package sees it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '@mdscheck/wasm';

const m = await load();

const kafka = (name, more = '') =>
  `apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: ${name}\nspec:\n  plan: business-4\n  project: p\n${more}`;
const reader = (secret, key) =>
  `apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: api}\nspec:\n  template:\n    spec:\n      containers:\n        - name: api\n          env:\n            - name: X\n              valueFrom:\n                secretKeyRef: {name: ${secret}, key: ${key}}\n`;

test('validateSet finds a key no resource of another file writes, on the reading file', () => {
  const r = m.validateSet([{ name: 'kafka.yaml', text: kafka('logs') }, { name: 'api.yaml', text: reader('logs', 'KAFKA_PASWORD') }]);
  assert.deepEqual(r.map((f) => f.name), ['kafka.yaml', 'api.yaml']);
  assert.deepEqual(r[0].diagnostics, m.validate(kafka('logs')).diagnostics);
  const key = r[1].diagnostics.filter((d) => d.rule === 'secret-key');
  assert.equal(key.length, 1, JSON.stringify(r[1].diagnostics));
  assert.match(key[0].message, /in kafka\.yaml.*did you mean KAFKA_PASSWORD/);
  assert.equal(key[0].range.start.line, 11);
  // The same key the Kafka writes is no finding.
  const ok = m.validateSet([{ name: 'kafka.yaml', text: kafka('logs') }, { name: 'api.yaml', text: reader('logs', 'KAFKA_PASSWORD') }]);
  assert.deepEqual(ok[1].diagnostics.filter((d) => d.rule.startsWith('secret-')), []);
});

test('validateSet finds two resources of two files that write one Secret', () => {
  // Two Kafkas of one name are one resource (a copy per environment);
  // two of other names that name one Secret overwrite each other's.
  const target = '  connInfoSecretTarget:\n    name: shared\n';
  const r = m.validateSet([{ name: 'a.yaml', text: kafka('a', target) }, { name: 'b.yaml', text: kafka('b', target) }]);
  for (const [f, other] of [[r[0], 'b.yaml'], [r[1], 'a.yaml']]) {
    const c = f.diagnostics.filter((d) => d.rule === 'secret-conflict');
    assert.equal(c.length, 1, JSON.stringify(f.diagnostics));
    assert.match(c[0].message, new RegExp(`in ${other.replace('.', '\\.')}`));
  }
});

test('no answer of validateSet shows a secret of another text', () => {
  const secret = 'Tok3nOfTheVault';
  const vault = kafka('k', `  userConfig:\n    kafka_connect_secret_providers:\n    - name: v\n      vault: {auth_method: token, address: a, token: ${secret}}\n`);
  const r = m.validateSet([{ name: 'vault.yaml', text: vault }, { name: 'api.yaml', text: kafka(secret) + '---\n' + reader(secret, 'NOPE') }]);
  assert.doesNotMatch(JSON.stringify(r), new RegExp(secret));
  assert.ok(r[1].diagnostics.some((d) => d.rule === 'secret-key'), JSON.stringify(r[1].diagnostics));
  // Where api.yaml writes the secret again, its secret ranges say so.
  assert.ok((r[1].secrets ?? []).length >= 2, JSON.stringify(r[1].secrets));
});

test('validateSet refuses a bad set with a clear error', () => {
  assert.throws(() => m.validateSet('kafka.yaml'), { name: 'TypeError', message: /array/ });
  assert.throws(() => m.validateSet([{ name: 1, text: '' }]), { name: 'TypeError', message: /texts\[0\]\.name/ });
  assert.throws(() => m.validateSet([{ name: 'a', text: '' }, { name: 'a', text: '' }]), { name: 'MdscheckError', message: /unique/ });
  assert.deepEqual(m.validateSet([]), []);
});
