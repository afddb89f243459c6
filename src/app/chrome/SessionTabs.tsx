/**
 * The session list (docs/contract.md §4: sessions, session-item, new-session) as a row of tabs
 * under the toolbar: every document is a session kept in IndexedDB. Click to switch,
 * double-click to rename; the current tab offers duplicate and delete. Problems with
 * storage (full, corrupt records, ops set aside) show at the end of the row, with a
 * button beside them when there is an explicit choice to make (import an archive whose
 * log lost its head, or an older copy of a session, anyway).
 */
import { useRef, useState } from 'react';
import { DOCUMENT_EXTENSIONS } from '../../core/languages/languageTable.ts';
import { NEW_CLAIR } from './newDocuments.ts';
import { deleteSession, duplicateSession, newSession, renameSession, switchSession } from '../../store/session/sessionList.ts';
import { dismissNotice, takeChoice } from '../../store/session/sessionNotices.ts';
import { exportCurrentSession } from '../../store/session/sessionExport.ts';
import { importFile } from '../../store/session/sessionImport.ts';
import { useSessionsStore } from '../../store/session/sessionsStore.ts';

const NOTICE_STYLE = { whiteSpace: 'normal', overflow: 'visible', overflowWrap: 'break-word', flex: '0 1 auto', minWidth: '18em', maxWidth: '60%', lineHeight: 1.35, padding: '3px 0' } as const;

export function SessionTabs() {
  const sessions = useSessionsStore((s) => s.sessions);
  const currentId = useSessionsStore((s) => s.currentId);
  const notice = useSessionsStore((s) => s.notice);
  const choice = useSessionsStore((s) => s.choice);
  const [editing, setEditing] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <nav className="session-tabs" data-testid="sessions" aria-label="sessions" data-region="">
      {sessions.map((s) => {
        const active = s.id === currentId;
        return (
          // biome-ignore lint/a11y/noStaticElementInteractions: the handler only writes the item's tooltip; the item's buttons are the controls
          <div
            key={s.id}
            className={`session-item${active ? ' is-active' : ''}`}
            data-testid="session-item"
            data-active={active ? 'true' : 'false'}
            title={s.name}
            // The date in the user's locale is written when the pointer comes: the first
            // locale formatting of a page costs tens of milliseconds, which opening should not pay.
            onMouseEnter={(e) => {
              e.currentTarget.title = `${s.name} · edited ${new Date(s.updatedAt).toLocaleString()}`;
            }}
          >
            {editing === s.id ? (
              <input
                // biome-ignore lint/a11y/noAutofocus: the name field appears because the person asked to rename: the caret belongs in it
                autoFocus
                defaultValue={s.name}
                aria-label="session name"
                onBlur={(e) => {
                  setEditing(null);
                  const name = e.currentTarget.value.trim();
                  if (name && name !== s.name) void renameSession(s.id, name);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') e.currentTarget.blur();
                  if (e.key === 'Escape') setEditing(null);
                }}
              />
            ) : (
              <button className="session-name" onClick={() => !active && void switchSession(s.id)} onDoubleClick={() => setEditing(s.id)}>
                {s.name}
              </button>
            )}
            {active && (
              <>
                <button className="session-action" title="Rename" aria-label="Rename this session" onClick={() => setEditing(s.id)}>
                  ✎
                </button>
                <button
                  className="session-action"
                  data-testid="export-session"
                  title="Export this session (text and signed history) as one file"
                  aria-label="Export this session"
                  onClick={() => void exportCurrentSession()}
                >
                  ⤓
                </button>
                <button
                  className="session-action"
                  data-testid="duplicate-session"
                  title="Duplicate this session with its history"
                  aria-label="Duplicate this session"
                  onClick={() => void duplicateSession(s.id)}
                >
                  <DuplicateIcon />
                </button>
                <button
                  className="session-action"
                  title="Delete this session and its history"
                  aria-label="Delete this session"
                  onClick={() => {
                    if (confirm(`Delete the session "${s.name}" and its whole history?`)) void deleteSession(s.id);
                  }}
                >
                  ✕
                </button>
              </>
            )}
          </div>
        );
      })}
      <button className="session-new" data-testid="new-session" title="A new session with an empty CLAIR trace" aria-label="New session" onClick={() => void newSession('untitled.clair', NEW_CLAIR)}>
        +
      </button>
      {/* A real button, so Tab reaches it and Enter or Space opens the file picker. */}
      <button
        className="session-new"
        data-testid="open-file"
        title="Open a file: a .clair trace, a Gaia package, or a session exported from Warrant (you can also drop files on the page)"
        aria-label="Open a file"
        onClick={() => fileInput.current?.click()}
      >
        ⤒
      </button>
      <input
        ref={fileInput}
        type="file"
        data-testid="import-file"
        accept={[...DOCUMENT_EXTENSIONS, '.zip'].join(',')}
        multiple
        hidden
        onChange={(e) => {
          for (const f of Array.from(e.currentTarget.files ?? [])) void importFile(f);
          e.currentTarget.value = '';
        }}
      />
      {notice && (
        // Read in full: the notice wraps onto more lines (the row grows) instead of being cut off.
        // biome-ignore lint/a11y/useKeyWithClickEvents: a pointer shortcut; the ✕ button beside it dismisses from the keyboard
        <span className="session-notice" role="status" data-testid="session-notice" title="Click to dismiss" style={NOTICE_STYLE} onClick={dismissNotice}>
          ⚠ {notice}
        </span>
      )}
      {notice && (
        <button type="button" className="session-notice-dismiss" data-testid="notice-dismiss" aria-label="dismiss the notices" title="Dismiss" onClick={dismissNotice}>
          ✕
        </button>
      )}
      {notice && choice && (
        <button className="session-notice-choice" data-testid="notice-choice" onClick={() => void takeChoice()}>
          {choice.label}
        </button>
      )}
    </nav>
  );
}

/** Two overlapping squares, drawn: ⧉ is in none of the fonts the page can count on, and drew as an empty box. */
function DuplicateIcon() {
  return (
    <svg className="icon-duplicate" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
      <rect x="0.75" y="3.25" width="8" height="8" rx="1" fill="none" stroke="currentColor" strokeWidth="1.3" />
      <path d="M3.25 3.25 V1.75 Q3.25 0.75 4.25 0.75 H10.25 Q11.25 0.75 11.25 1.75 V7.75 Q11.25 8.75 10.25 8.75 H8.75" fill="none" stroke="currentColor" strokeWidth="1.3" />
    </svg>
  );
}
