import { useSyncExternalStore } from 'react';

export type FlashType = 'success' | 'error' | 'warning' | 'info';

/** Spec 1 §2.9: id, type, text, persistent. */
export interface FlashMessage {
  id: string;
  type: FlashType;
  text: string;
  isPersistent: boolean;
}

/** Spec 1 §9: a flash message that is not persistent closes itself after 4 500 ms. */
export const FLASH_AUTO_CLOSE_MS = 4500;

type Listener = () => void;

let messages: readonly FlashMessage[] = [];
const listeners = new Set<Listener>();
let nextId = 1;

function publish(next: readonly FlashMessage[]): void {
  messages = next;
  for (const listener of listeners) listener();
}

/** Shows a message (already translated) and returns its id. */
export function showFlash(message: { type: FlashType; text: string; isPersistent?: boolean }): string {
  const id = `flash-${nextId++}`;
  publish([
    ...messages,
    { id, type: message.type, text: message.text, isPersistent: message.isPersistent ?? false },
  ]);
  return id;
}

export function closeFlash(id: string): void {
  publish(messages.filter((message) => message.id !== id));
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFlashMessages(): readonly FlashMessage[] {
  return useSyncExternalStore(subscribe, () => messages);
}
