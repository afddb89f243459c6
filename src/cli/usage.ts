/**
 * The usage text: all commands, and one line per command for usage mistakes. The
 * languages and export formats come from their tables (src/core/languages/languageTable.ts,
 * src/core/export/exporterTable.ts).
 */
import { LANGUAGE_TABLE, LANGUAGES, languageRow, DEFAULT_LANGUAGE } from '../core/languages/languageTable.ts';
import { INFERENCE_METHODS } from '../core/infer/inferenceResult.ts';
import { CLI_EXPORT_FORMATS, exportFormatsSentence, formatsTaking, madeByCommandLine } from './exportFormats.ts';

/** `clair|gaia|proposal`: what `--lang` takes. */
const LANG = LANGUAGES.join('|');
/** The languages `similar` reads. */
const SIMILAR_LANG = LANGUAGE_TABLE.filter((l) => l.similarity)
  .map((l) => l.id)
  .join('|');

/** The usage text's wrapped lines are at most this long. */
const WIDTH = 91;
/** Descriptions start in this column. */
const COLUMN = 34;

/** `  LABEL   description…`, the description wrapped at WIDTH and continued in COLUMN. */
function entry(label: string, text: string): string {
  const lines: string[] = [];
  let line = `  ${label}`.padEnd(COLUMN - 1) + ' ';
  let empty = true;
  for (const word of text.split(' ')) {
    if (!empty && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = ' '.repeat(COLUMN);
      empty = true;
    }
    line += (empty ? '' : ' ') + word;
    empty = false;
  }
  lines.push(line);
  return lines.join('\n');
}

/** The formats the command line makes that take an option, in table order. */
function takers(option: Parameters<typeof formatsTaking>[0]): string {
  return formatsTaking(option)
    .filter(madeByCommandLine)
    .map((e) => e.id)
    .join(', ');
}

const EXTENSIONS = LANGUAGE_TABLE.map((l) => `${l.extensions.join('/')} ${l.name}`).join(', ');

export const COMMAND_USAGE: Readonly<Record<string, string>> = {
  check: `warrant check FILE... [--json] [--lang ${LANG}]`,
  infer: `warrant infer FILE [--json] [--lang ${LANG}] [--method ${INFERENCE_METHODS.join('|')}] [--depth N] [--ops LOG.jsonl] [--allow-headless] [--allow-rollback] [--namespace NS] [--package PKG] [--version V] [--deps DIR]`,
  export: `warrant export FILE --to ${CLI_EXPORT_FORMATS.join('|')} [--out PATH] [--ops LOG.jsonl] [--allow-headless] [--allow-rollback] [--mode entailment|model|consistency] [--helpers] [--lang ${LANG}] [--namespace NS] [--package PKG] [--version V] [--deps DIR]`,
  bench: 'warrant bench [--json] [--quick] [--no-browser]',
  explain: `warrant explain FILE ID [--json] [--ops LOG.jsonl] [--allow-headless] [--allow-rollback] [--lang ${LANG}] [--namespace NS] [--package PKG] [--version V] [--deps DIR]`,
  cascade: `warrant cascade FILE (--refute ID | --correct ID=CONF | --retract ID | --withdraw ID)... [--json] [--lang ${LANG}] [--namespace NS] [--package PKG] [--version V] [--deps DIR]`,
  similar: `warrant similar FILE (ID | --query TEXT) [--strategy hrr|hdc] [-k N] [--json] [--lang ${SIMILAR_LANG}] [--namespace NS] [--package PKG] [--version V] [--deps DIR]`,
  audit: `warrant audit ANSWER --against FILE [--json] [--ops LOG.jsonl] [--allow-headless] [--allow-rollback] [--lang ${LANG}] [--namespace NS] [--package PKG] [--version V] [--deps DIR]`,
  lsp: 'warrant lsp --stdio',
  mcp: 'warrant mcp',
  share: 'warrant share FILE [--base URL] [--allow-headless] [--allow-rollback]',
  serve: 'warrant serve [--port N] [--host H] [--dir DIR | --postgres URL] [--redis URL] [--name NAME] [--secret-file FILE] [--invite-days N] [--max-… N]',
  token: 'warrant token [--room ROOM] [--read-only] [--days N] [--revoke TOKEN|ID] [--dir DIR | --postgres URL] [--secret-file FILE]',
  pull: 'warrant pull ROOM --out FILE [--ops LOG.jsonl] [--text FILE] [--allow-rollback] [--server URL] [--token T]',
  push: 'warrant push FILE ROOM [--allow-headless] [--server URL] [--token T]',
  prove:
    'warrant prove FILE [--solver z3|cvc5] [--mode entailment|model|consistency] [--timeout MS] [--intuition none|hrr|hdc] [--max-rounds N] [--max-active N] [--step N] [--world WORLD [--accept]] [--allow-headless] [--allow-rollback] [--json]',
  world: 'warrant world WORLD [--json] [--allow-headless] [--allow-rollback]',
  evaluate: 'warrant evaluate KB_DIR [--json] [--timeout MS]',
  import: 'warrant import SOURCE... --log LOG.jsonl [--source calendar|notes|photos|jsonl] [--json]',
  derive: 'warrant derive LOG.jsonl [--derivers RULES.json]... [--no-builtin] [--out LOG2.jsonl] [--json]',
  provenance: 'warrant provenance LOG.jsonl OP_ID [--json]',
  calibrate: 'warrant calibrate LOG.jsonl --labels LABELS.json [--json]',
  encode:
    'warrant encode (TEXT_FILE | --query QUESTION_FILE (--proposal P.json | --world WORLD)) (--llm-url URL --llm-model NAME | --recorded-reply FILE) [--world WORLD] [--world-id W] [--proposal-id ID] [--budget K] [--logic L] [--out P.json] [--json]',
  answer: 'warrant answer PROPOSAL [--question TEXT] [--solver z3|cvc5] [--timeout MS] [--llm-url URL --llm-model NAME | --recorded-reply FILE] [--json]',
  review: `warrant review PKG [--json] [--ops LOG.jsonl] [--accept ID]... [--reject ID]... [--needs-inputs ID]... [--method M] [--allow-headless] [--allow-rollback] [--namespace NS] [--package PKG] [--version V] [--deps DIR]`,
  merge: `warrant merge A.clair B.clair [--json] [--lang clair]`,
};

export const USAGE = `Usage: warrant <command> [options]

Commands:
  check FILE... [--json]          parse and validate; print diagnostics
  infer FILE [--json]             CLAIR: derived confidence of every belief;
        [--method M]              Gaia: posterior beliefs (auto, exact, jt, junction_tree,
                                  bp, trw_bp, mean_field, loopy_bp)
        [--depth N]               (Gaia package: joint inference with its dependencies
                                  N levels deep, -1 all; 0, the default, is local)
  explain FILE ID [--json]        why a belief is held: its explanation record
          [--ops LOG.jsonl]       (with a session's operation log, verified and replayed)
  cascade FILE OP... [--json]     apply --refute ID, --correct ID=CONF, --retract ID,
                                  --withdraw ID in order; report each cascade and the states
                                  (a Mnema LOG.jsonl: --refute KEY, --correct KEY=PAYLOAD_JSON,
                                  --retract EVIDENCE_OP, --withdraw OP; then re-derives)
  import SOURCE... --log LOG      Mnema: calendar (.ics), notes (.md, folders), photos (EXIF)
        [--source S]              and JSON Lines records as signed evidence ops
  derive LOG [--json]             Mnema: run the derivers (built-in, and rule tables given
         [--derivers RULES.json]… with --derivers) to a fixpoint; append what they derive
         [--no-builtin] [--out P]
  provenance LOG OP_ID [--json]   Mnema: a claim's inputs, depth first, down to evidence
  calibrate LOG --labels FILE     Mnema: labelled-true fraction per confidence band
  encode TEXT_FILE [--json]       a model formalizes the text as a FormalProposal; kept only
         [--llm-url U --llm-model M] when it is JSON passing every gate (exit 1: contested)
         [--query Q --proposal P] a question as a goal over P's (or --world W's) registry
                                  symbols only, checked by the same gates, for prove
  answer PROPOSAL [--json]        prove, then word the verdict from the approved evidence
         [--question Q]           only, every sentence anchored (a model's, or Warrant's own)
  review PKG [--json]             Gaia: the review records (warrants) with their status and
         [--ops LOG.jsonl]        beliefs; --accept ID / --reject ID record decisions as
         [--accept|--reject ID]…  signed ops in the log, which infer --ops then uses
  merge A.clair B.clair [--json]  two CLAIR traces as one, by id, on stdout; exit 1 when
                                  an id's lines differ (each conflict on stderr, A's kept)
${entry('export FILE --to FORMAT', exportFormatsSentence(LANGUAGE_TABLE))}
         [--out PATH]             (to stdout unless --out is given)
${entry('       [--ops LOG.jsonl]', `(${takers('ops')}: the session's log, verified and replayed)`)}
         [--mode M]               (${takers('mode')}: entailment, model or consistency)
${entry('       [--helpers]', `(${takers('helpers')}: draw Gaia's helper claims too)`)}
  prove FILE [--json]             FormalProposal: the gates, then a solver's verdict
        [--solver z3|cvc5]        (z3 by default; cvc5 needs its executable)
        [--mode M]                (default: the proposal's verificationMode)
        [--timeout MS]            (time budget, default 4000)
        [--intuition none|hrr|hdc] (VSA-ranked candidates, expanded in steps)
        [--max-rounds N]          (expansion rounds, default 12)
        [--max-active N]          (assertions active at once, default 100000)
        [--step N]                (grow the active set by N a round, not ×4 from 8)
        [--world WORLD]           (a world log: its registry is checked too, and the
                                  status printed: proposed, contested (why), accepted)
        [--accept]                (sign an acceptance of a proof into WORLD)
  world WORLD [--json]            a world log's accepted proposals and symbol registry
  evaluate KB_DIR [--json]        FormalProposals of a folder under every strategy: z3, cvc5
           [--timeout MS]         × incremental, one-shot × none, hrr, hdc; verdicts, agreement,
                                  rounds, times (exit 1: strategies disagree, or a gate fails)
  similar FILE ID [--json]        the beliefs most like one belief, ranked by
          [--query TEXT]          vector-symbolic similarity (or like free text);
          [--strategy hrr|hdc]    HRR cosine (default) or binary HDC Hamming;
          [-k N]                  the top N (default 10)
  audit ANSWER --against FILE     check an answer text against FILE's open contradictions:
        [--json] [--ops LOG.jsonl] each use of a contradicted claim needs a caveat (exit 1
                                  when one is asserted as settled); prints the CRT metrics
  bench [--json] [--quick]        run the performance suite (Node, then the app in Chromium
        [--no-browser]            unless --no-browser); writes bench/results.json
  share FILE [--base URL]         print a link that opens FILE in the IDE (a document, a
                                  package folder or a session file, in the URL fragment)
  serve [--port N] [--dir DIR]    a team server: sessions shared live between people
        [--postgres URL]          (Hocuspocus; rooms on disk, or in PostgreSQL, with
        [--redis URL]             instances sharing rooms through Redis); prints tokens;
        [--max-room-bytes N] …    every update stored before it is acknowledged; limits
  token [--room ROOM]             a room token from the team server's secret
        [--read-only] [--days N]  (default: write, any room, no expiry)
        [--revoke TOKEN|ID]       revoke a token and every invite made from it
  pull ROOM --out FILE            a team room to a file (its text and verified log;
       [--ops LOG.jsonl]          also the log as JSON lines for --ops, and the text);
       [--text FILE]              exit 1 when its history is not what its members
       [--allow-rollback]         signed or older than this device has seen
  push FILE ROOM                  a room file, session file or document into a room
       [--server URL] [--token T] (pull and push: default $WARRANT_SERVER, $WARRANT_TOKEN)
  lsp --stdio                     a Language Server Protocol server on standard input and
                                  output, for any editor (CLAIR, Gaia files and packages,
                                  FormalProposal)
  mcp                             a Model Context Protocol server on standard input and
                                  output: check, infer, explain, cascade, prove, similar and
                                  audit as tools an agent calls (each returns its --json)
  help                            show this text

Options:
${entry(`--lang ${LANG}`, `language of the input (default: from the extension: ${EXTENSIONS}; standard input is ${languageRow(DEFAULT_LANGUAGE).name})`)}
  --namespace NS, --package PKG,  a Gaia package's identity (default: its pyproject.toml,
  --version V                     found beside the file or above it)
  --deps DIR                      a folder of Gaia package folders the package may import
                                  from (besides [tool.uv.sources] paths and file:// requirements)
${entry('--allow-headless', "read a session's log (--ops, a session file to share) that has no signed head; without it such a log is an error, since every log Warrant writes ends with its head")}
${entry('--allow-rollback', 'read a log older than a head this device has seen of its session (remembered in $WARRANT_STATE_DIR/heads, else ~/.config/warrant/heads); without it that is an error')}

FILE may also be a Gaia package folder, or its pyproject.toml: every module is read.
  --json                          machine-readable output
  -h, --help                      show this text

FILE may be - to read standard input.
Exit codes: 0 success, 1 the input has errors, 2 usage or I/O error.
`;
