/**
 * The TextMate grammar VS Code colours CLAIR with (editors/vscode/syntaxes): every line of
 * the samples is read by a small interpreter of the grammar's rules (match, begin/end,
 * captures), and each part of a belief gets its scope — with nothing marked invalid on a
 * valid line, and the mistakes of the error sample marked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '..', '..');

interface Rule {
  name?: string;
  match?: string;
  begin?: string;
  end?: string;
  include?: string;
  patterns?: Rule[];
  captures?: Record<string, { name: string }>;
  beginCaptures?: Record<string, { name: string }>;
}
const grammar = JSON.parse(readFileSync(join(REPO, 'editors', 'vscode', 'syntaxes', 'clair.tmLanguage.json'), 'utf8')) as { scopeName: string; patterns: Rule[]; repository: Record<string, Rule> };
const vscodePackage = JSON.parse(readFileSync(join(REPO, 'editors', 'vscode', 'package.json'), 'utf8')) as { contributes: { grammars: { scopeName: string; path: string }[] } };

function resolve(rules: readonly Rule[]): Rule[] {
  return rules.flatMap((r) => (r.include ? resolve([grammar.repository[r.include.slice(1)]!]) : [r]));
}

/** (text, scope) pieces of one line: the grammar's first matching rule at each place, as TextMate picks. */
function tokenize(line: string): { text: string; scope: string }[] {
  const out: { text: string; scope: string }[] = [];
  let at = 0;
  let inside: Rule[] | null = null;
  while (at < line.length) {
    const rules: Rule[] = inside ?? resolve(grammar.patterns);
    let best: { index: number; m: RegExpExecArray; rule: Rule } | null = null;
    for (const rule of rules) {
      const source = rule.match ?? rule.begin!;
      const re = new RegExp(source, 'gm');
      re.lastIndex = at;
      const m = re.exec(line);
      if (m && m[0].length > 0 && (!best || m.index < best.index)) best = { index: m.index, m, rule };
    }
    if (!best) break;
    if (best.index > at) out.push({ text: line.slice(at, best.index), scope: '' });
    const captures = best.rule.captures ?? best.rule.beginCaptures;
    if (captures && Object.keys(captures).length > 0) {
      let pos = best.index;
      best.m.slice(1).forEach((g, i) => {
        if (g === undefined) return;
        const start = line.indexOf(g, pos);
        if (start > pos) out.push({ text: line.slice(pos, start), scope: best!.rule.name ?? '' });
        out.push({ text: g, scope: captures[String(i + 1)]?.name ?? best!.rule.name ?? '' });
        pos = start + g.length;
      });
    } else out.push({ text: best.m[0], scope: best.rule.name ?? '' });
    at = best.index + best.m[0].length;
    if (best.rule.begin) inside = resolve(best.rule.patterns ?? []);
  }
  if (at < line.length) out.push({ text: line.slice(at), scope: '' });
  return out.filter((t) => t.text.trim() !== '');
}

describe('the CLAIR TextMate grammar of the VS Code extension', () => {
  it('is the grammar the extension contributes', () => {
    expect(vscodePackage.contributes.grammars[0]).toMatchObject({ scopeName: grammar.scopeName, path: './syntaxes/clair.tmLanguage.json' });
  });

  it('scopes every part of a belief line', () => {
    const tokens = tokenize('b3 .72 L1 @file:notes.md <b1,b2 "the bridge is open" ?["it floods"] ; checked');
    const scopeOf = (text: string) => tokens.find((t) => t.text === text)?.scope;
    expect(scopeOf('b3')).toBe('entity.name.variable.belief.clair');
    expect(scopeOf('.72')).toBe('constant.numeric.confidence.clair');
    expect(scopeOf('L1')).toBe('keyword.other.level.clair');
    expect(scopeOf('file')).toBe('storage.type.source.clair');
    expect(scopeOf('notes.md')).toBe('string.unquoted.reference.clair');
    expect(scopeOf('b1')).toBe('variable.other.reference.clair');
    expect(scopeOf('"the bridge is open"')).toBe('string.quoted.double.clair');
    expect(scopeOf('; checked')).toBe('comment.line.semicolon.clair');
  });

  it('marks nothing invalid in the valid samples, and marks an unterminated string', () => {
    const samples = readdirSync(join(REPO, 'public', 'samples')).filter((f) => f.endsWith('.clair') && f !== 'with-errors.clair');
    expect(samples.length).toBeGreaterThan(2);
    for (const sample of samples) {
      for (const line of readFileSync(join(REPO, 'public', 'samples', sample), 'utf8').split('\n')) {
        const bad = tokenize(line).filter((t) => t.scope.startsWith('invalid'));
        expect(bad, `${sample}: ${line}`).toEqual([]);
      }
    }
    expect(tokenize('b1 .9 L0 @user "never closed').some((t) => t.scope === 'invalid.illegal.unterminated.clair')).toBe(true);
    expect(tokenize('b1 .9 L0 @moon "x"').some((t) => t.scope === 'invalid.illegal.source.clair')).toBe(true);
  });
});
