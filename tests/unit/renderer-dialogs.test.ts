import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  answerQuestion,
  askConfirm,
  askText,
  currentQuestion,
} from '../../renderer/src/composables/useDialog.js';
import { dismissToast, showToast, toasts } from '../../renderer/src/composables/useToast.js';

const SRC = join(import.meta.dirname, '../../renderer/src');
/** A call of the browser's own boxes, bare or through window/globalThis/self; not `store.confirm(`. */
const NATIVE_BOX = /(?<![\w$.])(?:(?:window|globalThis|self)\s*\.\s*)?(?:prompt|confirm|alert)\s*\(/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.(ts|vue)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('the console asks in the page, never through native boxes', () => {
  it('the pattern catches every spelling of a native box and leaves look-alikes alone', () => {
    for (const call of ['window.prompt("x")', 'confirm("x")', 'globalThis.alert (1)', ' self.confirm(1)'])
      expect(call).toMatch(NATIVE_BOX);
    for (const call of ['askConfirm({})', 'store.confirm(1)', 'AlertDialog', 'prompts(1)'])
      expect(call).not.toMatch(NATIVE_BOX);
  });

  it('no file in renderer/src calls prompt(, confirm( or alert( (Electron implements no prompt)', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .map((line, i) => ({ where: `${f.slice(SRC.length + 1)}:${i + 1}`, line }))
        .filter(({ line }) => NATIVE_BOX.test(line))
        .map(({ where, line }) => `${where}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});

describe('in-app dialog questions', () => {
  it('a confirm resolves true on the confirm button and false on cancel, one question at a time', async () => {
    const first = askConfirm({ title: 'Revoke?', confirmLabel: 'Revoke' });
    const second = askConfirm({ title: 'Suspend?', confirmLabel: 'Suspend' });
    expect(currentQuestion.value?.title).toBe('Revoke?');
    answerQuestion('');
    expect(await first).toBe(true);
    expect(currentQuestion.value?.title).toBe('Suspend?');
    answerQuestion(null);
    expect(await second).toBe(false);
    expect(currentQuestion.value).toBeNull();
  });

  it('a text question answers the trimmed text, or null when cancelled', async () => {
    const reason = askText({ title: 'Flag', confirmLabel: 'Flag', input: { label: 'Why?', initial: 'x' } });
    expect(currentQuestion.value?.input?.initial).toBe('x');
    answerQuestion('  customer called  ');
    expect(await reason).toBe('customer called');
    const cancelled = askText({ title: 'Flag', confirmLabel: 'Flag', input: { label: 'Why?' } });
    answerQuestion(null);
    expect(await cancelled).toBeNull();
  });

  it('toasts are listed until dismissed', () => {
    const t = showToast('Could not switch', 'error');
    expect(toasts.value.at(-1)).toEqual({ id: t.id, kind: 'error', text: 'Could not switch' });
    dismissToast(t.id);
    expect(toasts.value.find((x) => x.id === t.id)).toBeUndefined();
  });
});
