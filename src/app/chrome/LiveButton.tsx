/**
 * "Live": the open session shared with other people through a team server (`npx warrant
 * serve`). Not shared: the server's address, a team token and a name, then "Share this
 * session live". Shared: who is here, whether this device is connected, may write and is
 * a member, the invite links (to edit, to follow read-only), and any op the room holds
 * that this page refused, with why.
 */
import { useMemo, useRef, useState } from 'react';
import { replicaHash } from '../../core/team/replicaHash.ts';
import { useLifecycleStore } from '../../store/session/lifecycleStore.ts';
import { renameInSharedSession, shareCurrentLive, stopSharingCurrent } from '../../store/team/liveSharing.ts';
import { useTeamStore } from '../../store/team/teamStore.ts';
import { useDismiss } from './useDismiss.ts';

const SERVER_KEY = 'warrant.teamServer';
const NAME_KEY = 'warrant.userName';
const DEFAULT_SERVER = 'ws://127.0.0.1:4488';

const STATUS_TEXT = {
  off: 'not shared',
  connecting: 'connecting…',
  connected: 'connected',
  offline: 'offline — changes are kept here and sent on reconnect',
  refused: 'refused by the server',
} as const;

export function LiveButton() {
  const [open, setOpen] = useState(false);
  const team = useTeamStore();
  const box = useRef<HTMLDivElement>(null);
  useDismiss(open, box, () => setOpen(false));
  const shared = team.address !== null;
  // What this replica shows, as one hash: members that agree on it see the same log and states.
  const log = useLifecycleStore((s) => s.log);
  const states = useLifecycleStore((s) => s.states);
  const corrected = useLifecycleStore((s) => s.corrected);
  const hash = useMemo(
    () =>
      shared
        ? replicaHash(
            log.map((op) => op.id),
            [...states].map(([id, st]) => [id, String(st)] as const),
            corrected,
          )
        : '',
    [shared, log, states, corrected],
  );
  const label = shared ? `Live · ${team.peers.length + 1}` : 'Live';

  return (
    <div className="menu share live" ref={box}>
      <button
        data-testid="team"
        data-status={team.status}
        data-log={shared ? log.length : undefined}
        data-state-hash={hash || undefined}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        title={shared ? `Shared live: ${STATUS_TEXT[team.status]}` : 'Share this session live with other people through a team server'}
      >
        {shared && <span className={`live-dot live-${team.status}`} aria-hidden="true" />}
        {label}
        {team.history.length > 0 && (
          // Visible without opening the panel: the room's history is not what its members signed.
          <span className="live-refused-badge" data-testid="team-history-badge" title="The room's history is not what its members signed (open for what)">
            {' '}
            ⚠ history
          </span>
        )}
        {team.refused.length > 0 && (
          // Visible without opening the panel: the room holds ops this browser refused.
          <span
            className="live-refused-badge"
            data-testid="team-refused-badge"
            title={`${team.refused.length} operation${team.refused.length === 1 ? '' : 's'} in the room refused here (open for why)`}
          >
            {' '}
            ⚠ {team.refused.length}
          </span>
        )}{' '}
        ▾
      </button>
      {open && (
        <div className="menu-list share-panel" role="dialog" aria-label="Share live" data-testid="team-panel">
          {shared ? <SharedView /> : <ShareForm />}
        </div>
      )}
    </div>
  );
}

function ShareForm() {
  const [server, setServer] = useState(() => localStorage.getItem(SERVER_KEY) ?? DEFAULT_SERVER);
  const [token, setToken] = useState('');
  const [name, setName] = useState(() => localStorage.getItem(NAME_KEY) ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const share = async () => {
    setBusy(true);
    setError(null);
    localStorage.setItem(SERVER_KEY, server.trim());
    if (name.trim()) localStorage.setItem(NAME_KEY, name.trim());
    try {
      await shareCurrentLive(server.trim(), token.trim());
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="live-form"
      onSubmit={(e) => {
        e.preventDefault();
        void share();
      }}
    >
      <label>
        Team server
        <input data-testid="team-server" value={server} onChange={(e) => setServer(e.target.value)} spellCheck={false} />
      </label>
      <label>
        Team token
        <input data-testid="team-token" type="password" value={token} onChange={(e) => setToken(e.target.value)} placeholder="printed by npx warrant serve" autoComplete="off" />
      </label>
      <label>
        Your name
        <input data-testid="team-name" value={name} onChange={(e) => setName(e.target.value)} placeholder="shown beside your cursor" />
      </label>
      <button type="submit" data-testid="team-share" disabled={busy || !server.trim() || !token.trim()}>
        {busy ? 'Sharing…' : 'Share this session live'}
      </button>
      {error && (
        <p className="share-error" role="alert" data-testid="team-error">
          Not shared: {error}.
        </p>
      )}
      <p className="share-note">The text, the operation log and every commit are shared with whoever has an invite link. Each browser checks every operation’s signature itself.</p>
    </form>
  );
}

function SharedView() {
  const team = useTeamStore();
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async (what: string, url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(`${what} link copied.`);
    } catch {
      setCopied('Select the link and press Ctrl+C.');
    }
  };
  const rights = team.rights === 'read' ? 'read-only' : team.rights === 'write' ? (team.member ? 'member' : 'waiting to be admitted by a member') : '';
  return (
    <div className="live-view">
      <p data-testid="team-status" data-status={team.status} data-rights={team.rights ?? ''} data-member={String(team.member)} data-peers={team.peers.length} data-unsynced={String(team.unsynced)}>
        <span className={`live-dot live-${team.status}`} aria-hidden="true" /> Room {team.address?.room}: {STATUS_TEXT[team.status]}
        {rights && ` · ${rights}`}
        {team.unsynced && ' · sending changes…'}
      </p>
      <label className="live-form">
        Your name
        <input
          data-testid="team-my-name"
          defaultValue={localStorage.getItem(NAME_KEY) ?? ''}
          placeholder="shown beside your cursor"
          onBlur={(e) => renameInSharedSession(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && renameInSharedSession(e.currentTarget.value)}
        />
      </label>
      <ul className="live-peers" data-testid="team-peers" aria-label="Also here">
        {team.peers.length === 0 ? (
          <li className="share-note">Nobody else is here now.</li>
        ) : (
          team.peers.map((p) => (
            <li key={p.clientId}>
              <span className="live-swatch" style={{ background: p.color }} aria-hidden="true" /> {p.name}
            </li>
          ))
        )}
      </ul>
      {team.invites && (
        <>
          <InviteRow label="Invite to edit" testid="team-invite-write" url={team.invites.write} onCopy={() => void copy('Edit', team.invites!.write)} />
          <InviteRow label="Invite to follow (read-only)" testid="team-invite-read" url={team.invites.read} onCopy={() => void copy('Read-only', team.invites!.read)} />
        </>
      )}
      {team.refused.length > 0 && (
        <div className="share-error" role="alert" data-testid="team-refused" data-count={team.refused.length}>
          {team.refused.length} operation{team.refused.length === 1 ? '' : 's'} in the room refused here (not applied):
          <ul>
            {team.refused.slice(0, 8).map((r) => (
              <li key={r.key}>
                <code>{(r.id ?? r.key).slice(0, 14)}…</code> {r.reason}: {r.detail}
              </li>
            ))}
          </ul>
        </div>
      )}
      {team.history.length > 0 && (
        <div className="share-error" role="alert" data-testid="team-history" data-count={team.history.length}>
          The room’s history is not what its members signed:
          <ul>
            {team.history.map((h) => (
              <li key={h}>{h}</li>
            ))}
          </ul>
        </div>
      )}
      {team.message && (
        <p className="share-error" role="alert">
          {team.message}
        </p>
      )}
      <p className="share-note" aria-live="polite">
        {copied ?? 'Edits and commits made offline are kept in this browser and merge when you are back.'}
      </p>
      <button data-testid="team-stop" onClick={() => stopSharingCurrent()}>
        Stop sharing from this browser
      </button>
    </div>
  );
}

function InviteRow({ label, testid, url, onCopy }: { label: string; testid: string; url: string; onCopy: () => void }) {
  return (
    <div className="share-row">
      <input readOnly aria-label={label} data-testid={testid} value={url} onFocus={(e) => e.currentTarget.select()} />
      <button onClick={onCopy}>{label}</button>
    </div>
  );
}
