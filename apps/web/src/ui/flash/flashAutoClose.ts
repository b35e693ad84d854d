import { FLASH_AUTO_CLOSE_MS, type FlashMessage } from './flashStore';

/**
 * Countdowns of the flash messages that close by themselves (spec 1 §2.9). They pause while the user
 * points at or focuses the messages, so that a slow reader or a keyboard user can finish reading.
 */
export interface FlashAutoClose {
  /** Starts a countdown for each new message that is not persistent and forgets the closed ones. */
  sync(messages: readonly FlashMessage[]): void;
  pause(): void;
  resume(): void;
  dispose(): void;
}

interface Countdown {
  remainingMs: number;
  startedAt: number | null;
  timer: ReturnType<typeof setTimeout> | null;
}

export function createFlashAutoClose(
  close: (id: string) => void,
  delayMs: number = FLASH_AUTO_CLOSE_MS,
): FlashAutoClose {
  const countdowns = new Map<string, Countdown>();
  let isPaused = false;

  function start(id: string, countdown: Countdown): void {
    countdown.startedAt = Date.now();
    countdown.timer = setTimeout(() => {
      countdowns.delete(id);
      close(id);
    }, countdown.remainingMs);
  }

  function stop(countdown: Countdown): void {
    if (countdown.timer === null || countdown.startedAt === null) return;
    clearTimeout(countdown.timer);
    countdown.remainingMs -= Date.now() - countdown.startedAt;
    countdown.timer = null;
    countdown.startedAt = null;
  }

  return {
    sync(messages) {
      const shown = new Set(messages.map((message) => message.id));
      for (const [id, countdown] of countdowns) {
        if (shown.has(id)) continue;
        stop(countdown);
        countdowns.delete(id);
      }
      for (const message of messages) {
        if (message.isPersistent || countdowns.has(message.id)) continue;
        const countdown: Countdown = { remainingMs: delayMs, startedAt: null, timer: null };
        countdowns.set(message.id, countdown);
        if (!isPaused) start(message.id, countdown);
      }
    },
    pause() {
      if (isPaused) return;
      isPaused = true;
      for (const countdown of countdowns.values()) stop(countdown);
    },
    resume() {
      if (!isPaused) return;
      isPaused = false;
      for (const [id, countdown] of countdowns) start(id, countdown);
    },
    dispose() {
      for (const countdown of countdowns.values()) stop(countdown);
      countdowns.clear();
      isPaused = false;
    },
  };
}
