import type { Config } from '../platform/config';
import { DEMO_PASSWORD, type DemoUser } from './demo-users';

export function printDemoSignIns(config: Config, users: DemoUser[]): void {
  const width = Math.max(...users.map((u) => u.email.length));
  const lines = [
    '',
    `Demo sign-ins (password for all: ${DEMO_PASSWORD})`,
    ...users.map((u) => `  ${u.email.padEnd(width)}  ${u.description}`),
    `Open ${config.publicUrl}`,
    '',
  ];
  console.log(lines.join('\n'));
}
