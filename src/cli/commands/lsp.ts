/**
 * `warrant lsp --stdio`: the language server on standard input and output
 * (src/lsp/languageServer.ts). Nothing else is written to standard output, which
 * carries the protocol; messages for people go to standard error.
 */
import { parseCommandLine } from '../commandLine.ts';
import { usageFailure } from '../../node/cliFailure.ts';

export async function runLsp(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('lsp', args, { flags: ['stdio'], values: {} });
  if (cl.positionals.length > 0) throw usageFailure(`lsp takes no files (the editor sends them): ${cl.positionals[0]}`, 'lsp');
  const [{ serveLanguage }, { packageVersion }] = await Promise.all([import('../../lsp/languageServer.ts'), import('../packageVersion.ts')]);
  return serveLanguage(process.stdin, process.stdout, { version: await packageVersion() });
}
