import type { FlashType } from './flashStore';
import './message-type.css';

/**
 * The icon of a success, error, warning or info message, in the colour of its tone. Decorative: the
 * caller says the type in words too, so that colour is never the only cue.
 */
export function MessageTypeIcon({ type }: { type: FlashType }) {
  return (
    <svg
      className={`message-type-icon message-tone-${type}`}
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      {type === 'warning' ? (
        <path d="M12 3.5 22 20.5H2z" fill="currentColor" />
      ) : (
        <circle cx="12" cy="12" r="10" fill="currentColor" />
      )}
      <path
        d={GLYPHS[type]}
        fill="none"
        stroke="#fff"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const GLYPHS: Record<FlashType, string> = {
  success: 'M7.5 12.5l3 3 6-6.5',
  error: 'M8.5 8.5l7 7M15.5 8.5l-7 7',
  warning: 'M12 9.5v4.5M12 17.4v.1',
  info: 'M12 11v5.5M12 7.6v.1',
};
