// Compiled by `tsc -p test` in `npm test`: the declarations describe what
// a TypeScript user writes, and wrong uses are rejected.

import { load, MdscheckError, ABI_VERSION } from '@mdscheck/wasm';
import type { Diagnostic, CompletionItem, Hover, Mdscheck, ValidateChangeResult, ValidateResult } from '@mdscheck/wasm';

export async function use(bytes: Uint8Array): Promise<string[]> {
  const m: Mdscheck = await load();
  await load(new URL('https://example.com/mdscheck.wasm'), { encoding: 'utf-8' });
  await load(bytes, { log: (line: string) => console.log(line) });
  await load(fetch('/mdscheck.wasm'));
  const abi: 1 = ABI_VERSION;
  const r: ValidateResult = m.validate('kind: Kafka', { encoding: 'utf-32' });
  const first: Diagnostic | undefined = r.diagnostics[0];
  const line: number | undefined = first?.range.start.line;
  const hidden: number = r.secrets?.[0]?.end.character ?? 0;
  const edits = first?.fixes?.[0]?.edits.map((e) => e.newText) ?? [];
  const c: ValidateChangeResult = m.validateChange('kind: Kafka', bytes, { encoding: 'utf-8' });
  const counts: number = c.created + c.changed + c.deleted + (c.previousSecrets?.length ?? 0) + c.diagnostics.length;
  // @ts-expect-error the previous text comes first, and is needed
  m.validateChange({ line: 0 }, 'x');
  const items: CompletionItem[] = m.complete(bytes, { line: 0, character: 0 });
  const h: Hover | null = m.hover('x', { line: 0, character: 0 });
  try {
    m.validate('');
  } catch (e) {
    if (e instanceof MdscheckError) edits.push(e.message);
  }
  // @ts-expect-error a position needs a character
  m.hover('x', { line: 0 });
  // @ts-expect-error an unknown position encoding
  await load(undefined, { encoding: 'utf-7' });
  // @ts-expect-error severity is one of four words
  const s: Diagnostic['severity'] = 'fatal';
  return [String(abi), String(line), String(counts), String(hidden), ...edits, ...items.map((i) => i.label), h?.contents.value ?? '', s];
}
