import type { Timestamp, JsonWithDefault, WithDefault } from './columns';

export type ReportDefaultPeriod =
  'today' | 'yesterday' | 'last7days' | 'last30days' | 'currentMonth' | 'previousMonth' | 'currentYear';

export interface ReportSettingsTable {
  user_id: string;
  account_id: string;
  /** Sales before this hour belong to the previous business day. */
  day_start_hour: WithDefault<number>;
  amounts_incl_vat: WithDefault<boolean>;
  default_period: WithDefault<ReportDefaultPeriod>;
  default_company_ids: JsonWithDefault<string[]>;
  updated_at: Timestamp;
}

/** Report settings (`modules/reports`). */
export interface ReportSettingsTables {
  report_settings: ReportSettingsTable;
}
