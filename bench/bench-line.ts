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
  const verdict = ratio <= 1 ? 'ok' : 'OVER BUDGET';
  console.log(
    `${line.name.padEnd(48)} ${line.value.toFixed(2).padStart(9)} ${line.unit.padEnd(4)} budget ${String(line.budget).padStart(6)} ${line.unit.padEnd(4)} ratio ${ratio.toFixed(2)} ${verdict}`,
  );
}
