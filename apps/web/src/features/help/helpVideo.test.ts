import { existsSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../testing/fakeBrowser';
import {
  HELP_VIDEO_ID,
  HELP_VIDEO_SEEN_KEY,
  helpVideoSources,
  markHelpVideoSeen,
  shouldOpenHelpVideo,
} from './helpVideo';

describe('help video', () => {
  it('opens on the first visit', () => {
    expect(shouldOpenHelpVideo(new MemoryStorage())).toBe(true);
  });

  it('stays closed once the user has closed the current video', () => {
    const storage = new MemoryStorage();
    markHelpVideoSeen(storage);
    expect(storage.getItem(HELP_VIDEO_SEEN_KEY)).toBe(HELP_VIDEO_ID);
    expect(shouldOpenHelpVideo(storage)).toBe(false);
  });

  it('opens again when the help video id changes', () => {
    const storage = new MemoryStorage();
    markHelpVideoSeen(storage, 'tour-2025-4');
    expect(shouldOpenHelpVideo(storage, 'tour-2026-1')).toBe(true);
  });

  it('does not insist when the browser refuses storage', () => {
    const refusing = {
      getItem: (): string | null => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: (): void => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(shouldOpenHelpVideo(refusing)).toBe(false);
    expect(() => markHelpVideoSeen(refusing)).not.toThrow();
  });

  it('plays the video generated for its id, with French captions', () => {
    expect(helpVideoSources('tour-2026-1')).toEqual({
      video: '/videos/help-tour-2026-1.webm',
      frenchCaptions: '/videos/help-tour-2026-1.fr.vtt',
    });
  });

  it('has its video and captions in public/, small enough to load on a phone', () => {
    const publicDir = new URL('../../../public', import.meta.url).pathname;
    const sources = helpVideoSources(HELP_VIDEO_ID, publicDir + '/');
    expect(existsSync(sources.frenchCaptions)).toBe(true);
    expect(statSync(sources.video).size).toBeLessThan(600 * 1024);
  });
});
