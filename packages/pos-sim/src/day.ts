import type { CashMovementData, CreditData, OrderData, PosUser, ReceiptData } from '@comptoir/contracts';
import type { ServiceProfile } from './profiles';
import type { Random } from './random';
import type { PendingRecord, RegisterState } from './register';

/** One service (shift) of one register on one business day, while it is being simulated. */
export interface DayService {
  profile: ServiceProfile;
  register: RegisterState;
  id: string;
  openedAt: number;
  /** When the service is planned to end (Paris wall clock turned into an instant). */
  scheduledEnd: number;
  openedBy: PosUser;
  closedBy: PosUser;
  orders: OrderData[];
  receipts: ReceiptData[];
  movements: CashMovementData[];
  credits: CreditData[];
  /** Time of its latest record so far: the service closes after it. */
  lastAt: number;
}

/** What one establishment's business day gathers before each register signs its batch. */
export class BusinessDay {
  readonly services: DayService[] = [];
  private readonly pending: PendingRecord[][];

  constructor(
    readonly day: string,
    readonly rng: Random,
    registers: readonly RegisterState[],
  ) {
    this.pending = registers.map(() => []);
  }

  emit(record: PendingRecord, register: RegisterState, service: DayService | null): void {
    this.pending[register.index]?.push(record);
    if (service && record.at > service.lastAt) service.lastAt = record.at;
  }

  pendingOf(register: RegisterState): PendingRecord[] {
    return this.pending[register.index] ?? [];
  }

  servicesOf(register: RegisterState): DayService[] {
    return this.services.filter((s) => s.register === register).sort((a, b) => a.openedAt - b.openedAt);
  }

  serviceOf(profile: ServiceProfile, registerIndex: number): DayService {
    const found = this.services.find((s) => s.profile === profile && s.register.index === registerIndex);
    if (!found) throw new Error(`no ${profile.key} service on register ${registerIndex}`);
    return found;
  }
}
