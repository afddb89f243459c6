/** `warrant check FILE... [--json]`: parse and validate; exit 1 when any file has an error. */
import { parseCommandLine } from '../commandLine.ts';
import { usageFailure } from '../cliFailure.ts';
import { checkJson, diagnosticText, hasErrors } from '../diagnosticReport.ts';
import { LANGUAGES } from '../inputLanguage.ts';
import { loadDocuments, packageOptionsOf } from '../loadDocument.ts';
import { writeStdout } from '../output.ts';
import { GAIA_PACKAGE_OPTIONS } from './gaiaPackageOptions.ts';

export async function runCheck(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('check', args, {
    flags: ['json'],
    values: { lang: LANGUAGES, ...GAIA_PACKAGE_OPTIONS },
  });
  if (cl.positionals.length === 0) throw usageFailure('check needs at least one FILE (or - for standard input)', 'check');
  const docs = await loadDocuments('check', cl.positionals, cl.values.get('lang'), packageOptionsOf(cl.values));
  await writeStdout(cl.flags.has('json') ? JSON.stringify(checkJson(docs)) + '\n' : diagnosticText(docs));
  return hasErrors(docs) ? 1 : 0;
}
