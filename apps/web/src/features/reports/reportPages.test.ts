import { describe, expect, it } from 'vitest';
import { REPORT_PAGES, reportNameOfLink } from './reportPages';

describe('report pages by menu link', () => {
  it('has a page for each v2 report of the route table', () => {
    expect(Object.keys(REPORT_PAGES).sort()).toEqual(
      ['control-strip', 'sales-analysis', 'settings', 'shift-details', 'weekdays-details'].sort(),
    );
  });

  it('reads a link with or without a leading slash or a v2 prefix', () => {
    expect(reportNameOfLink('sales-analysis')).toBe('sales-analysis');
    expect(reportNameOfLink('/v2/shift-details')).toBe('shift-details');
    expect(reportNameOfLink('reporting-v2/control-strip/')).toBe('control-strip');
  });
});
