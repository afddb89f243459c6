/**
 * The person's own deriver, written as a rule table in an editor of its own (Monaco's
 * JSON, with the rule-table schema for completion and hover: jsonSchemas.ts). Every pause
 * in typing hands the table to the worker: the reader's problems become markers at their
 * places, and the log is derived again with it — what the rules would add or change is
 * shown at once, and Append writes it.
 */
import { useEffect, useRef, useState } from 'react';
import type * as MonacoApi from 'monaco-editor/editor';
import type { ShownPlan } from '../../core/mnema/writeTickets.ts';
import { ruleTableJsonSchema, STARTER_RULE_TABLE } from '../../core/mnema/ruleTableSchema.ts';
import { activeMonaco } from '../../store/document/editorInstance.ts';
import { getPipeline } from '../../store/pipeline/pipelineInstance.ts';
import { getSession } from '../../store/session/sessionInstance.ts';
import { setRuleTableText, useRuleTables } from '../../store/mnema/ruleTables.ts';
import { RULE_TABLE_SUFFIX, setJsonSchema } from '../monaco/jsonSchemas.ts';

/** How long typing rests before the table is read and the log derived with it. */
const RULES_SETTLE_MS = 300;
const MODEL_URI = `inmemory://warrant/derivers/my-derivers${RULE_TABLE_SUFFIX}`;
const MARKER_OWNER = 'warrant-rule-table';

let schemaSet = false;

export function RuleTableEditor({ version, onPlan }: { version: number; onPlan: (plan: ShownPlan) => void }) {
  const host = useRef<HTMLDivElement>(null);
  const empty = useRuleTables((s) => s.text.trim() === '');
  const problems = useRuleTables((s) => s.problems);
  const generation = useRuleTables((s) => s.generation);
  const [derived, setDerived] = useState<string | null>(null);
  const editorRef = useRef<MonacoApi.editor.IStandaloneCodeEditor | null>(null);

  useEffect(() => {
    const monaco = activeMonaco();
    if (!monaco || !host.current) return;
    if (!schemaSet) {
      schemaSet = true;
      setJsonSchema('rule-table', { uri: 'https://warrant.invalid/schemas/rule-table-v1.json', fileMatch: [`*${RULE_TABLE_SUFFIX}`], schema: ruleTableJsonSchema() });
    }
    const uri = monaco.Uri.parse(MODEL_URI);
    const model = monaco.editor.getModel(uri) ?? monaco.editor.createModel(useRuleTables.getState().text, 'json', uri);
    const editor = monaco.editor.create(host.current, {
      model,
      automaticLayout: true,
      minimap: { enabled: false },
      lineNumbers: 'on',
      fontSize: 12,
      scrollBeyondLastLine: false,
      wordWrap: 'on',
      tabSize: 2,
      ariaLabel: 'your rule table (a deriver, JSON)',
    });
    editorRef.current = editor;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const sub = model.onDidChangeContent(() => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void setRuleTableText(model.getValue()), RULES_SETTLE_MS);
    });
    return () => {
      if (timer) clearTimeout(timer);
      sub.dispose();
      editor.dispose();
      editorRef.current = null;
    };
  }, []);

  // The reader's problems, at their places.
  useEffect(() => {
    const monaco = activeMonaco();
    const model = monaco?.editor.getModel(monaco.Uri.parse(MODEL_URI));
    if (!monaco || !model) return;
    monaco.editor.setModelMarkers(
      model,
      MARKER_OWNER,
      problems.map((p) => ({
        severity: monaco.MarkerSeverity.Error,
        message: p.path ? `${p.path}: ${p.message}` : p.message,
        startLineNumber: p.line,
        startColumn: p.column,
        endLineNumber: p.line,
        endColumn: model.getLineMaxColumn(Math.min(p.line, model.getLineCount())),
      })),
    );
  }, [problems]);

  // Derived again with the table as it now is: what it would add or change.
  useEffect(() => {
    if (generation === 0 || empty) return;
    let live = true;
    void (async () => {
      const plan = await getPipeline().validationApi.mnemaDerive(version, await getSession().author());
      if (!live || !plan) return;
      setDerived(plan.summary);
      onPlan(plan);
    })();
    return () => {
      live = false;
    };
  }, [generation, version, onPlan, empty]);

  const startFromExample = () => {
    const model = activeMonaco()?.editor.getModel(activeMonaco()!.Uri.parse(MODEL_URI));
    // An edit of the model (undoable), which the change listener hands to the worker.
    if (model) editorRef.current?.executeEdits('starter', [{ range: model.getFullModelRange(), text: STARTER_RULE_TABLE }]);
    else void setRuleTableText(STARTER_RULE_TABLE);
  };
  return (
    <div className="rule-table-editor">
      {empty && (
        <p className="muted">
          No rule table yet: write one (completion offers its fields) or{' '}
          <button type="button" className="link-button" data-testid="rule-table-starter" onClick={startFromExample}>
            start from an example
          </button>
          .
        </p>
      )}
      <div ref={host} className="rule-table-host" data-testid="rule-table-editor" />
      <p className={problems.length > 0 ? 'status-error' : 'muted'} role="status" data-testid="rule-table-status" data-problems={problems.length}>
        {problems.length > 0
          ? `${problems.length} problem${problems.length === 1 ? '' : 's'}: the table derives nothing until ${problems.length === 1 ? 'it is' : 'they are'} fixed (${problems[0]!.line}:${problems[0]!.column} ${problems[0]!.message})`
          : empty
            ? 'Only the built-in derivers run.'
            : (derived ?? 'Reading the table…')}
      </p>
    </div>
  );
}
