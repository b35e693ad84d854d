import type { ComponentType } from 'react';
import { ControlStripPage } from './ControlStripPage';
import { ReportSettingsPage } from './ReportSettingsPage';
import { SalesAnalysisPage } from './SalesAnalysisPage';
import { ShiftDetailsPage } from './ShiftDetailsPage';
import { WeekdayDetailsPage } from './WeekdayDetailsPage';

/** The report pages by the name of their `v2/` route, which is also their menu items' `link`. */
export const REPORT_PAGES: Record<string, ComponentType<{ title?: string }>> = {
  'sales-analysis': SalesAnalysisPage,
  'shift-details': ShiftDetailsPage,
  'weekdays-details': WeekdayDetailsPage,
  'control-strip': ControlStripPage,
  settings: ReportSettingsPage,
};

/** A menu item's link as a report name: `/v2/sales-analysis` and `reporting-v2/sales-analysis` too. */
export function reportNameOfLink(link: string): string {
  return link.replace(/^\/+|\/+$/g, '').replace(/^(reporting-)?v2\//, '');
}
