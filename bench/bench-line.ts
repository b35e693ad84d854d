import fs from 'node:fs';
import os from 'node:os';

/** One figure of a bench, with its budget. */
export interface BenchLine {
  name: string;
  value: number;
  unit: string;
  budget: number;
}

/** What one bench leaves for the next: the data directory holding the demo year, once loaded. */
export interface BenchContext {
  demoYearDir?: string;
}

export function printLine(line: BenchLine): void {
  const ratio = line.value / line.budget;
  console.log(
    `${line.name.padEnd(48)} ${line.value.toFixed(2).padStart(9)} ${line.unit.padEnd(4)} budget ${String(line.budget).padStart(6)} ${line.unit.padEnd(4)} ratio ${ratio.toFixed(2)} ${verdict(ratio)}`,
  );
}

function verdict(ratio: number): string {
  return ratio <= 1 ? 'ok' : 'OVER BUDGET';
}

/** One run of one bench, as `bench/RESULTS.md` keeps it. */
export interface BenchRun {
  bench: string;
  startedAt: Date;
  seconds: number;
  /** The engines measured; when no figure names one, `defaultEngines`. */
  defaultEngines: string[];
  lines: BenchLine[];
}

const ENGINES = ['PGlite', 'PostgreSQL', 'Chromium'];

const RESULTS_PREAMBLE = `# Bench results

Written by \`npm run bench\` (\`bench/run.ts\`): one section per bench, which each run of that bench
replaces (\`npm run bench -- customer-accounts\` rewrites only its own). What each bench measures and
why its budget: [README.md](README.md). The figures are this machine's, noisy (2 shared cores): read
them with the load printed beside them.`;

/**
 * Puts `run` in the results file as its bench's section (a \`## <bench>\` heading up to the next
 * one), keeps every other section as it is, and orders them as `order` lists the benches.
 */
export function writeResults(file: URL, order: string[], run: BenchRun): void {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const { preamble, sections } = splitSections(text);
  sections.set(run.bench, resultsSection(run));
  const names = [
    ...order.filter((name) => sections.has(name)),
    ...[...sections.keys()].filter((name) => !order.includes(name)),
  ];
  const parts = [preamble || RESULTS_PREAMBLE, ...names.map((name) => sections.get(name)!)];
  fs.writeFileSync(file, `${parts.join('\n\n')}\n`);
}

function splitSections(text: string): { preamble: string; sections: Map<string, string> } {
  const sections = new Map<string, string>();
  const preamble: string[] = [];
  let current: { name: string; lines: string[] } | null = null;
  const close = () => {
    if (current) sections.set(current.name, current.lines.join('\n').trimEnd());
  };
  for (const line of text.split('\n')) {
    const heading = /^## (\S+)\s*$/.exec(line);
    if (heading) {
      close();
      current = { name: heading[1]!, lines: [line] };
    } else if (current) current.lines.push(line);
    else preamble.push(line);
  }
  close();
  return { preamble: preamble.join('\n').trim(), sections };
}

function resultsSection(run: BenchRun): string {
  const named = ENGINES.filter((engine) => run.lines.some((line) => line.name.includes(engine)));
  const engines = named.length > 0 ? named : run.defaultEngines;
  const [load] = os.loadavg();
  const when = `${run.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const rows = run.lines.map((line) => {
    const ratio = line.value / line.budget;
    return [
      line.name,
      `${line.value.toFixed(2)} ${line.unit}`,
      `${line.budget} ${line.unit}`,
      `${ratio.toFixed(2)} ${verdict(ratio)}`,
    ];
  });
  return [
    `## ${run.bench}`,
    `Run of ${when}, ${Math.round(run.seconds)} s; engines: ${engines.join(', ')}; Node ${process.version}, ${os.cpus().length} cores, load ${load!.toFixed(1)} at the end.`,
    markdownTable(['figure', 'value', 'budget', 'ratio'], ['left', 'right', 'right', 'right'], rows),
  ].join('\n\n');
}

/** A Markdown table laid out as Prettier lays it out, so that `prettier --check` accepts the file. */
function markdownTable(head: string[], align: ('left' | 'right')[], rows: string[][]): string {
  const cells = [head, ...rows].map((row) => row.map((cell) => cell.replaceAll('|', '\\|')));
  const widths = head.map((_, i) => Math.max(3, ...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    `| ${row.map((cell, i) => (align[i] === 'right' ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join(' | ')} |`;
  const rule = `| ${widths.map((width, i) => (align[i] === 'right' ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width))).join(' | ')} |`;
  return [line(cells[0]!), rule, ...cells.slice(1).map(line)].join('\n');
}
