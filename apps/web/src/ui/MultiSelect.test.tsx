import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MultiSelect } from './MultiSelect';

const SHIFTS = [
  { id: 'midi', label: 'Service du midi' },
  { id: 'soir', label: 'Service du soir' },
  { id: 'nuit', label: 'Service de nuit' },
];

function renderSelect(initial: string[] = []) {
  const changes: string[][] = [];
  function Harness() {
    const [selected, setSelected] = useState(initial);
    return (
      <>
        <MultiSelect
          label="Services"
          allLabel="Tous les services"
          summary={(ticked) => `${ticked.length} service(s)`}
          options={SHIFTS}
          selected={selected}
          onChange={(next) => {
            changes.push(next);
            setSelected(next);
          }}
        />
        <button type="button">Ailleurs</button>
      </>
    );
  }
  render(<Harness />);
  const user = userEvent.setup();
  const trigger = screen.getByRole('button', { name: /^Services/ });
  return { changes, user, trigger, list: () => screen.getByRole('group', { name: 'Services' }) };
}

describe('MultiSelect', () => {
  it('reads "all" with every box ticked, and sends nothing for all of them', async () => {
    const { user, trigger, list, changes } = renderSelect();
    expect(trigger.textContent).toContain('Tous les services');
    await user.click(trigger);
    for (const box of within(list()).getAllByRole('checkbox')) expect(box).toHaveProperty('checked', true);

    await user.click(within(list()).getByRole('checkbox', { name: 'Service du soir' }));
    expect(changes.at(-1)).toEqual(['midi', 'nuit']);
    expect(trigger.textContent).toContain('2 service(s)');

    await user.click(within(list()).getByRole('checkbox', { name: 'Service du soir' }));
    expect(changes.at(-1)).toEqual([]);
    expect(trigger.textContent).toContain('Tous les services');
  });

  it('cannot untick its last ticked box', async () => {
    const { user, trigger, list, changes } = renderSelect(['soir']);
    await user.click(trigger);
    const last = within(list()).getByRole('checkbox', { name: 'Service du soir' });
    expect(last.getAttribute('aria-disabled')).toBe('true');
    expect(last.getAttribute('aria-describedby')).toBeTruthy();

    await user.click(last);
    expect(changes).toEqual([]);
    expect(last).toHaveProperty('checked', true);
  });

  it('keeps one option alone with « Seulement »', async () => {
    const { user, trigger, list, changes } = renderSelect();
    await user.click(trigger);
    const only = within(list()).getByRole('button', { name: 'Seulement Service de nuit' });
    await user.click(only);
    expect(changes.at(-1)).toEqual(['nuit']);
    expect(within(list()).getByRole('checkbox', { name: 'Service du midi' })).toHaveProperty(
      'checked',
      false,
    );
    // The focus stays in the list, so Escape still closes it.
    expect(document.activeElement).toBe(only);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Services' })).toBeNull();
    expect(trigger.textContent).toContain('1 service(s)');
  });

  it('closes on Escape and gives the focus back to its button', async () => {
    const { user, trigger, list } = renderSelect();
    await user.click(trigger);
    await user.click(within(list()).getByRole('checkbox', { name: 'Service du midi' }));
    expect(trigger.getAttribute('aria-expanded')).toBe('true');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Services' })).toBeNull();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger);
  });

  it('closes on a click elsewhere', async () => {
    const { user, trigger } = renderSelect();
    await user.click(trigger);
    expect(screen.getByRole('group', { name: 'Services' })).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Ailleurs' }));
    expect(screen.queryByRole('group', { name: 'Services' })).toBeNull();
  });

  it('opens from the keyboard on the first box and moves with the arrows', async () => {
    const { user, trigger } = renderSelect();
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Tous les services' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Service du midi' }));
  });
});
