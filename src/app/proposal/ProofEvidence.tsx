/**
 * What a verdict rests on, mapped back to the proposal: the unsat core as assertion ids
 * (entailed, inconsistent, no-model), or the model as values of the declared symbols
 * (model-found, consistent, and the counter-model of not-entailed). Each row takes the
 * editor to the assertion or declaration it names.
 */
import type { ModelValue, ProveResult } from '../../core/proposal/index.ts';
import type { ProposalOutline } from '../../core/analysis/proposalOutline.ts';
import { revealRange } from './revealRange.ts';

function CoreList({ result, outline, focused, onFocus }: { result: ProveResult; outline: ProposalOutline | undefined; focused: string | null; onFocus: (id: string) => void }) {
  const core = result.core ?? [];
  const byId = new Map(outline?.assertions.map((a) => [a.id, a] as const));
  return (
    <div className="evidence" data-testid="core" data-count={core.length}>
      <h2>
        Unsat core{' '}
        <span className="muted">
          — {core.length} of {outline?.assertions.length ?? '?'} assertions{result.goal_in_core ? ', with the goal' : ''}
        </span>
      </h2>
      {core.length === 0 && <p className="muted">The core names no assertion: {result.goal_in_core ? 'the goal alone is contradictory.' : 'the solver gave an empty core.'}</p>}
      <ul className="evidence-list">
        {core.map((id) => {
          const a = byId.get(id);
          return (
            <li key={id}>
              <button
                className={`evidence-item${focused === id ? ' is-focused' : ''}`}
                data-testid={`core-item-${id}`}
                data-highlighted={a ? 'true' : 'false'}
                disabled={!a}
                title={a ? `line ${a.range.line}: show it in the editor` : 'no longer in the text'}
                onClick={() => {
                  if (!a) return;
                  onFocus(id);
                  revealRange(a.range, a.idRange);
                }}
              >
                <code className="evidence-id">{id}</code>
                <span className="evidence-role">{a?.role ?? 'gone'}</span>
                {a && <span className="muted">line {a.range.line}</span>}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function valueText(v: ModelValue): string {
  return v.params ? `λ${v.params} ${v.value}` : v.value;
}

function ModelList({ result, outline, focused, onFocus }: { result: ProveResult; outline: ProposalOutline | undefined; focused: string | null; onFocus: (id: string) => void }) {
  const model = result.model ?? [];
  const symbols = new Map(outline?.symbols.map((s) => [s.name, s] as const));
  const assertions = new Map(outline?.assertions.map((a) => [a.id, a] as const));
  return (
    <div className="evidence" data-testid="model" data-count={model.length}>
      <h2>
        {result.verdict === 'not-entailed' ? 'Counter-model' : 'Model'}{' '}
        <span className="muted">
          — values of {model.length} declared symbol{model.length === 1 ? '' : 's'}
        </span>
      </h2>
      {model.length === 0 && <p className="muted">The model assigns nothing to the declared symbols (every one is free).</p>}
      <ul className="evidence-list">
        {model.map((v) => {
          const s = symbols.get(v.name);
          return (
            <li key={v.name}>
              <button
                className={`evidence-item model-item${focused === v.name ? ' is-focused' : ''}`}
                data-testid={`model-item-${v.name}`}
                title={s ? `${s.kind} ${s.name}: ${s.signature} — show its declaration` : v.name}
                onClick={() => {
                  if (!s) return;
                  onFocus(v.name);
                  revealRange(s.range);
                }}
              >
                <code className="evidence-id">{v.name}</code>
                <code className="model-value" title={valueText(v)}>
                  = {valueText(v)}
                </code>
                <span className="evidence-role">{v.sort}</span>
              </button>
              {v.assertions.length > 0 && (
                <span className="model-uses">
                  in{' '}
                  {v.assertions.map((id) => {
                    const a = assertions.get(id);
                    return (
                      <button key={id} className="link" disabled={!a} onClick={() => a && revealRange(a.range, a.idRange)}>
                        {id}
                      </button>
                    );
                  })}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function ProofEvidence(props: { result: ProveResult; outline: ProposalOutline | undefined; focused: string | null; onFocus: (id: string) => void }) {
  if (props.result.core) return <CoreList {...props} />;
  if (props.result.model) return <ModelList {...props} />;
  return (
    <div className="evidence" data-testid="no-evidence">
      <h2>Evidence</h2>
      <p className="muted">
        {props.result.gate
          ? 'No solver ran, so there is neither an unsat core nor a model.'
          : 'An unknown verdict rests on nothing: there is no unsat core and no model to show. Nothing can be concluded about the proposal from this run.'}
      </p>
    </div>
  );
}
