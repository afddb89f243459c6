/**
 * `warrant merge A.clair B.clair [--json]`: two CLAIR traces as one (the rule is
 * src/core/clair/mergeTraces.ts). The merged trace, canonical text, on stdout; each
 * conflict (the same id, a different belief) on stderr with both lines. Exit 0 when
 * nothing conflicts; 1 when something does, the merged trace still printed (A's line
 * kept for each conflicting id); 1 without a merge when a line cannot be matched by id
 * (its diagnostics printed as `check` prints them); 2 for usage and I/O errors.
 */
import { languageRow } from '../../core/languages/languageTable.ts';
import type { MergeConflict, MergeCounts } from '../../core/clair/mergeTraces.ts';
import { toDiagnosticRecord } from '../../core/export/diagnosticRecord.ts';
import type { Diagnostic } from '../../core/text/diagnostic.ts';
import { usageFailure } from '../../node/cliFailure.ts';
import { inputLanguage, LANGUAGES } from '../../node/inputLanguage.ts';
import type { InputText } from '../../node/readInput.ts';
import { readInput } from '../../node/readInput.ts';
import { parseCommandLine } from '../commandLine.ts';
import type { CommandReport } from '../commandReport.ts';
import { writeReport } from '../commandReport.ts';
import { diagnosticLine } from '../diagnosticReport.ts';

export interface MergeJson {
  readonly merged: string;
  readonly conflicts: readonly MergeConflict[];
  readonly counts: MergeCounts;
}

export async function runMerge(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('merge', args, { flags: ['json'], values: { lang: LANGUAGES } });
  if (cl.positionals.length !== 2) throw usageFailure('merge takes two CLAIR traces, A and B', 'merge');
  const [a, b] = cl.positionals as [string, string];
  if (a === '-' && b === '-') throw usageFailure('standard input (-) can be read only once', 'merge');
  const lang = cl.values.get('lang');
  for (const arg of [a, b]) {
    const language = inputLanguage(arg, lang);
    if (!languageRow(language).statedBeliefs) throw usageFailure(`merge takes CLAIR traces; ${arg} is read as ${language}`, 'merge');
  }
  // Both are read before anything is printed.
  const inputs = [await readInput(a), await readInput(b)] as const;
  return writeReport(await mergeReport(inputs[0], inputs[1]), cl.flags.has('json'));
}

export async function mergeReport(a: InputText, b: InputText): Promise<CommandReport<MergeJson | { files: unknown[] }>> {
  const { mergeTraces } = await import('../../core/clair/mergeTraces.ts');
  const result = mergeTraces({ name: a.name, text: a.text }, { name: b.name, text: b.text });
  if ('refused' in result) {
    const files = result.refused.map((r) => ({ file: r.file, language: 'clair', diagnostics: r.diagnostics.map(toDiagnosticRecord) }));
    return {
      exitCode: 1,
      json: { files },
      text: () => refusalText(result.refused),
      notes: 'warrant: nothing merged: these lines cannot be matched by id\n',
    };
  }
  const { merged, conflicts, counts } = result;
  return {
    exitCode: conflicts.length > 0 ? 1 : 0,
    json: { merged, conflicts, counts },
    text: () => merged,
    notes: '',
    textNotes: conflicts.map(conflictText).join('') + summary(a.name, b.name, counts),
  };
}

function refusalText(refused: readonly { readonly file: string; readonly diagnostics: readonly Diagnostic[] }[]): string {
  const lines: string[] = [];
  for (const r of refused) for (const d of r.diagnostics) lines.push(diagnosticLine(r.file, d));
  return lines.join('\n') + '\n';
}

function conflictText(c: MergeConflict): string {
  return `conflict: ${c.id} differs in ${c.fields.join(', ')}\n  ${c.a.file}:${c.a.line}: ${c.a.text}\n  ${c.b.file}:${c.b.line}: ${c.b.text}\n`;
}

function summary(a: string, b: string, c: MergeCounts): string {
  const conflicts = c.conflicting === 0 ? 'no conflicts' : `${c.conflicting} conflict${c.conflicting === 1 ? '' : 's'} (${a}'s line kept)`;
  return `merged: ${c.fromA} from ${a}, ${c.added} added from ${b}, ${c.identical} in both; ${conflicts}\n`;
}
