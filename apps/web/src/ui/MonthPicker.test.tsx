import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LanguageContext } from '../i18n/LanguageContext';
import { MonthPicker } from './MonthPicker';
import type { CalendarMonth } from './months';

const LABELS = {
  label: 'Période',
  none: 'Toutes les dates',
  previous: 'Mois précédent',
  next: 'Mois suivant',
  choose: 'Choisir un mois',
  reset: 'Réinitialiser',
};

function renderPicker(initial: CalendarMonth | null) {
  const changes: (CalendarMonth | null)[] = [];
  function Harness() {
    const [month, setMonth] = useState(initial);
    return (
      <LanguageContext.Provider value="fr">
        <MonthPicker
          value={month}
          labels={LABELS}
          onChange={(next) => {
            changes.push(next);
            setMonth(next);
          }}
        />
      </LanguageContext.Provider>
    );
  }
  render(<Harness />);
  return { changes, user: userEvent.setup() };
}

describe('MonthPicker', () => {
  it('steps month by month across years and shows the month in the interface language', async () => {
    const { changes, user } = renderPicker('2026-01');
    expect(screen.getByRole('button', { name: /Janvier 2026/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mois précédent' }));
    expect(changes).toEqual(['2025-12']);
    expect(screen.getByRole('button', { name: /Décembre 2025/ })).toBeTruthy();
  });

  it('chooses a month in the calendar, then resets to no month', async () => {
    const { changes, user } = renderPicker(null);
    expect((screen.getByRole('button', { name: 'Réinitialiser' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: /Toutes les dates/ }));
    await user.click(screen.getByRole('button', { name: String(new Date().getFullYear() - 1) }));
    await user.click(screen.getByRole('button', { name: `mars ${new Date().getFullYear() - 1}` }));
    expect(changes).toEqual([`${new Date().getFullYear() - 1}-03`]);
    expect(screen.queryByRole('button', { name: /^mars/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    expect(changes.at(-1)).toBeNull();
    expect(screen.getByRole('button', { name: /Toutes les dates/ })).toBeTruthy();
  });
});
