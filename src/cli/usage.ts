/** The usage text: all commands, and one line per command for usage mistakes. */

export const COMMAND_USAGE: Readonly<Record<string, string>> = {
  check: 'warrant check FILE... [--json] [--lang clair|gaia|proposal]',
  infer: 'warrant infer FILE [--json] [--lang clair|gaia|proposal] [--method auto|exact|jt|bp|trw_bp] [--namespace NS] [--package PKG] [--version V]',
  export: 'warrant export FILE --to clair|json|dot|graphml|svg|gaia-ir|beliefs|manifests|explanations|oplog|smtlib [--out PATH] [--ops LOG.jsonl] [--mode entailment|model|consistency] [--lang clair|gaia|proposal] [--namespace NS] [--package PKG] [--version V]',
  bench: 'warrant bench [--json] [--quick] [--no-browser]',
  explain: 'warrant explain FILE ID [--json] [--ops LOG.jsonl] [--lang clair|gaia|proposal] [--namespace NS] [--package PKG] [--version V]',
  cascade: 'warrant cascade FILE (--refute ID | --correct ID=CONF | --retract ID | --withdraw ID)... [--json] [--lang clair|gaia|proposal] [--namespace NS] [--package PKG] [--version V]',
  similar: 'warrant similar FILE (ID | --query TEXT) [--strategy hrr|hdc] [-k N] [--json] [--lang clair|gaia] [--namespace NS] [--package PKG] [--version V]',
  prove: 'warrant prove FILE [--solver z3|cvc5] [--mode entailment|model|consistency] [--timeout MS] [--intuition none|hrr|hdc] [--json]',
};

export const USAGE = `Usage: warrant <command> [options]

Commands:
  check FILE... [--json]          parse and validate; print diagnostics
  infer FILE [--json]             CLAIR: derived confidence of every belief;
        [--method M]              Gaia: posterior beliefs (auto, exact, jt, bp, trw_bp)
  explain FILE ID [--json]        why a belief is held: its explanation record
          [--ops LOG.jsonl]       (with a session's operation log, verified and replayed)
  cascade FILE OP... [--json]     apply --refute ID, --correct ID=CONF, --retract ID,
                                  --withdraw ID in order; report each cascade and the states
  export FILE --to FORMAT         write the document as clair, json, dot, graphml, svg,
                                  explanations, oplog; a Gaia package also as gaia-ir,
                                  beliefs, manifests (a folder); a FormalProposal as smtlib
         [--out PATH]             (to stdout unless --out is given)
         [--ops LOG.jsonl]        (explanations, oplog: the session's log)
         [--mode M]               (smtlib: entailment, model or consistency)
  prove FILE [--json]             FormalProposal: the gates, then a solver's verdict
        [--solver z3|cvc5]        (z3 by default; cvc5 needs its executable)
        [--mode M]                (default: the proposal's verificationMode)
        [--timeout MS]            (time budget, default 4000)
        [--intuition none|hrr|hdc] (VSA-ranked candidates, expanded in steps)
  similar FILE ID [--json]        the beliefs most like one belief, ranked by
          [--query TEXT]          vector-symbolic similarity (or like free text);
          [--strategy hrr|hdc]    HRR cosine (default) or binary HDC Hamming;
          [-k N]                  the top N (default 10)
  bench [--json] [--quick]        run the performance suite (Node, then the app in Chromium
        [--no-browser]            unless --no-browser); writes bench/results.json
  help                            show this text

Options:
  --lang clair|gaia|proposal      language of the input (default: from the extension:
                                  .clair CLAIR, .py/.gaia Gaia, .json FormalProposal;
                                  standard input is CLAIR)
  --namespace NS, --package PKG,  a Gaia package's identity (default: its pyproject.toml,
  --version V                     found beside the file or above it)
  --json                          machine-readable output
  -h, --help                      show this text

FILE may be - to read standard input.
Exit codes: 0 success, 1 the input has errors, 2 usage or I/O error.
`;
