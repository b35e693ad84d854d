import { useEffect, useRef, useState } from 'react';
import { useUiI18n } from '../useUiI18n';
import { createFlashAutoClose } from './flashAutoClose';
import { closeFlash, useFlashMessages } from './flashStore';
import { MessageTypeIcon } from './MessageTypeIcon';
import './flash.css';

/** The flash messages of `showFlash`: top right on a desktop, along the bottom on a phone. */
export function FlashMessages() {
  const { t } = useUiI18n();
  const messages = useFlashMessages();
  const [autoClose] = useState(() => createFlashAutoClose(closeFlash));
  const isPointed = useRef(false);
  const isFocused = useRef(false);

  useEffect(() => {
    autoClose.sync(messages);
  }, [autoClose, messages]);

  useEffect(() => () => autoClose.dispose(), [autoClose]);

  function updatePause() {
    if (isPointed.current || isFocused.current) autoClose.pause();
    else autoClose.resume();
  }

  return (
    <div
      className="flash-region"
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse') return;
        isPointed.current = true;
        updatePause();
      }}
      onPointerLeave={() => {
        isPointed.current = false;
        updatePause();
      }}
      onFocus={() => {
        isFocused.current = true;
        updatePause();
      }}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget)) return;
        isFocused.current = false;
        updatePause();
      }}
    >
      {messages.map((message) => (
        <div
          key={message.id}
          className={`flash message-tone-${message.type}`}
          role={message.type === 'error' ? 'alert' : 'status'}
        >
          <MessageTypeIcon type={message.type} />
          <p className="flash-text">
            <span className="visually-hidden">{t(`ui.flash.type.${message.type}`)} </span>
            {message.text}
          </p>
          <button
            type="button"
            className="flash-close"
            aria-label={t('ui.flash.close')}
            title={t('ui.flash.close')}
            onClick={() => closeFlash(message.id)}
          >
            <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ))}
    </div>
  );
}
