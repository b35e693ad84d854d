// `npm run bench`: each figure with its budget and the ratio to it. Not a test: it measures.
import { ingestionBench } from './ingestion.bench';

export interface BenchLine {
  name: string;
  value: number;
  unit: string;
  budget: number;
}

export function printLine(line: BenchLine): void {
  const ratio = line.value / line.budget;
  const verdict = ratio <= 1 ? 'ok' : 'OVER BUDGET';
  console.log(
    `${line.name.padEnd(48)} ${line.value.toFixed(2).padStart(9)} ${line.unit.padEnd(4)} budget ${String(line.budget).padStart(6)} ${line.unit.padEnd(4)} ratio ${ratio.toFixed(2)} ${verdict}`,
  );
}

const only = process.argv[2];
const benches: Record<string, () => Promise<BenchLine[]>> = { ingestion: ingestionBench };
for (const [name, run] of Object.entries(benches)) {
  if (only && only !== name) continue;
  for (const line of await run()) printLine(line);
}
