/**
 * `warrant share FILE [--base URL]`: prints the link that opens FILE in the IDE, the
 * document travelling in the URL fragment (src/core/share/shareLink.ts — the page's
 * "Copy link" makes the same link for the same document). FILE may be a document, a
 * Gaia package folder (every file of it) or a session file exported from the page
 * (`.warrant.json`: the session with its signed log). The base is the IDE's address:
 * `--base`, else $WARRANT_SHARE_BASE, else where `npm start` serves it.
 *
 * A session file's log is read as `--ops` reads one (opsFile.ts) before it goes into a
 * link: one that lost its head or is older than one this device has seen makes no link
 * (exit 1) unless `--allow-headless` / `--allow-rollback` say to share it anyway — the
 * page opening the link refuses it the same way, unless its user chooses otherwise.
 */
import { basename, resolve } from 'node:path';
import { parseCommandLine } from '../commandLine.ts';
import { usageFailure } from '../../node/cliFailure.ts';
import type { LogAllowances } from '../opsFile.ts';
import { LOG_FLAGS, logAllowances, readArchiveLog } from '../opsFile.ts';
import { writeStderr, writeStdout } from '../output.ts';
import { readInput } from '../../node/readInput.ts';
import { isPackagePath, readPackage } from '../../node/readPackage.ts';
import type { SharePayload } from '../../core/share/shareLink.ts';

export const DEFAULT_SHARE_BASE = 'http://localhost:5173/';

export async function runShare(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('share', args, { flags: [...LOG_FLAGS], values: { base: null } });
  if (cl.positionals.length !== 1) throw usageFailure('share takes one FILE (a document, a Gaia package folder or a session file)', 'share');
  const base = cl.values.get('base') ?? process.env.WARRANT_SHARE_BASE ?? DEFAULT_SHARE_BASE;
  if (!/^https?:\/\/[^\s#]+$/.test(base)) throw usageFailure(`--base must be an http(s) address without a fragment: ${base}`, 'share');
  const { payload, archive } = await payloadOf(cl.positionals[0]!);
  if (archive && (await logBroken(cl.positionals[0]!, archive, logAllowances(cl.flags, 'share')))) {
    await writeStderr(`warrant: ${cl.positionals[0]}: no link made: its session's log has errors (above)\n`);
    return 1;
  }
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

/** A session file as parsed (only what is read here). */
interface SessionFile {
  readonly format?: unknown;
  readonly session?: { readonly id?: unknown; readonly name?: unknown };
  readonly ops?: unknown;
  readonly head?: unknown;
}

async function payloadOf(arg: string): Promise<{ payload: SharePayload; archive: SessionFile | null }> {
  if (await isPackagePath(arg)) {
    const pkg = await readPackage(arg);
    return { payload: { name: basename(resolve(pkg.root)), files: [...pkg.files] }, archive: null };
  }
  const input = await readInput(arg);
  const name = input.path ? basename(input.path) : 'shared.clair';
  const archive = sessionFile(input.text);
  if (archive === null) return { payload: { name, text: input.text }, archive: null };
  const session = typeof archive.session?.name === 'string' && archive.session.name !== '' ? archive.session.name : 'session';
  return { payload: { name: session, archive: input.text }, archive };
}

/** The text as a session file, or null when it is not one. */
function sessionFile(text: string): SessionFile | null {
  if (!text.trimStart().startsWith('{') || !text.includes('warrant.session.v1')) return null;
  try {
    const v = JSON.parse(text) as SessionFile | null;
    return v?.format === 'warrant.session.v1' ? v : null;
  } catch {
    return null;
  }
}

/**
 * Whether a session file's log has errors (reported on stderr, as `--ops` reports them).
 * A session with no ops has no log to vouch for; a file without a list of ops is left to
 * the page to refuse.
 */
async function logBroken(name: string, archive: SessionFile, allow: LogAllowances): Promise<boolean> {
  if (!Array.isArray(archive.ops) || archive.ops.length === 0) return false;
  const session = typeof archive.session?.id === 'string' ? archive.session.id : undefined;
  return (await readArchiveLog(name, { ops: archive.ops, head: archive.head, session }, allow)).broken;
}
