import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFlashAutoClose } from './flashAutoClose';
import { FLASH_AUTO_CLOSE_MS, type FlashMessage } from './flashStore';

const message = (id: string, isPersistent = false): FlashMessage => ({
  id,
  type: 'success',
  text: 'Export envoyé',
  isPersistent,
});

describe('flash messages auto-close', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('closes a message after 4 500 ms, not before', () => {
    const close = vi.fn<(id: string) => void>();
    createFlashAutoClose(close).sync([message('a')]);
    vi.advanceTimersByTime(FLASH_AUTO_CLOSE_MS - 1);
    expect(close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(close).toHaveBeenCalledExactlyOnceWith('a');
    expect(FLASH_AUTO_CLOSE_MS).toBe(4500);
  });

  it('never closes a persistent message', () => {
    const close = vi.fn<(id: string) => void>();
    createFlashAutoClose(close).sync([message('a', true)]);
    vi.advanceTimersByTime(60_000);
    expect(close).not.toHaveBeenCalled();
  });

  it('counts each message from its own appearance', () => {
    const close = vi.fn<(id: string) => void>();
    const autoClose = createFlashAutoClose(close);
    autoClose.sync([message('a')]);
    vi.advanceTimersByTime(3000);
    autoClose.sync([message('a'), message('b')]);
    vi.advanceTimersByTime(1500);
    expect(close.mock.calls).toEqual([['a']]);
    vi.advanceTimersByTime(3000);
    expect(close.mock.calls).toEqual([['a'], ['b']]);
  });

  it('forgets a message the user closed first', () => {
    const close = vi.fn<(id: string) => void>();
    const autoClose = createFlashAutoClose(close);
    autoClose.sync([message('a')]);
    vi.advanceTimersByTime(1000);
    autoClose.sync([]);
    vi.advanceTimersByTime(FLASH_AUTO_CLOSE_MS);
    expect(close).not.toHaveBeenCalled();
  });

  it('waits while the user reads, then closes after the time that was left', () => {
    const close = vi.fn<(id: string) => void>();
    const autoClose = createFlashAutoClose(close);
    autoClose.sync([message('a')]);
    vi.advanceTimersByTime(4000);
    autoClose.pause();
    vi.advanceTimersByTime(20_000);
    expect(close).not.toHaveBeenCalled();
    autoClose.resume();
    vi.advanceTimersByTime(499);
    expect(close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(close).toHaveBeenCalledExactlyOnceWith('a');
  });

  it('starts the countdown of a message shown during a pause when the pause ends', () => {
    const close = vi.fn<(id: string) => void>();
    const autoClose = createFlashAutoClose(close);
    autoClose.pause();
    autoClose.sync([message('a')]);
    vi.advanceTimersByTime(10_000);
    autoClose.resume();
    vi.advanceTimersByTime(FLASH_AUTO_CLOSE_MS);
    expect(close).toHaveBeenCalledExactlyOnceWith('a');
  });

  it('closes nothing once disposed', () => {
    const close = vi.fn<(id: string) => void>();
    const autoClose = createFlashAutoClose(close);
    autoClose.sync([message('a')]);
    autoClose.dispose();
    vi.advanceTimersByTime(FLASH_AUTO_CLOSE_MS);
    expect(close).not.toHaveBeenCalled();
  });
});
