import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Language } from '../i18n/translate';
import { LanguageContext } from '../i18n/LanguageContext';
import { DateRangeField, type DateRangeFieldProps, type DayRange } from './DateRangeField';

const MAY = { start: '2026-05-04', end: '2026-05-10' };

function renderField({
  language = 'fr',
  value = MAY,
  ...props
}: Partial<DateRangeFieldProps> & { language?: Language } = {}) {
  const changes: DayRange[] = [];
  function Harness() {
    const [range, setRange] = useState(value);
    return (
      <LanguageContext value={language}>
        <DateRangeField
          {...props}
          value={range}
          onChange={(next) => {
            changes.push(next);
            setRange(next);
          }}
        />
        <button type="button">Ailleurs</button>
      </LanguageContext>
    );
  }
  render(<Harness />);
  return { changes, user: userEvent.setup() };
}

async function retype(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.type(input, text);
  await user.tab();
}

function calendar() {
  return screen.getByRole('dialog', { name: /Calendrier|Calendar/ });
}

/** The month grid, once its module has loaded (the first time, slowly on a busy machine). */
function monthGrid(name?: string) {
  return within(calendar()).findByRole('grid', name === undefined ? {} : { name }, { timeout: 10_000 });
}

describe('DateRangeField', () => {
  it('shows the days as DD/MM/YYYY and names the months in the portal language, not the browser’s', async () => {
    const { user } = renderField({ language: 'fr' });
    expect(screen.getByLabelText('Date de début')).toHaveProperty('value', '04/05/2026');
    expect(screen.getByLabelText('Date de fin')).toHaveProperty('value', '10/05/2026');

    await user.click(screen.getByRole('button', { name: 'Choisir les dates dans le calendrier' }));
    expect(await monthGrid('mai 2026')).toBeDefined();
    expect(within(calendar()).getByRole('button', { name: /lundi 4 mai 2026/ })).toBeDefined();
  });

  it('names the months in English when the portal is in English', async () => {
    const { user } = renderField({ language: 'en' });
    expect(screen.getByLabelText('Start date')).toHaveProperty('value', '04/05/2026');

    await user.click(screen.getByRole('button', { name: 'Choose the dates in the calendar' }));
    expect(await monthGrid('May 2026')).toBeDefined();
  });

  it('says so when the start is after the end', async () => {
    const { user, changes } = renderField();
    await retype(user, screen.getByLabelText('Date de début'), '20/05/2026');

    expect(changes.at(-1)).toEqual({ start: '2026-05-20', end: '2026-05-10' });
    expect(screen.getByRole('alert').textContent).toBe('La date de début est supérieure à la date de fin');
    expect(screen.getByLabelText('Date de début').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Date de fin').getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses a period longer than one year, and the screen may word it its own way', async () => {
    const { user } = renderField({
      value: { start: '2025-01-01', end: '2025-12-31' },
      maxSpan: { years: 1, isAnniversaryIncluded: false },
    });
    expect(screen.queryByRole('alert')).toBeNull();

    await retype(user, screen.getByLabelText('Date de fin'), '01/01/2026');
    expect(screen.getByRole('alert').textContent).toBe('La période ne doit pas dépasser un an.');
  });

  it('uses the wording the screen gives', async () => {
    const { user } = renderField({
      maxSpan: { days: 366 },
      messages: { tooLong: 'La période ne peut pas dépasser 366 jours.' },
    });
    await retype(user, screen.getByLabelText('Date de début'), '01/01/2024');
    expect(screen.getByRole('alert').textContent).toBe('La période ne peut pas dépasser 366 jours.');
  });

  it('judges a day being typed once the user leaves it', async () => {
    const { user, changes } = renderField();
    const start = screen.getByLabelText('Date de début');
    await user.clear(start);
    await user.type(start, '31/02/2026');

    expect(changes.at(-1)).toEqual({ start: '', end: '2026-05-10' });
    expect(screen.queryByRole('alert')).toBeNull();
    await user.tab();
    expect(screen.getByRole('alert').textContent).toBe('Saisissez les dates au format JJ/MM/AAAA.');
  });

  it('sets the range of a shortcut and shows it as chosen', async () => {
    const { user, changes } = renderField({
      shortcuts: {
        label: 'Période',
        customLabel: 'Personnalisée',
        options: [
          { id: 'yesterday', label: 'Hier', range: { start: '2026-05-19', end: '2026-05-19' } },
          { id: 'last7days', label: '7 derniers jours', range: { start: '2026-05-14', end: '2026-05-20' } },
        ],
      },
    });
    const select = screen.getByLabelText('Période');
    expect(select).toHaveProperty('value', '');

    await user.selectOptions(select, 'Hier');
    expect(changes.at(-1)).toEqual({ start: '2026-05-19', end: '2026-05-19' });
    expect(screen.getByLabelText('Date de début')).toHaveProperty('value', '19/05/2026');
    expect(screen.getByLabelText('Date de fin')).toHaveProperty('value', '19/05/2026');
    expect(select).toHaveProperty('value', 'yesterday');
  });

  it('moves a typed day into the allowed days and offers no day outside them', async () => {
    const { user, changes } = renderField({ min: '2026-05-02', max: '2026-05-20' });
    await retype(user, screen.getByLabelText('Date de fin'), '25/05/2026');
    expect(changes.at(-1)).toEqual({ start: '2026-05-04', end: '2026-05-20' });
    expect(screen.getByLabelText('Date de fin')).toHaveProperty('value', '20/05/2026');

    await retype(user, screen.getByLabelText('Date de début'), '01/01/2020');
    expect(changes.at(-1)).toEqual({ start: '2026-05-02', end: '2026-05-20' });

    await user.click(screen.getByRole('button', { name: 'Choisir les dates dans le calendrier' }));
    await monthGrid();
    expect(within(calendar()).getByRole('button', { name: /21 mai 2026/ })).toHaveProperty('disabled', true);
    expect(within(calendar()).getByRole('button', { name: /\b1 mai 2026/ })).toHaveProperty('disabled', true);
    expect(within(calendar()).getByRole('button', { name: /20 mai 2026/ })).toHaveProperty('disabled', false);
  });

  it('picks a period in the calendar, within the longest span of its first day', async () => {
    const { user, changes } = renderField({ maxSpan: { days: 7 } });
    const trigger = screen.getByRole('button', { name: 'Choisir les dates dans le calendrier' });
    await user.click(trigger);
    await monthGrid();
    await user.click(within(calendar()).getByRole('button', { name: /mardi 12 mai 2026/ }));
    expect(within(calendar()).getByRole('button', { name: /19 mai 2026/ })).toHaveProperty('disabled', true);
    expect(within(calendar()).getByRole('button', { name: /\b5 mai 2026/ })).toHaveProperty('disabled', true);

    await user.click(within(calendar()).getByRole('button', { name: /lundi 18 mai 2026/ }));
    expect(changes.at(-1)).toEqual({ start: '2026-05-12', end: '2026-05-18' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    expect(screen.getByLabelText('Date de début')).toHaveProperty('value', '12/05/2026');
  });

  it('closes the calendar on Escape, giving the focus back to its button, and on a click elsewhere', async () => {
    const { user } = renderField();
    const trigger = screen.getByRole('button', { name: 'Choisir les dates dans le calendrier' });
    await user.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);

    await user.click(trigger);
    expect(calendar()).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Ailleurs' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lets the screen say what is wrong in its own place', () => {
    render(
      <>
        <DateRangeField
          value={{ start: '2026-05-10', end: '2026-05-01' }}
          onChange={vi.fn()}
          errorId="page-error"
        />
        <p id="page-error">La date de début ne peut pas être postérieure à la date de fin.</p>
      </>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Date de début').getAttribute('aria-describedby')).toBe('page-error');
  });
});
