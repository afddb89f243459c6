/**
 * Help where it is needed: keyboard shortcuts (from shortcuts.ts), what a line of each
 * language says, and the ways in from outside the page. A modal dialog: focus moves into
 * it, Escape or the close button leaves it and focus goes back where it was.
 */
import { useEffect, useRef } from 'react';
import { LANGUAGE_TABLE } from '../../core/languages/languageTable.ts';
import { setHelpOpen, useViewSettings } from '../../store/view/viewSettings.ts';
import { SHORTCUTS } from './shortcuts.ts';

export function HelpPanel() {
  const open = useViewSettings((s) => s.helpOpen);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const before = document.activeElement as HTMLElement | null;
    close.current?.focus();
    return () => before?.focus?.();
  }, [open]);
  if (!open) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop closes the dialog as Escape and its Close button do
    <div className="help-backdrop" onMouseDown={(e) => e.target === e.currentTarget && setHelpOpen(false)}>
      <div
        className="help-panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby="help-title"
        data-testid="help-panel"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            setHelpOpen(false);
          }
        }}
      >
        <header className="help-header">
          <h2 id="help-title">Help and keyboard shortcuts</h2>
          <button ref={close} data-testid="help-close" aria-label="Close help" onClick={() => setHelpOpen(false)}>
            ✕
          </button>
        </header>
        {/* A Tab stop of its own, so the help scrolls from the keyboard. */}
        <div className="help-body" tabIndex={0} role="region" aria-label="help contents">
          <section aria-labelledby="help-start">
            <h3 id="help-start">Getting started</h3>
            <p>
              Write or paste reasoning on the left; it is checked as you type and drawn as a graph on the right. Click a node (or put the cursor on its line) to see why it is believed. Drag a node
              onto <em>Refute</em> or <em>Correct</em>, or use the inspector&apos;s buttons, to preview what would fall with it before anything is written.
            </p>
            {LANGUAGE_TABLE.filter((l) => l.example !== null).map((l) => (
              <div key={l.id} className="help-example">
                <h4>
                  {l.name}: {l.documentKind}
                </h4>
                <pre>{l.example}</pre>
              </div>
            ))}
            <p className="help-legend">
              CLAIR: <code>id confidence level @source &lt;justifications &quot;content&quot;</code>; a <code>;</code> starts a comment; <code>?[&quot;…&quot;]</code> lists when to reconsider.
              FormalProposal documents (JSON) are checked by z3: <em>New → FormalProposal</em> starts one.
            </p>
          </section>
          {SHORTCUTS.map((group) => (
            <section key={group.area} aria-label={group.area}>
              <h3>{group.area}</h3>
              <table className="help-keys">
                <tbody>
                  {group.shortcuts.map((s) => (
                    <tr key={s.keys.join(' ')}>
                      <th scope="row">
                        {s.keys.map((k, i) => (
                          <span key={k}>
                            {i > 0 && ' '}
                            <kbd>{k}</kbd>
                          </span>
                        ))}
                      </th>
                      <td>{s.does}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
          <section aria-labelledby="help-outside">
            <h3 id="help-outside">Outside the page</h3>
            <p>
              <em>Share</em> makes a link carrying the document (and, if you like, its signed log); nothing is uploaded. On the command line, <code>npx warrant check FILE</code>, <code>infer</code>,{' '}
              <code>explain</code>, <code>cascade</code>, <code>export</code>, <code>prove</code> and <code>share</code> run the same checks; <code>npx warrant lsp --stdio</code> gives VS Code, Neovim
              or any editor the same diagnostics, hovers, completion, rename and quick fixes.
            </p>
          </section>
        </div>
      </div>
    </div>
  );
}

/** F1 anywhere, or `?` outside a text field, opens the help (F1 is taken before the editor's palette sees it). */
export function useHelpShortcut(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F1' && !e.ctrlKey && !e.altKey && !e.metaKey) {
        e.preventDefault();
        e.stopPropagation();
        setHelpOpen(true);
        return;
      }
      if (e.key !== '?' || e.ctrlKey || e.altKey || e.metaKey) return;
      const el = e.target as HTMLElement | null;
      const typing = !!el && (el.isContentEditable || el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.closest('.monaco-editor') !== null);
      if (typing) return;
      e.preventDefault();
      setHelpOpen(true);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
