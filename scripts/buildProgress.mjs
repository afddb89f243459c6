// What `npm start` shows while it builds: the build's phase, how many modules it has
// transformed and how long it has run, so a first build of a minute or two reads as work
// going on rather than a hang. A Vite plugin feeds the counts; a ticker writes a line every
// few seconds (on a terminal, the same line rewritten every second).
//
//   const progress = buildProgress({ write: (s) => process.stdout.write(s), isTTY });
//   await build({ plugins: [progress.plugin] });
//   progress.done();

/** `1:05` from milliseconds. */
export function clock(ms) {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * @param {{ write: (text: string) => void, isTTY?: boolean, everyMs?: number, now?: () => number, columns?: number }} options
 */
export function buildProgress({ write, isTTY = false, everyMs = isTTY ? 1000 : 5000, now = Date.now, columns = 100 }) {
  const startedAt = now();
  let phase = 'starting';
  let modules = 0;
  let last = '';
  let chunks = 0;
  let lastLine = '';
  let root = process.cwd();

  const line = () => {
    const counts = phase === 'starting' ? '' : `, ${modules.toLocaleString('en')} modules transformed${chunks > 0 ? `, ${chunks} chunks` : ''}`;
    const where = phase === 'transforming' && last ? ` (${last})` : '';
    return `  ${clock(now() - startedAt)} ${phase}${counts}${where}`;
  };
  const show = () => {
    const text = line();
    if (isTTY) write(`\r${text.slice(0, columns - 1).padEnd(Math.min(columns - 1, Math.max(lastLine.length, text.length)))}`);
    else write(`${text}\n`);
    lastLine = text;
  };
  const timer = setInterval(show, everyMs);
  timer.unref?.();
  const enter = (next) => {
    if (phase === next) return;
    phase = next;
    // A new phase shows at once off a terminal too: the phases are the milestones.
    if (!isTTY) show();
  };

  /** @type {import('vite').Plugin} */
  const plugin = {
    name: 'warrant:build-progress',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      enter('transforming');
    },
    transform(_code, id) {
      modules++;
      // Shown as a person finds it: from node_modules/ or from the project root; a virtual module by its name.
      const path = id.split('?')[0].replace(/^\0/, '');
      const at = path.indexOf('/node_modules/');
      last = at >= 0 ? path.slice(at + 1) : path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path;
      return null;
    },
    buildEnd() {
      enter('bundling');
    },
    renderStart() {
      enter('rendering chunks');
    },
    renderChunk() {
      chunks++;
      return null;
    },
    generateBundle() {
      enter('writing files');
    },
  };

  return {
    plugin,
    /** Stops the ticker and ends with one line: what was built, in how long. */
    done(ok = true) {
      clearInterval(timer);
      if (isTTY && lastLine) write('\r' + ' '.repeat(Math.min(columns - 1, lastLine.length)) + '\r');
      write(ok ? `Built in ${clock(now() - startedAt)}: ${modules.toLocaleString('en')} modules, ${chunks} chunks.\n` : `The build failed after ${clock(now() - startedAt)}.\n`);
    },
    /** The line the ticker would write now (for tests). */
    line,
  };
}
