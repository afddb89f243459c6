/**
 * `warrant check FILE... [--json]`: parse and validate; exit 1 when any file has an error.
 * For a Gaia package, validating includes running inference (src/node/gaiaInference.ts).
 */
import { parseCommandLine } from '../commandLine.ts';
import type { CommandReport } from '../commandReport.ts';
import { writeReport } from '../commandReport.ts';
import { usageFailure } from '../../node/cliFailure.ts';
import type { CheckJson } from '../diagnosticReport.ts';
import { checkJson, diagnosticText, hasErrors } from '../diagnosticReport.ts';
import { LANGUAGES } from '../../node/inputLanguage.ts';
import type { DocumentArg, PackageOptions } from '../../node/loadDocument.ts';
import { loadDocuments, packageOptionsOf } from '../../node/loadDocument.ts';
import { GAIA_PACKAGE_OPTIONS } from './gaiaPackageOptions.ts';

export interface CheckRequest {
  readonly files: readonly DocumentArg[];
  readonly lang?: string | undefined;
  readonly pkg?: PackageOptions;
}

export async function runCheck(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('check', args, {
    flags: ['json'],
    values: { lang: LANGUAGES, ...GAIA_PACKAGE_OPTIONS },
  });
  if (cl.positionals.length === 0) throw usageFailure('check needs at least one FILE (or - for standard input)', 'check');
  const report = await checkReport({ files: cl.positionals, lang: cl.values.get('lang'), pkg: packageOptionsOf(cl.values) });
  return writeReport(report, cl.flags.has('json'));
}

/** The diagnostics of every document (the `--json` of docs/contract.md §1.1). */
export async function checkReport(request: CheckRequest): Promise<CommandReport<CheckJson>> {
  // A Gaia package is also run through inference: one Gaia compiles but cannot infer
  // (e.g. an associate whose endpoint priors disagree with it) has an error, as in the page.
  const loaded = await loadDocuments('check', request.files, request.lang, request.pkg);
  // Inference is loaded only once the inputs are read (a refused input exits before).
  const { withGaiaInference } = await import('../../node/gaiaInference.ts');
  const docs = loaded.map((d) => withGaiaInference(d).doc);
  return { exitCode: hasErrors(docs) ? 1 : 0, json: checkJson(docs), text: () => diagnosticText(docs), notes: '' };
}
