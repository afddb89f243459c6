/**
 * "Share": a link that opens the current document in another browser — its text (or a
 * package's files), and on request the session's signed log — compressed into the URL
 * fragment, so nothing is sent to any server. The link is made in the validation worker
 * (src/core/share/shareLink.ts, the same link `warrant share` prints); too large a
 * document is refused with the way out: the session file.
 */
import { useEffect, useRef, useState } from 'react';
import type { ShareLinkResult, SharePayload } from '../../core/share/shareLink.ts';
import { currentDocument, currentSessionArchive } from '../../store/session/sessionExport.ts';
import { getPipeline } from '../../store/pipeline/pipelineInstance.ts';
import { getSession } from '../../store/session/sessionInstance.ts';
import { useDismiss } from './useDismiss.ts';

type Shown = { readonly state: 'making' } | { readonly state: 'ready'; readonly url: string } | { readonly state: 'refused'; readonly reason: string };

async function makeLink(withLog: boolean): Promise<ShareLinkResult> {
  let payload: SharePayload;
  if (withLog) {
    const archive = await currentSessionArchive();
    if (!archive.ok) return { ok: false, reason: archive.message, chars: 0 };
    payload = { name: archive.name, archive: archive.json };
  } else {
    const doc = currentDocument();
    payload = 'files' in doc ? { name: doc.name, files: [...doc.files] } : doc;
  }
  return getPipeline().validationApi.shareUrl(location.origin + location.pathname, payload);
}

export function ShareButton() {
  const [open, setOpen] = useState(false);
  const [withLog, setWithLog] = useState(false);
  const [shown, setShown] = useState<Shown>({ state: 'making' });
  const [status, setStatus] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const logLength = open ? getSession().logLength : 0;

  useEffect(() => {
    if (!open) return;
    let current = true;
    setShown({ state: 'making' });
    setStatus(null);
    makeLink(withLog).then(
      (r) => current && setShown(r.ok ? { state: 'ready', url: r.url } : { state: 'refused', reason: r.reason }),
      (e: unknown) => current && setShown({ state: 'refused', reason: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      current = false;
    };
  }, [open, withLog]);

  useDismiss(open, box, () => setOpen(false));

  const copy = async () => {
    if (shown.state !== 'ready') return;
    try {
      await navigator.clipboard.writeText(shown.url);
      setStatus(`Link copied (${Math.ceil(shown.url.length / 1000)} KB).`);
    } catch {
      // No clipboard permission: the link is selected for Ctrl+C.
      field.current?.select();
      setStatus('Press Ctrl+C to copy the selected link.');
    }
  };

  return (
    <div className="menu share" ref={box}>
      <button data-testid="share" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(!open)} title="A link that opens this document in another browser">
        Share ▾
      </button>
      {open && (
        <div className="menu-list share-panel" role="dialog" aria-label="Share a link" data-testid="share-panel">
          <label className="share-option">
            <input type="checkbox" data-testid="share-include-log" checked={withLog} onChange={(e) => setWithLog(e.target.checked)} />
            include the operation log ({logLength} operation{logLength === 1 ? '' : 's'}, signed)
          </label>
          {shown.state === 'refused' ? (
            <p className="share-error" role="alert" data-testid="share-error">
              No link: {shown.reason}
              {shown.reason.endsWith('session file instead') ? ' (⤓ on the session’s tab downloads it).' : '.'}
            </p>
          ) : (
            <div className="share-row">
              <input
                ref={field}
                readOnly
                aria-label="Link to this document"
                data-testid="share-link"
                value={shown.state === 'ready' ? shown.url : 'making the link…'}
                onFocus={(e) => e.currentTarget.select()}
              />
              <button data-testid="share-copy" disabled={shown.state !== 'ready'} onClick={() => void copy()}>
                Copy link
              </button>
            </div>
          )}
          <p className="share-note" data-testid="share-status" aria-live="polite">
            {status ?? 'The document travels in the link itself; nothing is uploaded.'}
          </p>
        </div>
      )}
    </div>
  );
}
