/**
 * `warrant check FILE... [--json]`: parse and validate; exit 1 when any file has an error.
 * For a Gaia package, validating includes running inference (src/node/gaiaInference.ts).
 */
import { parseCommandLine } from '../commandLine.ts';
import { usageFailure } from '../../node/cliFailure.ts';
import { checkJson, diagnosticText, hasErrors } from '../diagnosticReport.ts';
import { LANGUAGES } from '../../node/inputLanguage.ts';
import { loadDocuments, packageOptionsOf } from '../../node/loadDocument.ts';
import { writeStdout } from '../output.ts';
import { GAIA_PACKAGE_OPTIONS } from './gaiaPackageOptions.ts';

export async function runCheck(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('check', args, {
    flags: ['json'],
    values: { lang: LANGUAGES, ...GAIA_PACKAGE_OPTIONS },
  });
  if (cl.positionals.length === 0) throw usageFailure('check needs at least one FILE (or - for standard input)', 'check');
  // A Gaia package is also run through inference: one Gaia compiles but cannot infer
  // (e.g. an associate whose endpoint priors disagree with it) has an error, as in the page.
  const loaded = await loadDocuments('check', cl.positionals, cl.values.get('lang'), packageOptionsOf(cl.values));
  // Inference is loaded only once the inputs are read (a refused input exits before).
  const { withGaiaInference } = await import('../../node/gaiaInference.ts');
  const docs = loaded.map((d) => withGaiaInference(d).doc);
  await writeStdout(cl.flags.has('json') ? JSON.stringify(checkJson(docs)) + '\n' : diagnosticText(docs));
  return hasErrors(docs) ? 1 : 0;
}
