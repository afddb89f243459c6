/**
 * `warrant share FILE [--base URL]`: prints the link that opens FILE in the IDE, the
 * document travelling in the URL fragment (src/core/share/shareLink.ts — the page's
 * "Copy link" makes the same link for the same document). FILE may be a document, a
 * Gaia package folder (every file of it) or a session file exported from the page
 * (`.warrant.json`: the session with its signed log). The base is the IDE's address:
 * `--base`, else $WARRANT_SHARE_BASE, else where `npm start` serves it.
 */
import { basename, resolve } from 'node:path';
import { parseCommandLine } from '../commandLine.ts';
import { usageFailure } from '../cliFailure.ts';
import { writeStderr, writeStdout } from '../output.ts';
import { readInput } from '../readInput.ts';
import { isPackagePath, readPackage } from '../readPackage.ts';
import type { SharePayload } from '../../core/share/shareLink.ts';

export const DEFAULT_SHARE_BASE = 'http://localhost:5173/';

export async function runShare(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('share', args, { values: { base: null } });
  if (cl.positionals.length !== 1) throw usageFailure('share takes one FILE (a document, a Gaia package folder or a session file)', 'share');
  const base = cl.values.get('base') ?? process.env.WARRANT_SHARE_BASE ?? DEFAULT_SHARE_BASE;
  if (!/^https?:\/\/[^\s#]+$/.test(base)) throw usageFailure(`--base must be an http(s) address without a fragment: ${base}`, 'share');
  const payload = await payloadOf(cl.positionals[0]!);
  const { shareUrl } = await import('../../core/share/shareLink.ts');
  const link = shareUrl(base, payload);
  if (!link.ok) {
    // The input is fine but cannot travel in a link: reported as a finding about it (exit 1).
    await writeStderr(`warrant: ${cl.positionals[0]}: ${link.reason}\n`);
    return 1;
  }
  await writeStdout(link.url + '\n');
  return 0;
}

async function payloadOf(arg: string): Promise<SharePayload> {
  if (await isPackagePath(arg)) {
    const pkg = await readPackage(arg);
    return { name: basename(resolve(pkg.root)), files: [...pkg.files] };
  }
  const input = await readInput(arg);
  const name = input.path ? basename(input.path) : 'shared.clair';
  const archive = sessionArchiveName(input.text);
  return archive !== null ? { name: archive, archive: input.text } : { name, text: input.text };
}

/** A session file's session name, or null when the text is not a session file. */
function sessionArchiveName(text: string): string | null {
  if (!text.trimStart().startsWith('{') || !text.includes('warrant.session.v1')) return null;
  try {
    const v = JSON.parse(text) as { format?: unknown; session?: { name?: unknown } };
    if (v.format !== 'warrant.session.v1') return null;
    return typeof v.session?.name === 'string' && v.session.name !== '' ? v.session.name : 'session';
  } catch {
    return null;
  }
}
